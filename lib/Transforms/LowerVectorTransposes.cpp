//===- LowerVectorTransposes.cpp - 16x16 transposes as shuffles -----------===//
//
// See Passes.td. Only the transposes that exist when the pass starts are
// rewritten (strict greedy driver), so the extracts and shuffles the
// lowering creates are not lowered again, and transposes of other shapes
// keep the default lowering.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_LOWERVECTORTRANSPOSESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// Whether upstream's Shuffle16x16 lowering applies: a 2-D transpose of
/// 16x16 elements of 32 bits once unit dimensions are dropped. (For other
/// shapes that lowering falls back to one flat shuffle of the whole tile.)
bool is16x16Transpose(vector::TransposeOp op) {
  VectorType type = op.getSourceVectorType();
  if (type.isScalable() || !type.getElementType().isIntOrFloat() ||
      type.getElementTypeBitWidth() != 32)
    return false;
  SmallVector<int64_t> shape;
  for (int64_t size : type.getShape())
    if (size != 1)
      shape.push_back(size);
  return shape == SmallVector<int64_t>{16, 16};
}

struct LowerVectorTransposesPass
    : xla::impl::LowerVectorTransposesPassBase<LowerVectorTransposesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> targets;
    getOperation()->walk([&](vector::TransposeOp op) {
      if (is16x16Transpose(op))
        targets.push_back(op);
    });
    if (targets.empty())
      return;
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::Shuffle16x16);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(targets, std::move(patterns), config);
  }
};

} // namespace
