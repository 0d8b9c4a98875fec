//===- LowerMathToLibm.cpp - libm for what LLVM expands poorly ------------===//
//
// See Passes.td (xla-lower-math-to-libm).
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_PRECISEMATHTOLIBMPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct PreciseMathToLibmPass
    : xla::impl::PreciseMathToLibmPassBase<PreciseMathToLibmPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateMathToLibmConversionPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    // The upstream patterns cover every libm function; applying them only
    // to the selected ops keeps exp, log, sqrt, ... on LLVM intrinsics.
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (remaining ? isa<math::MathDialect>(op->getDialect())
                    : isa<math::ExpM1Op, math::Log1pOp, math::TanOp,
                          math::TanhOp, math::SinhOp, math::CoshOp,
                          math::AsinOp, math::AcosOp, math::AtanOp,
                          math::Atan2Op, math::AsinhOp, math::AcoshOp,
                          math::AtanhOp, math::CbrtOp, math::ErfOp,
                          math::ErfcOp>(op))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    GreedyRewriteConfig config;
    // Vector ops are unrolled into scalar ops first; those new ops must be
    // converted too.
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    if (failed(applyOpPatternsGreedily(ops, patterns, config)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
