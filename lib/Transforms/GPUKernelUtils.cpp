//===- GPUKernelUtils.cpp - helpers shared by the GPU kernel generators ---===//

#include "GPUKernels.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

gpu::LaunchOp xla::gpu_kernels::createNamedLaunch(OpBuilder &b, Location loc,
                                                  StringRef name, Value grid,
                                                  Value block,
                                                  TypeRange workgroupBuffers) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  MLIRContext *context = b.getContext();
  auto launch = gpu::LaunchOp::create(
      b, loc, grid, one, one, block, one, one,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/{}, workgroupBuffers,
      /*privateAttributions=*/{}, /*clusterSize*/ nullptr, nullptr, nullptr,
      FlatSymbolRefAttr::get(context, (name + "_module").str()),
      FlatSymbolRefAttr::get(context, name));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
  return launch;
}

std::string xla::gpu_kernels::nextKernelName(func::FuncOp function) {
  unsigned count = 0;
  function.walk([&](gpu::LaunchOp) { ++count; });
  return (function.getSymName() + "_" + std::to_string(count)).str();
}

SmallVector<Value> xla::gpu_kernels::applyMap(OpBuilder &b, Location loc,
                                              AffineMap map, ValueRange ivs) {
  // Dimension results are the ivs themselves; others become arith ops.
  return llvm::to_vector(*affine::expandAffineMap(b, loc, map, ivs));
}

SmallVector<Value> xla::gpu_kernels::iterationAt(OpBuilder &b, Location loc,
                                                 AffineMap map,
                                                 ValueRange indices) {
  SmallVector<Value> ivs(map.getNumDims(),
                         arith::ConstantIndexOp::create(b, loc, 0));
  for (unsigned r = 0; r < map.getNumResults(); ++r)
    ivs[map.getDimPosition(r)] = indices[r];
  return ivs;
}

SmallVector<Value> xla::gpu_kernels::delinearize(OpBuilder &b, Location loc,
                                                 Value linear,
                                                 ArrayRef<Value> sizes) {
  SmallVector<Value> indices(sizes.size());
  Value rest = linear;
  for (int64_t d = sizes.size() - 1; d >= 0; --d) {
    if (d == 0) {
      indices[d] = rest;
      break;
    }
    indices[d] = arith::RemUIOp::create(b, loc, rest, sizes[d]);
    rest = arith::DivUIOp::create(b, loc, rest, sizes[d]);
  }
  return indices;
}

SmallVector<Value> xla::gpu_kernels::cloneBody(OpBuilder &b,
                                               linalg::LinalgOp op,
                                               ValueRange arguments,
                                               ValueRange ivs) {
  Block *body = op.getBlock();
  IRMapping map;
  map.map(body->getArguments(), arguments);
  for (Operation &nested : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      map.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(nested, map);
  }
  SmallVector<Value> results;
  for (Value yielded : body->getTerminator()->getOperands())
    results.push_back(map.lookupOrDefault(yielded));
  return results;
}

Value xla::gpu_kernels::bufferRoot(Value buffer) {
  while (auto view = buffer.getDefiningOp<ViewLikeOpInterface>())
    buffer = view.getViewSource();
  return buffer;
}

void xla::gpu_kernels::markDistinctBufferArguments(ModuleOp module) {
  // The symbol users in one walk: asking for each function's uses walked
  // the whole module per linalg op (1.8 s of the BERT step's compile).
  SymbolTableCollection tables;
  SymbolUserMap users(tables, module);
  auto passesDistinctBuffers = [](Operation *user) {
    auto call = dyn_cast<func::CallOp>(user);
    if (!call)
      return false;
    llvm::SmallPtrSet<Value, 8> roots;
    return llvm::all_of(call.getOperands(), [&](Value operand) {
      return !isa<MemRefType>(operand.getType()) ||
             roots.insert(bufferRoot(operand)).second;
    });
  };
  auto mark = UnitAttr::get(module.getContext());
  for (auto func : module.getOps<func::FuncOp>())
    if (llvm::all_of(users.getUsers(func), passesDistinctBuffers))
      func->setAttr(kDistinctBufferArguments, mark);
}

