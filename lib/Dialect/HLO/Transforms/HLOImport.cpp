//===- HLOImport.cpp - finish importing StableHLO/CHLO text ---------------===//

#include "xla-mlir/Dialect/Check/IR/Check.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCompatDialects.h"
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace xla::hlo {
#define GEN_PASS_DEF_HLOIMPORTPASS
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace xla::hlo

using namespace mlir;
using namespace xla;
using namespace xla::hlo;

/// Recreates the unknown op `op` of a compat namespace as `hloOp`. Inherent
/// attributes, whether written as `<{...}>` properties or in the attribute
/// dictionary, end up in the new op's properties.
static Operation *renameOp(Operation *op, RegisteredOperationName hloOp) {
  OperationState state(op->getLoc(), hloOp);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  state.addSuccessors(op->getSuccessors());
  for (Region &region : op->getRegions())
    state.addRegion()->takeBody(region);

  NamedAttrList attrs(op->getRawDictionaryAttrs());
  if (auto props = dyn_cast_or_null<DictionaryAttr>(
          op->getPropertiesAsAttribute()))
    for (NamedAttribute attr : props)
      attrs.set(attr.getName(), attr.getValue());

  OpBuilder builder(op);
  Operation *newOp = builder.create(state);
  newOp->setAttrs(attrs.getDictionary(op->getContext()));
  op->replaceAllUsesWith(newOp->getResults());
  op->erase();
  return newOp;
}

namespace {

/// `custom_call @check.X(%actual, %expected)` as JAX-generated tests write
/// it. Tolerances are those of the StableHLO reference interpreter.
struct CheckCustomCallToCheckOp : OpRewritePattern<CustomCallOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CustomCallOp op,
                                PatternRewriter &rewriter) const override {
    StringRef target = op.getCallTargetName();
    if (!target.starts_with("check.") || op.getNumOperands() != 2 ||
        op.getNumResults() != 0)
      return failure();
    Value actual = op.getOperand(0), expected = op.getOperand(1);
    if (actual.getType() != expected.getType())
      return rewriter.notifyMatchFailure(op, "operand types differ");
    Location loc = op.getLoc();
    if (target == "check.expect_eq") {
      check::ExpectEqOp::create(rewriter, loc, actual, expected);
    } else if (target == "check.expect_almost_eq") {
      check::ExpectAlmostEqOp::create(rewriter, loc, actual, expected,
                                      rewriter.getF64FloatAttr(1e-3));
    } else if (target == "check.expect_close") {
      check::ExpectCloseOp::create(rewriter, loc, actual, expected,
                                   rewriter.getI64IntegerAttr(3),
                                   rewriter.getI64IntegerAttr(0));
    } else {
      return rewriter.notifyMatchFailure(op, "unknown check");
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct HLOImportPass : xla::hlo::impl::HLOImportPassBase<HLOImportPass> {
  void runOnOperation() override {
    // Post-order, so nested ops are renamed before their parent's regions
    // are moved.
    // The dialect is looked up by namespace: an unknown op's name may have
    // been created before its dialect was loaded.
    MLIRContext *ctx = &getContext();
    auto compatDialectOf = [&](Operation *op) {
      return CompatDialectBase::get(
          ctx->getLoadedDialect(op->getName().getDialectNamespace()));
    };
    SmallVector<Operation *> unknown;
    getOperation()->walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (!op->isRegistered() && compatDialectOf(op))
        unknown.push_back(op);
    });
    bool failed = false;
    for (Operation *op : unknown) {
      CompatDialectBase *compat = compatDialectOf(op);
      std::optional<RegisteredOperationName> hloOp =
          compat->lookupHloOp(op->getName().getStringRef());
      if (!hloOp) {
        op->emitError() << "unknown op '" << op->getName()
                        << "': it has no counterpart in the hlo dialect";
        failed = true;
        continue;
      }
      renameOp(op, *hloOp);
    }
    if (failed)
      return signalPassFailure();
    // The renamed ops were never verified (the parser does not verify ops
    // it does not know): a generic-form op missing a required attribute
    // must stop here, before anything reads it.
    if (!unknown.empty() && mlir::failed(mlir::verify(getOperation())))
      return signalPassFailure();

    // A single walk: no folding or dead-code removal, so the imported
    // program is exactly what was written.
    RewritePatternSet patterns(&getContext());
    populateCheckCustomCallPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void xla::hlo::populateCheckCustomCallPatterns(RewritePatternSet &patterns) {
  patterns.add<CheckCustomCallToCheckOp>(patterns.getContext());
}
