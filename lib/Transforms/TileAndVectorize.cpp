//===- TileAndVectorize.cpp - carry out the xla.tiling plans --------------===//
//
// The mechanism of tiling: it does what each op's `xla.tiling` attribute
// says (decided by xla-plan-tiling, PlanTiling.h) and decides
// nothing. Runs on tensors, before bufferization, so that the hoisted
// accumulators become loop-carried SSA vectors and bufferization sees only
// transfer ops. Distributed loops are `scf.forall`s, which survive
// bufferization, where a marker attribute on an scf.for would not. The
// steps are kept apart (tile + peel, fold to static shapes, vectorize)
// because peeling leaves `affine.min` sizes that only canonicalization
// turns into the static slices the vectorizer needs. Between the steps the
// tiles to vectorize carry the residual plan `xla.tiling = {vectorize =
// true}`: a discardable attribute survives the canonicalization patterns
// that clone linalg ops, and the pass removes it when it vectorizes.
//
//===----------------------------------------------------------------------===//

#include "FirstKBlock.h"
#include "FuseEpilogue.h"
#include "LaneAccumulators.h"
#include "PackContraction.h"
#include "PlanTiling.h"
#include "VectorizeContraction.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace xla {
#define GEN_PASS_DEF_TILEANDVECTORIZEPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

using xla::TilingPlan;
/// Marks a packing copy made per tile until its cache tiles are known.
static constexpr llvm::StringLiteral kPackPerSlice = "xla.pack_per_slice";
/// Ops with their plans (a plan is too large for SmallVector's inline
/// storage).
using PlannedOps = std::vector<std::pair<linalg::LinalgOp, TilingPlan>>;

namespace {

/// An unmasked read of a tensor, in bounds in every dimension.
bool isInBoundsTensorRead(vector::TransferReadOp read) {
  return isa<RankedTensorType>(read.getBase().getType()) && !read.getMask() &&
         llvm::all_of(read.getInBoundsValues(), [](bool b) { return b; });
}

/// A 1-D transfer_read along a dimension followed only by unit dimensions
/// (a depthwise filter's `3x3xCx1`, read along C) is contiguous, but its
/// permutation map is not a minor identity, so VectorToSCF would lower it
/// to a loop of scalar loads inserted at dynamic positions. Read it from a
/// collapse_shape that merges those dimensions: a plain vector load.
struct ReadAlongContiguousDim : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    if (!isInBoundsTensorRead(read))
      return failure();
    auto source = cast<RankedTensorType>(read.getBase().getType());
    AffineMap map = read.getPermutationMap();
    if (!source.hasStaticShape() || read.getVectorType().getRank() != 1 ||
        map.getNumResults() != 1 || map.isMinorIdentity())
      return failure();
    auto dim = dyn_cast<AffineDimExpr>(map.getResult(0));
    if (!dim)
      return failure();
    int64_t rank = source.getRank(), position = dim.getPosition();
    if (llvm::any_of(source.getShape().drop_front(position + 1),
                     [](int64_t size) { return size != 1; }))
      return failure();
    SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d < position; ++d)
      groups.push_back({d});
    groups.push_back(llvm::to_vector(llvm::seq<int64_t>(position, rank)));
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, read.getLoc(), read.getBase(), groups);
    // The unit dimensions are read at 0 (in bounds), so they drop out.
    SmallVector<Value> indices(read.getIndices().take_front(position + 1));
    rewriter.replaceOpWithNewOp<vector::TransferReadOp>(
        read, read.getVectorType(), collapsed, indices, read.getPadding(),
        ArrayRef<bool>{true});
    return success();
  }
};

/// A 2-D transfer_read whose rows (the vector's inner dimension) run along
/// a strided dimension of the tensor, not next to the contiguous one that
/// its columns run along (a transposed tile of a relayout copy of
/// attention's [batch, tokens, heads, features] keys): read the tile with
/// rows along the contiguous dimension, then transpose it in registers.
/// convert-vector-to-scf handles a transpose of the two minor dimensions
/// so itself, but unrolls this one into rows read an element at a time:
/// on AVX2 the 8x8 tiles of a ViT's attention rhs copies were built a lane
/// at a time (broadcast, compare, blend per element).
struct TransposedTileRead : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    VectorType type = read.getVectorType();
    AffineMap map = read.getPermutationMap();
    if (!isInBoundsTensorRead(read) || type.getRank() != 2 ||
        type.isScalable() || map.getNumResults() != 2)
      return failure();
    auto source = cast<RankedTensorType>(read.getBase().getType());
    auto rows = dyn_cast<AffineDimExpr>(map.getResult(0));
    auto lanes = dyn_cast<AffineDimExpr>(map.getResult(1));
    int64_t last = source.getRank() - 1;
    // A transpose of the two minor dimensions convert-vector-to-scf makes
    // into row reads and a vector.transpose itself.
    if (!rows || !lanes || rows.getPosition() != last ||
        lanes.getPosition() >= last - 1)
      return failure();
    AffineMap swapped = AffineMap::get(map.getNumDims(), 0, {lanes, rows},
                                       read.getContext());
    auto swappedType =
        VectorType::get({type.getDimSize(1), type.getDimSize(0)},
                        type.getElementType());
    Value tile = vector::TransferReadOp::create(
        rewriter, read.getLoc(), swappedType, read.getBase(),
        read.getIndices(), AffineMapAttr::get(swapped), read.getPadding(),
        /*mask=*/Value(), rewriter.getBoolArrayAttr({true, true}));
    rewriter.replaceOpWithNewOp<vector::TransposeOp>(read, tile,
                                                     ArrayRef<int64_t>{1, 0});
    return success();
  }
};

} // namespace

