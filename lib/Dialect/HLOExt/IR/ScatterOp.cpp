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

LogicalResult ScatterOp::generateScalarImplementation(OpBuilder &b,
                                                      Location loc,
                                                      ValueRange ivs) {
  if (!hasPureBufferSemantics())
    return OpDiag(getOperation())() << "generates loops on buffers only";
  int64_t initRank = getInitType().getRank();
  int64_t updateRank = getUpdateType().getRank();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);

  // The start of the window: the index vector at `ivs`, placed at the
  // operand dimensions it addresses.
  SmallVector<Value> indexPosition(
      cast<ShapedType>(getIndices().getType()).getRank());
  for (auto [iv, dim] : llvm::zip(ivs, getIndicesBatchDims(*this)))
    indexPosition[dim] = iv;
  SmallVector<Value> start(initRank, zero);
  Value inBounds;
  SmallVector<int64_t> operandWindowDims = getOperandWindowDims(*this);
  Value updates = getUpdates().front();
  int64_t indexVectorDim = getIndexVectorDim();
  for (auto [k, operandDim] :
       llvm::enumerate(getScatterDimsToOperandDims())) {
    if (indexVectorDim < static_cast<int64_t>(indexPosition.size()))
      indexPosition[indexVectorDim] =
          arith::ConstantIndexOp::create(b, loc, k);
    Value index = memref::LoadOp::create(b, loc, getIndices(), indexPosition);
    start[operandDim] =
        arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
    // The whole window must fit: 0 <= start <= size - window size.
    OpFoldResult windowSize =
        operandWindowDims[operandDim] < 0
            ? OpFoldResult(b.getIndexAttr(1))
            : getDimSize(b, loc, updates, operandWindowDims[operandDim]);
    Value limit = detail::emitSub(
        b, loc, getDimSize(b, loc, getInits().front(), operandDim),
        windowSize);
    Value aboveZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                            start[operandDim], zero);
    Value belowLimit = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::sle, start[operandDim], limit);
    Value fits = arith::AndIOp::create(b, loc, aboveZero, belowLimit);
    inBounds = inBounds ? arith::AndIOp::create(b, loc, inBounds, fits) : fits;
  }

  auto combineWindow = [&](OpBuilder &b, Location loc) {
    SmallVector<Value> lbs, ubs, steps;
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
          SmallVector<Value> updateIndex(updateRank);
          for (auto [iv, dim] : llvm::zip(ivs, getUpdateScatterDims()))
            updateIndex[dim] = iv;
          for (auto [iv, dim] : llvm::zip(windowIvs, getUpdateWindowDims()))
            updateIndex[dim] = iv;
          SmallVector<Value> resultIndex(start);
          for (int64_t d = 0; d < initRank; ++d) {
            int64_t updateDim = operandWindowDims[d];
            if (updateDim >= 0)
              resultIndex[d] = arith::AddIOp::create(b, loc, start[d],
                                                     updateIndex[updateDim]);
          }
          SmallVector<Value> args;
          for (Value init : getInits())
            args.push_back(memref::LoadOp::create(b, loc, init, resultIndex));
          for (Value update : getUpdates())
            args.push_back(memref::LoadOp::create(b, loc, update, updateIndex));
          SmallVector<Value> combined =
              detail::inlineScalarRegion(b, getCombiner(), args);
          for (auto [value, init] : llvm::zip(combined, getInits()))
            memref::StoreOp::create(b, loc, value, init, resultIndex);
        });
  };
  if (!inBounds) {
    combineWindow(b, loc);
    return success();
  }
  scf::IfOp::create(b, loc, inBounds, [&](OpBuilder &b, Location loc) {
    combineWindow(b, loc);
    scf::YieldOp::create(b, loc);
  });
  return success();
}

} // namespace xla::hloext