bool xla::gpu_kernels::callsPassDistinctBuffers(func::FuncOp func) {
  return func->hasAttr(kDistinctBufferArguments);
}

void xla::gpu_kernels::sinkConstants(gpu::LaunchOp launch,
                                     bool onlyAggregates) {
  SetVector<Value> captured;
  getUsedValuesDefinedAbove(launch.getBody(), captured);
  OpBuilder b = OpBuilder::atBlockBegin(&launch.getBody().front());
  for (Value value : captured) {
    Operation *def = value.getDefiningOp();
    if (!def ||
        !(matchPattern(def, m_Constant()) || isa<memref::GetGlobalOp>(def)))
      continue;
    if (onlyAggregates && value.getType().isIntOrIndexOrFloat())
      continue;
    Operation *clone = b.clone(*def);
    replaceAllUsesInRegionWith(value, clone->getResult(0), launch.getBody());
  }
}

SmallVector<Value> xla::gpu_kernels::applyBodyAt(OpBuilder &b, Location loc,
                                                 linalg::LinalgOp op,
                                                 ValueRange ivs,
                                                 ValueRange accumulators) {
  SmallVector<Value> arguments;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (isa<MemRefType>(value.getType()))
      value = memref::LoadOp::create(
          b, loc, value, applyMap(b, loc, op.getMatchingIndexingMap(input), ivs));
    arguments.push_back(value);
  }
  llvm::append_range(arguments, accumulators);
  return cloneBody(b, op, arguments, ivs);
}

Value xla::gpu_kernels::guardedLoad(OpBuilder &b, Location loc, Value inBounds,
                                    Value memref, ValueRange indices,
                                    int64_t width, int64_t alignment) {
  Type element = cast<MemRefType>(memref.getType()).getElementType();
  Type type = width > 1 ? Type(VectorType::get({width}, element)) : element;
  auto branch = scf::IfOp::create(b, loc, type, inBounds,
                                  /*withElseRegion=*/true);
  OpBuilder then = branch.getThenBodyBuilder();
  Value loaded =
      width > 1 ? vector::LoadOp::create(then, loc, type, memref, indices,
                                         /*nontemporal=*/false,
                                         llvm::MaybeAlign(alignment))
                      .getResult()
                : memref::LoadOp::create(then, loc, memref, indices)
                      .getResult();
  scf::YieldOp::create(then, loc, loaded);
  OpBuilder otherwise = branch.getElseBodyBuilder();
  scf::YieldOp::create(otherwise, loc,
                       arith::ConstantOp::create(
                           otherwise, loc,
                           cast<TypedAttr>(otherwise.getZeroAttr(type)))
                           .getResult());
  return branch.getResult(0);
}

std::pair<Value, Value> xla::gpu_kernels::splitIndex(OpBuilder &b,
                                                     Location loc, Value index,
                                                     int64_t count,
                                                     int64_t majorScale,
                                                     int64_t minorScale) {
  Value countValue = arith::ConstantIndexOp::create(b, loc, count);
  return {arith::MulIOp::create(
              b, loc, arith::DivUIOp::create(b, loc, index, countValue),
              arith::ConstantIndexOp::create(b, loc, majorScale)),
          arith::MulIOp::create(
              b, loc, arith::RemUIOp::create(b, loc, index, countValue),
              arith::ConstantIndexOp::create(b, loc, minorScale))};
}

Value xla::gpu_kernels::lessThan(OpBuilder &b, Location loc, Value a,
                                 int64_t bound) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, a,
                               arith::ConstantIndexOp::create(b, loc, bound));
}

DenseSet<Value> xla::gpu_kernels::bufferRootsUsedBy(Operation *op,
                                                    ValueRange values) {
  SetVector<Value> used(values.begin(), values.end());
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, used);
  DenseSet<Value> roots;
  for (Value value : used)
    if (isa<MemRefType>(value.getType()))
      roots.insert(bufferRoot(value));
  return roots;
}