/// Checks the plan against `op`'s loops.
static LogicalResult verifyPlan(linalg::LinalgOp op, const TilingPlan &plan) {
  // Packing splits a loop in two; the other entries index the packed op.
  int64_t numLoops = op.getNumLoops() + (plan.packRhs ? 1 : 0);
  auto isPermutation = [&](ArrayRef<int64_t> order) {
    return order.empty() || (static_cast<int64_t>(order.size()) == numLoops &&
                             isPermutationVector(order));
  };
  auto fits = [&](ArrayRef<int64_t> sizes) {
    return sizes.empty() || static_cast<int64_t>(sizes.size()) == numLoops;
  };
  if (!isPermutation(plan.interchange) ||
      !isPermutation(plan.tileInterchange) ||
      !isPermutation(plan.cacheTileInterchange) || !fits(plan.tileSizes) ||
      !fits(plan.cacheTileSizes))
    return op.emitError() << TilingPlan::kAttrName
                          << " does not fit the op's " << numLoops << " loops";
  return success();
}

/// The op with its loops permuted: new loop i is old loop `order[i]`.
static FailureOr<linalg::LinalgOp> interchangeLoops(RewriterBase &rewriter,
                                                    linalg::LinalgOp op,
                                                    ArrayRef<int64_t> order) {
  FailureOr<linalg::GenericOp> generic = xla::toGeneric(rewriter, op);
  if (failed(generic))
    return failure();
  SmallVector<unsigned> permutation(order.begin(), order.end());
  FailureOr<linalg::GenericOp> interchanged =
      linalg::interchangeGenericOp(rewriter, *generic, permutation);
  if (failed(interchanged))
    return failure();
  return cast<linalg::LinalgOp>(interchanged->getOperation());
}

/// What is left of `plan` for the tiles of its outermost tile level: the
/// register tiles after the cache tiles, vectorization after the register
/// tiles; empty when nothing is left.
static TilingPlan residualPlan(const TilingPlan &plan) {
  TilingPlan residual;
  residual.vectorize = plan.vectorize;
  if (!plan.cacheTileSizes.empty()) {
    residual.tileSizes = plan.tileSizes;
    residual.tileInterchange = plan.tileInterchange;
    residual.peel = plan.peel;
    residual.fuseEpilogue = plan.fuseEpilogue;
    residual.rollEpilogue = plan.rollEpilogue;
    residual.prefetchLhs = plan.prefetchLhs;
  }
  return residual;
}

/// Marks a tile with what is left to do to it, for the later steps.
static void markResidual(RewriterBase &rewriter, Operation *op,
                         const TilingPlan &residual) {
  if (!residual.empty())
    op->setAttr(TilingPlan::kAttrName, residual.toAttr(rewriter.getContext()));
}

/// The fill that initializes `op`'s accumulators, exposed through the
/// reshape of packing (expand_shape of a fill) and the slices of splitting
/// off a remainder (extract_slice of a fill), or a k block's select
/// between a fill's value and the partial sums; else null.
static linalg::LinalgOp exposedFillInit(RewriterBase &rewriter,
                                        linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1)
    return nullptr;
  Value init = op.getDpsInitOperand(0)->get();
  if (auto select = init.getDefiningOp<linalg::GenericOp>())
    return xla::isFirstBlockInit(select) ? select : nullptr;
  for (int step = 0; step < 4; ++step) {
    if (auto fill = init.getDefiningOp<linalg::FillOp>())
      return fill.hasPureTensorSemantics() ? fill : nullptr;
    Operation *def = init.getDefiningOp();
    if (!def || !isa<tensor::ExtractSliceOp, tensor::ExpandShapeOp>(def) ||
        !def->getOperand(0).getDefiningOp<linalg::FillOp>())
      return nullptr;
    RewritePatternSet patterns(rewriter.getContext());
    linalg::populateSwapExtractSliceWithFillPatterns(patterns);
    linalg::FillOp::getCanonicalizationPatterns(patterns,
                                                rewriter.getContext());
    // Only `def` is rewritten: the fill it read stays, even unread (it may
    // be on the pass's worklist, which erases it once nothing reads it).
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyOpPatternsGreedily({def}, std::move(patterns), config)))
      return nullptr;
    init = op.getDpsInitOperand(0)->get();
  }
  return nullptr;
}

/// How the fill of `op`'s accumulators can move into its tiles, which
/// always needs the register tiles' reduction loops innermost:
/// - AllTiles: no other level tiles a reduction loop. Each tile starts
///   from the fill's value in registers, and the whole accumulator is never
///   filled in memory and read back (a pass over a packed product's result
///   and a read of it by every tile);
/// - FirstKBlock: the cache level tiles one reduction loop (k blocks) and,
///   apart from `distributed` (the loop made an scf.forall), nothing else:
///   the fill moves into the distributed tiles, the first k block is peeled
///   and its register tiles start from the fill; the later k blocks add to
///   the partial sums as before.
enum class FillFusion { None, AllTiles, FirstKBlock };
static FillFusion fillFusion(linalg::LinalgOp op, const TilingPlan &plan,
                             int64_t distributed = -1) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto tiled = [&](ArrayRef<int64_t> sizes, int64_t d) {
    return d < static_cast<int64_t>(sizes.size()) && sizes[d];
  };
  auto reduced = [&](ArrayRef<int64_t> sizes, int64_t d) {
    return tiled(sizes, d) && iterators[d] != utils::IteratorType::parallel;
  };
  SmallVector<int64_t> order = plan.tileInterchange;
  if (order.empty())
    order = llvm::to_vector(llvm::seq<int64_t>(0, plan.tileSizes.size()));
  bool seenReduction = false;
  for (int64_t d : order) {
    if (reduced(plan.tileSizes, d))
      seenReduction = true;
    else if (seenReduction && tiled(plan.tileSizes, d))
      return FillFusion::None;
  }
  int64_t cacheTiled = 0, cacheReduced = 0;
  for (int64_t d = 0; d < static_cast<int64_t>(iterators.size()); ++d) {
    if (d == distributed || !tiled(plan.cacheTileSizes, d))
      continue;
    ++cacheTiled;
    if (reduced(plan.cacheTileSizes, d))
      ++cacheReduced;
  }
  if (cacheReduced == 0)
    return FillFusion::AllTiles;
  if (cacheReduced == 1 && cacheTiled == 1)
    return FillFusion::FirstKBlock;
  return FillFusion::None;
}

