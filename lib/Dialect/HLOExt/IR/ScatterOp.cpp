//===- ScatterOp.cpp - hloext.scatter -------------------------------------===//
//
// Verifier, TilingInterface and loop generation of hloext.scatter. The
// iteration space is the update scatter dimensions; each point reads one
// index vector and, if its window fits in the operand, combines the whole
// update window into it. Keeping windows whole is what makes the
// skip-out-of-bounds-windows rule local to one point.
//
//===----------------------------------------------------------------------===//

#include "StructuredOpUtils.h"
#include "xla-mlir/Dialect/Diagnostics.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;

namespace xla::hloext {
using detail::getDimSize;
using xla::OpDiag;

SmallVector<int64_t> ScatterOp::getUpdateScatterDims() {
  SmallVector<int64_t> dims;
  ArrayRef<int64_t> windowDims = getUpdateWindowDims();
  for (int64_t d = 0, e = getUpdateType().getRank(); d < e; ++d)
    if (!llvm::is_contained(windowDims, d))
      dims.push_back(d);
  return dims;
}

int64_t ScatterOp::getIndexDepth() {
  auto type = cast<ShapedType>(getIndices().getType());
  int64_t indexVectorDim = getIndexVectorDim();
  if (indexVectorDim == type.getRank())
    return 1;
  return type.getDimSize(indexVectorDim);
}

/// Dimensions of `indices` that enumerate index vectors: all but
/// `index_vector_dim`. They pair up with the update scatter dimensions.
static SmallVector<int64_t> getIndicesBatchDims(ScatterOp op) {
  SmallVector<int64_t> dims;
  int64_t rank = cast<ShapedType>(op.getIndices().getType()).getRank();
  int64_t indexVectorDim = op.getIndexVectorDim();
  for (int64_t d = 0; d < rank; ++d)
    if (d != indexVectorDim)
      dims.push_back(d);
  return dims;
}

/// For each operand dimension, the update dimension that walks it inside a
/// window, or -1 for inserted dimensions (window size 1).
static SmallVector<int64_t> getOperandWindowDims(ScatterOp op) {
  SmallVector<int64_t> result;
  ArrayRef<int64_t> windowDims = op.getUpdateWindowDims();
  size_t next = 0;
  for (int64_t d = 0, e = op.getInitType().getRank(); d < e; ++d) {
    if (llvm::is_contained(op.getInsertedWindowDims(), d) ||
        next >= windowDims.size())
      result.push_back(-1);
    else
      result.push_back(windowDims[next++]);
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

static LogicalResult verifySortedDims(ScatterOp op, StringRef name,
                                      ArrayRef<int64_t> dims, int64_t rank) {
  for (auto [i, dim] : llvm::enumerate(dims)) {
    if (dim < 0 || dim >= rank)
      return OpDiag(op.getOperation())() << name << " entry " << dim
                              << " is out of range [0, " << rank << ")";
    if (i > 0 && dims[i - 1] >= dim)
      return OpDiag(op.getOperation())()
          << name << " must be sorted and unique";
  }
  return success();
}

/// Shapes of the indices, updates and operands agree with the dimension
/// numbers.
static LogicalResult verifyScatterShapes(ScatterOp op) {
  ShapedType initType = op.getInitType(), updateType = op.getUpdateType();
  auto indicesType = cast<ShapedType>(op.getIndices().getType());
  int64_t initRank = initType.getRank();
  int64_t indexVectorDim = op.getIndexVectorDim();
  if (indexVectorDim < 0 || indexVectorDim > indicesType.getRank())
    return OpDiag(op.getOperation())() << "index_vector_dim "
           << indexVectorDim << " is out of range [0, "
           << indicesType.getRank() << "]";
  int64_t depth = op.getIndexDepth();
  if (ShapedType::isDynamic(depth))
    return OpDiag(op.getOperation())()
        << "requires a static index vector length";
  ArrayRef<int64_t> toOperand = op.getScatterDimsToOperandDims();
  if (static_cast<int64_t>(toOperand.size()) != depth)
    return OpDiag(op.getOperation())() << "scatter_dims_to_operand_dims has "
           << toOperand.size() << " entries but index vectors have length "
           << depth;
  llvm::SmallBitVector seen(initRank);
  for (int64_t dim : toOperand) {
    if (dim < 0 || dim >= initRank)
      return OpDiag(op.getOperation())()
          << "scatter_dims_to_operand_dims entry "
             << dim << " is out of range [0, " << initRank << ")";
    if (seen.test(dim))
      return OpDiag(op.getOperation())()
          << "scatter_dims_to_operand_dims repeats " << dim;
    seen.set(dim);
  }
  if (failed(verifySortedDims(op, "update_window_dims",
                              op.getUpdateWindowDims(),
                              updateType.getRank())) ||
      failed(verifySortedDims(op, "inserted_window_dims",
                              op.getInsertedWindowDims(), initRank)))
    return failure();
  if (static_cast<int64_t>(op.getUpdateWindowDims().size() +
                           op.getInsertedWindowDims().size()) != initRank)
    return OpDiag(op.getOperation())()
        << "update_window_dims and inserted_window_dims "
                          "must together cover the "
           << initRank << " operand dimensions";

  SmallVector<int64_t> scatterDims = op.getUpdateScatterDims();
  SmallVector<int64_t> batchDims = getIndicesBatchDims(op);
  if (scatterDims.size() != batchDims.size())
    return OpDiag(op.getOperation())() << "updates have "
           << scatterDims.size() << " scatter dimensions but indices have "
           << batchDims.size() << " index vector dimensions";
  for (auto [updateDim, indexDim] : llvm::zip(scatterDims, batchDims)) {
    int64_t updateSize = updateType.getDimSize(updateDim);
    int64_t indexSize = indicesType.getDimSize(indexDim);
    if (!ShapedType::isDynamic(updateSize) &&
        !ShapedType::isDynamic(indexSize) && updateSize != indexSize)
      return OpDiag(op.getOperation())() << "update scatter dimension "
             << updateDim << " has size " << updateSize
             << " but indices dimension " << indexDim << " has size "
             << indexSize;
  }
  for (auto [operandDim, updateDim] :
       llvm::enumerate(getOperandWindowDims(op))) {
    if (updateDim < 0)
      continue;
    int64_t updateSize = updateType.getDimSize(updateDim);
    int64_t operandSize = initType.getDimSize(operandDim);
    if (!ShapedType::isDynamic(updateSize) &&
        !ShapedType::isDynamic(operandSize) && updateSize > operandSize)
      return OpDiag(op.getOperation())() << "update window dimension "
             << updateDim << " (size " << updateSize
             << ") is larger than operand dimension " << operandDim
             << " (size " << operandSize << ")";
  }
  return success();
}

LogicalResult ScatterOp::verify() {
  if (failed(detail::verifyStructuredOperands(*this, getInits())))
    return failure();
  if (getUpdates().size() != getInits().size())
    return OpDiag(getOperation())() << "requires as many updates as inits, got "
           << getUpdates().size() << " and " << getInits().size();
  if (!isa<IntegerType>(getElementTypeOrSelf(getIndices().getType())))
    return OpDiag(getOperation())() << "requires integer indices, got "
           << getIndices().getType();
  SmallVector<Type> initElementTypes, updateElementTypes;
  for (auto [init, update] : llvm::zip(getInits(), getUpdates())) {
    if (cast<ShapedType>(update.getType()).getShape() !=
        getUpdateType().getShape())
      return OpDiag(getOperation())()
          << "requires all updates to have the same shape";
    initElementTypes.push_back(getElementTypeOrSelf(init.getType()));
    updateElementTypes.push_back(getElementTypeOrSelf(update.getType()));
  }
  if (initElementTypes != updateElementTypes)
    return OpDiag(getOperation())()
        << "requires each update to have the element type of "
                       "its init";
  if (failed(verifyScatterShapes(*this)))
    return failure();
  SmallVector<Type> argTypes(initElementTypes);
  llvm::append_range(argTypes, updateElementTypes);
  return detail::verifyScalarRegion(*this, getCombiner(), "combiner",
                                    argTypes, initElementTypes);
}

void ScatterOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  detail::getStructuredEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// TilingInterface
//===----------------------------------------------------------------------===//

SmallVector<utils::IteratorType> ScatterOp::getLoopIteratorTypes() {
  // Two windows may hit the same element unless indices are unique, and
  // the combiner need not be associative: then the order matters.
  return SmallVector<utils::IteratorType>(
      getUpdateScatterDims().size(), getUniqueIndices()
                                         ? utils::IteratorType::parallel
                                         : utils::IteratorType::reduction);
}

SmallVector<Range> ScatterOp::getIterationDomain(OpBuilder &b) {
  Value updates = getUpdates().front();
  return llvm::map_to_vector(getUpdateScatterDims(), [&](int64_t dim) {
    return Range{b.getIndexAttr(0), getDimSize(b, getLoc(), updates, dim),
                 b.getIndexAttr(1)};
  });
}

FailureOr<TilingResult>
ScatterOp::getTiledImplementation(OpBuilder &b, ArrayRef<OpFoldResult> offsets,
                                  ArrayRef<OpFoldResult> sizes) {
  Location loc = getLoc();
  // Slices `shaped` along `tiledDims` (the i-th takes the i-th tile range);
  // the other dimensions stay whole.
  auto slice = [&](Value shaped, ArrayRef<int64_t> tiledDims) {
    int64_t rank = cast<ShapedType>(shaped.getType()).getRank();
    SmallVector<OpFoldResult> tileOffsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> tileSizes;
    for (int64_t d = 0; d < rank; ++d)
      tileSizes.push_back(getDimSize(b, loc, shaped, d));
    for (auto [i, dim] : llvm::enumerate(tiledDims)) {
      tileOffsets[dim] = offsets[i];
      tileSizes[dim] = sizes[i];
    }
    return detail::getSlice(b, loc, shaped, tileOffsets, tileSizes);
  };
  SmallVector<Value> operands;
  operands.push_back(slice(getIndices(), getIndicesBatchDims(*this)));
  SmallVector<int64_t> scatterDims = getUpdateScatterDims();
  for (Value update : getUpdates())
    operands.push_back(slice(update, scatterDims));
  // Windows land anywhere in the operand: every tile takes all of it.
  llvm::append_range(operands, getInits());
  return detail::cloneOnSlices(b, *this, operands);
}

LogicalResult ScatterOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  Value init = getInits()[resultNumber];
  int64_t rank = getInitType().getRank();
  resultOffsets.assign(rank, b.getIndexAttr(0));
  resultSizes.clear();
  for (int64_t d = 0; d < rank; ++d)
    resultSizes.push_back(getDimSize(b, getLoc(), init, d));
  return success();
}

namespace {
/// Where the window of one update point starts in the operand, and whether
/// it fits there.
struct WindowStart {
  SmallVector<Value> start;
  Value inBounds; // null: no index to check
};
} // namespace

/// The window of the update scatter point `ivs`: the index vector at `ivs`,
/// placed at the operand dimensions it addresses.
static WindowStart windowStart(OpBuilder &b, Location loc, ScatterOp op,
                               ValueRange ivs) {
  int64_t initRank = op.getInitType().getRank();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> indexPosition(
      cast<ShapedType>(op.getIndices().getType()).getRank());
  for (auto [iv, dim] : llvm::zip(ivs, getIndicesBatchDims(op)))
    indexPosition[dim] = iv;
  WindowStart window{SmallVector<Value>(initRank, zero), Value()};
  SmallVector<int64_t> operandWindowDims = getOperandWindowDims(op);
  Value updates = op.getUpdates().front();
  int64_t indexVectorDim = op.getIndexVectorDim();
  for (auto [k, operandDim] :
       llvm::enumerate(op.getScatterDimsToOperandDims())) {
    if (indexVectorDim < static_cast<int64_t>(indexPosition.size()))
      indexPosition[indexVectorDim] =
          arith::ConstantIndexOp::create(b, loc, k);
    Value index =
        memref::LoadOp::create(b, loc, op.getIndices(), indexPosition);
    Value &start = window.start[operandDim];
    start = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
    // The whole window must fit: 0 <= start <= size - window size.
    OpFoldResult windowSize =
        operandWindowDims[operandDim] < 0
            ? OpFoldResult(b.getIndexAttr(1))
            : getDimSize(b, loc, updates, operandWindowDims[operandDim]);
    Value limit = detail::emitSub(
        b, loc, getDimSize(b, loc, op.getInits().front(), operandDim),
        windowSize);
    Value aboveZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, start, zero);
    Value belowLimit =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, start, limit);
    Value fits = arith::AndIOp::create(b, loc, aboveZero, belowLimit);
    window.inBounds = window.inBounds
                          ? arith::AndIOp::create(b, loc, window.inBounds, fits)
                          : fits;
  }
  return window;
}

