//===- GPUOperandPrologue.cpp - elementwise producers in a product's loads ===//
//
// Mechanism: which elementwise op that writes a whole operand of a
// contraction the contraction's kernel can compute where it stages that
// operand, and how. Without it the op is a kernel of its own whose result
// makes a round trip through device memory: a BERT step's layernorm
// normalization before each projection, a bias or an activation before
// the next product (XLA:GPU's Triton GEMM fusions take these in too).
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// Whether `type` is a value a prologue's body may compute on: integers,
/// indices and floats of at most 32 bits (f64 math on a GPU runs at a
/// small fraction of f32's rate, and its kernel would recompute it).
static bool cheapType(Type type) {
  if (type.isIndex())
    return true;
  if (!type.isIntOrFloat())
    return false;
  return type.getIntOrFloatBitWidth() <= 32;
}

/// Whether memory of `root` may also be reached through a memref that
/// `bufferRoot` cannot trace back to it (a select of buffers, before or
/// after the prologue): a write through it would go unseen.
static bool aliasedOpaquely(Value root) {
  // An allocation or a global is memory of its own.
  Operation *def = root.getDefiningOp();
  if (def &&
      !isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp,
           gpu::AllocOp>(def) &&
      createsOpaqueAlias(def))
    return true;
  for (Operation *user : root.getUsers()) {
    if (createsOpaqueAlias(user))
      return true;
    if (isa<ViewLikeOpInterface>(user) && user->getNumResults() == 1 &&
        aliasedOpaquely(user->getResult(0)))
      return true;
  }
  return false;
}

FailureOr<OperandPrologue>
xla::gpu_kernels::matchOperandPrologue(linalg::LinalgOp op,
                                       OpOperand *operand, Operation *place,
                                       const OutputEpilogue *epilogue,
                                       int64_t maxBodyOps) {
  auto func = op->getParentOfType<func::FuncOp>();
  Value buffer = operand->get();
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!func || op->getParentOp() != func || !alloc ||
      alloc->getBlock() != op->getBlock() || !callsPassDistinctBuffers(func) ||
      !alloc.getType().hasStaticShape())
    return failure();
  // The buffer is the prologue's result alone: written once by it, read by
  // this operand alone, then freed.
  linalg::GenericOp producer;
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (isa<memref::DeallocOp>(user) || &use == operand)
      continue;
    auto generic = dyn_cast<linalg::GenericOp>(user);
    if (producer || !generic || !generic.isDpsInit(&use))
      return failure();
    producer = generic;
  }
  if (!producer || producer->getBlock() != op->getBlock() ||
      !producer->isBeforeInBlock(op) || !producer.hasPureBufferSemantics() ||
      producer.getNumDpsInits() != 1 || producer.getNumReductionLoops() != 0 ||
      producer.hasIndexSemantics() ||
      ShapedType::isDynamicShape(producer.getStaticLoopRanges()))
    return failure();

  // Every element once, from its inputs alone: the output map is a
  // permutation of the loops but for loops of one iteration, and the body
  // does not read the buffer's old value.
  OpOperand *init = producer.getDpsInitOperand(0);
  AffineMap outputMap = producer.getMatchingIndexingMap(init);
  SmallVector<int64_t> ranges = producer.getStaticLoopRanges();
  if (!outputMap.isProjectedPermutation() ||
      producer.payloadUsesValueFromOperand(init))
    return failure();
  for (unsigned d = 0; d < producer.getNumLoops(); ++d)
    if (ranges[d] != 1 && !outputMap.isFunctionOfDim(d))
      return failure();
  if (!llvm::all_of(producer.getBlock()->getArgumentTypes(), cheapType))
    return failure();
  int64_t bodyOps = 0;
  for (Operation &nested : producer.getBlock()->without_terminator()) {
    if (!isMemoryEffectFree(&nested) || nested.getNumRegions() ||
        !llvm::all_of(nested.getResultTypes(), cheapType) ||
        !llvm::all_of(nested.getOperandTypes(), cheapType))
      return failure();
    ++bodyOps;
  }
  if (bodyOps > maxBodyOps)
    return failure();

  // The prologue's inputs must hold the same values where the kernel runs
  // (the ops in between leave them alone, the contraction kernel itself
  // included: its output and its epilogue's outputs are other buffers).
  // Deallocations of them in between (the liveness pass frees a buffer
  // right after its last reader, the prologue) move after the kernel.
  DenseSet<Value> inputRoots =
      bufferRootsUsedBy(producer, producer.getDpsInputs());
  OperandPrologue prologue{producer, {}};
  for (Operation *between = producer->getNextNode(); between != place;
       between = between->getNextNode()) {
    if (!between)
      return failure();
    if (auto dealloc = dyn_cast<memref::DeallocOp>(between);
        dealloc && inputRoots.contains(bufferRoot(dealloc.getMemref()))) {
      prologue.deallocations.push_back(dealloc);
      continue;
    }
    if (between != op.getOperation() &&
        !leavesBuffersAlone(between, inputRoots))
      return failure();
  }
  SmallVector<Value> written(op.getDpsInits());
  if (epilogue)
    llvm::append_range(written,
                       linalg::GenericOp(epilogue->op).getDpsInits());
  for (Value output : written)
    if (inputRoots.contains(bufferRoot(output)) ||
        aliasedOpaquely(bufferRoot(output)))
      return failure();
  if (llvm::any_of(inputRoots, aliasedOpaquely))
    return failure();
  return prologue;
}

