//===- Pointwise.cpp - elementwise hlo ops to linalg.generic --------------===//
//
// Every elementwise op becomes one parallel linalg.generic whose body is the
// op's scalar code (ScalarOps.h). linalg.generic rather than the named
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

/// Lowers an elementwise op to a linalg.generic over its result shape.
struct PointwiseToGeneric : ConversionPattern {
  PointwiseToGeneric(StringRef opName, const TypeConverter &converter,
                     MLIRContext *context)
      : ConversionPattern(converter, opName, /*benefit=*/1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1)
      return failure();
    auto hloResultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!hloResultType || !hloResultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(hloResultType));
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
};

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
  for (StringRef name :
       {AbsOp::getOperationName(), CbrtOp::getOperationName(),
        CeilOp::getOperationName(), FloorOp::getOperationName(),
        ClzOp::getOperationName(), PopulationCountOp::getOperationName(),
        CosineOp::getOperationName(), SineOp::getOperationName(),
        TanOp::getOperationName(), TanhOp::getOperationName(),
        ExpOp::getOperationName(), Expm1Op::getOperationName(),
        LogOp::getOperationName(), Log1pOp::getOperationName(),
        SqrtOp::getOperationName(), RsqrtOp::getOperationName(),
        RoundOp::getOperationName(), RoundNearestEvenOp::getOperationName(),
        LogisticOp::getOperationName(), SignOp::getOperationName(),
        NegOp::getOperationName(), NotOp::getOperationName(),
        RealOp::getOperationName(), ImagOp::getOperationName(),
        IsFiniteOp::getOperationName(), AddOp::getOperationName(),
        SubtractOp::getOperationName(), MulOp::getOperationName(),
        DivOp::getOperationName(), RemOp::getOperationName(),
        PowOp::getOperationName(), Atan2Op::getOperationName(),
        MaxOp::getOperationName(), MinOp::getOperationName(),
        AndOp::getOperationName(), OrOp::getOperationName(),
        XorOp::getOperationName(), ShiftLeftOp::getOperationName(),
        ShiftRightLogicalOp::getOperationName(),
        ShiftRightArithmeticOp::getOperationName(),
        ComplexOp::getOperationName(), ClampOp::getOperationName(),
        SelectOp::getOperationName(), CompareOp::getOperationName(),
        ConvertOp::getOperationName(), ReducePrecisionOp::getOperationName(),
        BitcastConvertOp::getOperationName(), AcosOp::getOperationName(),
        AcoshOp::getOperationName(), AsinOp::getOperationName(),
        AsinhOp::getOperationName(), AtanOp::getOperationName(),
        AtanhOp::getOperationName(), CoshOp::getOperationName(),
        SinhOp::getOperationName(), ErfOp::getOperationName(),
        ErfcOp::getOperationName(), ConjOp::getOperationName(),
        SquareOp::getOperationName(), IsInfOp::getOperationName(),
        IsPosInfOp::getOperationName(), IsNegInfOp::getOperationName(),
        LgammaOp::getOperationName(), DigammaOp::getOperationName(),
        ErfInvOp::getOperationName(), BesselI1eOp::getOperationName(),
        NextAfterOp::getOperationName()})
    patterns.add<PointwiseToGeneric>(name, converter, context);
}

} // namespace xla::hlo::detail
