//===- Pointwise.cpp - elementwise hlo ops to linalg.generic --------------===//
//
// Every elementwise op (`xla::hlo::isElementwise`, derived from the ops'
// traits) becomes one parallel linalg.generic whose body is the op's entry
// in the scalar lowering table (ScalarOps.h). linalg.generic rather than the named
// elementwise ops: the named ops do not carry integer signedness and the
// elementwise fusion pass works on generics. 0-d operands of clamp and
// select broadcast through a constant indexing map.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// Lowers every elementwise hlo op (`isElementwise`: the ops with the
/// `Elementwise` or `ElementwiseBroadcastingScalars` trait) to a
/// linalg.generic. One instance per trait; which ops exist is the dialect's
/// business, what they compute is the scalar lowering table's.
struct PointwiseToGeneric : ConversionPattern {
  PointwiseToGeneric(TypeID trait, const TypeConverter &converter,
                     MLIRContext *context)
      : ConversionPattern(converter, Pattern::MatchTraitOpTypeTag(), trait,
                          /*benefit=*/1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isElementwise(op))
      return failure();
    return lowerPointwise(op, operands, *getTypeConverter(), rewriter);
  }
};

} // namespace

LogicalResult lowerPointwise(Operation *op, ValueRange operands,
                             const TypeConverter &converter,
                             ConversionPatternRewriter &rewriter) {
  if (op->getNumResults() != 1)
    return failure();
  auto hloResultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!hloResultType || !hloResultType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "needs a static result shape");
  auto resultType = cast<RankedTensorType>(
      converter.convertType(hloResultType));
  Location loc = op->getLoc();
  int64_t rank = resultType.getRank();

  SmallVector<AffineMap> maps;
  SmallVector<Type> operandTypes;
  for (Value hloOperand : op->getOperands()) {
    auto type = cast<RankedTensorType>(hloOperand.getType());
    operandTypes.push_back(type.getElementType());
    maps.push_back(type.getRank() == rank
                       ? rewriter.getMultiDimIdentityMap(rank)
                       : AffineMap::get(rank, 0, rewriter.getContext()));
  }
  maps.push_back(rewriter.getMultiDimIdentityMap(rank));
  Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                       resultType.getElementType());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(rewriter, loc, resultType,
                                           operands, init, maps, iterators);
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  for (Value v : operands) {
    argTypes.push_back(cast<ShapedType>(v.getType()).getElementType());
    argLocs.push_back(loc);
  }
  argTypes.push_back(resultType.getElementType());
  argLocs.push_back(loc);
  Block *body = rewriter.createBlock(&generic.getRegion(), {}, argTypes,
                                     argLocs);
  rewriter.setInsertionPointToStart(body);
  Value scalar =
      emitScalarOp(rewriter, loc, op, operandTypes,
                   hloResultType.getElementType(),
                   body->getArguments().drop_back());
  if (!scalar) {
    rewriter.eraseOp(generic);
    return rewriter.notifyMatchFailure(op, "unsupported element type");
  }
  linalg::YieldOp::create(rewriter, loc, scalar);
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

namespace {

/// hlo.constant -> arith.constant with the codegen element type.
struct ConstantToArith : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return failure();
    auto value = op.getValue();
    if (value.getType() == type) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
      return success();
    }
    auto dense = dyn_cast<DenseElementsAttr>(value);
    if (!dense)
      return rewriter.notifyMatchFailure(op, "non-dense unsigned constant");
    // Unsigned -> signless of the same width: the bits are unchanged.
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, dense.bitcast(type.getElementType()));
    return success();
  }
};

} // namespace

void populatePointwiseToLinalgPatterns(MLIRContext *context,
                                       const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<ConstantToArith>(converter, context);
  patterns.add<PointwiseToGeneric>(TypeID::get<OpTrait::Elementwise>(),
                                   converter, context);
  patterns.add<PointwiseToGeneric>(
      TypeID::get<xla::hlo::traits::ElementwiseBroadcastingScalars>(),
      converter, context);
}

} // namespace xla::hlo::detail
