//===- HLOLegalizeToLinalg.cpp - the hlo -> linalg conversion pass --------===//
//
// Drives the per-family patterns with the dialect-conversion framework. The
// lowerability check runs first and is derived from the same pattern set
// (which op names have a pattern; elementwise ops by their traits) and the
// same scalar lowering table (which ops have scalar code, and for which
// element types), so what it accepts and what the conversion handles
// cannot drift apart.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarOps.h"
#include "ScalarUtils.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Conversion/Passes.h"
#include "xla-mlir/Dialect/Check/IR/Check.h"
#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSet.h"

namespace xla {
#define GEN_PASS_DEF_HLOCHECKLOWERABLEPASS
#define GEN_PASS_DEF_HLOLEGALIZETOLINALGPASS
#include "xla-mlir/Conversion/Passes.h.inc"
} // namespace xla

using namespace mlir;

void xla::hlo::populateHLOToLinalgConversionPatterns(
    MLIRContext *context, const TypeConverter &typeConverter,
    RewritePatternSet &patterns) {
  detail::populatePointwiseToLinalgPatterns(context, typeConverter, patterns);
  detail::populateBitcastConvertToLinalgPatterns(context, typeConverter,
                                                 patterns);
  detail::populateShapeToLinalgPatterns(context, typeConverter, patterns);
  detail::populateSliceToLinalgPatterns(context, typeConverter, patterns);
  detail::populateGatherToLinalgPatterns(context, typeConverter, patterns);
  detail::populateTypeRetypingPatterns(context, typeConverter, patterns);
  detail::populateScatterToHLOExtPatterns(context, typeConverter, patterns);
  detail::populateSelectAndScatterToHLOExtPatterns(context, typeConverter,
                                                  patterns);
  detail::populateSortToHLOExtPatterns(context, typeConverter, patterns);
  detail::populateTopKToHLOExtPatterns(context, typeConverter, patterns);
  detail::populateFftToHLOExtPatterns(context, typeConverter, patterns);
  detail::populateDotToLinalgPatterns(context, typeConverter, patterns);
  detail::populateReduceToLinalgPatterns(context, typeConverter, patterns);
  detail::populateReduceWindowToLinalgPatterns(context, typeConverter, patterns);
  detail::populateMapToLinalgPatterns(context, typeConverter, patterns);
  detail::populateConvolutionToLinalgPatterns(context, typeConverter, patterns);
  detail::populateBatchNormToLinalgPatterns(context, typeConverter, patterns);
  detail::populateTriangularSolveToLinalgPatterns(context, typeConverter,
                                                  patterns);
  detail::populateControlFlowToScfPatterns(context, typeConverter, patterns);
}

void xla::hlo::configureHLOToLinalgTarget(ConversionTarget &target,
                                          const TypeConverter &typeConverter) {
  target.addIllegalDialect<HLODialect>();
  target.markUnknownOpDynamicallyLegal(
      [&typeConverter](Operation *op) {
        // Any function-like op: an llvm.func's type is no FunctionType.
        if (auto func = dyn_cast<FunctionOpInterface>(op))
          return typeConverter.isLegal(func.getArgumentTypes()) &&
                 typeConverter.isLegal(func.getResultTypes()) &&
                 typeConverter.isLegal(&func.getFunctionBody());
        return typeConverter.isLegal(op);
      });
}

/// Element types the code generator handles. f8/f6/f4 need emulation and
/// quantized types need dequantization; neither exists yet.
static bool isSupportedElementType(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return complexType.getElementType().isF32() ||
           complexType.getElementType().isF64();
  if (auto intType = dyn_cast<IntegerType>(type))
    return llvm::is_contained({1u, 2u, 4u, 8u, 16u, 32u, 64u},
                              intType.getWidth());
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64() ||
         type.isIndex();
}

/// Returns the first unsupported type among `types`, if any.
static std::optional<Type> findUnsupportedType(TypeRange types) {
  for (Type type : types) {
    Type element = type;
    if (auto shaped = dyn_cast<ShapedType>(type)) {
      if (!shaped.hasStaticShape() && isa<RankedTensorType>(type))
        return type;
      element = shaped.getElementType();
    }
    if (isa<IntegerType, FloatType, ComplexType, IndexType>(element) &&
        !isSupportedElementType(element))
      return type;
    if (isa<xla::hlo::TokenType, TupleType>(element))
      return type;
  }
  return std::nullopt;
}

/// Names the element type(s) an op's lowering is chosen by, for messages:
/// "type 'T'", or "types 'A' -> 'B'" for conversions.
static std::string describeElementTypes(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  Type from = getElementTypeOrSelf(op->getOperand(0).getType());
  Type to = getElementTypeOrSelf(op->getResult(0).getType());
  if (isa<xla::hlo::ConvertOp, xla::hlo::BitcastConvertOp>(op) && from != to)
    os << "types '" << from << "' -> '" << to << "'";
  else
    os << "type '" << from << "'";
  return text;
}

