//===- HLOLegalizeToLinalg.cpp - the hlo -> linalg conversion pass --------===//
//
// Drives the per-family patterns with the dialect-conversion framework. The
// lowerability check runs first and is derived from the same pattern set,
// so what it accepts and what the conversion handles cannot drift apart.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Conversion/Passes.h"
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
  detail::populateControlFlowToScfPatterns(context, typeConverter, patterns);
}

void xla::hlo::configureHLOToLinalgTarget(ConversionTarget &target,
                                          const TypeConverter &typeConverter) {
  target.addIllegalDialect<HLODialect>();
  target.markUnknownOpDynamicallyLegal(
      [&typeConverter](Operation *op) {
        if (auto func = dyn_cast<FunctionOpInterface>(op))
          return typeConverter.isSignatureLegal(
                     cast<FunctionType>(func.getFunctionType())) &&
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
    bool isHlo = isa<HLODialect>(op->getDialect());
    if (isHlo && !supported.contains(op->getName().getStringRef())) {
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
      if (!bad)
        return;
      os << "op '" << op->getName() << "' uses unsupported type '" << *bad
         << "'";
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
