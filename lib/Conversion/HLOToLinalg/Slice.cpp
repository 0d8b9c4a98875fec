//===- Slice.cpp - slices, dynamic slices, concatenate and pad ------------===//
//
// Ops that read or write rectangular (possibly strided) windows become
// tensor.extract_slice / tensor.insert_slice, which bufferize to subviews
// and copies instead of element-by-element loops with index arithmetic.
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
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

SmallVector<OpFoldResult> foldResults(OpBuilder &b, ArrayRef<int64_t> values) {
  return getAsIndexOpFoldResult(b.getContext(), values);
}

struct SliceLowering : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, resultType, adaptor.getOperand(),
        foldResults(rewriter, op.getStartIndices()),
        foldResults(rewriter, resultType.getShape()),
        foldResults(rewriter, op.getStrides()));
    return success();
  }
};

/// Reads the 0-d start indices of a dynamic (update) slice and clamps each
/// to [0, operand size - window size] as the spec requires.
SmallVector<OpFoldResult> clampedOffsets(OpBuilder &b, Location loc,
                                         ValueRange hloIndices,
                                         ValueRange indices,
                                         ArrayRef<int64_t> operandShape,
                                         ArrayRef<int64_t> windowShape) {
  SmallVector<OpFoldResult> offsets;
  for (auto [i, index] : llvm::enumerate(indices)) {
    Value scalar = extractScalar(b, loc, index);
    Type hloType =
        cast<RankedTensorType>(hloIndices[i].getType()).getElementType();
    offsets.push_back(emitClampedIndex(b, loc, scalar, hloType,
                                       operandShape[i] - windowShape[i]));
  }
  return offsets;
}

struct DynamicSliceLowering : OpConversionPattern<DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    if (!resultType || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    SmallVector<OpFoldResult> offsets = clampedOffsets(
        rewriter, op.getLoc(), op.getStartIndices(),
        adaptor.getStartIndices(), operandType.getShape(),
        op.getSliceSizes());
    SmallVector<int64_t> ones(resultType.getRank(), 1);
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, resultType, adaptor.getOperand(), offsets,
        foldResults(rewriter, op.getSliceSizes()),
        foldResults(rewriter, ones));
    return success();
  }
};

struct DynamicUpdateSliceLowering
    : OpConversionPattern<DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    auto updateType = cast<RankedTensorType>(op.getUpdate().getType());
    if (!operandType.hasStaticShape() || !updateType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    SmallVector<OpFoldResult> offsets = clampedOffsets(
        rewriter, op.getLoc(), op.getStartIndices(),
        adaptor.getStartIndices(), operandType.getShape(),
        updateType.getShape());
    SmallVector<int64_t> ones(updateType.getRank(), 1);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), offsets,
        foldResults(rewriter, updateType.getShape()),
        foldResults(rewriter, ones));
    return success();
  }
};

/// concatenate: each input is inserted at its running offset into one
/// tensor.empty of the result shape.
struct ConcatenateLowering : OpConversionPattern<ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    if (adaptor.getInputs().size() == 1) {
      rewriter.replaceOp(op, adaptor.getInputs()[0]);
      return success();
    }
    Location loc = op.getLoc();
    uint64_t dim = op.getDimension();
    int64_t rank = resultType.getRank();
    Value result = emptyTensor(rewriter, loc, resultType);
    SmallVector<int64_t> offsets(rank, 0), ones(rank, 1);
    for (Value input : adaptor.getInputs()) {
      auto inputType = cast<RankedTensorType>(input.getType());
      if (!inputType.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "needs static shapes");
      if (inputType.getDimSize(dim) != 0)
        result = tensor::InsertSliceOp::create(
            rewriter, loc, input, result, foldResults(rewriter, offsets),
            foldResults(rewriter, inputType.getShape()),
            foldResults(rewriter, ones));
      offsets[dim] += inputType.getDimSize(dim);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// pad: padTensor (LinalgBuilders.h), shared with the lowerings that pad
/// their inputs (convolution, reduce_window).
struct PadLowering : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    if (!resultType || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    Value padValue = extractScalar(rewriter, loc, adaptor.getPaddingValue());
    rewriter.replaceOp(op, padTensor(rewriter, loc, adaptor.getOperand(),
                                     padValue, op.getEdgePaddingLow(),
                                     op.getEdgePaddingHigh(),
                                     op.getInteriorPadding()));
    return success();
  }
};

