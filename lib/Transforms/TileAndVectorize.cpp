//===- TileAndVectorize.cpp - register tiles of linalg ops as vectors -----===//
//
// Runs on tensors, before bufferization, so that the hoisted accumulators
// become loop-carried SSA vectors and bufferization sees only transfer ops.
// Large ops first get their outermost parallel tile loop as an scf.forall
// (distribute); the forall survives bufferization, where a marker attribute
// on an scf.for would not. The remaining steps are kept apart (tile + peel,
// fold to static shapes, vectorize) because peeling leaves `affine.min` sizes that only
// canonicalization turns into the static slices the vectorizer needs; the
// ops to vectorize are remembered by a discardable marker attribute, which
// survives the canonicalization patterns that clone linalg ops.
//
//===----------------------------------------------------------------------===//

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

static constexpr StringLiteral kVectorizeMarker = "__xla_vectorize__";
/// Iterations below which an op's tiles are not distributed.
static constexpr int64_t kMinParallelVolume = 1 << 16;

namespace {

/// Tile sizes (0 = not tiled) and the order of the tile loops.
struct TilePlan {
  SmallVector<int64_t> sizes;
  SmallVector<int64_t> interchange;
};

} // namespace

/// Element types of tensors the vector lowering handles on every path to
/// LLVM: integers, index and the IEEE-like floats LLVM has vector types for.
/// Not i1, i2, i4, ...: a tensor of those is a byte per element in memory,
/// while LLVM stores a vector of them as packed bits. Complex and the small
/// float formats stay scalar as well.
static bool isVectorElementType(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (element.isIndex())
    return true;
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth() % 8 == 0 &&
           llvm::isPowerOf2_32(integer.getWidth());
  return element.isF16() || element.isBF16() || element.isF32() ||
         element.isF64();
}

static unsigned bitWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (element.isIndex())
    return 64;
  return std::max(8u, element.getIntOrFloatBitWidth());
}

/// The tile plan of `op`, or nullopt if it is not a candidate.
static std::optional<TilePlan> planTiles(linalg::LinalgOp op,
                                         int64_t vectorBits,
                                         int64_t matmulRows) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() == 0)
    return std::nullopt;
  unsigned widest = 8;
  for (Value operand : op->getOperands()) {
    if (!isVectorElementType(operand.getType()))
      return std::nullopt;
    widest = std::max(widest, bitWidth(operand.getType()));
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, [](int64_t r) {
        return ShapedType::isDynamic(r) || r == 0;
      }))
    return std::nullopt;
  if (failed(linalg::vectorizeOpPrecondition(op, {}, {},
                                             /*vectorizeNDExtract=*/true)))
    return std::nullopt;

  int64_t lanes = std::max<int64_t>(1, vectorBits / widest);
  unsigned numLoops = ranges.size();
  TilePlan plan;
  plan.sizes.resize(numLoops);
  // A tile equal to the whole dimension needs no loop.
  auto setTile = [&](unsigned dim, int64_t size) {
    plan.sizes[dim] = size >= ranges[dim] ? 0 : size;
  };
  for (unsigned d = 0; d < numLoops; ++d)
    setTile(d, 1);

  if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (succeeded(dims) && !dims->m.empty() && !dims->n.empty()) {
      setTile(dims->m.back(), matmulRows);
      setTile(dims->n.back(), lanes);
      for (ArrayRef<unsigned> group :
           {ArrayRef<unsigned>(dims->batch), ArrayRef<unsigned>(dims->n),
            ArrayRef<unsigned>(dims->m), ArrayRef<unsigned>(dims->k)})
        for (unsigned d : group)
          plan.interchange.push_back(d);
      if (plan.interchange.size() == numLoops)
        return plan;
      plan.interchange.clear();
    }
  }
  unsigned inner = numLoops - 1;
  setTile(inner, lanes);
  // An operand read across the lanes (a transpose) gets a square tile: one
  // vector along its own contiguous dimension per lane, transposed in
  // registers, instead of a strided element-by-element gather.
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    auto type = dyn_cast<ShapedType>(input->get().getType());
    if (!type || type.getRank() == 0 || type.getShape().back() == 1)
      continue;
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (last && last.getPosition() != inner &&
        linalg::isParallelIterator(
            op.getIteratorTypesArray()[last.getPosition()])) {
      setTile(last.getPosition(), lanes);
      break;
    }
  }
  return plan;
}

