//===- GPUOutputEpilogue.cpp - elementwise ops in a kernel's stores -------===//
//
// Mechanism: which elementwise op after a contraction or a reduction the
// op's kernel can apply to each output value as it stores it, and how.
// Without it the op is a kernel of its own that reads the whole output
// back: a BERT step's bias adds and Adam updates after every weight's
// gradient, and the division or copy after each of its per-row sums.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// Whether something after `last` (in its block, or outside it) uses
/// `buffer` other than to deallocate it, through views too: a reader of
/// what the kernel would not store. Uses before `last` (a fill, the
/// contraction, views) read nothing the contraction computes.
static bool usedAfter(Value buffer, Operation *last) {
  for (Operation *user : buffer.getUsers()) {
    if (isa<ViewLikeOpInterface>(user) && user->getNumResults() == 1) {
      if (usedAfter(user->getResult(0), last))
        return true;
      continue;
    }
    // An alias no view traces (a select of buffers) may be read anywhere.
    if (createsOpaqueAlias(user))
      return true;
    if (user == last || isa<memref::DeallocOp>(user))
      continue;
    Operation *ancestor = last->getBlock()->findAncestorOpInBlock(*user);
    if (!ancestor || last->isBeforeInBlock(ancestor))
      return true;
  }
  return false;
}

/// The reshapes that make `view` of `output` (collapses and expansions of
/// static shapes, from `output` on), or failure.
static FailureOr<SmallVector<Operation *>> reshapesOf(Value view,
                                                      Value output) {
  SmallVector<Operation *> reshapes;
  while (view != output) {
    Operation *def = view.getDefiningOp();
    if (!isa_and_nonnull<memref::CollapseShapeOp, memref::ExpandShapeOp>(
            def) ||
        !cast<MemRefType>(view.getType()).hasStaticShape())
      return failure();
    reshapes.push_back(def);
    view = def->getOperand(0);
  }
  std::reverse(reshapes.begin(), reshapes.end());
  return reshapes;
}

FailureOr<OutputEpilogue>
xla::gpu_kernels::matchOutputEpilogue(linalg::LinalgOp op) {
  auto func = op->getParentOfType<func::FuncOp>();
  // Distinct arguments must be distinct memory for the ops in between to
  // leave the moved kernel's buffers alone.
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      !cast<MemRefType>(op.getDpsInits()[0].getType()).hasStaticShape() ||
      !func || op->getParentOp() != func || !callsPassDistinctBuffers(func))
    return failure();
  // Each output element is the kernel's once, by one thread: its map
  // indexes every parallel loop of more than one iteration.
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  SmallVector<int64_t> opRanges = op.getStaticLoopRanges();
  for (auto [d, iterator] : llvm::enumerate(op.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::parallel && opRanges[d] != 1 &&
        !outputMap.isFunctionOfDim(d))
      return failure();
  Value output = op.getDpsInits()[0];
  Value root = bufferRoot(output);
  // The first op after `op` that touches its output must be the epilogue.
  DenseSet<Value> outputRoots{root};
  Operation *next = op->getNextNode();
  while (next && leavesBuffersAlone(next, outputRoots))
    next = next->getNextNode();
  DenseSet<Value> inputRoots = bufferRootsUsedBy(op, op.getDpsInputs());
  DenseSet<Value> roots(inputRoots);
  roots.insert(root);
  auto generic = dyn_cast_or_null<linalg::GenericOp>(next);
  if (!generic || !generic.hasPureBufferSemantics() ||
      generic.getNumReductionLoops() != 0 ||
      ShapedType::isDynamicShape(generic.getStaticLoopRanges()))
    return failure();

  OutputEpilogue epilogue;
  epilogue.op = generic;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    if (!isa<MemRefType>(input->get().getType()) ||
        bufferRoot(input->get()) != root)
      continue;
    // One read of the output (or a reshape of it), element for element:
    // the epilogue's loops that do not index it have one iteration.
    AffineMap map = generic.getMatchingIndexingMap(input);
    SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    if (epilogue.input || !map.isProjectedPermutation() ||
        llvm::any_of(llvm::seq<unsigned>(0, generic.getNumLoops()),
                     [&](unsigned d) {
                       return !map.isFunctionOfDim(d) && ranges[d] != 1;
                     }))
      return failure();
    FailureOr<SmallVector<Operation *>> reshapes =
        reshapesOf(input->get(), output);
    if (failed(reshapes))
      return failure();
    epilogue.input = input;
    epilogue.reshapes = std::move(*reshapes);
  }
  if (!epilogue.input)
    return failure();
  AffineMap inputMap = generic.getMatchingIndexingMap(epilogue.input);
  bool overwritesOutput = false;
  for (OpOperand &init : generic.getDpsInitsMutable()) {
    Value initRoot = bufferRoot(init.get());
    // A write of what `op` reads would change a tile that a later block
    // still has to read.
    if (inputRoots.contains(initRoot))
      return failure();
    if (initRoot != root)
      continue;
    // In place, element for element: the epilogue's store is the last.
    if (init.get() != epilogue.input->get() ||
        generic.getMatchingIndexingMap(&init) != inputMap)
      return failure();
    overwritesOutput = true;
  }
  epilogue.storeOutput =
      !overwritesOutput &&
      (!root.getDefiningOp<memref::AllocOp>() || usedAfter(root, generic));

  // Where the kernel goes: `op` moves down past the ops that leave its
  // buffers alone and past deallocations (which move after the epilogue),
  // the epilogue up past the rest, which must leave its buffers alone.
  Operation *place = op->getNextNode();
  for (; place != generic; place = place->getNextNode()) {
    if (isa<memref::DeallocOp>(place))
      epilogue.deallocations.push_back(place);
    else if (!leavesBuffersAlone(place, roots))
      break;
  }
  // A body that loads the output itself (a gather from it) would read
  // elements other blocks have not stored yet.
  if (bufferRootsUsedBy(generic, {}).contains(root))
    return failure();
  DenseSet<Value> epilogueRoots =
      bufferRootsUsedBy(generic, generic->getOperands());
  for (Operation *between = place; between != generic;
       between = between->getNextNode())
    if (!leavesBuffersAlone(between, epilogueRoots))
      return failure();
  epilogue.place = place;
  // What the epilogue uses that is defined after that place (a view of a
  // bias, a constant) moves before it: ops without memory effects only.
  SetVector<Value> used(generic->getOperands().begin(),
                        generic->getOperands().end());
  getUsedValuesDefinedAbove(generic.getRegion(), used);
  SetVector<Operation *> definitions;
  SmallVector<Value> worklist(used.begin(), used.end());
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != generic->getBlock() ||
        def->isBeforeInBlock(place) || definitions.contains(def))
      continue;
    if (!isMemoryEffectFree(def) || def->getNumRegions())
      return failure();
    definitions.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  epilogue.definitions = definitions.takeVector();
  llvm::sort(epilogue.definitions, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  return epilogue;
}