/// The position in the inits of the update element at `updateIndex`:
/// its window's `start` plus its offsets in the window.
static SmallVector<Value> resultIndexOf(OpBuilder &b, Location loc,
                                        ScatterOp op, ArrayRef<Value> start,
                                        ValueRange updateIndex) {
  SmallVector<Value> resultIndex(start);
  for (auto [d, updateDim] : llvm::enumerate(getOperandWindowDims(op)))
    if (updateDim >= 0)
      resultIndex[d] =
          arith::AddIOp::create(b, loc, start[d], updateIndex[updateDim]);
  return resultIndex;
}

/// Combines the update element at `updateIndex` into the inits at
/// `start` plus its window offsets.
static void combineElement(OpBuilder &b, Location loc, ScatterOp op,
                           ArrayRef<Value> start, ValueRange updateIndex,
                           bool atomic) {
  SmallVector<Value> resultIndex =
      resultIndexOf(b, loc, op, start, updateIndex);
  if (atomic) {
    Value update =
        memref::LoadOp::create(b, loc, op.getUpdates().front(), updateIndex);
    memref::AtomicRMWOp::create(b, loc, *op.getAtomicKind(), update,
                                op.getInits().front(), resultIndex);
    return;
  }
  SmallVector<Value> args;
  for (Value init : op.getInits())
    args.push_back(memref::LoadOp::create(b, loc, init, resultIndex));
  for (Value update : op.getUpdates())
    args.push_back(memref::LoadOp::create(b, loc, update, updateIndex));
  SmallVector<Value> combined =
      detail::inlineScalarRegion(b, op.getCombiner(), args);
  for (auto [value, init] : llvm::zip(combined, op.getInits()))
    memref::StoreOp::create(b, loc, value, init, resultIndex);
}