/// True if elementwise `op` has scalar code for its element types. Asks the
/// emitter itself: it emits into a detached scratch block whose arguments
/// have the codegen element types, and the block (with whatever was
/// emitted) is destroyed on return.
static bool hasScalarCode(Operation *op) {
  Location loc = op->getLoc();
  Block scratch;
  SmallVector<Type> hloTypes;
  for (Value operand : op->getOperands()) {
    Type type = getElementTypeOrSelf(operand.getType());
    hloTypes.push_back(type);
    scratch.addArgument(xla::hlo::convertElementType(type), loc);
  }
  // Not OpBuilder::atBlockBegin: it takes the context from the block's
  // parent, which a detached block does not have.
  OpBuilder builder(op->getContext());
  builder.setInsertionPointToStart(&scratch);
  return static_cast<bool>(xla::hlo::detail::emitScalarOp(
      builder, loc, op, hloTypes,
      getElementTypeOrSelf(op->getResult(0).getType()),
      scratch.getArguments()));
}

/// True if `op`, which has a pattern, is lowered for its element types.
/// Ops lowered through the scalar lowering table (elementwise ops,
/// bitcast_convert) are the ones whose patterns reject element types the
/// verifier accepts (complex cbrt, lgamma, ...).
static bool supportsElementTypes(Operation *op) {
  namespace detail = xla::hlo::detail;
  // Every width pair of int/float elements (BitcastConvert.cpp).
  if (isa<xla::hlo::BitcastConvertOp>(op))
    return detail::isLowerableBitcast(op);
  if (detail::hasScalarLowering(op) && op->getNumResults() == 1)
    return hasScalarCode(op);
  return true;
}

/// True if some pattern of `patterns` is rooted at `op`: by name, or, for
/// the elementwise patterns rooted at a trait, when the scalar lowering
/// table has an entry for the op (an elementwise op without one, such as
/// polygamma, has no lowering).
static bool hasPattern(Operation *op, const llvm::StringSet<> &names) {
  if (names.contains(op->getName().getStringRef()))
    return true;
  return xla::hlo::isElementwise(op) && xla::hlo::detail::hasScalarLowering(op);
}

/// Ops of other dialects that no stage of the CPU path lowers: unregistered
/// ones and the StableHLO interpreter's test harness (multi-process runs,
/// probes, printing). check ops are lowered by check-lower-to-runtime,
/// everything else is the standard dialects the pipeline handles.
static bool isUnloweredForeignOp(Operation *op) {
  Dialect *dialect = op->getDialect();
  return !dialect || isa<xla::interpreter::InterpreterDialect>(dialect);
}

LogicalResult xla::hlo::checkLowerable(ModuleOp module) {
  MLIRContext *context = module.getContext();
  HLOTypeConverter converter;
  RewritePatternSet patterns(context);
  populateHLOToLinalgConversionPatterns(context, converter, patterns);
  llvm::StringSet<> supported;
  for (const auto &pattern : patterns.getNativePatterns())
    if (std::optional<OperationName> root = pattern->getRootKind())
      supported.insert(root->getStringRef());
  // Terminators of hlo regions are consumed by their parent's pattern.
  supported.insert(ReturnOp::getOperationName());

  struct Problem {
    Operation *op;
    std::string what;
  };
  SmallVector<Problem> problems;
  module.walk([&](Operation *op) {
    std::string what;
    llvm::raw_string_ostream os(what);
    // Types are reported where values are defined: at hlo ops and at
    // function arguments; uses elsewhere (return, call) would only repeat.
    bool isHlo = isa_and_nonnull<HLODialect>(op->getDialect());
    if ((isHlo && !hasPattern(op, supported)) ||
        isUnloweredForeignOp(op)) {
      os << "op '" << op->getName() << "' has no CPU lowering";
    } else if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      std::optional<Type> bad = findUnsupportedType(func.getArgumentTypes());
      if (!bad)
        bad = findUnsupportedType(func.getResultTypes());
      if (!bad)
        return;
      os << "function '" << SymbolTable::getSymbolName(op).getValue()
         << "' has an argument or result of unsupported type '" << *bad
         << "'";
    } else if (isHlo) {
      std::optional<Type> bad = findUnsupportedType(op->getOperandTypes());
      if (!bad)
        bad = findUnsupportedType(op->getResultTypes());
      if (bad)
        os << "op '" << op->getName() << "' uses unsupported type '" << *bad
           << "'";
      else if (!supportsElementTypes(op))
        os << "op '" << op->getName() << "' has no CPU lowering for element "
           << describeElementTypes(op);
      else
        return;
    } else {
      return;
    }
    problems.push_back({op, std::move(what)});
  });
  if (problems.empty())
    return success();
  InFlightDiagnostic diag = module.emitError()
                            << "program uses " << problems.size()
                            << " unsupported op(s) or type(s); nothing was "
                               "lowered";
  for (const Problem &problem : problems)
    diag.attachNote(problem.op->getLoc()) << problem.what;
  return failure();
}

namespace {

struct HLOCheckLowerablePass
    : xla::impl::HLOCheckLowerablePassBase<HLOCheckLowerablePass> {
  void runOnOperation() override {
    if (failed(xla::hlo::checkLowerable(getOperation())))
      signalPassFailure();
  }
};

struct HLOLegalizeToLinalgPass
    : xla::impl::HLOLegalizeToLinalgPassBase<HLOLegalizeToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(xla::hlo::checkLowerable(module)))
      return signalPassFailure();
    MLIRContext *context = &getContext();
    xla::hlo::HLOTypeConverter converter;
    RewritePatternSet patterns(context);
    xla::hlo::populateHLOToLinalgConversionPatterns(context, converter,
                                                    patterns);
    ConversionTarget target(*context);
    xla::hlo::configureHLOToLinalgTarget(target, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