void xla::gpu_kernels::moveToEpilogue(linalg::LinalgOp op,
                                      const OutputEpilogue &epilogue) {
  for (Operation *def : epilogue.definitions)
    def->moveBefore(epilogue.place);
  op->moveBefore(epilogue.place);
  for (Operation *dealloc : llvm::reverse(epilogue.deallocations))
    dealloc->moveAfter(epilogue.op);
}

/// The indices in `reshape`'s result of the element at `indices` of its
/// source (static shapes).
static SmallVector<Value> reshapeIndices(OpBuilder &b, Location loc,
                                         Operation *reshape,
                                         ValueRange indices) {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  SmallVector<Value> result;
  if (auto collapse = dyn_cast<memref::CollapseShapeOp>(reshape)) {
    ArrayRef<int64_t> shape = collapse.getSrcType().getShape();
    for (const ReassociationIndices &group :
         collapse.getReassociationIndices()) {
      Value linear = constant(0);
      for (int64_t d : group)
        linear = arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, linear, constant(shape[d])),
            indices[d]);
      result.push_back(linear);
    }
    return result;
  }
  auto expand = cast<memref::ExpandShapeOp>(reshape);
  ArrayRef<int64_t> shape = expand.getResultType().getShape();
  // From rank 0 (no groups): every index of the unit result is 0.
  if (expand.getSrcType().getRank() == 0)
    return SmallVector<Value>(shape.size(), constant(0));
  for (auto [source, group] :
       llvm::enumerate(expand.getReassociationIndices())) {
    SmallVector<Value> sizes;
    for (int64_t d : group)
      sizes.push_back(constant(shape[d]));
    llvm::append_range(result, delinearize(b, loc, indices[source], sizes));
  }
  return result;
}

void xla::gpu_kernels::applyOutputEpilogue(
    OpBuilder &b, Location loc, const OutputEpilogue &epilogue,
    ValueRange indices, Value value) {
  linalg::GenericOp op = epilogue.op;
  Value view = epilogue.input->get();
  if (epilogue.storeOutput)
    memref::StoreOp::create(
        b, loc, value,
        epilogue.reshapes.empty() ? view
                                  : epilogue.reshapes.front()->getOperand(0),
        indices);
  SmallVector<Value> at(indices);
  for (Operation *reshape : epilogue.reshapes)
    at = reshapeIndices(b, loc, reshape, at);
  // The epilogue's iteration that reads there: its map is a permutation
  // of the loops but for those of one iteration.
  SmallVector<Value> ivs =
      iterationAt(b, loc, op.getMatchingIndexingMap(epilogue.input), at);

  SmallVector<Value> arguments;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value operand = input->get();
    if (input == epilogue.input)
      arguments.push_back(value);
    else if (isa<MemRefType>(operand.getType()))
      arguments.push_back(memref::LoadOp::create(
          b, loc, operand,
          applyMap(b, loc, op.getMatchingIndexingMap(input), ivs)));
    else
      arguments.push_back(operand);
  }
  SmallVector<SmallVector<Value>> outputIndices;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    outputIndices.push_back(
        applyMap(b, loc, op.getMatchingIndexingMap(&init), ivs));
    // A load the body does not use is dead code the canonicalizer drops.
    if (init.get() == view)
      arguments.push_back(value);
    else
      arguments.push_back(memref::LoadOp::create(b, loc, init.get(),
                                                 outputIndices.back()));
  }
  SmallVector<Value> results = cloneBody(b, op, arguments, ivs);
  for (auto [init, result, where] :
       llvm::zip(op.getDpsInitsMutable(), results, outputIndices))
    memref::StoreOp::create(b, loc, result, init.get(), where);
}