/// `body` under `condition`, or as it is when there is no condition.
static void emitIf(OpBuilder &b, Location loc, Value condition,
                   llvm::function_ref<void(OpBuilder &, Location)> body) {
  if (!condition) {
    body(b, loc);
    return;
  }
  scf::IfOp::create(b, loc, condition, [&](OpBuilder &b, Location loc) {
    body(b, loc);
    scf::YieldOp::create(b, loc);
  });
}

std::optional<arith::AtomicRMWKind> ScatterOp::getAtomicKind() {
  if (getInits().size() != 1)
    return std::nullopt;
  Block &body = getCombiner().front();
  if (!llvm::hasSingleElement(body.without_terminator()))
    return std::nullopt;
  Operation &combiner = body.front();
  Operation *yield = body.getTerminator();
  if (yield->getNumOperands() != 1 ||
      yield->getOperand(0) != combiner.getResult(0) ||
      combiner.getNumOperands() != 2 ||
      !llvm::is_contained(combiner.getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(combiner.getOperands(), body.getArgument(1)) ||
      combiner.getOperand(0) == combiner.getOperand(1))
    return std::nullopt;
  // LLVM's atomicrmw takes 8- to 64-bit integers and IEEE floats it can
  // address as such: i1 and f8 values (i8 in memory) are left to the loops.
  Type element = getInitType().getElementType();
  if (!element.isInteger(32) && !element.isInteger(64) && !element.isF32() &&
      !element.isF64())
    return std::nullopt;
  using Kind = arith::AtomicRMWKind;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(&combiner)
      .Case([](arith::AddFOp) { return Kind::addf; })
      .Case([](arith::AddIOp) { return Kind::addi; })
      .Case([](arith::MaximumFOp) { return Kind::maximumf; })
      .Case([](arith::MinimumFOp) { return Kind::minimumf; })
      .Case([](arith::MaxSIOp) { return Kind::maxs; })
      .Case([](arith::MinSIOp) { return Kind::mins; })
      .Case([](arith::MaxUIOp) { return Kind::maxu; })
      .Case([](arith::MinUIOp) { return Kind::minu; })
      .Case([](arith::AndIOp) { return Kind::andi; })
      .Case([](arith::OrIOp) { return Kind::ori; })
      .Default([](Operation *) { return std::nullopt; });
}

LogicalResult ScatterOp::generateElementUpdate(OpBuilder &b, Location loc,
                                               ValueRange updateIndex,
                                               bool atomic) {
  if (!hasPureBufferSemantics())
    return OpDiag(getOperation())() << "generates loops on buffers only";
  if (atomic && !getAtomicKind())
    return OpDiag(getOperation())()
           << "has no atomic read-modify-write for its combiner";
  SmallVector<Value> ivs;
  for (int64_t dim : getUpdateScatterDims())
    ivs.push_back(updateIndex[dim]);
  WindowStart window = windowStart(b, loc, *this, ivs);
  emitIf(b, loc, window.inBounds, [&](OpBuilder &b, Location loc) {
    combineElement(b, loc, *this, window.start, updateIndex, atomic);
  });
  return success();
}

std::optional<int64_t> ScatterOp::getOrderedUpdateWork() {
  ShapedType updateType = getUpdateType();
  if (!updateType.hasStaticShape())
    return std::nullopt;
  // Windows of different index vectors must not overlap: one element wide
  // along every operand dimension an index addresses.
  SmallVector<int64_t> windowOf = getOperandWindowDims(*this);
  for (int64_t operandDim : getScatterDimsToOperandDims())
    if (windowOf[operandDim] >= 0 &&
        updateType.getDimSize(windowOf[operandDim]) != 1)
      return std::nullopt;
  int64_t points = 1;
  for (int64_t dim : getUpdateScatterDims())
    points *= updateType.getDimSize(dim);
  int64_t window = points ? updateType.getNumElements() / points : 0;
  // No update element: nothing to scan (and nothing to divide by).
  if (window == 0)
    return 0;
  // points^2 * window compares, each of an index vector: saturated.
  uint64_t work = llvm::SaturatingMultiply<uint64_t>(points, points);
  work = llvm::SaturatingMultiply<uint64_t>(work, window);
  work = llvm::SaturatingMultiply<uint64_t>(work, getIndexDepth());
  return static_cast<int64_t>(
      std::min<uint64_t>(work, std::numeric_limits<int64_t>::max()));
}

/// `ivs` as one index, row-major over `sizes`.
static Value linearize(OpBuilder &b, Location loc, ValueRange ivs,
                       ArrayRef<int64_t> sizes) {
  Value linear = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [iv, size] : llvm::zip(ivs, sizes))
    linear = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, linear,
                              arith::ConstantIndexOp::create(b, loc, size)),
        iv);
  return linear;
}