/// Tiles `op` as `options` say, fusing `fill` (the fill of its
/// accumulators, or null) into the tiles as their destination; the caller
/// then tiles only parallel loops. Returns the tiled op, the fused fill
/// tile (or null), the loops and the replacement values of `op`.
struct TiledOp {
  linalg::LinalgOp op;
  linalg::LinalgOp fill;
  SmallVector<LoopLikeOpInterface> loops;
  SmallVector<Value> replacements;
};
static FailureOr<TiledOp> tileOp(RewriterBase &rewriter, linalg::LinalgOp op,
                                 const scf::SCFTilingOptions &options,
                                 linalg::LinalgOp fill) {
  rewriter.setInsertionPoint(op);
  if (!fill) {
    FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(tiled) || tiled->tiledOps.size() != 1)
      return failure();
    return TiledOp{cast<linalg::LinalgOp>(tiled->tiledOps.front()), nullptr,
                   tiled->loops, tiled->replacements};
  }
  scf::SCFTileAndFuseOptions fuse;
  fuse.setTilingOptions(options);
  fuse.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer, bool destination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!destination || producer.getOwner() != fill.getOperation())
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult();
      });
  FailureOr<scf::SCFTileAndFuseResult> fused =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), fuse);
  if (failed(fused))
    return failure();
  TiledOp result;
  result.op = cast<linalg::LinalgOp>(fused->tiledAndFusedOps.front());
  // The op's tile first, then the fill's (the one producer fused).
  for (Operation *tiled : llvm::drop_begin(fused->tiledAndFusedOps))
    result.fill = cast<linalg::LinalgOp>(tiled);
  result.loops = fused->loops;
  for (Value value : op->getResults())
    result.replacements.push_back(fused->replacements.lookup(value));
  return result;
}

/// Erases `op` if it is a fill whose readers fused it into their tiles,
/// which leaves it unread; returns whether it did.
static bool eraseUnreadFill(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!isa<linalg::FillOp>(op.getOperation()) || !op->use_empty())
    return false;
  rewriter.eraseOp(op);
  return true;
}

/// The k-block loop when `loops`, the cache tile loops of a product, are
/// one scf.for directly in a distributed tile (an scf.forall); else null.
static scf::ForOp distributedKBlocks(ArrayRef<LoopLikeOpInterface> loops) {
  auto kBlocks = loops.size() == 1 ? dyn_cast<scf::ForOp>(*loops.front())
                                   : nullptr;
  return kBlocks && isa<scf::ForallOp>(kBlocks->getParentOp()) ? kBlocks
                                                               : nullptr;
}

/// With k split into cache blocks (`fuse_epilogue` on a cache level that
/// tiles one k loop inside the distributed one) and the tile's product too
/// large to read back (no `epilogue_after_k_blocks`): the last k block gets a
/// loop of its own (the remainder that peeling split off, else its last
/// iteration) and then none (its tile directly in the forall), its tile's
/// register tiles are marked to take the epilogue, and the epilogue joins
/// the distributed tiles.
static LogicalResult
prepareEpilogueAfterKBlocks(RewriterBase &rewriter, linalg::LinalgOp tile,
                            ArrayRef<LoopLikeOpInterface> loops,
                            scf::ForOp lastKBlock, TilingPlan residual) {
  auto fail = [&](StringRef why) {
    return tile.emitError() << TilingPlan::kAttrName
                            << ": fuse_epilogue: " << why;
  };
  scf::ForOp kBlocks = distributedKBlocks(loops);
  if (!kBlocks)
    return fail("the k blocks are not one loop in a distributed tile");
  auto forall = cast<scf::ForallOp>(kBlocks->getParentOp());
  if (!lastKBlock) {
    FailureOr<scf::ForOp> last = xla::peelLastIteration(rewriter, kBlocks);
    // Else the loop has one iteration left, the last block.
    lastKBlock = succeeded(last) ? *last : kBlocks;
  }
  linalg::LinalgOp lastTile;
  lastKBlock.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(TilingPlan::kAttrName) && op.getNumReductionLoops())
      lastTile = op;
  });
  if (!lastTile || failed(lastKBlock.promoteIfSingleIteration(rewriter)))
    return fail("the last k block is not one iteration");
  residual.fuseEpilogue = true;
  markResidual(rewriter, lastTile, residual);
  return xla::fuseEpilogueIntoDistributedTiles(rewriter, forall);
}

