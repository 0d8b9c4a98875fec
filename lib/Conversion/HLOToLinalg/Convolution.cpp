//===- Convolution.cpp - convolution to linalg ----------------------------===//
//
// Every convolution is first reduced to one without padding, lhs dilation
// or window reversal: the lhs is padded with zeros (lhs dilation is
// interior padding) and reversed kernel dimensions are flipped by a
// generic. What remains is a strided, window-dilated correlation:
//
//   out[b, o..., f] += lhs[b, o * stride + k * rhs_dilation..., c]
//                      * rhs[k..., c, f]
//
// With 1-3 spatial dimensions and no grouping it becomes
// linalg.conv_{1d_nwc_wcf,2d_nhwc_hwcf,3d_ndhwc_dhwcf}, and a 2-D
// convolution with one input feature per group (feature_group_count equal
// to the input features) becomes linalg.depthwise_conv_2d_nhwc_hwc (one
// output feature per group) or _hwcm (a channel multiplier); other
// layouts are transposed into those first, as XLA's layout normalization
// does, because the named ops have dedicated tiling and vectorization.
// Everything else (grouped convolutions, more spatial dimensions, element
// types the named ops' casts get wrong) is a linalg.generic over
// (output dims..., window dims..., input feature) in the operands' own
// layouts. Groups split the output feature into (group, feature in group)
// loops: the group picks the lhs feature block (feature_group_count) or
// lhs batch block (batch_group_count) and the kernel's output feature
// block, as the spec's split/concatenate definition says.
//
// As for dot, precision_config is ignored and f16/bf16 results accumulate
// in f32.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "ScalarOps.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// The window attributes with the spec's defaults filled in.
struct Window {
  SmallVector<int64_t> strides, lhsDilation, rhsDilation, padLow, padHigh;
  SmallVector<bool> reversal;
};

Window getWindow(ConvolutionOp op, int64_t numSpatial) {
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> values) {
    return values ? llvm::to_vector(*values)
                  : SmallVector<int64_t>(numSpatial, 1);
  };
  Window w{orOnes(op.getWindowStrides()), orOnes(op.getLhsDilation()),
           orOnes(op.getRhsDilation()),   SmallVector<int64_t>(numSpatial, 0),
           SmallVector<int64_t>(numSpatial, 0), {}};
  if (auto padding = op.getPaddingAttr()) {
    auto values = llvm::to_vector(padding.getValues<int64_t>());
    for (int64_t i = 0; i < numSpatial; ++i) {
      w.padLow[i] = values[2 * i];
      w.padHigh[i] = values[2 * i + 1];
    }
  }
  if (std::optional<ArrayRef<bool>> reversal = op.getWindowReversal())
    w.reversal.assign(reversal->begin(), reversal->end());
  else
    w.reversal.assign(numSpatial, false);
  return w;
}

/// `tensor` with dimensions `dims` reversed.
Value reverseDims(OpBuilder &b, Location loc, Value tensor,
                  ArrayRef<int64_t> dims) {
  auto type = cast<RankedTensorType>(tensor.getType());
  int64_t rank = type.getRank();
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < rank; ++d) {
    AffineExpr e = b.getAffineDimExpr(d);
    exprs.push_back(llvm::is_contained(dims, d)
                        ? b.getAffineConstantExpr(type.getDimSize(d) - 1) - e
                        : e);
  }
  SmallVector<AffineMap> maps{AffineMap::get(rank, 0, exprs, b.getContext()),
                              b.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, type, tensor, emptyTensor(b, loc, type), maps, iterators,
             [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(nested, nestedLoc, args[0]);
             })
      .getResult(0);
}