/// The inverse of `linearize`.
static SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                                      ArrayRef<int64_t> sizes) {
  SmallVector<Value> ivs(sizes.size());
  for (int64_t d = sizes.size() - 1; d >= 0; --d) {
    Value size = arith::ConstantIndexOp::create(b, loc, sizes[d]);
    ivs[d] = d == 0 ? linear : arith::RemUIOp::create(b, loc, linear, size);
    if (d > 0)
      linear = arith::DivUIOp::create(b, loc, linear, size);
  }
  return ivs;
}

LogicalResult ScatterOp::generateOrderedElementUpdate(OpBuilder &b,
                                                      Location loc,
                                                      ValueRange updateIndex) {
  if (!hasPureBufferSemantics())
    return OpDiag(getOperation())() << "generates loops on buffers only";
  if (!getOrderedUpdateWork())
    return OpDiag(getOperation())()
           << "has windows that overlap across index vectors";
  SmallVector<int64_t> scatterDims = getUpdateScatterDims();
  SmallVector<int64_t> sizes;
  for (int64_t dim : scatterDims)
    sizes.push_back(getUpdateType().getDimSize(dim));
  int64_t points = 1;
  for (int64_t size : sizes)
    points *= size;
  SmallVector<Value> ivs;
  for (int64_t dim : scatterDims)
    ivs.push_back(updateIndex[dim]);
  WindowStart window = windowStart(b, loc, *this, ivs);
  ArrayRef<int64_t> addressed = getScatterDimsToOperandDims();
  // Whether scatter point `j`'s window starts where this one's does (then
  // its element here lands on this one's element, and only there).
  auto sameStart = [&](OpBuilder &b, Location loc, Value j) {
    WindowStart other =
        windowStart(b, loc, *this, delinearize(b, loc, j, sizes));
    Value same = arith::ConstantIntOp::create(b, loc, 1, 1);
    for (int64_t d : addressed)
      same = arith::AndIOp::create(
          b, loc, same,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                other.start[d], window.start[d]));
    return same;
  };
  emitIf(b, loc, window.inBounds, [&](OpBuilder &b, Location loc) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value self = linearize(b, loc, ivs, sizes);
    // An earlier point at the same start combines this one's update.
    Value no = arith::ConstantIntOp::create(b, loc, 0, 1);
    auto earlier = scf::ForOp::create(
        b, loc, zero, self, one, ValueRange{no},
        [&](OpBuilder &b, Location loc, Value j, ValueRange seen) {
          scf::YieldOp::create(
              b, loc,
              ValueRange{arith::OrIOp::create(b, loc, seen[0],
                                              sameStart(b, loc, j))});
        });
    emitIf(b, loc,
           arith::XOrIOp::create(b, loc, earlier.getResult(0),
                                 arith::ConstantIntOp::create(b, loc, 1, 1)),
           [&](OpBuilder &b, Location loc) {
             SmallVector<Value> resultIndex =
                 resultIndexOf(b, loc, *this, window.start, updateIndex);
             SmallVector<Value> values;
             for (Value init : getInits())
               values.push_back(
                   memref::LoadOp::create(b, loc, init, resultIndex));
             // The updates of this point and of every later one at the same
             // start, in order, as the sequential loops combine them.
             auto later = scf::ForOp::create(
                 b, loc, self,
                 arith::ConstantIndexOp::create(b, loc, points), one, values,
                 [&](OpBuilder &b, Location loc, Value j, ValueRange acc) {
                   auto step = scf::IfOp::create(
                       b, loc, ValueRange(acc).getTypes(),
                       sameStart(b, loc, j), /*addThenBlock=*/true,
                       /*addElseBlock=*/true);
                   OpBuilder then = step.getThenBodyBuilder();
                   SmallVector<Value> position(updateIndex);
                   for (auto [iv, dim] :
                        llvm::zip(delinearize(then, loc, j, sizes),
                                  scatterDims))
                     position[dim] = iv;
                   SmallVector<Value> args(acc);
                   for (Value update : getUpdates())
                     args.push_back(
                         memref::LoadOp::create(then, loc, update, position));
                   scf::YieldOp::create(
                       then, loc,
                       detail::inlineScalarRegion(then, getCombiner(), args));
                   OpBuilder otherwise = step.getElseBodyBuilder();
                   scf::YieldOp::create(otherwise, loc, acc);
                   scf::YieldOp::create(b, loc, step.getResults());
                 });
             for (auto [value, init] :
                  llvm::zip(later.getResults(), getInits()))
               memref::StoreOp::create(b, loc, value, init, resultIndex);
           });
  });
  return success();
}

