//===- Gather.cpp - gathers and torch_index_select to linalg.generic ------===//
//
// These ops compute each result element from its own index: a parallel
// linalg.generic over the result builds the operand index from linalg.index
// (and, for gather, from tensor.extract of the start indices) and reads the
// operand with tensor.extract. This handles every gather dimension-number
// combination with one formula, the one in the spec, instead of a zoo of
// special cases; embedding lookups fuse with their consumers as a result.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "ShapeUtils.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// Sum of the present index terms, 0 when there are none.
Value sumIndices(OpBuilder &b, Location loc, ArrayRef<Value> terms) {
  Value sum;
  for (Value term : terms)
    sum = sum ? arith::AddIOp::create(b, loc, sum, term).getResult() : term;
  return sum ? sum : arith::ConstantIndexOp::create(b, loc, 0).getResult();
}

SmallVector<int64_t> getSliceSizes(GatherOp op, RankedTensorType) {
  return llvm::to_vector(op.getSliceSizes());
}

/// A dynamic_gather with a static result type has static slice sizes too:
/// the offset dimensions of the result carry them, in operand order, and
/// collapsed and batching dimensions have size 1.
SmallVector<int64_t> getSliceSizes(DynamicGatherOp op,
                                   RankedTensorType resultType) {
  GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
  SmallVector<int64_t> sizes;
  auto offsetDim = dims.getOffsetDims().begin();
  for (int64_t d = 0, e = op.getOperand().getType().getRank(); d < e; ++d) {
    if (llvm::is_contained(dims.getCollapsedSliceDims(), d) ||
        llvm::is_contained(dims.getOperandBatchingDims(), d))
      sizes.push_back(1);
    else
      sizes.push_back(resultType.getDimSize(*offsetDim++));
  }
  return sizes;
}