/// `indices` moved `j` along the last dimension.
static SmallVector<Value> neighbour(OpBuilder &b, Location loc,
                                   ValueRange indices, int64_t j) {
  SmallVector<Value> at(indices);
  if (j)
    at.back() = arith::AddIOp::create(
        b, loc, indices.back(), arith::ConstantIndexOp::create(b, loc, j));
  return at;
}

static Value zeroOf(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc,
                                   cast<TypedAttr>(b.getZeroAttr(type)));
}

/// Whether the kernel loads `input` of the prologue ahead, with the
/// operand's other loads: one that holds an element per element of the
/// operand, which comes from device memory. A smaller one (a per-row or
/// per-column scale, read by many elements) is loaded when the element is
/// computed, from the cache: carried across the products instead, it
/// would hold a register per element.
static bool loadedAhead(linalg::GenericOp op, OpOperand *input) {
  auto type = dyn_cast<MemRefType>(input->get().getType());
  auto output = cast<MemRefType>(op.getDpsInits()[0].getType());
  return type && type.hasStaticShape() &&
         type.getNumElements() >= output.getNumElements();
}

/// The loads of the inputs of `op` that `ahead` selects (or the others),
/// at each of the `width` elements from `indices`: one guard for all,
/// zeros outside.
static SmallVector<Value> loadInputs(OpBuilder &b, Location loc,
                                     linalg::GenericOp op, bool ahead,
                                     Value inBounds, ValueRange indices,
                                     int64_t width) {
  SmallVector<OpOperand *> loaded;
  for (OpOperand *input : op.getDpsInputOperands())
    if (isa<MemRefType>(input->get().getType()) &&
        op.payloadUsesValueFromOperand(input) &&
        loadedAhead(op, input) == ahead)
      loaded.push_back(input);
  if (loaded.empty())
    return {};
  SmallVector<Type> types;
  for (int64_t j = 0; j < width; ++j)
    for (OpOperand *input : loaded)
      types.push_back(getElementTypeOrSelf(input->get().getType()));
  auto branch = scf::IfOp::create(b, loc, types, inBounds,
                                  /*withElseRegion=*/true);
  OpBuilder then = branch.getThenBodyBuilder();
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  SmallVector<Value> values;
  for (int64_t j = 0; j < width; ++j) {
    SmallVector<Value> ivs =
        iterationAt(then, loc, outputMap, neighbour(then, loc, indices, j));
    for (OpOperand *input : loaded)
      values.push_back(memref::LoadOp::create(
          then, loc, input->get(),
          applyMap(then, loc, op.getMatchingIndexingMap(input), ivs)));
  }
  scf::YieldOp::create(then, loc, values);
  OpBuilder otherwise = branch.getElseBodyBuilder();
  SmallVector<Value> zeros;
  for (Type type : types)
    zeros.push_back(zeroOf(otherwise, loc, type));
  scf::YieldOp::create(otherwise, loc, zeros);
  return SmallVector<Value>(branch.getResults());
}

