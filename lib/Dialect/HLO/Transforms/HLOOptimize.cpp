//===- HLOOptimize.cpp - simplify, fold, CSE and DCE to a fixed point -----===//
//
// The simplification and folding patterns run in one greedy driver, so a
// fold that produces a 1 lets `x * 1` go and the other way round; CSE runs
// between rounds because merging two ops can expose more (select(p, a, b)
// with a and b the same). Neither the patterns nor CSE touch ops with side
// effects: check ops write the runtime's failure log, and custom calls with
// has_side_effect read and write memory, so they are never dead and never
// merged.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla::hlo {
#define GEN_PASS_DEF_HLOOPTIMIZEPASS
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace xla::hlo

using namespace mlir;
using namespace xla::hlo;

namespace {

struct HLOOptimizePass : xla::hlo::impl::HLOOptimizePassBase<HLOOptimizePass> {
  using HLOOptimizePassBase::HLOOptimizePassBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    if (simplify)
      populateHLOSimplifyPatterns(set);
    if (foldConstants)
      populateHLOConstantFoldPatterns(set, foldLimit);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    Operation *op = getOperation();
    // The driver erases dead ops as it goes, so it runs for `dce` alone too
    // (with no patterns: a sweep of dead ops).
    bool rewrite = simplify || foldConstants || dce;
    GreedyRewriteConfig config;
    config.enableConstantCSE(cse);
    for (int64_t round = 0; round < std::max<int64_t>(maxRounds, 1);
         ++round) {
      bool merged = false;
      // A driver that stops short of its fixed point (iteration limit) has
      // still only made correct rewrites, so that is not an error.
      if (rewrite)
        (void)applyPatternsGreedily(op, patterns, config);
      if (cse) {
        IRRewriter rewriter(op->getContext());
        DominanceInfo dominance(op);
        eliminateCommonSubExpressions(rewriter, dominance, op, &merged);
      }
      // Rewrites already ran to their fixed point; only merges by CSE can
      // expose new ones.
      if (!merged)
        break;
    }
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
