//===- DecomposePads.cpp - pads as fills and a copy -----------------------===//
//
// Bufferization turns a tensor.pad into a scalar fill of the whole padded
// buffer (a linalg.map over indices, made after tiling) and a memref.copy
// of the source into its interior, which for the strided interior is the
// runtime's element-by-element copy: in convolutional networks, where
// every padded convolution pads its input, that was a fifth of the run
// time (MobileNetV2, 2026-11-23). Rewritten before tiling as linalg ops,
// the copy and the fills get tiling plans like any other op and are
// vectorized and distributed; only the border is filled, so each element
// of the result is written once. Upstream's linalg::DecomposePadOpPattern
// fills the whole result and inserts the source with a tensor.insert_slice,
// which bufferizes to the same memref.copy.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_DECOMPOSEPADSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// tensor.pad with static shapes and a padding value that does not depend
/// on the position -> tensor.empty, a linalg.fill of each border slab and
/// a linalg.copy of the source into the interior, joined by insert_slices
/// (which bufferize in place).
struct DecomposeStaticPad : OpRewritePattern<tensor::PadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::PadOp pad,
                                PatternRewriter &rewriter) const override {
    RankedTensorType sourceType = pad.getSourceType();
    RankedTensorType resultType = pad.getResultType();
    if (!sourceType.hasStaticShape() || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(pad, "dynamic shape");
    Value value = pad.getConstantPaddingValue();
    if (!value)
      return rewriter.notifyMatchFailure(pad, "padding depends on position");
    SmallVector<int64_t> low = llvm::to_vector(pad.getStaticLow());
    if (llvm::any_of(low, ShapedType::isDynamic) ||
        llvm::any_of(pad.getStaticHigh(), ShapedType::isDynamic))
      return rewriter.notifyMatchFailure(pad, "dynamic padding");

    Location loc = pad.getLoc();
    ArrayRef<int64_t> inner = sourceType.getShape();
    ArrayRef<int64_t> outer = resultType.getShape();
    int64_t rank = resultType.getRank();
    SmallVector<OpFoldResult> ones(rank, rewriter.getIndexAttr(1));
    auto index = [&](ArrayRef<int64_t> values) {
      return getAsIndexOpFoldResult(rewriter.getContext(), values);
    };
    Value result = tensor::EmptyOp::create(rewriter, loc, outer,
                                           resultType.getElementType());
    // Fills `sizes` at `offsets` of the result.
    auto fill = [&](ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes) {
      if (llvm::is_contained(sizes, 0))
        return;
      Value slab =
          tensor::ExtractSliceOp::create(rewriter, loc, result, index(offsets),
                                         index(sizes), ones)
              .getResult();
      Value filled =
          linalg::FillOp::create(rewriter, loc, value, slab).getResult(0);
      result = tensor::InsertSliceOp::create(rewriter, loc, filled, result,
                                             index(offsets), index(sizes),
                                             ones);
    };
    // The border as disjoint slabs: along dimension d, the low and high
    // parts, over the interior of the dimensions before d and all of the
    // dimensions after it.
    for (int64_t d = 0; d < rank; ++d) {
      SmallVector<int64_t> offsets(rank, 0), sizes(outer);
      for (int64_t e = 0; e < d; ++e) {
        offsets[e] = low[e];
        sizes[e] = inner[e];
      }
      sizes[d] = low[d];
      fill(offsets, sizes);
      offsets[d] = low[d] + inner[d];
      sizes[d] = outer[d] - offsets[d];
      fill(offsets, sizes);
    }
    Value interior =
        tensor::ExtractSliceOp::create(rewriter, loc, result, index(low),
                                       index(inner), ones)
            .getResult();
    Value copied =
        linalg::CopyOp::create(rewriter, loc, pad.getSource(), interior)
            .getResult(0);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        pad, copied, result, index(low), index(inner), ones);
    return success();
  }
};

struct DecomposePadsPass
    : xla::impl::DecomposePadsPassBase<DecomposePadsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    xla::populateDecomposePadsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace

void xla::populateDecomposePadsPatterns(RewritePatternSet &patterns) {
  patterns.add<DecomposeStaticPad>(patterns.getContext());
}
