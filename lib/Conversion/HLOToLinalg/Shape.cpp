//===- Shape.cpp - broadcasts, reshapes, transposes, iota, reverse --------===//
//
// Ops that only rearrange elements. Named linalg ops are used where they
// express the op exactly (broadcast, transpose); everything else becomes a
// parallel linalg.generic over the result whose indexing maps do the
// rearranging, so the elementwise fusion pass can fold it into neighbours.
// Reshapes become tensor.collapse_shape/expand_shape, which bufferize to
// views.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "ScalarOps.h"
#include "ShapeUtils.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// A parallel linalg.generic over `resultType` that reads `input` through
/// `inputMap` and yields it unchanged.
Value emitCopyGeneric(OpBuilder &b, Location loc, RankedTensorType resultType,
                      Value input, AffineMap inputMap) {
  int64_t rank = resultType.getRank();
  Value init = emptyTensor(b, loc, resultType);
  SmallVector<AffineMap> maps = {inputMap, b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, input, init, maps, iterators,
      [](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc, args[0]);
      });
  return generic.getResult(0);
}

/// broadcast_in_dim: linalg.broadcast when it only inserts dimensions (in
/// order, no size-1 expansion); otherwise a generic whose input map sends
/// each operand dimension to its result dimension, or to 0 where a size-1
/// dimension is expanded. dynamic_broadcast_in_dim with a static result
/// type is the same op.
template <typename OpTy>
struct BroadcastInDimLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticConvertedType(
        *this->getTypeConverter(), op->getResult(0).getType());
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    if (!resultType || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    ArrayRef<int64_t> inShape = operandType.getShape();
    ArrayRef<int64_t> outShape = resultType.getShape();

    bool sameSizes = llvm::all_of(llvm::enumerate(dims), [&](auto it) {
      return inShape[it.index()] == outShape[it.value()];
    });
    bool inOrder = llvm::is_sorted(dims) &&
                   llvm::adjacent_find(dims) == dims.end();
    Location loc = op.getLoc();
    if (sameSizes && inOrder) {
      if (operandType.getRank() == resultType.getRank()) {
        rewriter.replaceOp(op, adaptor.getOperand());
        return success();
      }
      SmallVector<int64_t> added;
      for (int64_t d = 0; d < resultType.getRank(); ++d)
        if (!llvm::is_contained(dims, d))
          added.push_back(d);
      Value init = emptyTensor(rewriter, loc, resultType);
      auto broadcast = linalg::BroadcastOp::create(
          rewriter, loc, adaptor.getOperand(), init, added);
      rewriter.replaceOp(op, broadcast.getResults());
      return success();
    }

    SmallVector<AffineExpr> exprs;
    for (auto [i, d] : llvm::enumerate(dims))
      exprs.push_back(inShape[i] == 1 && outShape[d] != 1
                          ? rewriter.getAffineConstantExpr(0)
                          : rewriter.getAffineDimExpr(d));
    auto map = AffineMap::get(resultType.getRank(), 0, exprs,
                              rewriter.getContext());
    rewriter.replaceOp(op, emitCopyGeneric(rewriter, loc, resultType,
                                           adaptor.getOperand(), map));
    return success();
  }
};

/// broadcast prepends the new dimensions.
struct BroadcastLowering : OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op->getResult(0).getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    size_t added = op.getBroadcastSizes().size();
    if (added == 0) {
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    Value init = emptyTensor(rewriter, op.getLoc(), resultType);
    auto broadcast = linalg::BroadcastOp::create(
        rewriter, op.getLoc(), adaptor.getOperand(), init,
        llvm::to_vector(llvm::seq<int64_t>(0, added)));
    rewriter.replaceOp(op, broadcast.getResults());
    return success();
  }
};

/// reshape: one collapse_shape or expand_shape when the shapes are related
/// by grouping dimensions, otherwise a collapse to 1-D and an expand. Also
/// dynamic_reshape with a static result type.
template <typename OpTy>
struct ReshapeLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticConvertedType(
        *this->getTypeConverter(), op->getResult(0).getType());
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    if (!resultType || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    if (operandType == resultType) {
      rewriter.replaceOp(op, operand);
      return success();
    }
    // To or from rank 0 every dimension has size 1: an empty grouping.
    if (resultType.getRank() == 0 || operandType.getRank() == 0) {
      rewriter.replaceOp(op, reassociate(rewriter, loc, operand, resultType,
                                         {}));
      return success();
    }
    if (auto groups =
            getReassociationIndicesForReshape(operandType, resultType)) {
      rewriter.replaceOp(op, reassociate(rewriter, loc, operand, resultType,
                                         *groups));
      return success();
    }
    auto flatType = RankedTensorType::get({operandType.getNumElements()},
                                          operandType.getElementType());
    Value flat = operand;
    if (operandType.getRank() != 1)
      flat = reassociate(rewriter, loc, operand, flatType,
                         allDims(operandType.getRank()));
    if (resultType.getRank() != 1)
      flat = reassociate(rewriter, loc, flat, resultType,
                         allDims(resultType.getRank()));
    rewriter.replaceOp(op, flat);
    return success();
  }