/// Whether `op` uses (as an operand or in its regions, as a gather's
/// payload does) a buffer of `roots`.
static bool usesBuffers(Operation *op, const DenseSet<Value> &roots) {
  return llvm::any_of(
      xla::gpu_kernels::bufferRootsUsedBy(op, op->getOperands()),
      [&](Value root) { return roots.contains(root); });
}

bool xla::gpu_kernels::createsOpaqueAlias(Operation *op) {
  return !isa<ViewLikeOpInterface>(op) &&
         llvm::any_of(op->getResultTypes(), llvm::IsaPred<MemRefType>);
}

bool xla::gpu_kernels::leavesBuffersAlone(Operation *op,
                                          const DenseSet<Value> &roots) {
  if (isa<memref::AllocOp>(op))
    return true;
  // A memref that bufferRoot cannot see through (a select of buffers)
  // would let later ops touch the buffers unseen.
  if (isMemoryEffectFree(op))
    return !createsOpaqueAlias(op) || !usesBuffers(op, roots);
  if (!isa<gpu::LaunchOp, memref::DeallocOp>(op) &&
      !(isa<linalg::LinalgOp>(op) &&
        cast<linalg::LinalgOp>(op).hasPureBufferSemantics()))
    return false;
  return !usesBuffers(op, roots);
}

SmallVector<linalg::FillOp>
xla::gpu_kernels::wholeOutputFills(linalg::LinalgOp op) {
  SmallVector<linalg::FillOp> fills(op.getNumDpsInits());
  auto func = op->getParentOfType<func::FuncOp>();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!func || op->getParentOp() != func || !callsPassDistinctBuffers(func) ||
      ShapedType::isDynamicShape(ranges))
    return fills;
  DenseSet<Value> roots, inputRoots;
  for (Value output : op.getDpsInits())
    roots.insert(bufferRoot(output));
  for (Value input : op.getDpsInputs())
    if (isa<MemRefType>(input.getType()))
      inputRoots.insert(bufferRoot(input));
  auto fillable = [&](OpOperand &output, linalg::FillOp fill) {
    Value buffer = output.get();
    auto type = cast<MemRefType>(buffer.getType());
    AffineMap map = op.getMatchingIndexingMap(&output);
    if (fill.getOutputs()[0] != buffer || !type.hasStaticShape() ||
        !map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return false;
    // Distinct loops index distinct elements: as many iterations as
    // elements means each is written once.
    int64_t written = 1;
    for (unsigned d = 0; d < op.getNumLoops(); ++d)
      if (map.isFunctionOfDim(d))
        written *= ranges[d];
    return written == type.getNumElements() &&
           !inputRoots.contains(bufferRoot(buffer)) &&
           llvm::count(op.getDpsInits(), buffer) == 1 &&
           matchPattern(fill.getInputs()[0], m_Constant());
  };
  for (Operation *prev = op->getPrevNode(); prev;
       prev = prev->getPrevNode()) {
    auto fill = dyn_cast<linalg::FillOp>(prev);
    if (!fill || !fill.hasPureBufferSemantics() ||
        !llvm::is_contained(op.getDpsInits(), fill.getOutputs()[0])) {
      if (leavesBuffersAlone(prev, roots))
        continue;
      break;
    }
    // The last fill of an output is the one `op` starts from: an earlier
    // one is dead, and one that cannot be folded ends the search.
    bool last = false, foldable = true;
    for (OpOperand &output : op.getDpsInitsMutable()) {
      unsigned n = output.getOperandNumber() - op.getNumDpsInputs();
      if (output.get() != fill.getOutputs()[0] || fills[n])
        continue;
      last = true;
      if (fillable(output, fill))
        fills[n] = fill;
      else
        foldable = false;
    }
    if (last && !foldable)
      break;
  }
  return fills;
}
