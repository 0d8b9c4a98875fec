//===- GPULowerSubgroupReductions.cpp - subgroup reductions to shuffles ---===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_GPULOWERSUBGROUPREDUCTIONSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct GPULowerSubgroupReductionsPass
    : xla::impl::GPULowerSubgroupReductionsPassBase<
          GPULowerSubgroupReductionsPass> {
  void runOnOperation() override {
    // NVIDIA warps have 32 lanes; shuffles move 32 bits.
    constexpr unsigned kWarpSize = 32;
    RewritePatternSet patterns(&getContext());
    populateGpuBreakDownSubgroupReducePatterns(patterns, 32);
    populateGpuLowerSubgroupReduceToShufflePatterns(patterns, kWarpSize);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(patterns,
                                                             kWarpSize);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