SmallVector<Value> xla::gpu_kernels::fetchOperand(
    OpBuilder &b, Location loc, const OperandPrologue *prologue,
    Value inBounds, Value memref, ValueRange indices, int64_t width,
    int64_t alignment) {
  if (!prologue)
    return {guardedLoad(b, loc, inBounds, memref, indices, width, alignment)};
  return loadInputs(b, loc, prologue->op, /*ahead=*/true, inBounds, indices,
                    width);
}

Value xla::gpu_kernels::finishOperand(OpBuilder &b, Location loc,
                                      const OperandPrologue *prologue,
                                      Value inBounds, ValueRange indices,
                                      int64_t width, ValueRange &fetched) {
  if (!prologue) {
    Value value = fetched.front();
    fetched = fetched.drop_front();
    return value;
  }
  linalg::GenericOp op = prologue->op;
  Type element = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  Type type = width > 1 ? Type(VectorType::get({width}, element)) : element;
  // In the guard: the body may divide, and its inputs are zeros outside.
  auto branch = scf::IfOp::create(b, loc, type, inBounds,
                                  /*withElseRegion=*/true);
  OpBuilder then = branch.getThenBodyBuilder();
  Value always = arith::ConstantOp::create(then, loc, then.getBoolAttr(true));
  SmallVector<Value> late = loadInputs(then, loc, op, /*ahead=*/false,
                                       always, indices, width);
  ValueRange lateRest = late;
  SmallVector<Value> elements;
  for (int64_t j = 0; j < width; ++j) {
    SmallVector<Value> arguments;
    for (OpOperand *input : op.getDpsInputOperands()) {
      if (!isa<MemRefType>(input->get().getType())) {
        arguments.push_back(input->get());
        continue;
      }
      // Not loaded: the body does not read it.
      if (!op.payloadUsesValueFromOperand(input)) {
        arguments.push_back(zeroOf(
            then, loc, getElementTypeOrSelf(input->get().getType())));
        continue;
      }
      ValueRange &from = loadedAhead(op, input) ? fetched : lateRest;
      arguments.push_back(from.front());
      from = from.drop_front();
    }
    // The body does not read its output's block argument.
    arguments.push_back(zeroOf(then, loc, element));
    elements.push_back(cloneBody(then, op, arguments, {})[0]);
  }
  Value computed =
      width > 1 ? vector::FromElementsOp::create(then, loc,
                                                 cast<VectorType>(type),
                                                 elements)
                      .getResult()
                : elements.front();
  scf::YieldOp::create(then, loc, computed);
  OpBuilder otherwise = branch.getElseBodyBuilder();
  scf::YieldOp::create(otherwise, loc, zeroOf(otherwise, loc, type));
  return branch.getResult(0);
}

Value xla::gpu_kernels::loadOperand(OpBuilder &b, Location loc,
                                    const OperandPrologue *prologue,
                                    Value inBounds, Value memref,
                                    ValueRange indices, int64_t width,
                                    int64_t alignment) {
  SmallVector<Value> fetched = fetchOperand(b, loc, prologue, inBounds,
                                            memref, indices, width, alignment);
  ValueRange rest = fetched;
  return finishOperand(b, loc, prologue, inBounds, indices, width, rest);
}

void xla::gpu_kernels::eraseOperandPrologue(const OperandPrologue &prologue) {
  linalg::GenericOp op = prologue.op;
  Value buffer = op.getDpsInits()[0];
  op->erase();
  // What is left of the buffer: its allocation and deallocations.
  if (!llvm::all_of(buffer.getUsers(), llvm::IsaPred<memref::DeallocOp>))
    return;
  for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
    user->erase();
  buffer.getDefiningOp()->erase();
}