private:
  static SmallVector<ReassociationIndices> allDims(int64_t rank) {
    return {llvm::to_vector(llvm::seq<int64_t>(0, rank))};
  }

  /// Collapses or expands `value` to `type` (whichever lowers the rank).
  static Value reassociate(OpBuilder &b, Location loc, Value value,
                           RankedTensorType type,
                           ArrayRef<ReassociationIndices> groups) {
    if (cast<RankedTensorType>(value.getType()).getRank() > type.getRank())
      return tensor::CollapseShapeOp::create(b, loc, type, value, groups);
    return tensor::ExpandShapeOp::create(b, loc, type, value, groups);
  }
};

struct TransposeLowering : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op->getResult(0).getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    Value init = emptyTensor(rewriter, op.getLoc(), resultType);
    // Both ops define result dimension i as operand dimension perm[i].
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getOperand(), init,
        op.getPermutation());
    rewriter.replaceOp(op, transpose.getResults());
    return success();
  }
};

/// reverse reads operand index size-1-i along the reversed dimensions.
struct ReverseLowering : OpConversionPattern<ReverseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        staticConvertedType(*getTypeConverter(), op->getResult(0).getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < resultType.getRank(); ++d) {
      AffineExpr dim = rewriter.getAffineDimExpr(d);
      exprs.push_back(llvm::is_contained(op.getDimensions(), d)
                          ? resultType.getDimSize(d) - 1 - dim
                          : dim);
    }
    auto map = AffineMap::get(resultType.getRank(), 0, exprs,
                              rewriter.getContext());
    rewriter.replaceOp(op, emitCopyGeneric(rewriter, op.getLoc(), resultType,
                                           adaptor.getOperand(), map));
    return success();
  }
};

/// iota: the loop index along iota_dimension, converted like hlo.convert
/// from a signed 64-bit integer to the element type. Also dynamic_iota
/// with a static result type.
template <typename OpTy>
struct IotaLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type hloType = op->getResult(0).getType();
    RankedTensorType resultType =
        staticConvertedType(*this->getTypeConverter(), hloType);
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    Type hloElementType = cast<RankedTensorType>(hloType).getElementType();
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    uint64_t iotaDim = op.getIotaDimension();
    Value init = emptyTensor(rewriter, loc, resultType);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value converted;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, ValueRange{}, init,
        {rewriter.getMultiDimIdentityMap(rank)}, iterators,
        [&](OpBuilder &b, Location nloc, ValueRange) {
          Value index = linalg::IndexOp::create(b, nloc, iotaDim);
          Value i64 = arith::IndexCastOp::create(b, nloc, b.getI64Type(),
                                                 index);
          converted = emitConvert(b, nloc, i64, b.getI64Type(),
                                  hloElementType);
          if (converted)
            linalg::YieldOp::create(b, nloc, converted);
        });
    if (!converted) {
      rewriter.eraseOp(generic);
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// get_dimension_size of a static dimension is a constant.
struct GetDimensionSizeLowering : OpConversionPattern<GetDimensionSizeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GetDimensionSizeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    int64_t size = operandType.getDimSize(op.getDimension());
    if (ShapedType::isDynamic(size))
      return rewriter.notifyMatchFailure(op, "dynamic dimension");
    auto type = RankedTensorType::get({}, rewriter.getI32Type());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type,
        DenseElementsAttr::get(type, rewriter.getI32IntegerAttr(size)));
    return success();
  }
};

/// Ops that forward their operands once lowered: optimization_barrier
/// only constrains HLO-level rewrites, and copy has no layout to change.
template <typename OpTy>
struct ForwardOperandsLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

} // namespace

void populateShapeToLinalgPatterns(MLIRContext *context,
                                   const TypeConverter &converter,
                                   RewritePatternSet &patterns) {
  patterns.add<BroadcastInDimLowering<BroadcastInDimOp>,
               BroadcastInDimLowering<DynamicBroadcastInDimOp>,
               BroadcastLowering, ReshapeLowering<ReshapeOp>,
               ReshapeLowering<DynamicReshapeOp>, TransposeLowering,
               ReverseLowering, IotaLowering<IotaOp>,
               IotaLowering<DynamicIotaOp>, GetDimensionSizeLowering,
               ForwardOperandsLowering<OptimizationBarrierOp>,
               ForwardOperandsLowering<CopyOp>>(converter, context);
}

} // namespace xla::hlo::detail