LogicalResult ScatterOp::generateScalarImplementation(OpBuilder &b,
                                                      Location loc,
                                                      ValueRange ivs) {
  if (!hasPureBufferSemantics())
    return OpDiag(getOperation())() << "generates loops on buffers only";
  WindowStart window = windowStart(b, loc, *this, ivs);
  Value updates = getUpdates().front();
  emitIf(b, loc, window.inBounds, [&](OpBuilder &b, Location loc) {
    SmallVector<Value> lbs, ubs, steps;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t dim : getUpdateWindowDims()) {
      lbs.push_back(zero);
      ubs.push_back(getValueOrCreateConstantIndexOp(
          b, loc, getDimSize(b, loc, updates, dim)));
      steps.push_back(one);
    }
    scf::buildLoopNest(
        b, loc, lbs, ubs, steps,
        [&](OpBuilder &b, Location loc, ValueRange windowIvs) {
          SmallVector<Value> updateIndex(getUpdateType().getRank());
          for (auto [iv, dim] : llvm::zip(ivs, getUpdateScatterDims()))
            updateIndex[dim] = iv;
          for (auto [iv, dim] : llvm::zip(windowIvs, getUpdateWindowDims()))
            updateIndex[dim] = iv;
          combineElement(b, loc, *this, window.start, updateIndex,
                         /*atomic=*/false);
        });
  });
  return success();
}

} // namespace xla::hloext