/// The plan of an epilogue computed a row at a time: every loop tiled by
/// one but the innermost (its row, vectorized whole).
static TilingPlan rowByRowPlan(linalg::LinalgOp op) {
  TilingPlan rows;
  rows.tileSizes.assign(op.getNumLoops(), 1);
  rows.tileSizes.back() = 0;
  rows.vectorize = true;
  return rows;
}

/// With `epilogue_after_k_blocks`: every block adds into a product of the
/// distributed tile's own, and the epilogue joins the distributed tiles
/// after the blocks, vectorized a panel row at a time (its innermost loop,
/// the panel's columns, whole; the others one by one).
static LogicalResult fuseEpilogueAfterKBlocks(
    RewriterBase &rewriter, linalg::LinalgOp tile,
    ArrayRef<LoopLikeOpInterface> loops) {
  scf::ForOp kBlocks = distributedKBlocks(loops);
  if (!kBlocks)
    return tile.emitError() << TilingPlan::kAttrName
                            << ": fuse_epilogue: the k blocks are not one "
                               "loop in a distributed tile";
  FailureOr<Operation *> epilogue = xla::fuseEpilogueIntoDistributedTiles(
      rewriter, cast<scf::ForallOp>(kBlocks->getParentOp()));
  if (failed(epilogue))
    return failure();
  auto epilogueTile = cast<linalg::LinalgOp>(*epilogue);
  epilogueTile->removeAttr(xla::kPackedEpilogue);
  markResidual(rewriter, epilogueTile, rowByRowPlan(epilogueTile));
  return success();
}

/// Tiles `op` by the outermost tile level of `plan` (the cache tiles if
/// there are any, else the register tiles), peels every tile loop whose
/// trip count does not divide (with `peel`), and marks the tiled ops
/// (including the peeled copies) with the rest of the plan.
static LogicalResult tileAndPeel(RewriterBase &rewriter, linalg::LinalgOp op,
                                 const TilingPlan &plan) {
  if (eraseUnreadFill(rewriter, op))
    return success();
  bool cache = !plan.cacheTileSizes.empty();
  ArrayRef<int64_t> sizes = cache ? plan.cacheTileSizes : plan.tileSizes;
  ArrayRef<int64_t> order =
      cache ? plan.cacheTileInterchange : plan.tileInterchange;
  TilingPlan residual = residualPlan(plan);
  if (llvm::all_of(sizes, [](int64_t s) { return s == 0; })) {
    if (cache)
      return tileAndPeel(rewriter, op, residual);
    markResidual(rewriter, op, residual);
    return success();
  }
  // With k split into cache blocks, the epilogue joins the distributed
  // tiles here and the register tiles of the last k block only (below).
  bool epilogueAfterKBlocks = cache && plan.fuseEpilogue;
  if (epilogueAfterKBlocks)
    residual.fuseEpilogue = false;
  // With the fill fused, the parallel loops are tiled first (the fill
  // moves into them), then the reduction loops of the register tile
  // inside them (the fill must not move into those). So are they for an
  // epilogue, which joins the parallel loops.
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<int64_t> parallelSizes(sizes), reductionSizes(sizes.size(), 0);
  for (auto [d, size] : llvm::enumerate(parallelSizes))
    if (iterators[d] != utils::IteratorType::parallel)
      std::swap(size, reductionSizes[d]);
  bool anyParallel = llvm::any_of(parallelSizes, [](int64_t s) { return s; });
  FillFusion mode = fillFusion(op, plan);
  linalg::LinalgOp fill =
      mode == FillFusion::None ? nullptr : exposedFillInit(rewriter, op);
  bool fuseFill = fill && mode == FillFusion::AllTiles && anyParallel;
  bool parallelFirst =
      (fuseFill || (!cache && plan.fuseEpilogue)) && anyParallel;
  // The k blocks of a fill-initialized product: its first block's
  // register tiles start from the fill's value (startFirstBlockFromFill).
  bool fillFirstBlock = fill && cache && mode == FillFusion::FirstKBlock;
  auto optionsFor = [&](ArrayRef<int64_t> tileSizes) {
    scf::SCFTilingOptions options;
    options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), tileSizes));
    if (!order.empty())
      options.setInterchange(order);
    return options;
  };
  FailureOr<TiledOp> tiled =
      tileOp(rewriter, op, optionsFor(parallelFirst ? parallelSizes : sizes),
             fuseFill ? fill : nullptr);
  if (failed(tiled))
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  SmallVector<LoopLikeOpInterface> loops = tiled->loops;
  linalg::LinalgOp tile = tiled->op;
  SmallVector<LoopLikeOpInterface> innerLoops;
  if (parallelFirst &&
      llvm::any_of(reductionSizes, [](int64_t s) { return s; })) {
    FailureOr<TiledOp> inner =
        tileOp(rewriter, tile, optionsFor(reductionSizes), nullptr);
    if (failed(inner))
      return failure();
    innerLoops = inner->loops;
    rewriter.replaceOp(tile, inner->replacements);
    tile = inner->op;
  }
  // The epilogue joins the register tiles' parallel loops (`loops` so far).
  if (!cache && plan.fuseEpilogue) {
    if (!parallelFirst || loops.empty())
      return tile.emitError() << TilingPlan::kAttrName
                              << ": fuse_epilogue needs parallel register "
                                 "tiles";
    FailureOr<SmallVector<Operation *>> fused =
        xla::fuseEpilogue(rewriter, tile, loops);
    if (failed(fused))
      return failure();
    // With `roll_epilogue`, a loop over the register tile's rows (tiled in
    // the next sweep) that reads the accumulators back from a buffer of the
    // tile's own; otherwise unrolled over the rows, on the registers.
    TilingPlan whole;
    whole.vectorize = true;
    for (Operation *epilogueTile : *fused) {
      if (!plan.rollEpilogue) {
        markResidual(rewriter, epilogueTile, whole);
        continue;
      }
      markResidual(rewriter, epilogueTile,
                   rowByRowPlan(cast<linalg::LinalgOp>(epilogueTile)));
      epilogueTile->setAttr(xla::kEpilogueRows, rewriter.getUnitAttr());
    }
  }
  llvm::append_range(loops, innerLoops);
  markResidual(rewriter, tile, residual);
  // The fill's tile is vectorized whole once it is a register tile's; a
  // cache tile's is fused again by the register tiles.
  if (tiled->fill && residual.tileSizes.empty()) {
    TilingPlan whole;
    whole.vectorize = true;
    markResidual(rewriter, tiled->fill, whole);
  }
  scf::ForOp lastKBlock;
  if (plan.peel) {
    // Innermost first: peeling an outer loop clones the (peeled) inner ones.
    for (LoopLikeOpInterface loop : llvm::reverse(loops)) {
      auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
      scf::ForOp partial;
      if (forOp)
        (void)scf::peelForLoopAndSimplifyBounds(rewriter, forOp, partial);
      if (loops.size() == 1)
        lastKBlock = partial;
    }
  }
  if (fillFirstBlock && loops.size() == 1)
    if (auto kBlocks = dyn_cast<scf::ForOp>(loops.front().getOperation()))
      if (auto fillOp = dyn_cast<linalg::FillOp>(fill.getOperation());
          !fillOp ||
          failed(xla::startFirstBlockFromFill(rewriter, kBlocks, tile, fillOp,
                                         epilogueAfterKBlocks))) {
        // Its own copy then: the peeled block reads the fill.
        scf::ForOp first;
        (void)scf::peelForLoopFirstIteration(rewriter, kBlocks, first);
      }
  // xla-prefetch-lhs-strips reads the lhs strip from the loop's body once
  // it is on buffers.
  if (!cache && plan.prefetchLhs >= 0 && !loops.empty())
    loops.back()->setAttr(xla::kPrefetchLhsStripAttrName,
                          rewriter.getI64IntegerAttr(plan.prefetchLhs));
  if (epilogueAfterKBlocks && plan.epilogueAfterKBlocks)
    return fuseEpilogueAfterKBlocks(rewriter, tile, loops);
  if (epilogueAfterKBlocks)
    return prepareEpilogueAfterKBlocks(rewriter, tile, loops, lastKBlock,
                                       residual);
  return success();
}

