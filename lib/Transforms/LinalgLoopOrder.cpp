//===- LinalgLoopOrder.cpp - unit-stride innermost loops ------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace xla {
#define GEN_PASS_DEF_LINALGLOOPORDERPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// The loop that indexes the contiguous (last) dimension of the most
/// operands, or nullopt when the current innermost loop is as good.
static std::optional<unsigned> bestInnermostLoop(linalg::LinalgOp op) {
  unsigned numLoops = op.getNumLoops();
  if (numLoops < 2)
    return std::nullopt;
  SmallVector<unsigned> score(numLoops, 0);
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<ShapedType>(operand.get().getType());
    if (!type || type.getRank() == 0 || type.getShape().back() == 1)
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (auto dim = dyn_cast<AffineDimExpr>(map.getResults().back()))
      ++score[dim.getPosition()];
  }
  unsigned best = numLoops - 1;
  for (unsigned d = 0; d < numLoops; ++d)
    if (score[d] > score[best])
      best = d;
  if (best == numLoops - 1)
    return std::nullopt;
  return best;
}

namespace {

struct LinalgLoopOrderPass
    : xla::impl::LinalgLoopOrderPassBase<LinalgLoopOrderPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> candidates;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (op.getNumReductionLoops() > 0 && bestInnermostLoop(op))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      unsigned innermost = *bestInnermostLoop(op);
      rewriter.setInsertionPoint(op);
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized))
          continue;
        generic = *generalized;
      }
      SmallVector<unsigned> order;
      for (unsigned d = 0, e = generic.getNumLoops(); d < e; ++d)
        if (d != innermost)
          order.push_back(d);
      order.push_back(innermost);
      (void)linalg::interchangeGenericOp(rewriter, generic, order);
    }
  }
};

} // namespace
