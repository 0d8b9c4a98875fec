//===- BatchNorm.cpp - batch_norm_* to linalg -----------------------------===//
//
// The batch_norm ops are decomposed as the spec defines them, directly into
// linalg.generic ops: per-feature statistics are reductions into 1-D
// tensors over every dimension but `feature_index`, and the normalizations
// are parallel generics that read the 1-D tensors through a
// (d0, ..., dN) -> (d_feature) map. Arithmetic is in the operand's element
// type, as in XLA's batch-norm expander.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "ScalarOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

using BodyFn = function_ref<SmallVector<Value>(OpBuilder &, ValueRange)>;

/// Builds linalg.generic ops over the iteration space of a batch_norm
/// operand of type `type`, whose feature dimension is `feature`.
struct FeatureGenerics {
  OpBuilder &b;
  Location loc;
  RankedTensorType type;
  int64_t feature;

  AffineMap map(Value v) const {
    int64_t rank = type.getRank();
    if (cast<ShapedType>(v.getType()).getRank() == rank)
      return b.getMultiDimIdentityMap(rank);
    return selectDims(b.getContext(), rank, feature);
  }

  /// `results` outputs of the operand's shape, each element computed by
  /// `body` from the elements of `inputs` (full or per-feature).
  SmallVector<Value> elementwise(ValueRange inputs, int64_t results,
                                 BodyFn body) const {
    SmallVector<Value> inits;
    for (int64_t i = 0; i < results; ++i)
      inits.push_back(emptyTensor(b, loc, type));
    return build(inputs, inits, /*reduce=*/false, body);
  }

  /// `results` per-feature sums (1-D, zero-initialized); `body` gets the
  /// input elements and the accumulators and returns the new accumulators.
  SmallVector<Value> reduce(ValueRange inputs, int64_t results,
                            BodyFn body) const {
    auto vectorType =
        RankedTensorType::get({type.getDimSize(feature)}, type.getElementType());
    Value zero = emitScalarConstant(b, loc, type.getElementType(), 0.0);
    // One accumulator tensor each: outputs sharing an init would force
    // bufferization to copy it.
    SmallVector<Value> inits;
    for (int64_t i = 0; i < results; ++i)
      inits.push_back(filledTensor(b, loc, vectorType, zero));
    return build(inputs, inits, /*reduce=*/true, body);
  }

  /// Number of elements per feature, as a scalar of the element type.
  Value count() const {
    return emitScalarConstant(b, loc, type.getElementType(),
                              static_cast<double>(type.getNumElements() /
                                                  type.getDimSize(feature)));
  }

private:
  SmallVector<Value> build(ValueRange inputs, ArrayRef<Value> inits,
                           bool reduce, BodyFn body) const {
    SmallVector<AffineMap> maps;
    for (Value v : llvm::concat<const Value>(inputs, inits))
      maps.push_back(map(v));
    SmallVector<utils::IteratorType> iterators(
        type.getRank(), reduce ? utils::IteratorType::reduction
                               : utils::IteratorType::parallel);
    iterators[feature] = utils::IteratorType::parallel;
    SmallVector<Type> resultTypes;
    for (Value init : inits)
      resultTypes.push_back(init.getType());
    auto generic = linalg::GenericOp::create(
        b, loc, resultTypes, inputs, inits, maps, iterators,
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          linalg::YieldOp::create(nested, nestedLoc, body(nested, args));
        });
    return generic.getResults();
  }
};

/// Scalar helpers on one element type.
struct Arith {
  OpBuilder &b;
  Location loc;
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value sqrt(Value x) { return math::SqrtOp::create(b, loc, x); }
  Value constant(Type type, double v) {
    return emitScalarConstant(b, loc, type, v);
  }
};

/// scale * (x - mean) / sqrt(variance + epsilon) + offset.
Value normalize(OpBuilder &b, Location loc, Value x, Value scale,
                Value offset, Value mean, Value variance, double epsilon) {
  Arith a{b, loc};
  Value stddev =
      a.sqrt(a.add(variance, a.constant(x.getType(), epsilon)));
  return a.add(a.mul(scale, a.div(a.sub(x, mean), stddev)), offset);
}

SmallVector<Value> lower(BatchNormInferenceOp,
                         BatchNormInferenceOp::Adaptor adaptor,
                         const FeatureGenerics &g, double epsilon) {
  return g.elementwise(
      {adaptor.getOperand(), adaptor.getScale(), adaptor.getOffset(),
       adaptor.getMean(), adaptor.getVariance()},
      1, [&](OpBuilder &b, ValueRange args) -> SmallVector<Value> {
        return {normalize(b, g.loc, args[0], args[1], args[2], args[3],
                          args[4], epsilon)};
      });
}

