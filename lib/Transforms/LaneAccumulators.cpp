//===- LaneAccumulators.cpp - reductions keep a vector accumulator --------===//
//
// A row reduction tiled by one vector per step is vectorized as a
// vector.multi_reduction of each vector into the loop-carried result: a
// reduction across the lanes at every step, which for a float max is a
// chain of scalar compares with NaN checks (softmax's max took half of its
// kernel, 2026-11-24). Where the combiner gives the same result in any
// order (max, min, and/or; integer add, mul, xor), the loop can carry the
// whole vector, combine lane by lane, and reduce across the lanes once
// after the loop. Float sums are left alone: their order is the sum tree
// of xla-split-reductions.
//
//===----------------------------------------------------------------------===//

#include "LaneAccumulators.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {

enum class Seed { Init, Zero, One };

/// How the vector accumulator starts, if `kind` on `element` is exact in
/// any order: idempotent combiners start from the scalar init in every
/// lane, the others from their identity.
static std::optional<Seed> seedOf(vector::CombiningKind kind, Type element) {
  using vector::CombiningKind;
  switch (kind) {
  case CombiningKind::MAXIMUMF:
  case CombiningKind::MINIMUMF:
  case CombiningKind::MAXNUMF:
  case CombiningKind::MINNUMF:
  case CombiningKind::MAXSI:
  case CombiningKind::MINSI:
  case CombiningKind::MAXUI:
  case CombiningKind::MINUI:
  case CombiningKind::AND:
  case CombiningKind::OR:
    return Seed::Init;
  case CombiningKind::ADD:
  case CombiningKind::XOR:
    if (element.isInteger())
      return Seed::Zero;
    return std::nullopt;
  case CombiningKind::MUL:
    if (element.isInteger())
      return Seed::One;
    return std::nullopt;
  }
  return std::nullopt;
}

/// scf.for carrying the result of a vector.multi_reduction over trailing
/// dimensions -> scf.for carrying the reduced vector, combined lane by
/// lane, and one multi_reduction after the loop.
struct CarryLaneAccumulator : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [i, iterArg] : llvm::enumerate(loop.getRegionIterArgs())) {
      auto reduction =
          yield.getOperand(i).getDefiningOp<vector::MultiDimReductionOp>();
      if (!reduction || reduction.getAcc() != iterArg ||
          !iterArg.hasOneUse() || !reduction->hasOneUse() ||
          reduction->getBlock() != loop.getBody())
        continue;
      VectorType source = reduction.getSourceVectorType();
      std::optional<Seed> seed =
          seedOf(reduction.getKind(), source.getElementType());
      int64_t rank = source.getRank();
      ArrayRef<int64_t> dims = reduction.getReductionDims();
      bool trailing = llvm::equal(
          dims, llvm::seq<int64_t>(rank - dims.size(), rank));
      if (!seed || !trailing || source.isScalable())
        continue;
      rewrite(rewriter, loop, i, reduction, *seed);
      return success();
    }
    return rewriter.notifyMatchFailure(loop, "no lane reduction carried");
  }

  static void rewrite(PatternRewriter &rewriter, scf::ForOp loop, unsigned i,
                      vector::MultiDimReductionOp reduction, Seed seed) {
    Location loc = reduction.getLoc();
    VectorType source = reduction.getSourceVectorType();
    vector::CombiningKind kind = reduction.getKind();
    SmallVector<bool> mask = reduction.getReductionMask();
    Value init = loop.getInitArgs()[i];
    rewriter.setInsertionPoint(loop);
    Value wide;
    if (seed == Seed::Init) {
      // The init, with unit dimensions for the reduced ones, stretched.
      if (auto accType = dyn_cast<VectorType>(init.getType())) {
        SmallVector<int64_t> shape(accType.getShape());
        shape.append(reduction.getReductionDims().size(), 1);
        init = vector::ShapeCastOp::create(
            rewriter, loc, VectorType::get(shape, source.getElementType()),
            init);
      }
      wide = vector::BroadcastOp::create(rewriter, loc, source, init);
    } else {
      Attribute value = rewriter.getIntegerAttr(source.getElementType(),
                                                seed == Seed::One ? 1 : 0);
      wide = arith::ConstantOp::create(
          rewriter, loc, source, SplatElementsAttr::get(source, value));
    }
    SmallVector<Value> inits(loop.getInitArgs());
    inits[i] = wide;
    auto carried = scf::ForOp::create(rewriter, loop.getLoc(),
                                      loop.getLowerBound(),
                                      loop.getUpperBound(), loop.getStep(),
                                      inits);
    Block *body = carried.getBody();
    if (!body->empty())
      rewriter.eraseOp(body->getTerminator());
    rewriter.mergeBlocks(loop.getBody(), body, body->getArguments());
    // The lane-wise combine replaces the reduction across lanes.
    rewriter.setInsertionPoint(reduction);
    Value combined = vector::makeArithReduction(
        rewriter, loc, kind, reduction.getSource(),
        carried.getRegionIterArgs()[i]);
    rewriter.replaceOp(reduction, combined);
    // Across the lanes once, into the original init.
    rewriter.setInsertionPointAfter(carried);
    SmallVector<Value> results(carried.getResults());
    results[i] = vector::MultiDimReductionOp::create(
        rewriter, loc, carried.getResult(i), loop.getInitArgs()[i], mask,
        kind);
    rewriter.replaceOp(loop, results);
  }
};

/// vector.multi_reduction <add> of a product over unit dimensions only (a
/// lane-strided sum of squares, tiled one step of its reduction loop at a
/// time) -> vector.fma into the accumulator. Otherwise the vectorizer's
/// reduction-to-contract patterns make it a vector.contract whose only
/// "contracted" dimension is unit and whose operands share their parallel
/// dimension, which lowers to a dot product per lane: scalar code.
struct FuseUnitReductionOfProduct
    : OpRewritePattern<vector::MultiDimReductionOp> {
  FuseUnitReductionOfProduct(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp reduction,
                                PatternRewriter &rewriter) const override {
    VectorType source = reduction.getSourceVectorType();
    auto product = reduction.getSource().getDefiningOp<arith::MulFOp>();
    if (reduction.getKind() != vector::CombiningKind::ADD || !product ||
        source.isScalable() ||
        llvm::any_of(reduction.getReductionDims(),
                     [&](int64_t d) { return source.getDimSize(d) != 1; }))
      return rewriter.notifyMatchFailure(reduction, "not a unit sum of a product");
    auto accType = dyn_cast<VectorType>(reduction.getAcc().getType());
    if (!accType)
      return rewriter.notifyMatchFailure(reduction, "scalar accumulator");
    Location loc = reduction.getLoc();
    auto toAcc = [&](Value v) {
      return vector::ShapeCastOp::create(rewriter, loc, accType, v);
    };
    rewriter.replaceOpWithNewOp<vector::FMAOp>(
        reduction, toAcc(product.getLhs()), toAcc(product.getRhs()),
        reduction.getAcc());
    return success();
  }
};

} // namespace

void xla::populateUnitReductionPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseUnitReductionOfProduct>(patterns.getContext());
}

bool xla::isOrderIndependent(vector::CombiningKind kind, Type element) {
  return seedOf(kind, element).has_value();
}

void xla::populateLaneAccumulatorPatterns(RewritePatternSet &patterns) {
  patterns.add<CarryLaneAccumulator>(patterns.getContext());
}
