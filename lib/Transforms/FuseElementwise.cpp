//===- FuseElementwise.cpp - elementwise fusion that never recomputes -----===//
//
// Upstream's elementwise fusion patterns, with a control function that
// refuses a fusion which would evaluate the producer more than once per
// element of its result. That happens when the consumer reads the producer
// through an indexing map that leaves out some of its loops: a contraction
// (the `exp` of attention scores fused into `scores @ v` is recomputed for
// every column of `v`) or a broadcast back over a reduced dimension. Such a
// fusion multiplies the producer's work by the trip count of the loops it
// does not depend on, and it also turns a contraction into a generic body
// the matmul micro-kernel no longer recognizes.
//
// Producers that are trivially cheap (pure data movement, or casts only)
// are still fused everywhere: they cost less to recompute than to store,
// and a contraction body that casts its operands is still a contraction.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/FusionRules.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_FUSEELEMENTWISEPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

int64_t xla::getRecomputationFactor(OpOperand &operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand.getOwner());
  if (!consumer)
    return 1;
  AffineMap map = consumer.getMatchingIndexingMap(&operand);
  SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
  int64_t factor = 1;
  for (unsigned dim = 0, e = map.getNumDims(); dim < e; ++dim) {
    if (map.isFunctionOfDim(dim))
      continue;
    if (ShapedType::isDynamic(ranges[dim]))
      return std::numeric_limits<int64_t>::max();
    factor *= ranges[dim];
  }
  return factor;
}

bool xla::isCheapToRecompute(linalg::GenericOp producer) {
  for (Operation &op : producer.getBody()->without_terminator()) {
    if (!isa_and_nonnull<arith::ArithDialect>(op.getDialect()) ||
        isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp, arith::RemFOp,
            arith::RemSIOp, arith::RemUIOp, arith::CeilDivSIOp,
            arith::CeilDivUIOp, arith::FloorDivSIOp>(op))
      return false;
  }
  return true;
}

bool xla::isTriviallyCheapProducer(linalg::GenericOp producer) {
  for (Operation &op : producer.getBody()->without_terminator())
    if (!isa<CastOpInterface>(op) || op.getNumOperands() != 1)
      return false;
  return true;
}

/// True if every use of `producer` is by one op.
static bool hasOneUser(Operation *producer) {
  return !producer->use_empty() && llvm::all_equal(producer->getUsers());
}

/// Whether `producer`'s body is a few arithmetic and math ops on indices
/// and values of at most 32 bits: a few instructions on a GPU, where an
/// rsqrt or an exp runs on the special function units (f64 math is slow
/// there). The bound on its size keeps chains of such fusions from piling
/// up work per element.
static bool isCheapOnGPU(linalg::GenericOp producer) {
  constexpr int64_t kMaxOps = 24;
  Block *body = producer.getBody();
  if (int64_t(body->getOperations().size()) > kMaxOps + 1)
    return false;
  for (Operation &op : body->without_terminator()) {
    if (!isa_and_nonnull<arith::ArithDialect, math::MathDialect>(
            op.getDialect()) ||
        op.getNumRegions())
      return false;
    for (Type type : llvm::concat<const Type>(op.getOperandTypes(),
                                              op.getResultTypes()))
      if (!type.isIndex() && (!type.isIntOrFloat() ||
                              type.getIntOrFloatBitWidth() > 32))
        return false;
  }
  return true;
}

/// The GPU's rule, tried first where it is on: a producer that only one op
/// uses, cheap on a GPU, is fused into an elementwise consumer however
/// often the consumer's broadcast evaluates it (a layernorm's per-row
/// rsqrt into the normalization): the recomputation costs less than a
/// kernel of its own and a round trip of its result through memory. Never
/// into a reduction, whose contraction body would stop being one.
static bool shouldRecomputeOnGPU(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  return producer && consumer && hasOneUser(producer) &&
         consumer.getNumReductionLoops() == 0 && isCheapOnGPU(producer);
}

/// The control function: fuse a producer unless that would evaluate it more
/// than once per element of its result. A producer with several users
/// stays a result of the first fused op, but fusing that op into the next
/// user inlines the producer's body again; so it is fused only if its body
/// costs about as little as a load. Which ops share a kernel at all was
/// decided by the HLO fusion, which outlined each kernel into its own
/// function.
static bool shouldFuse(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  if (!producer)
    return false;
  if (!hasOneUser(producer) && !xla::isCheapToRecompute(producer))
    return false;
  if (xla::isTriviallyCheapProducer(producer))
    return true;
  return xla::getRecomputationFactor(*fused) == 1;
}

namespace {

/// Broadcast, transpose, reduce and map as generics, which the fusion
/// patterns take as producers and consumers (they match generics only), so
/// that `reduce(x + y * z)` becomes one loop nest. Contractions and
/// convolutions keep their named form for the tiling strategy.
struct GeneralizeFusibleNamedOp
    : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;
  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!isa<linalg::BroadcastOp, linalg::TransposeOp, linalg::ReduceOp,
             linalg::MapOp>(op))
      return failure();
    return linalg::generalizeNamedOp(rewriter, op);
  }
};

struct FuseElementwisePass
    : xla::impl::FuseElementwisePassBase<FuseElementwisePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    set.add<GeneralizeFusibleNamedOp>(context);
    linalg::ControlFusionFn control = shouldFuse;
    if (recomputeIntoElementwise)
      control = [](OpOperand *fused) {
        return shouldRecomputeOnGPU(fused) || shouldFuse(fused);
      };
    linalg::populateElementwiseOpsFusionPatterns(set, control);
    // Reshapes between fused ops are folded by expanding the generic ops'
    // iteration spaces, as upstream's fusion pass does; that never repeats
    // work, so a single use is the only condition.
    linalg::ControlFusionFn singleUse = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    linalg::populateFoldReshapeOpsByExpansionPatterns(set, singleUse);
    tensor::populateBubbleUpExpandShapePatterns(set);
    affine::AffineApplyOp::getCanonicalizationPatterns(set, context);
    linalg::GenericOp::getCanonicalizationPatterns(set, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(set, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(set, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(set);
    linalg::populateConstantFoldLinalgOperations(set, singleUse);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    // Top-down, like upstream's pass, for compile time.
    if (failed(applyPatternsGreedily(
            getOperation(), patterns,
            GreedyRewriteConfig().setUseTopDownTraversal(true))))
      return signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