/// With `distribute`, splits off the remainder of the dimension of the
/// outermost tile loop (a partial tile) and tiles the rest by one tile per
/// iteration of an `scf.forall`, whose iterations the pipeline runs on all
/// cores. Appends what is left to tile sequentially: the op inside the
/// forall and the remainder, with the plan less that loop.
static void distribute(RewriterBase &rewriter, linalg::LinalgOp op,
                       TilingPlan plan,
                       PlannedOps
                           &work) {
  if (eraseUnreadFill(rewriter, op))
    return;
  bool cache = !plan.cacheTileSizes.empty();
  ArrayRef<int64_t> sizes = cache ? plan.cacheTileSizes : plan.tileSizes;
  SmallVector<int64_t> order =
      cache ? plan.cacheTileInterchange : plan.tileInterchange;
  if (order.empty())
    order = llvm::to_vector(llvm::seq<int64_t>(0, sizes.size()));
  auto outer = llvm::find_if(order, [&](int64_t d) { return sizes[d]; });
  if (!plan.distribute || outer == order.end() ||
      !linalg::isParallelIterator(op.getIteratorTypesArray()[*outer])) {
    work.emplace_back(op, std::move(plan));
    return;
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t dim = *outer, tile = sizes[dim];
  int64_t whole = ranges[dim] / tile * tile;
  rewriter.setInsertionPoint(op);
  auto main = cast<TilingInterface>(op.getOperation());
  TilingInterface rest;
  if (whole < ranges[dim])
    std::tie(main, rest) = linalg::splitOp(rewriter, main, dim,
                                           rewriter.getIndexAttr(whole));
  SmallVector<int64_t> forallSizes(sizes.size(), 0);
  forallSizes[dim] = tile;
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), forallSizes));
  auto mainOp = cast<linalg::LinalgOp>(main.getOperation());
  linalg::LinalgOp fill =
      fillFusion(mainOp, plan, cache ? dim : -1) == FillFusion::None
          ? nullptr
          : exposedFillInit(rewriter, mainOp);
  FailureOr<TiledOp> tiled = tileOp(rewriter, mainOp, options, fill);
  TilingPlan inner = plan;
  inner.distribute = false;
  (cache ? inner.cacheTileSizes : inner.tileSizes)[dim] = 0;
  if (failed(tiled)) {
    work.emplace_back(mainOp, plan);
  } else {
    rewriter.replaceOp(main, tiled->replacements);
    work.emplace_back(tiled->op, inner);
  }
  // The remainder is shorter than a tile along `dim`.
  if (rest)
    work.emplace_back(cast<linalg::LinalgOp>(rest.getOperation()),
                      std::move(inner));
}

