//===- TileAndFuseBlocks.cpp - one loop over blocks per kernel ------------===//
//
// The mechanism of block fusion (the strategy is xla-plan-kernel-blocks):
// the op marked `xla.block_tiles` is tiled into an scf.forall by those
// sizes, and every producer whose values the tile reads in part is fused
// into the loop body (upstream tile-and-fuse through TilingInterface), so
// that a softmax reads its input once per block of rows and keeps the
// exponentials of the block in cache instead of writing the whole matrix
// to memory between its loop nests.
//
//===----------------------------------------------------------------------===//

#include "BlockFusion.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Utils/Utils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

namespace xla {
#define GEN_PASS_DEF_TILEANDFUSEBLOCKSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

using xla::kBlockTilesAttr;

static LogicalResult tileAndFuse(RewriterBase &rewriter, TilingInterface root,
                                 ArrayRef<int64_t> sizes) {
  // The ops that feed the root within its block are fused or, if they do
  // not vary along the tiles, stay where they are; a fused producer that
  // something else reads (a result of the kernel) is also yielded whole.
  Block *block = root->getBlock();
  llvm::SetVector<Operation *> feeding = xla::blockChain(root);

  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp slice, OpResult producer, bool destination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        // A slice of all of the producer: fusing it would compute the whole
        // producer once per block.
        if (producer.getOwner()->getBlock() != block ||
            tensor::isCastLikeExtractSliceOp(slice))
          return std::nullopt;
        scf::SCFTileAndFuseOptions::ControlFnResult result;
        // The loop's own init (the fill of a reduction) is not yielded:
        // other readers keep the original, which is cheap.
        result.yieldProducerReplacement =
            !destination &&
            llvm::any_of(producer.getUsers(), [&](Operation *user) {
              Operation *ancestor = block->findAncestorOpInBlock(*user);
              return ancestor && !feeding.contains(ancestor) &&
                     !isa<scf::ForallOp>(ancestor);
            });
        return result;
      });
  // Slices of reshaped producers (the partial sums of xla-split-reductions)
  // move above the reshape, so that the producer fuses.
  RewritePatternSet cleanup(rewriter.getContext());
  tensor::populateBubbleUpExtractSliceOpPatterns(cleanup);
  tensor::populateFoldTensorEmptyPatterns(cleanup);
  options.cleanupPatterns = FrozenRewritePatternSet(std::move(cleanup));

  // The root is erased below, with the other originals.
  Location loc = root->getLoc();
  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> fused =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, root, options);
  if (failed(fused))
    return root->emitError("xla.block_tiles: tile-and-fuse failed");
  Operation *loop = fused->loops.front();
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
      return !loop->isAncestor(use.getOwner());
    });
  // The originals of the fused ops, and the slices of them the fusion
  // leaves in the loop, are dead now. The loop sits where the root was;
  // the other readers of a yielded producer (none of which feeds the root)
  // may come before it.
  (void)runRegionDCE(rewriter, *block->getParent());
  if (!sortTopologically(block))
    return emitError(loc, "xla.block_tiles: the fused loop forms a cycle");
  return success();
}

namespace {

struct TileAndFuseBlocksPass
    : xla::impl::TileAndFuseBlocksPassBase<TileAndFuseBlocksPass> {
  void runOnOperation() override {
    SmallVector<TilingInterface> roots;
    getOperation().walk([&](TilingInterface op) {
      if (op->hasAttr(kBlockTilesAttr))
        roots.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (TilingInterface root : roots) {
      auto sizes = root->getAttrOfType<DenseI64ArrayAttr>(kBlockTilesAttr);
      root->removeAttr(kBlockTilesAttr);
      if (!sizes ||
          sizes.size() != static_cast<int64_t>(root.getLoopIteratorTypes().size())) {
        root->emitError("xla.block_tiles: expected one size per loop (")
            << root.getLoopIteratorTypes().size() << ")";
        return signalPassFailure();
      }
      if (failed(tileAndFuse(rewriter, root, sizes.asArrayRef())))
        return signalPassFailure();
    }
    if (roots.empty())
      return;
    // The slices the fusion made (offsets as constants, not attributes,
    // after a reshape) in canonical form, so that CSE sees equal ones.
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
    // Two consumers of one producer fuse a copy of it each (softmax's
    // exponentials feed both the sum and the division).
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
  }
};

} // namespace
