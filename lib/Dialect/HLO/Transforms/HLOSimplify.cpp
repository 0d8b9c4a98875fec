//===- HLOSimplify.cpp - algebraic simplification of hlo ops --------------===//
//
// Only rewrites that keep every result bit-identical, including signed
// zeros and NaNs: `x + 0.0` is not `x` when x is -0.0, but `x + -0.0` is.
// The shape-op patterns are in HLOSimplifyShape.cpp, reductions over unit
// dimensions in HLOSimplifyReduce.cpp. The two rewrites that regroup a sum
// are apart: a reduce of a batched dot_general in HLOSimplifyDot.cpp, a
// sum into a scatter-add of zeros in HLOSimplifyScatter.cpp.
//
//===----------------------------------------------------------------------===//

#include "HLOSimplify.h"

#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla::hlo {
#define GEN_PASS_DEF_HLOSIMPLIFYPASS
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace xla::hlo

using namespace mlir;
using namespace xla::hlo;
using namespace xla::hlo::simplify;

namespace {

/// Commutative binary ops keep constants on the right-hand side, so later
/// patterns only look there.
template <typename OpTy>
struct ConstantToRhs : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!matchPattern(op.getLhs(), m_Constant()) ||
        matchPattern(op.getRhs(), m_Constant()))
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      Value lhs = op.getLhs();
      op->setOperand(0, op.getRhs());
      op->setOperand(1, lhs);
    });
    return success();
  }
};

struct SimplifyAdd : OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddOp op,
                                PatternRewriter &rewriter) const override {
    Value rhs = op.getRhs();
    if (isSplatInt(rhs, 0) || isSplatFloat(rhs, 0.0, /*negativeZero=*/true))
      return replaceWith(rewriter, op, op.getLhs());
    return failure();
  }
};

struct SimplifySubtract : OpRewritePattern<SubtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SubtractOp op,
                                PatternRewriter &rewriter) const override {
    Value rhs = op.getRhs();
    if (isSplatInt(rhs, 0) || isSplatFloat(rhs, 0.0, /*negativeZero=*/false))
      return replaceWith(rewriter, op, op.getLhs());
    return failure();
  }
};

struct SimplifyMultiply : OpRewritePattern<MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MulOp op,
                                PatternRewriter &rewriter) const override {
    Value rhs = op.getRhs();
    if (isSplatInt(rhs, 1) || isSplatFloat(rhs, 1.0))
      return replaceWith(rewriter, op, op.getLhs());
    // x * 0 = 0 holds for integers only (NaN and inf for floats).
    if (isSplatInt(rhs, 0))
      return replaceWith(rewriter, op, rhs);
    return failure();
  }
};

struct SimplifyDivide : OpRewritePattern<DivOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DivOp op,
                                PatternRewriter &rewriter) const override {
    if (isSplatInt(op.getRhs(), 1) || isSplatFloat(op.getRhs(), 1.0))
      return replaceWith(rewriter, op, op.getLhs());
    return failure();
  }
};

/// op(x, x) = x for min, max, and, or.
template <typename OpTy>
struct Idempotent : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs())
      return failure();
    return replaceWith(rewriter, op, op.getLhs());
  }
};

/// op(op(x)) = x for negate and not.
template <typename OpTy>
struct Involution : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().template getDefiningOp<OpTy>();
    if (!inner)
      return failure();
    return replaceWith(rewriter, op, inner.getOperand());
  }
};

struct IdentityConvert : OpRewritePattern<ConvertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertOp op,
                                PatternRewriter &rewriter) const override {
    return replaceWith(rewriter, op, op.getOperand());
  }
};

struct SimplifySelect : OpRewritePattern<SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getOnTrue() == op.getOnFalse())
      return replaceWith(rewriter, op, op.getOnTrue());
    std::optional<Attribute> pred = splatOf(op.getPred());
    auto b = pred ? dyn_cast<BoolAttr>(*pred) : BoolAttr();
    auto i = pred ? dyn_cast<IntegerAttr>(*pred) : IntegerAttr();
    if (!b && !i)
      return failure();
    bool value = b ? b.getValue() : !i.getValue().isZero();
    return replaceWith(rewriter, op, value ? op.getOnTrue() : op.getOnFalse());
  }
};

struct HLOSimplifyPass
    : xla::hlo::impl::HLOSimplifyPassBase<HLOSimplifyPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateHLOSimplifyPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void xla::hlo::populateHLOSimplifyPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ConstantToRhs<AddOp>, ConstantToRhs<MulOp>,
               ConstantToRhs<MaxOp>, ConstantToRhs<MinOp>,
               ConstantToRhs<AndOp>, ConstantToRhs<OrOp>,
               ConstantToRhs<XorOp>>(ctx);
  patterns.add<SimplifyAdd, SimplifySubtract, SimplifyMultiply, SimplifyDivide,
               Idempotent<MaxOp>, Idempotent<MinOp>, Idempotent<AndOp>,
               Idempotent<OrOp>, Involution<NegOp>, Involution<NotOp>,
               IdentityConvert, SimplifySelect>(ctx);
  simplify::populateShapePatterns(patterns);
  simplify::populateDotPatterns(patterns);
  simplify::populateReducePatterns(patterns);
  simplify::populateConvolutionPatterns(patterns);
  simplify::populateScatterPatterns(patterns);
}