/// Packing per tile (`pack_per_tile`): each slice of `copy`'s result
/// becomes a copy of just that slice, made where the slice is read, into a
/// buffer of its own; they are appended to `tiles`. Done once the
/// contraction is distributed (a tile's panels) and again once it is tiled
/// for the caches (a k block of them): the k blocks of a tile's panels are
/// read by all of its rows, so nothing is packed twice, and a block stays
/// in cache from its copy to its use. Returns whether the whole copy went
/// away; it stays when a reader is not a proper slice (the tiles did not
/// split it, or tiling failed).
static bool copyPerSlice(RewriterBase &rewriter, linalg::LinalgOp copy,
                         SmallVectorImpl<linalg::LinalgOp> &tiles) {
  auto packed = cast<OpResult>(copy->getResult(0));
  auto type = cast<RankedTensorType>(packed.getType());
  // The forall's tiles slice the slice that splitting off a remainder
  // made: slice the packed rhs directly, so each tile's panels are found.
  SmallVector<Operation *> nested;
  for (Operation *user : packed.getUsers())
    if (isa<tensor::ExtractSliceOp>(user))
      for (Operation *inner : user->getUsers())
        if (isa<tensor::ExtractSliceOp>(inner))
          nested.push_back(inner);
  if (!nested.empty()) {
    RewritePatternSet merge(rewriter.getContext());
    tensor::populateMergeConsecutiveInsertExtractSlicePatterns(merge);
    (void)applyOpPatternsGreedily(nested, std::move(merge));
    for (Operation *user : llvm::make_early_inc_range(packed.getUsers()))
      if (isa<tensor::ExtractSliceOp>(user) && user->use_empty())
        rewriter.eraseOp(user);
  }
  SmallVector<tensor::ExtractSliceOp> slices;
  bool proper = !packed.use_empty() &&
                llvm::all_of(packed.getUsers(), [&](Operation *user) {
                  auto slice = dyn_cast<tensor::ExtractSliceOp>(user);
                  if (!slice || !slice.hasUnitStride() ||
                      !slice.getResultType().hasStaticShape() ||
                      slice.getResultType().getRank() != type.getRank() ||
                      slice.getResultType().getNumElements() >=
                          type.getNumElements())
                    return false;
                  slices.push_back(slice);
                  return true;
                });
  if (!proper)
    return false;
  SmallVector<Operation *> initSlices;
  for (tensor::ExtractSliceOp slice : slices) {
    rewriter.setInsertionPoint(slice);
    FailureOr<TilingResult> tiled =
        tensor::replaceExtractSliceWithTiledProducer(rewriter, slice, packed);
    if (failed(tiled) || tiled->tiledValues.size() != 1)
      continue;
    rewriter.replaceOp(slice, tiled->tiledValues.front());
    for (Operation *op : tiled->tiledOps) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (!linalgOp)
        continue;
      for (Value init : linalgOp.getDpsInits())
        if (auto initSlice = init.getDefiningOp<tensor::ExtractSliceOp>())
          initSlices.push_back(initSlice);
      tiles.push_back(linalgOp);
    }
  }
  // A buffer of each tile's own, not a slice of one for all tiles.
  RewritePatternSet fold(rewriter.getContext());
  tensor::populateFoldTensorEmptyPatterns(fold);
  (void)applyOpPatternsGreedily(initSlices, std::move(fold));
  if (!packed.use_empty())
    return false;
  rewriter.eraseOp(copy);
  return true;
}

