//===- TypeConversion.cpp - hlo types to codegen types --------------------===//
//
// Codegen (arith, linalg, LLVM) only knows signless integers, so `uiN`
// becomes `iN` and the unsigned semantics move into the choice of ops. The
// generic retyping patterns here handle ops that merely carry such types:
// functions, calls, returns, casts and region-free ops of other dialects.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

Type xla::hlo::convertElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type);
      intType && !intType.isSignless())
    return IntegerType::get(type.getContext(), intType.getWidth());
  return type;
}

xla::hlo::HLOTypeConverter::HLOTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](IntegerType type) { return convertElementType(type); });
  addConversion([](RankedTensorType type) -> Type {
    return type.clone(convertElementType(type.getElementType()));
  });
  addConversion([](UnrankedTensorType type) -> Type {
    return UnrankedTensorType::get(convertElementType(type.getElementType()));
  });
  addConversion([](MemRefType type) -> Type {
    return type.clone(convertElementType(type.getElementType()));
  });
  auto materialize = [](OpBuilder &builder, Type type, ValueRange inputs,
                        Location loc) -> Value {
    if (inputs.size() != 1)
      return Value();
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(materialize);
  addTargetMaterialization(materialize);
}

namespace {

/// Clones a region-free op with converted operand and result types. Covers
/// tensor.cast, bufferization and other helper ops emitted ahead of the hlo
/// lowering (e.g. by check-to-runtime) on unsigned types.
struct RetypeRegionFreeOp : ConversionPattern {
  RetypeRegionFreeOp(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumRegions() != 0 || isa<func::CallOp, func::ReturnOp>(op) ||
        op->getDialect()->getNamespace() == "hlo")
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs(), op->getSuccessors());
    Operation *clone = rewriter.create(state);
    rewriter.replaceOp(op, clone->getResults());
    return success();
  }
};

} // namespace

void xla::hlo::detail::populateTypeRetypingPatterns(
    MLIRContext *context, const TypeConverter &converter,
    RewritePatternSet &patterns) {
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 converter);
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
  patterns.add<RetypeRegionFreeOp>(converter, context);
}