/// Named-op lowering of a padded, unreversed convolution; null if no named
/// op fits. `accType` is the result type with the accumulator element type.
Value buildNamedConvolution(OpBuilder &b, Location loc, Value lhs, Value rhs,
                            RankedTensorType accType, ConvolutionOp op,
                            const Window &w, linalg::TypeFn castFn) {
  ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
  int64_t numSpatial = dn.getInputSpatialDimensions().size();
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t groups = op.getFeatureGroupCount();
  bool depthwise = numSpatial == 2 && groups > 1 &&
                   groups == lhsType.getDimSize(dn.getInputFeatureDimension()) &&
                   rhsType.getDimSize(dn.getKernelInputFeatureDimension()) == 1;
  // The named convolutions always cast signed.
  if (numSpatial < 1 || numSpatial > 3 || op.getBatchGroupCount() != 1 ||
      (groups != 1 && !depthwise) || castFn != linalg::TypeFn::cast_signed)
    return Value();

  // Canonical layouts: lhs [b, spatial..., f], rhs [spatial..., i, o],
  // result [b, spatial..., f].
  SmallVector<int64_t> lhsPerm{dn.getInputBatchDimension()};
  llvm::append_range(lhsPerm, dn.getInputSpatialDimensions());
  lhsPerm.push_back(dn.getInputFeatureDimension());
  SmallVector<int64_t> rhsPerm(dn.getKernelSpatialDimensions());
  rhsPerm.push_back(dn.getKernelInputFeatureDimension());
  rhsPerm.push_back(dn.getKernelOutputFeatureDimension());
  SmallVector<int64_t> outDims{dn.getOutputBatchDimension()};
  llvm::append_range(outDims, dn.getOutputSpatialDimensions());
  outDims.push_back(dn.getOutputFeatureDimension());
  SmallVector<int64_t> outShape;
  for (int64_t d : outDims)
    outShape.push_back(accType.getDimSize(d));

  lhs = transposeTensor(b, loc, lhs, lhsPerm);
  rhs = transposeTensor(b, loc, rhs, rhsPerm);
  Value zero = emitScalarConstant(b, loc, accType.getElementType(), 0.0);
  Attribute strides = b.getI64TensorAttr(w.strides);
  Attribute dilations = b.getI64TensorAttr(w.rhsDilation);
  Value result;
  auto kernelType = cast<RankedTensorType>(rhs.getType());
  if (depthwise && kernelType.getDimSize(3) == groups) {
    // One output feature per group: kernel [h, w, 1, groups] -> [h, w,
    // groups], and the named op without a multiplier dimension. With a unit
    // multiplier the register tiles would carry a trailing unit dimension
    // that LLVM reassembles a lane at a time (MobileNetV2's kernels held
    // 1300 shuffles each).
    Value kernel = tensor::CollapseShapeOp::create(
        b, loc, rhs, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
    Value init = filledTensor(b, loc, accType.clone(outShape), zero);
    result = linalg::DepthwiseConv2DNhwcHwcOp::create(
                 b, loc, init.getType(), ValueRange{lhs, kernel}, init,
                 strides, dilations)
                 .getResult(0);
  } else if (depthwise) {
    // Kernel [h, w, 1, groups * m] -> [h, w, groups, m]; output feature
    // g * m + j is (g, j) of the named op's [n, h, w, groups, m] result.
    int64_t multiplier = kernelType.getDimSize(3) / groups;
    SmallVector<ReassociationIndices> lastTwo{{0}, {1}, {2, 3}};
    Value flat = tensor::CollapseShapeOp::create(b, loc, rhs, lastTwo);
    rhs = tensor::ExpandShapeOp::create(
        b, loc,
        kernelType.clone({kernelType.getDimSize(0), kernelType.getDimSize(1),
                          groups, multiplier}),
        flat, lastTwo);
    SmallVector<int64_t> splitShape(outShape.begin(), outShape.end() - 1);
    splitShape.append({groups, multiplier});
    Value init = filledTensor(b, loc, accType.clone(splitShape), zero);
    Value conv = linalg::DepthwiseConv2DNhwcHwcmOp::create(
                     b, loc, init.getType(), ValueRange{lhs, rhs}, init,
                     strides, dilations)
                     .getResult(0);
    result = tensor::CollapseShapeOp::create(
        b, loc, conv, SmallVector<ReassociationIndices>{{0}, {1}, {2}, {3, 4}});
  } else {
    Value init = filledTensor(b, loc, accType.clone(outShape), zero);
    Type type = init.getType();
    SmallVector<Value> inputs{lhs, rhs};
    if (numSpatial == 1)
      result = linalg::Conv1DNwcWcfOp::create(b, loc, type, inputs, init,
                                              strides, dilations)
                   .getResult(0);
    else if (numSpatial == 2)
      result = linalg::Conv2DNhwcHwcfOp::create(b, loc, type, inputs, init,
                                                strides, dilations)
                   .getResult(0);
    else
      result = linalg::Conv3DNdhwcDhwcfOp::create(b, loc, type, inputs, init,
                                                  strides, dilations)
                   .getResult(0);
  }
  // Back to the result layout: result dim outDims[i] is canonical dim i.
  SmallVector<int64_t> outPerm(outDims.size());
  for (auto [i, d] : llvm::enumerate(outDims))
    outPerm[d] = i;
  return transposeTensor(b, loc, result, outPerm);
}

/// The general lowering: one linalg.generic in the operands' layouts.
Value buildGenericConvolution(OpBuilder &b, Location loc, Value lhs,
                              Value rhs, RankedTensorType accType,
                              ConvolutionOp op, const Window &w) {
  MLIRContext *context = b.getContext();
  ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
  int64_t numSpatial = dn.getInputSpatialDimensions().size();
  int64_t featureGroups = op.getFeatureGroupCount();
  int64_t batchGroups = op.getBatchGroupCount();
  int64_t groups = std::max(featureGroups, batchGroups);
  int64_t outFeature = dn.getOutputFeatureDimension();
  int64_t outRank = accType.getRank() + (groups > 1 ? 1 : 0);
  auto rhsType = cast<RankedTensorType>(rhs.getType());

  // Loops: the (group-split) output dims, then window dims, then the input
  // feature. Output dim d is loop `outLoop(d)`.
  auto outLoop = [&](int64_t d) {
    return d > outFeature && groups > 1 ? d + 1 : d;
  };
  int64_t numLoops = outRank + numSpatial + 1;
  auto loop = [&](int64_t i) { return getAffineDimExpr(i, context); };
  AffineExpr groupLoop = loop(outFeature);
  AffineExpr featureLoop = loop(outFeature + (groups > 1 ? 1 : 0));
  AffineExpr inFeatureLoop = loop(numLoops - 1);
  int64_t featuresPerGroup = accType.getDimSize(outFeature) / groups;
  int64_t inFeatures = rhsType.getDimSize(dn.getKernelInputFeatureDimension());

  SmallVector<AffineExpr> lhsExprs(accType.getRank()), rhsExprs(rhsType.getRank());
  AffineExpr batch = loop(outLoop(dn.getOutputBatchDimension()));
  if (batchGroups > 1)
    batch = groupLoop * accType.getDimSize(dn.getOutputBatchDimension()) + batch;
  lhsExprs[dn.getInputBatchDimension()] = batch;
  lhsExprs[dn.getInputFeatureDimension()] =
      featureGroups > 1 ? groupLoop * inFeatures + inFeatureLoop
                        : inFeatureLoop;
  for (int64_t i = 0; i < numSpatial; ++i) {
    AffineExpr window = loop(outRank + i);
    lhsExprs[dn.getInputSpatialDimensions()[i]] =
        loop(outLoop(dn.getOutputSpatialDimensions()[i])) * w.strides[i] +
        window * w.rhsDilation[i];
    rhsExprs[dn.getKernelSpatialDimensions()[i]] = window;
  }
  rhsExprs[dn.getKernelInputFeatureDimension()] = inFeatureLoop;
  rhsExprs[dn.getKernelOutputFeatureDimension()] =
      groups > 1 ? groupLoop * featuresPerGroup + featureLoop : featureLoop;

  SmallVector<int64_t> outShape(accType.getShape());
  if (groups > 1) {
    outShape[outFeature] = featuresPerGroup;
    outShape.insert(outShape.begin() + outFeature, groups);
  }
  auto outType = accType.clone(outShape);
  Value zero = emitScalarConstant(b, loc, accType.getElementType(), 0.0);
  Value init = filledTensor(b, loc, outType, zero);
  SmallVector<AffineMap> maps{
      AffineMap::get(numLoops, 0, lhsExprs, context),
      AffineMap::get(numLoops, 0, rhsExprs, context),
      selectDims(context, numLoops,
                 llvm::to_vector(llvm::seq<int64_t>(0, outRank)))};
  SmallVector<utils::IteratorType> iterators(numLoops,
                                             utils::IteratorType::reduction);
  std::fill_n(iterators.begin(), outRank, utils::IteratorType::parallel);
  Type lhsElem = cast<ShapedType>(op.getLhs().getType()).getElementType();
  Type rhsElem = cast<ShapedType>(op.getRhs().getType()).getElementType();
  Type accElem = accumulatorType(
      cast<ShapedType>(op.getResult().getType()).getElementType());
  Value result =
      linalg::GenericOp::create(
          b, loc, outType, ValueRange{lhs, rhs}, init, maps, iterators,
          [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
            linalg::YieldOp::create(
                nested, nestedLoc,
                emitMultiplyAdd(nested, nestedLoc, args[0], args[1], args[2],
                                lhsElem, rhsElem, accElem));
          })
          .getResult(0);
  if (groups == 1)
    return result;
  SmallVector<ReassociationIndices> merge;
  for (int64_t d = 0; d < accType.getRank(); ++d) {
    if (d == outFeature)
      merge.push_back({d, d + 1});
    else
      merge.push_back({outLoop(d)});
  }
  return tensor::CollapseShapeOp::create(b, loc, accType, result, merge);
}

struct ConvolutionToLinalg : OpConversionPattern<ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    if (!resultType.hasStaticShape() || !lhsType.hasStaticShape() ||
        !rhsType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
    int64_t numSpatial = dn.getInputSpatialDimensions().size();
    Window w = getWindow(op, numSpatial);

    // Padding and lhs dilation: zeros around and between lhs elements.
    int64_t rank = lhsType.getRank();
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
    for (int64_t i = 0; i < numSpatial; ++i) {
      int64_t d = dn.getInputSpatialDimensions()[i];
      low[d] = w.padLow[i];
      high[d] = w.padHigh[i];
      interior[d] = w.lhsDilation[i] - 1;
    }
    Value lhs = adaptor.getLhs();
    auto nonZero = [](int64_t v) { return v != 0; };
    if (llvm::any_of(llvm::concat<int64_t>(low, high, interior), nonZero)) {
      Value zero = emitScalarConstant(
          rewriter, loc, convertElementType(lhsType.getElementType()), 0.0);
      lhs = padTensor(rewriter, loc, lhs, zero, low, high, interior);
    }
    SmallVector<int64_t> reversed;
    for (int64_t i = 0; i < numSpatial; ++i)
      if (w.reversal[i])
        reversed.push_back(dn.getKernelSpatialDimensions()[i]);
    Value rhs = adaptor.getRhs();
    if (!reversed.empty())
      rhs = reverseDims(rewriter, loc, rhs, reversed);

    Type resultElem = resultType.getElementType();
    Type accElem = accumulatorType(resultElem);
    auto accType = RankedTensorType::get(resultType.getShape(),
                                         convertElementType(accElem));
    Value result;
    if (std::optional<linalg::TypeFn> castFn = namedOpCast(
            lhsType.getElementType(), rhsType.getElementType(), accElem))
      result = buildNamedConvolution(rewriter, loc, lhs, rhs, accType, op, w,
                                     *castFn);
    if (!result)
      result = buildGenericConvolution(rewriter, loc, lhs, rhs, accType, op, w);
    if (accElem != resultElem)
      result = convertTensor(rewriter, loc, result, accElem, resultElem);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateConvolutionToLinalgPatterns(MLIRContext *context,
                                         const TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<ConvolutionToLinalg>(converter, context);
}

} // namespace xla::hlo::detail