namespace {

struct TileAndVectorizePass
    : xla::impl::TileAndVectorizePassBase<TileAndVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);
    // Tensors in scf loops: without region simplification, a tenth of this
    // pass's time less.
    const GreedyRewriteConfig structured = xla::getStructuredRewriteConfig();

    PlannedOps planned;
    WalkResult walk = func.walk([&](linalg::LinalgOp op) {
      auto attr = op->getAttrOfType<DictionaryAttr>(TilingPlan::kAttrName);
      if (!attr)
        return WalkResult::advance();
      op->removeAttr(TilingPlan::kAttrName);
      FailureOr<TilingPlan> plan = TilingPlan::fromAttr(attr, op.getLoc());
      if (failed(plan) || failed(verifyPlan(op, *plan)))
        return WalkResult::interrupt();
      planned.emplace_back(op, std::move(*plan));
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    // The plan of a derived op (a packing copy, the columns short of a
    // panel), checked like the others; it joins the worklist.
    auto addDerived = [&](linalg::LinalgOp derived, DictionaryAttr attr) {
      if (!derived || !attr)
        return success();
      FailureOr<TilingPlan> plan = TilingPlan::fromAttr(attr, derived.getLoc());
      if (failed(plan) || failed(verifyPlan(derived, *plan)))
        return failure();
      planned.emplace_back(derived, std::move(*plan));
      return success();
    };
    PlannedOps candidates;
    // Packing copies made per tile, once their contractions are
    // distributed (and per cache tile too, with `perCacheTile`).
    struct PerTileCopy {
      linalg::LinalgOp copy;
      TilingPlan plan;
      bool perCacheTile;
    };
    std::vector<PerTileCopy> perTileCopies;
    // By index: packing appends to `planned`.
    for (size_t i = 0; i < planned.size(); ++i) {
      auto [op, plan] = planned[i];
      // An op a copy now computes leaves the lists (compared by address:
      // it may be erased already); `i` keeps pointing at `op`.
      auto forget = [&](Operation *producer) {
        auto isProducer = [&](auto &entry) {
          return entry.first.getOperation() == producer;
        };
        auto it = llvm::find_if(planned, isProducer);
        if (it != planned.end()) {
          if (static_cast<size_t>(it - planned.begin()) < i)
            --i;
          planned.erase(it);
        }
        llvm::erase_if(candidates, isProducer);
      };
      // First the lhs copy: the rest of the plan is for the op reading it.
      if (plan.relayoutLhs) {
        FailureOr<linalg::LinalgOp> relaidOut =
            xla::relayoutContractionLhs(rewriter, op);
        if (failed(relaidOut)) {
          op.emitError() << TilingPlan::kAttrName
                         << ": relayout_lhs does not apply to this op";
          return signalPassFailure();
        }
        op = *relaidOut;
        auto copy =
            op.getDpsInputOperand(0)->get().getDefiningOp<linalg::LinalgOp>();
        Operation *producer = copy.getDpsInputOperand(0)->get().getDefiningOp();
        // Computed by the copy now, under the copy's plan.
        if (xla::fuseProducerIntoCopy(rewriter, copy))
          forget(producer);
        if (failed(addDerived(copy, plan.relayoutLhs)))
          return signalPassFailure();
      }
      if (plan.packRhs) {
        FailureOr<xla::PackedContraction> packed =
            xla::packContractionRhs(rewriter, op, plan.packRhs);
        if (failed(packed)) {
          op.emitError() << TilingPlan::kAttrName << ": pack_rhs = "
                         << plan.packRhs << " does not apply to this op";
          return signalPassFailure();
        }
        op = packed->op;
        // The rhs's elementwise producer too: the packing copies compute
        // it, under their plan.
        (void)xla::fuseProducerIntoPacking(rewriter, packed->copy, forget);
        if (plan.packPerTile && plan.packCopy) {
          FailureOr<TilingPlan> copyPlan =
              TilingPlan::fromAttr(plan.packCopy, packed->copy.getLoc());
          if (failed(copyPlan) || failed(verifyPlan(packed->copy, *copyPlan)))
            return signalPassFailure();
          perTileCopies.push_back(
              {packed->copy, std::move(*copyPlan), plan.packPerCacheTile});
        } else if (failed(addDerived(packed->copy, plan.packCopy))) {
          return signalPassFailure();
        }
        if (failed(addDerived(packed->remainder, plan.packRemainder)))
          return signalPassFailure();
        if (plan.fuseEpilogue) {
          FailureOr<bool> expanded = xla::expandPackedEpilogue(
              rewriter, op, [&](Operation *epilogue) {
                llvm::erase_if(planned, [&](auto &entry) {
                  return entry.first.getOperation() == epilogue;
                });
              });
          if (failed(expanded))
            return signalPassFailure();
          plan.fuseEpilogue = *expanded;
        }
      }
      if (!plan.interchange.empty()) {
        FailureOr<linalg::LinalgOp> interchanged =
            interchangeLoops(rewriter, op, plan.interchange);
        // The tiles index the interchanged loops.
        if (failed(interchanged))
          continue;
        op = *interchanged;
      }
      if (plan.tileSizes.empty() && !plan.vectorize)
        continue;
      if (plan.relayoutRhs) {
        FailureOr<linalg::LinalgOp> relaidOut =
            xla::relayoutContractionRhs(rewriter, op);
        if (succeeded(relaidOut)) {
          op = *relaidOut;
          auto transpose = op.getDpsInputOperand(1)
                               ->get()
                               .getDefiningOp<linalg::LinalgOp>();
          FailureOr<TilingPlan> copyPlan =
              TilingPlan::fromAttr(plan.relayoutRhs, transpose.getLoc());
          if (failed(copyPlan) || failed(verifyPlan(transpose, *copyPlan)))
            return signalPassFailure();
          candidates.emplace_back(transpose, std::move(*copyPlan));
        }
      }
      candidates.emplace_back(op, std::move(plan));
    }
    if (candidates.empty())
      return;
    // Fills last: the ops they initialize may fuse them into their tiles
    // first, which leaves them unread.
    std::stable_partition(candidates.begin(), candidates.end(),
                          [](auto &entry) {
                            return !isa<linalg::FillOp>(
                                entry.first.getOperation());
                          });
    PlannedOps work;
    for (auto &[op, plan] : candidates)
      distribute(rewriter, op, std::move(plan), work);
    // Each distributed tile packs its panels; its copy is tiled with the
    // register tiles, after a cache tile (a k block) has packed its own
    // part of them, below.
    for (PerTileCopy &entry : perTileCopies) {
      TilingPlan tilePlan = entry.plan;
      tilePlan.distribute = false;
      SmallVector<linalg::LinalgOp> tiles;
      if (!copyPerSlice(rewriter, entry.copy, tiles))
        distribute(rewriter, entry.copy, std::move(entry.plan), work);
      for (linalg::LinalgOp tile : tiles) {
        markResidual(rewriter, tile, tilePlan);
        if (entry.perCacheTile)
          tile->setAttr(kPackPerSlice, rewriter.getUnitAttr());
      }
    }
    for (auto &[op, plan] : work)
      if (failed(tileAndPeel(rewriter, op, plan)) && plan.fuseEpilogue)
        return signalPassFailure();

    // Peeled bounds are constants now; fold them into static slice types.
    if (failed(applyPatternsGreedily(func, canonicalize, structured)))
      return signalPassFailure();

    // Each cache tile (a k block of a tile's panels, a static slice now)
    // packs its own part; the copies keep the copy's plan.
    SmallVector<linalg::LinalgOp> perSlice;
    func.walk([&](linalg::LinalgOp op) {
      if (op->removeAttr(kPackPerSlice))
        perSlice.push_back(op);
    });
    for (linalg::LinalgOp copy : perSlice) {
      auto attr = copy->getAttrOfType<DictionaryAttr>(TilingPlan::kAttrName);
      SmallVector<linalg::LinalgOp> blocks;
      (void)copyPerSlice(rewriter, copy, blocks);
      if (attr)
        for (linalg::LinalgOp block : blocks)
          block->setAttr(TilingPlan::kAttrName, attr);
    }

    // The register tiles inside cache tiles, now that those are static;
    // then the rows of the epilogues that register tiles took.
    for (int level = 0; level < 2; ++level) {
      PlannedOps inner;
      func.walk([&](linalg::LinalgOp op) {
        auto attr = op->getAttrOfType<DictionaryAttr>(TilingPlan::kAttrName);
        if (!attr)
          return;
        FailureOr<TilingPlan> plan = TilingPlan::fromAttr(attr, op.getLoc());
        if (succeeded(plan) && !plan->tileSizes.empty()) {
          op->removeAttr(TilingPlan::kAttrName);
          inner.emplace_back(op, std::move(*plan));
        }
      });
      if (inner.empty())
        break;
      for (auto &[op, plan] : inner)
        if (failed(tileAndPeel(rewriter, op, plan)) && plan.fuseEpilogue)
          return signalPassFailure();
      if (failed(applyPatternsGreedily(func, canonicalize, structured)))
        return signalPassFailure();
    }

    SmallVector<linalg::LinalgOp> marked;
    func.walk([&](linalg::LinalgOp op) {
      if (op->removeAttr(TilingPlan::kAttrName))
        marked.push_back(op);
    });
    for (linalg::LinalgOp op : marked) {
      if (!op.hasPureTensorSemantics() ||
          llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
        continue;
      // A rolled epilogue's row: its loop reads the accumulators from a
      // buffer, once they are a vector (below).
      if (op->removeAttr(xla::kEpilogueRows))
        if (auto rows = dyn_cast<scf::ForOp>(op->getParentOp()))
          rows->setAttr(xla::kEpilogueRows, rewriter.getUnitAttr());
      rewriter.setInsertionPoint(op);
      if (xla::isFirstBlockInit(op)) {
        FailureOr<Value> start = xla::vectorizeFirstBlockInit(rewriter, op);
        if (succeeded(start)) {
          rewriter.replaceOp(op, *start);
          continue;
        }
      }
      if (linalg::isaContractionOpInterface(op) ||
          linalg::isaConvolutionOpInterface(op)) {
        FailureOr<Value> tile = xla::vectorizeContractionTile(rewriter, op);
        if (succeeded(tile)) {
          rewriter.replaceOp(op, *tile);
          continue;
        }
      }
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, op, {}, {}, /*vectorizeNDExtract=*/true);
      if (succeeded(result))
        rewriter.replaceOp(op, result->replacements);
    }

    // Reads and writes through slices become transfers of the full tensor,
    // which is what subset hoisting matches along the loops.
    if (failed(applyPatternsGreedily(func, folding, structured)))
      return signalPassFailure();
    // Post-order: inner loops first, so an accumulator hoisted out of the
    // k loop can move on out of loops it does not vary along either.
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    if (failed(applyPatternsGreedily(func, oneDimensional, structured)))
      return signalPassFailure();
    bool dropped = xla::readRowsFromTileBuffers(rewriter, func);
    // Once the reads of stored accumulators are forwarded (above), pre-order:
    // an outer loop's unread value makes its inner loops' unread.
    func.walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
      dropped |= xla::dropUnreadIterArgs(rewriter, loop);
    });
    if (dropped &&
        failed(applyPatternsGreedily(func, canonicalize, structured)))
      return signalPassFailure();
  }

  /// The pattern sets are the same for every function: built once.
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet canonical(context);
    populateCanonicalization(context, canonical);
    canonicalize = FrozenRewritePatternSet(std::move(canonical));

    RewritePatternSet subsets(context);
    tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(subsets);
    xla::populateUnitReductionPatterns(subsets);
    vector::populateVectorReductionToContractPatterns(subsets);
    folding = FrozenRewritePatternSet(std::move(subsets));

    // Canonicalization plus patterns that leave elementwise math on 1-D
    // vectors: leading unit dimensions are cast away, and what is still n-D
    // is unrolled into rows (LLVM conversions of math ops take 1-D vectors).
    RewritePatternSet rows(context);
    populateCanonicalization(context, rows);
    vector::populateCastAwayVectorLeadingOneDimPatterns(rows);
    rows.add<ReadAlongContiguousDim, TransposedTileRead>(context);
    // After hoisting, which turns the reduced value into a loop-carried
    // vector.
    xla::populateLaneAccumulatorPatterns(rows);
    vector::UnrollVectorOptions unroll;
    unroll.setNativeShapeFn(
        [](Operation *op) -> std::optional<SmallVector<int64_t>> {
          if (!OpTrait::hasElementwiseMappableTraits(op) ||
              op->getNumResults() != 1)
            return std::nullopt;
          auto type = dyn_cast<VectorType>(op->getResult(0).getType());
          if (!type || type.getRank() < 2)
            return std::nullopt;
          SmallVector<int64_t> shape(type.getRank() - 1, 1);
          shape.push_back(type.getShape().back());
          return shape;
        });
    vector::populateVectorUnrollPatterns(rows, unroll);
    oneDimensional = FrozenRewritePatternSet(std::move(rows));
    return success();
  }

  static void populateCanonicalization(MLIRContext *context,
                                       RewritePatternSet &patterns) {
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(patterns, context);
  }

  FrozenRewritePatternSet canonicalize, folding, oneDimensional;
};

} // namespace
