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

/// Checks the plan against `op`'s loops.
static LogicalResult verifyPlan(linalg::LinalgOp op, const TilingPlan &plan) {
  int64_t numLoops = op.getNumLoops();
  auto isPermutation = [&](ArrayRef<int64_t> order) {
    return order.empty() || (static_cast<int64_t>(order.size()) == numLoops &&
                             isPermutationVector(order));
  };
  if (!isPermutation(plan.interchange) ||
      !isPermutation(plan.tileInterchange) ||
      (!plan.tileSizes.empty() &&
       static_cast<int64_t>(plan.tileSizes.size()) != numLoops))
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

/// Marks a tile for the vectorization step.
static void markForVectorization(RewriterBase &rewriter, Operation *op) {
  TilingPlan vectorizeOnly;
  vectorizeOnly.vectorize = true;
  op->setAttr(TilingPlan::kAttrName,
              vectorizeOnly.toAttr(rewriter.getContext()));
}

/// Tiles `op` by `plan`, peels every tile loop whose trip count does not
/// divide (with `peel`), and marks the tiled ops (including the peeled
/// copies) for vectorization (with `vectorize`).
static LogicalResult tileAndPeel(RewriterBase &rewriter, linalg::LinalgOp op,
                                 const TilingPlan &plan) {
  if (llvm::all_of(plan.tileSizes, [](int64_t s) { return s == 0; })) {
    if (plan.vectorize)
      markForVectorization(rewriter, op);
    return success();
  }
  scf::SCFTilingOptions options;
  options.setTileSizes(
      getAsIndexOpFoldResult(op.getContext(), plan.tileSizes));
  if (!plan.tileInterchange.empty())
    options.setInterchange(plan.tileInterchange);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return failure();
  if (plan.vectorize)
    for (Operation *tiledOp : tiled->tiledOps)
      markForVectorization(rewriter, tiledOp);
  rewriter.replaceOp(op, tiled->replacements);
  if (!plan.peel)
    return success();
  // Innermost first: peeling an outer loop clones the (peeled) inner ones.
  for (LoopLikeOpInterface loop : llvm::reverse(tiled->loops)) {
    auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
    scf::ForOp partial;
    if (forOp)
      (void)scf::peelForLoopAndSimplifyBounds(rewriter, forOp, partial);
  }
  return success();
}

/// With `distribute`, splits off the remainder of the dimension of the
/// outermost tile loop (a partial tile) and tiles the rest by one tile per
/// iteration of an `scf.forall`, whose iterations the pipeline runs on all
/// cores. Appends what is left to tile sequentially: the op inside the
/// forall and the remainder, with the plan less that loop.
static void distribute(RewriterBase &rewriter, linalg::LinalgOp op,
                       TilingPlan plan,
                       SmallVectorImpl<std::pair<linalg::LinalgOp, TilingPlan>>
                           &work) {
  SmallVector<int64_t> order = plan.tileInterchange;
  if (order.empty())
    order = llvm::to_vector(llvm::seq<int64_t>(0, plan.tileSizes.size()));
  auto outer =
      llvm::find_if(order, [&](int64_t d) { return plan.tileSizes[d]; });
  if (!plan.distribute || outer == order.end() ||
      !linalg::isParallelIterator(op.getIteratorTypesArray()[*outer])) {
    work.emplace_back(op, std::move(plan));
    return;
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t dim = *outer, tile = plan.tileSizes[dim];
  int64_t whole = ranges[dim] / tile * tile;
  rewriter.setInsertionPoint(op);
  auto main = cast<TilingInterface>(op.getOperation());
  TilingInterface rest;
  if (whole < ranges[dim])
    std::tie(main, rest) = linalg::splitOp(rewriter, main, dim,
                                           rewriter.getIndexAttr(whole));
  SmallVector<int64_t> sizes(plan.tileSizes.size(), 0);
  sizes[dim] = tile;
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), sizes));
  rewriter.setInsertionPoint(main);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, main, options);
  TilingPlan inner = plan;
  inner.distribute = false;
  inner.tileSizes[dim] = 0;
  if (failed(tiled)) {
    work.emplace_back(cast<linalg::LinalgOp>(main.getOperation()), plan);
  } else {
    rewriter.replaceOp(main, tiled->replacements);
    work.emplace_back(cast<linalg::LinalgOp>(tiled->tiledOps.front()), inner);
  }
  // The remainder is shorter than a tile along `dim`.
  if (rest)
    work.emplace_back(cast<linalg::LinalgOp>(rest.getOperation()),
                      std::move(inner));
}

namespace {

struct TileAndVectorizePass
    : xla::impl::TileAndVectorizePassBase<TileAndVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    SmallVector<std::pair<linalg::LinalgOp, TilingPlan>> planned;
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

    SmallVector<std::pair<linalg::LinalgOp, TilingPlan>> candidates;
    for (auto &[op, plan] : planned) {
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
    SmallVector<std::pair<linalg::LinalgOp, TilingPlan>> work;
    for (auto &[op, plan] : candidates)
      distribute(rewriter, op, std::move(plan), work);
    for (auto &[op, plan] : work)
      (void)tileAndPeel(rewriter, op, plan);

    // Peeled bounds are constants now; fold them into static slice types.
    if (failed(applyPatternsGreedily(func, canonicalize)))
      return signalPassFailure();

    SmallVector<linalg::LinalgOp> marked;
    func.walk([&](linalg::LinalgOp op) {
      if (op->removeAttr(TilingPlan::kAttrName))
        marked.push_back(op);
    });
    for (linalg::LinalgOp op : marked) {
      if (!op.hasPureTensorSemantics() ||
          llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
        continue;
      rewriter.setInsertionPoint(op);
      if (linalg::isaContractionOpInterface(op)) {
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
    if (failed(applyPatternsGreedily(func, folding)))
      return signalPassFailure();
    // Post-order: inner loops first, so an accumulator hoisted out of the
    // k loop can move on out of loops it does not vary along either.
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    if (failed(applyPatternsGreedily(func, oneDimensional)))
      return signalPassFailure();
  }

  /// The pattern sets are the same for every function: built once.
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet canonical(context);
    populateCanonicalization(context, canonical);
    canonicalize = FrozenRewritePatternSet(std::move(canonical));

    RewritePatternSet subsets(context);
    tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(subsets);
    vector::populateVectorReductionToContractPatterns(subsets);
    folding = FrozenRewritePatternSet(std::move(subsets));

    // Canonicalization plus patterns that leave elementwise math on 1-D
    // vectors: leading unit dimensions are cast away, and what is still n-D
    // is unrolled into rows (LLVM conversions of math ops take 1-D vectors).
    RewritePatternSet rows(context);
    populateCanonicalization(context, rows);
    vector::populateCastAwayVectorLeadingOneDimPatterns(rows);
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
