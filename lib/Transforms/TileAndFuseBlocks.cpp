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
#include "VectorizeContraction.h"
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
#include "mlir/Dialect/Utils/IndexingUtils.h"
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
                                 ArrayRef<int64_t> sizes,
                                 ArrayRef<int64_t> interchange) {
  Block *block = root->getBlock();
  // Contractions whose rhs is to be read through a transposed copy get it
  // now, so that the copy is an operand producer, made whole.
  for (Operation *op : xla::blockChain(root)) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    // The root itself is never rewritten here (it is what is tiled).
    if (!linalgOp || !op->removeAttr(xla::kBlockRelayoutRhsAttr) ||
        op == root.getOperation())
      continue;
    rewriter.setInsertionPoint(op);
    if (failed(xla::relayoutContractionRhs(rewriter, linalgOp)))
      return op->emitError("xla.block_relayout_rhs: the rhs cannot be "
                           "relaid out");
  }
  // The ops that feed the root within its block are fused or, if they do
  // not vary along the tiles, stay where they are; a fused producer that
  // something else reads (a result of the kernel) is also yielded whole.
  // What computes a contraction's inputs stays before the loop (each block
  // would recompute its slice of it).
  llvm::SetVector<Operation *> feeding = xla::blockChain(root);
  llvm::SetVector<Operation *> operandProducers =
      xla::contractionOperandProducers(feeding);

  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(getAsIndexOpFoldResult(rewriter.getContext(), sizes));
  if (!interchange.empty())
    tiling.setInterchange(interchange);
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp slice, OpResult producer, bool destination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        // A slice of all of the producer: fusing it would compute the whole
        // producer once per block.
        if (producer.getOwner()->getBlock() != block ||
            operandProducers.contains(producer.getOwner()) ||
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
  // Copies of ops fused into the blocks keep their attributes; marks of
  // block fusion on them (written by hand: the strategy marks one root per
  // kernel) would make blocks within blocks.
  loop->walk([](Operation *op) {
    op->removeAttr(kBlockTilesAttr);
    op->removeAttr(xla::kBlockInterchangeAttr);
    op->removeAttr(xla::kBlockRelayoutRhsAttr);
  });
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
      return !loop->isAncestor(use.getOwner());
    });
  // An elementwise op outside the loop that reads a value the loop yields
  // (an output fusion's pre-activation, returned for the backward pass,
  // which elementwise fusion copied out of the epilogue) is fused into the
  // loop as a consumer: it reads the value in the block instead of from
  // memory. Where upstream refuses, it stays after the loop.
  SmallVector<LoopLikeOpInterface> loops;
  for (Operation *op : fused->loops)
    loops.push_back(cast<LoopLikeOpInterface>(op));
  llvm::SetVector<Operation *> consumers;
  for (Operation *user : loop->getUsers()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    // The originals of the fused ops (the root among them) read the
    // loop's results until they are erased below.
    if (linalgOp && user->getBlock() == block && !feeding.contains(user) &&
        linalgOp.hasPureTensorSemantics() &&
        linalgOp.getNumParallelLoops() == linalgOp.getNumLoops())
      consumers.insert(user);
  }
  for (Operation *consumer : consumers)
    (void)scf::tileAndFuseConsumer(rewriter, consumer, loops);
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
    // One root at a time, found anew: making a root's blocks may fuse (and
    // erase) another op that was marked as a root by hand, or rewrite it.
    auto nextRoot = [&]() {
      TilingInterface found;
      getOperation().walk([&](TilingInterface op) {
        if (!op->hasAttr(kBlockTilesAttr))
          return WalkResult::advance();
        found = op;
        return WalkResult::interrupt();
      });
      return found;
    };
    IRRewriter rewriter(&getContext());
    bool any = false;
    while (TilingInterface root = nextRoot()) {
      any = true;
      auto sizes = root->getAttrOfType<DenseI64ArrayAttr>(kBlockTilesAttr);
      auto order =
          root->getAttrOfType<DenseI64ArrayAttr>(xla::kBlockInterchangeAttr);
      root->removeAttr(kBlockTilesAttr);
      root->removeAttr(xla::kBlockInterchangeAttr);
      int64_t numLoops = root.getLoopIteratorTypes().size();
      if (!sizes || sizes.size() != numLoops) {
        root->emitError("xla.block_tiles: expected one size per loop (")
            << numLoops << ")";
        return signalPassFailure();
      }
      if (order && (order.size() != numLoops ||
                    !isPermutationVector(order.asArrayRef()))) {
        root->emitError("xla.block_interchange: expected a permutation of the ")
            << numLoops << " loops";
        return signalPassFailure();
      }
      if (failed(tileAndFuse(rewriter, root, sizes.asArrayRef(),
                             order ? order.asArrayRef() : ArrayRef<int64_t>())))
        return signalPassFailure();
    }
    if (!any)
      return;
    // The slices the fusion made (offsets as constants, not attributes,
    // after a reshape) in canonical form, so that CSE sees equal ones.
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    // A loop result that nobody reads any more (the product, once its
    // other reader is fused as a consumer) is dropped.
    scf::ForallOp::getCanonicalizationPatterns(patterns, context);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
    // Two consumers of one producer fuse a copy of it each (softmax's
    // exponentials feed both the sum and the division).
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
  }
};

} // namespace