/// Tiles `op` by `plan`, peels every tile loop whose trip count does not
/// divide, and marks the tiled ops (including the peeled copies).
static LogicalResult tileAndPeel(RewriterBase &rewriter, linalg::LinalgOp op,
                                 const TilePlan &plan) {
  if (llvm::all_of(plan.sizes, [](int64_t s) { return s == 0; })) {
    op->setAttr(kVectorizeMarker, rewriter.getUnitAttr());
    return success();
  }
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), plan.sizes));
  if (!plan.interchange.empty())
    options.setInterchange(plan.interchange);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return failure();
  for (Operation *tiledOp : tiled->tiledOps)
    tiledOp->setAttr(kVectorizeMarker, rewriter.getUnitAttr());
  rewriter.replaceOp(op, tiled->replacements);
  // Innermost first: peeling an outer loop clones the (peeled) inner ones.
  for (LoopLikeOpInterface loop : llvm::reverse(tiled->loops)) {
    auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
    scf::ForOp partial;
    if (forOp)
      (void)scf::peelForLoopAndSimplifyBounds(rewriter, forOp, partial);
  }
  return success();
}

/// If `op` is big enough and its outermost tile loop runs over a parallel
/// dimension, splits off the remainder of that dimension (a partial tile)
/// and tiles the rest by one tile per iteration of an `scf.forall`, whose
/// iterations the pipeline runs on all cores. Appends what is left to tile
/// sequentially: the op inside the forall and the remainder.
static void distribute(RewriterBase &rewriter, linalg::LinalgOp op,
                       TilePlan plan, int64_t vectorBits, int64_t matmulRows,
                       SmallVectorImpl<std::pair<linalg::LinalgOp, TilePlan>>
                           &work) {
  SmallVector<int64_t> order = plan.interchange;
  if (order.empty())
    order = llvm::to_vector(llvm::seq<int64_t>(0, plan.sizes.size()));
  auto outer = llvm::find_if(order, [&](int64_t d) { return plan.sizes[d]; });
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t volume = 1;
  for (int64_t range : ranges)
    volume *= range;
  if (outer == order.end() || volume < kMinParallelVolume ||
      !linalg::isParallelIterator(op.getIteratorTypesArray()[*outer])) {
    work.emplace_back(op, std::move(plan));
    return;
  }
  int64_t dim = *outer, tile = plan.sizes[dim];
  int64_t whole = ranges[dim] / tile * tile;
  rewriter.setInsertionPoint(op);
  auto main = cast<TilingInterface>(op.getOperation());
  TilingInterface rest;
  if (whole < ranges[dim])
    std::tie(main, rest) = linalg::splitOp(rewriter, main, dim,
                                           rewriter.getIndexAttr(whole));
  SmallVector<int64_t> sizes(plan.sizes.size(), 0);
  sizes[dim] = tile;
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), sizes));
  rewriter.setInsertionPoint(main);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, main, options);
  if (failed(tiled)) {
    work.emplace_back(cast<linalg::LinalgOp>(main.getOperation()), plan);
  } else {
    rewriter.replaceOp(main, tiled->replacements);
    TilePlan inner = plan;
    inner.sizes[dim] = 0;
    work.emplace_back(cast<linalg::LinalgOp>(tiled->tiledOps.front()),
                      std::move(inner));
  }
  if (!rest)
    return;
  auto restOp = cast<linalg::LinalgOp>(rest.getOperation());
  if (std::optional<TilePlan> restPlan =
          planTiles(restOp, vectorBits, matmulRows))
    work.emplace_back(restOp, std::move(*restPlan));
}

namespace {

struct TileAndVectorizePass
    : xla::impl::TileAndVectorizePassBase<TileAndVectorizePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    SmallVector<std::pair<linalg::LinalgOp, TilePlan>> candidates;
    for (linalg::LinalgOp op : ops) {
      std::optional<TilePlan> plan = planTiles(op, vectorBits, matmulRows);
      if (!plan)
        continue;
      // A contraction whose rhs is not contiguous along the vector lanes
      // reads a transposed copy; the copy is tiled and vectorized too.
      if (!plan->interchange.empty()) {
        FailureOr<linalg::LinalgOp> relaidOut =
            xla::relayoutContractionRhs(rewriter, op, matmulRows);
        if (succeeded(relaidOut)) {
          op = *relaidOut;
          auto transpose = op.getDpsInputOperand(1)
                               ->get()
                               .getDefiningOp<linalg::LinalgOp>();
          if (std::optional<TilePlan> transposePlan =
                  planTiles(transpose, vectorBits, matmulRows))
            candidates.emplace_back(transpose, std::move(*transposePlan));
        }
      }
      candidates.emplace_back(op, std::move(*plan));
    }
    if (candidates.empty())
      return;
    SmallVector<std::pair<linalg::LinalgOp, TilePlan>> work;
    for (auto &[op, plan] : candidates)
      distribute(rewriter, op, std::move(plan), vectorBits, matmulRows, work);
    for (auto &[op, plan] : work)
      (void)tileAndPeel(rewriter, op, plan);

    // Peeled bounds are constants now; fold them into static slice types.
    if (failed(applyPatternsGreedily(func, canonicalize)))
      return signalPassFailure();

    SmallVector<linalg::LinalgOp> marked;
    func.walk([&](linalg::LinalgOp op) {
      if (op->removeAttr(kVectorizeMarker))
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