/// dynamic_pad with static operand and result types: the paddings are
/// only known at run time, so no intermediate tensor has a static shape.
/// A generic over the result computes, per dimension, the position j = i -
/// low in the dilated operand; the element comes from the operand where j
/// is non-negative, a multiple of interior+1 and below the dilated size,
/// and is the padding value elsewhere.
struct DynamicPadLowering : OpConversionPattern<DynamicPadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DynamicPadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op.getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    if (!resultType || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    Value padValue = extractScalar(rewriter, loc, adaptor.getPaddingValue());
    if (operandType.getNumElements() == 0) {
      rewriter.replaceOp(op, filledTensor(rewriter, loc, resultType, padValue));
      return success();
    }
    Type paddingHloType = op.getEdgePaddingLow().getType().getElementType();
    auto readPadding = [&](Value tensor, int64_t d) {
      Value position = arith::ConstantIndexOp::create(rewriter, loc, d);
      Value value = tensor::ExtractOp::create(rewriter, loc, tensor, position);
      return emitIndexCast(rewriter, loc, value, paddingHloType);
    };
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> low, stride;
    for (int64_t d = 0; d < rank; ++d) {
      low.push_back(readPadding(adaptor.getEdgePaddingLow(), d));
      // Negative interior padding is invalid; clamping keeps the divisor
      // non-zero.
      Value interior = arith::MaxSIOp::create(
          rewriter, loc, readPadding(adaptor.getInteriorPadding(), d), zero);
      stride.push_back(arith::AddIOp::create(rewriter, loc, interior, one));
    }

    Value operand = adaptor.getOperand();
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto body = [&](OpBuilder &b, Location nloc, ValueRange) {
      using arith::CmpIPredicate;
      Value inside = arith::ConstantIntOp::create(b, nloc, 1, 1);
      SmallVector<Value> index;
      for (int64_t d = 0; d < rank; ++d) {
        Value i = linalg::IndexOp::create(b, nloc, d);
        Value j = arith::SubIOp::create(b, nloc, i, low[d]);
        Value jSafe = arith::MaxSIOp::create(b, nloc, j, zero);
        Value q = arith::DivUIOp::create(b, nloc, jSafe, stride[d]);
        Value r = arith::RemUIOp::create(b, nloc, jSafe, stride[d]);
        Value size = arith::ConstantIndexOp::create(
            b, nloc, operandType.getDimSize(d));
        for (Value cond :
             {arith::CmpIOp::create(b, nloc, CmpIPredicate::sge, j, zero)
                  .getResult(),
              arith::CmpIOp::create(b, nloc, CmpIPredicate::eq, r, zero)
                  .getResult(),
              arith::CmpIOp::create(b, nloc, CmpIPredicate::ult, q, size)
                  .getResult()})
          inside = arith::AndIOp::create(b, nloc, inside, cond);
        // Clamped so that the read stays in bounds where it is discarded.
        Value last = arith::ConstantIndexOp::create(
            b, nloc, operandType.getDimSize(d) - 1);
        index.push_back(arith::MinUIOp::create(b, nloc, q, last));
      }
      Value element = tensor::ExtractOp::create(b, nloc, operand, index);
      linalg::YieldOp::create(
          b, nloc, arith::SelectOp::create(b, nloc, inside, element, padValue)
                       .getResult());
    };
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, ValueRange{},
        emptyTensor(rewriter, loc, resultType),
        {rewriter.getMultiDimIdentityMap(rank)}, iterators, body);
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateSliceToLinalgPatterns(MLIRContext *context,
                                   const TypeConverter &converter,
                                   RewritePatternSet &patterns) {
  patterns.add<SliceLowering, DynamicSliceLowering, DynamicUpdateSliceLowering,
               ConcatenateLowering, PadLowering, DynamicPadLowering>(
      converter, context);
}

} // namespace xla::hlo::detail
