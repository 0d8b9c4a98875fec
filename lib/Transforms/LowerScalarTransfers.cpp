//===- LowerScalarTransfers.cpp - 0-D transfers as loads and stores -------===//
//
// See Passes.td. Upstream lowers a 0-D transfer to a `vector.load` or
// `vector.store` only when the memref's innermost stride is 1, and the
// LLVM conversion has no pattern for the rest; a broadcast read of one
// element of a strided view (a slice of a row, collapsed) would reach the
// LLVM translation as a cast it cannot translate.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_LOWERSCALARTRANSFERSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// An unmasked 0-D transfer on a memref: it reads or writes exactly the
/// element at its indices (a 0-D transfer has no out-of-bounds lane).
template <typename TransferOp>
bool isScalarMemrefTransfer(TransferOp op) {
  return op.getVectorType().getRank() == 0 && !op.getMask() &&
         isa<MemRefType>(op.getBase().getType());
}

struct ScalarRead : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp op,
                                PatternRewriter &rewriter) const override {
    if (!isScalarMemrefTransfer(op))
      return failure();
    Value element = memref::LoadOp::create(rewriter, op.getLoc(), op.getBase(),
                                           op.getIndices());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, op.getVectorType(),
                                                     element);
    return success();
  }
};

struct ScalarWrite : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp op,
                                PatternRewriter &rewriter) const override {
    if (!isScalarMemrefTransfer(op))
      return failure();
    Value element = vector::ExtractOp::create(rewriter, op.getLoc(),
                                              op.getVector(),
                                              ArrayRef<int64_t>{});
    rewriter.replaceOpWithNewOp<memref::StoreOp>(op, element, op.getBase(),
                                                 op.getIndices());
    return success();
  }
};

struct LowerScalarTransfersPass
    : xla::impl::LowerScalarTransfersPassBase<LowerScalarTransfersPass> {
  void runOnOperation() override {
    // Only the 0-D transfers, a handful in a kernel of thousands of ops:
    // a greedy walk of every function would cost more than they do.
    SmallVector<Operation *> transfers;
    getOperation()->walk([&](VectorTransferOpInterface op) {
      if (op.getVectorType().getRank() == 0)
        transfers.push_back(op);
    });
    if (transfers.empty())
      return;
    RewritePatternSet patterns(&getContext());
    xla::populateLowerScalarTransfersPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyOpPatternsGreedily(transfers, std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

void xla::populateLowerScalarTransfersPatterns(RewritePatternSet &patterns) {
  patterns.add<ScalarRead, ScalarWrite>(patterns.getContext());
}
