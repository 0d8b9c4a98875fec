//===- ApproximateVectorMath.cpp - vector math as polynomials -------------===//
//
// See Passes.td. Only f32 vector ops are rewritten, so a scalar remainder
// loop and every scalar kernel keep libm's results.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_APPROXIMATEVECTORMATHPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct ApproximateVectorMathPass
    : xla::impl::ApproximateVectorMathPassBase<ApproximateVectorMathPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::string> names(ops.begin(), ops.end());
    if (names.empty())
      names.append({"exp", "tanh", "erf", "erfc", "log"});
    // Upstream asks with the full op name ("math.exp").
    auto selected = [&](StringRef name) {
      name.consume_front("math.");
      return llvm::is_contained(names, name.str());
    };
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, selected);
    FrozenRewritePatternSet frozen(std::move(patterns));

    SmallVector<Operation *> targets;
    getOperation()->walk([&](Operation *op) {
      if (op->getDialect() != op->getContext()->getLoadedDialect("math") ||
          !selected(op->getName().stripDialect()) || op->getNumResults() != 1)
        return;
      auto type = dyn_cast<VectorType>(op->getResult(0).getType());
      if (type && type.getElementType().isF32())
        targets.push_back(op);
    });
    if (targets.empty())
      return;
    (void)applyOpPatternsGreedily(targets, frozen);
  }
};

} // namespace