/// gather, following the spec's definition of the operand index of each
/// result element:
///   operand_index = full_start_index + full_batching_index
///                 + full_offset_index,
/// where the start index read from start_indices is clamped to
/// [0, dim(operand) - slice_size].
template <typename OpTy>
struct GatherLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*this->getTypeConverter(), op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    auto indicesType = cast<RankedTensorType>(op.getStartIndices().getType());
    if (!resultType || !operandType.hasStaticShape() ||
        !indicesType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");

    GatherDimensionNumbersAttr dims = op.getDimensionNumbers();
    ArrayRef<int64_t> offsetDims = dims.getOffsetDims();
    ArrayRef<int64_t> collapsed = dims.getCollapsedSliceDims();
    ArrayRef<int64_t> operandBatching = dims.getOperandBatchingDims();
    ArrayRef<int64_t> indicesBatching = dims.getStartIndicesBatchingDims();
    ArrayRef<int64_t> startIndexMap = dims.getStartIndexMap();
    int64_t indexVectorDim = dims.getIndexVectorDim();
    SmallVector<int64_t> sliceSizes = getSliceSizes(op, resultType);
    ArrayRef<int64_t> operandShape = operandType.getShape();
    Type indexHloType = indicesType.getElementType();
    int64_t resultRank = resultType.getRank();
    int64_t operandRank = operandType.getRank();
    bool explicitIndexVector = indexVectorDim < indicesType.getRank();

    SmallVector<int64_t> batchDims;
    for (int64_t d = 0; d < resultRank; ++d)
      if (!llvm::is_contained(offsetDims, d))
        batchDims.push_back(d);

    Value operand = adaptor.getOperand();
    Value startIndices = adaptor.getStartIndices();
    Location loc = op.getLoc();
    Value init = emptyTensor(rewriter, loc, resultType);
    SmallVector<utils::IteratorType> iterators(resultRank,
                                               utils::IteratorType::parallel);
    auto body = [&](OpBuilder &b, Location nloc, ValueRange) {
      SmallVector<Value> resultIndex;
      for (int64_t d = 0; d < resultRank; ++d)
        resultIndex.push_back(linalg::IndexOp::create(b, nloc, d));
      SmallVector<Value> batchIndex;
      for (int64_t d : batchDims)
        batchIndex.push_back(resultIndex[d]);

      SmallVector<SmallVector<Value, 3>> terms(operandRank);
      // full_start_index: start_indices[batch_index with the index vector
      // dimension inserted], one component per start_index_map entry.
      for (auto [dStart, dOperand] : llvm::enumerate(startIndexMap)) {
        SmallVector<Value> coords(batchIndex);
        if (explicitIndexVector)
          coords.insert(coords.begin() + indexVectorDim,
                        arith::ConstantIndexOp::create(b, nloc, dStart));
        Value start = tensor::ExtractOp::create(b, nloc, startIndices, coords);
        terms[dOperand].push_back(emitClampedIndex(
            b, nloc, start, indexHloType,
            operandShape[dOperand] - sliceSizes[dOperand]));
      }
      // full_batching_index: batch_index skips the index vector dimension.
      for (auto [dOperand, dStart] :
           llvm::zip_equal(operandBatching, indicesBatching))
        terms[dOperand].push_back(
            batchIndex[dStart - (dStart < indexVectorDim ? 0 : 1)]);
      // full_offset_index: offset dims fill the non-collapsed, non-batching
      // operand dimensions in order.
      auto offsetDim = offsetDims.begin();
      for (int64_t d = 0; d < operandRank; ++d)
        if (!llvm::is_contained(collapsed, d) &&
            !llvm::is_contained(operandBatching, d))
          terms[d].push_back(resultIndex[*offsetDim++]);

      SmallVector<Value> operandIndex;
      for (ArrayRef<Value> dimTerms : terms)
        operandIndex.push_back(sumIndices(b, nloc, dimTerms));
      Value element = tensor::ExtractOp::create(b, nloc, operand, operandIndex);
      linalg::YieldOp::create(b, nloc, element);
    };
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, ValueRange{}, init,
        {rewriter.getMultiDimIdentityMap(resultRank)}, iterators, body);
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// torch_index_select: result[i..., j..., k...] =
/// operand[i..., index[i[:batch_dims]..., j...], k...], with i the first
/// `dim` result dimensions. The index tensor is a generic input read
/// through a projected map; out-of-range indices are clamped like gather's.
struct TorchIndexSelectLowering : OpConversionPattern<TorchIndexSelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TorchIndexSelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    auto indexType = cast<RankedTensorType>(op.getIndex().getType());
    if (!resultType || !operandType.hasStaticShape() ||
        !indexType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    int64_t dim = op.getDim();
    int64_t batchDims = op.getBatchDims();
    int64_t selected = indexType.getRank() - batchDims;
    int64_t dimSize = operandType.getDimSize(dim);
    if (dimSize == 0 && resultType.getNumElements() != 0)
      return op.emitOpError("selects from dimension ")
             << dim << " of size 0";
    int64_t resultRank = resultType.getRank();

    SmallVector<AffineExpr> indexExprs;
    for (int64_t d = 0; d < batchDims; ++d)
      indexExprs.push_back(rewriter.getAffineDimExpr(d));
    for (int64_t d = 0; d < selected; ++d)
      indexExprs.push_back(rewriter.getAffineDimExpr(dim + d));
    SmallVector<AffineMap> maps = {
        AffineMap::get(resultRank, 0, indexExprs, rewriter.getContext()),
        rewriter.getMultiDimIdentityMap(resultRank)};
    SmallVector<utils::IteratorType> iterators(resultRank,
                                               utils::IteratorType::parallel);

    Value operand = adaptor.getOperand();
    Type indexHloType = indexType.getElementType();
    Location loc = op.getLoc();
    Value init = emptyTensor(rewriter, loc, resultType);
    auto body = [&](OpBuilder &b, Location nloc, ValueRange args) {
      SmallVector<Value> operandIndex;
      for (int64_t d = 0; d < dim; ++d)
        operandIndex.push_back(linalg::IndexOp::create(b, nloc, d));
      operandIndex.push_back(
          emitClampedIndex(b, nloc, args[0], indexHloType, dimSize - 1));
      for (int64_t d = dim + 1; d < operandType.getRank(); ++d)
        operandIndex.push_back(
            linalg::IndexOp::create(b, nloc, d + selected - 1));
      Value element = tensor::ExtractOp::create(b, nloc, operand, operandIndex);
      linalg::YieldOp::create(b, nloc, element);
    };
    auto generic = linalg::GenericOp::create(rewriter, loc, resultType,
                                             adaptor.getIndex(), init, maps,
                                             iterators, body);
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateGatherToLinalgPatterns(MLIRContext *context,
                                    const TypeConverter &converter,
                                    RewritePatternSet &patterns) {
  patterns.add<GatherLowering<GatherOp>, GatherLowering<DynamicGatherOp>,
               TorchIndexSelectLowering>(converter, context);
}

} // namespace xla::hlo::detail