SmallVector<Value> lower(BatchNormTrainingOp,
                         BatchNormTrainingOp::Adaptor adaptor,
                         const FeatureGenerics &g, double epsilon) {
  Location loc = g.loc;
  Value count = g.count();
  Value x = adaptor.getOperand();
  // mean = sum(x) / N, then variance = sum((x - mean)^2) / N.
  Value sum = g.reduce(x, 1, [&](OpBuilder &b, ValueRange args) {
    return SmallVector<Value>{Arith{b, loc}.add(args[1], args[0])};
  })[0];
  Value sumOfSquares =
      g.reduce({x, sum}, 1, [&](OpBuilder &b, ValueRange args) {
        Arith a{b, loc};
        Value centered = a.sub(args[0], a.div(args[1], count));
        return SmallVector<Value>{a.add(args[2], a.mul(centered, centered))};
      })[0];
  FeatureGenerics vectors{g.b, loc, cast<RankedTensorType>(sum.getType()), 0};
  SmallVector<Value> stats = vectors.elementwise(
      {sum, sumOfSquares}, 2, [&](OpBuilder &b, ValueRange args) {
        Arith a{b, loc};
        return SmallVector<Value>{a.div(args[0], count),
                                  a.div(args[1], count)};
      });
  Value output =
      g.elementwise(
          {x, adaptor.getScale(), adaptor.getOffset(), stats[0], stats[1]}, 1,
          [&](OpBuilder &b, ValueRange args) -> SmallVector<Value> {
            return {normalize(b, loc, args[0], args[1], args[2], args[3],
                              args[4], epsilon)};
          })[0];
  return {output, stats[0], stats[1]};
}

/// The spec's formulas (from XLA's batch-norm expander), with N the number
/// of elements per feature:
///   grad_operand = scale / stddev / N
///                  * (N * dy - sum(dy) - centered * sum(dy * centered)
///                                        / (variance + epsilon))
///   grad_scale = sum(dy * centered / stddev), grad_offset = sum(dy).
SmallVector<Value> lower(BatchNormGradOp, BatchNormGradOp::Adaptor adaptor,
                         const FeatureGenerics &g, double epsilon) {
  Location loc = g.loc;
  Value count = g.count();
  Value x = adaptor.getOperand(), dy = adaptor.getGradOutput();
  Value mean = adaptor.getMean(), variance = adaptor.getVariance();
  // args: x, dy, mean, variance, then the accumulators.
  SmallVector<Value> sums = g.reduce(
      {x, dy, mean, variance}, 3, [&](OpBuilder &b, ValueRange args) {
        Arith a{b, loc};
        Value centered = a.sub(args[0], args[2]);
        Value stddev =
            a.sqrt(a.add(args[3], a.constant(centered.getType(), epsilon)));
        return SmallVector<Value>{
            a.add(args[4], args[1]), a.add(args[5], a.mul(args[1], centered)),
            a.add(args[6], a.mul(args[1], a.div(centered, stddev)))};
      });
  Value gradOperand =
      g.elementwise(
          {x, dy, adaptor.getScale(), mean, variance, sums[0], sums[1]}, 1,
          [&](OpBuilder &b, ValueRange args) {
            Arith a{b, loc};
            Value centered = a.sub(args[0], args[3]);
            Value varianceEps =
                a.add(args[4], a.constant(centered.getType(), epsilon));
            Value i6 = a.sub(a.sub(a.mul(args[1], count), args[5]),
                             a.div(a.mul(args[6], centered), varianceEps));
            Value factor = a.div(a.div(args[2], a.sqrt(varianceEps)), count);
            return SmallVector<Value>{a.mul(factor, i6)};
          })[0];
  return {gradOperand, sums[2], sums[0]};
}

template <typename OpTy>
struct BatchNormToLinalg : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    FeatureGenerics g{rewriter, op.getLoc(), type,
                      static_cast<int64_t>(op.getFeatureIndex())};
    rewriter.replaceOp(
        op, lower(op, adaptor, g, op.getEpsilonAttr().getValueAsDouble()));
    return success();
  }
};

} // namespace

void populateBatchNormToLinalgPatterns(MLIRContext *context,
                                       const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<BatchNormToLinalg<BatchNormInferenceOp>,
               BatchNormToLinalg<BatchNormTrainingOp>,
               BatchNormToLinalg<BatchNormGradOp>>(converter, context);
}

} // namespace xla::hlo::detail
