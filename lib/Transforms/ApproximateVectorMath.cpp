//===- ApproximateVectorMath.cpp - vector math as polynomials -------------===//
//
// See Passes.td. Only f32 vector ops are rewritten, so a scalar remainder
// loop and every scalar kernel keep libm's results. Upstream's polynomials
// serve tanh, erf and log; sin, cos, exp and erfc are our own
// (VectorMathPolynomials.h), because upstream reduces sin's and cos's
// argument in float32, spends 22 instructions on an exp and about 95, with
// two divisions, on an erfc.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "VectorMathPolynomials.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_APPROXIMATEVECTORMATHPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// Replaces `op` (math.sin or math.cos of an f32 vector) by the polynomial,
/// or, when a lane is out of its range, by the op itself (libm's, later).
void approximateSinCos(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  auto type = cast<VectorType>(x.getType());
  Value limit = createScalarOrSplatConstant(
      b, loc, type, llvm::APFloat(float(xla::kSinCosLimit)));
  // Unordered: a NaN lane is out of range too.
  Value outside = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::UGT, math::AbsFOp::create(b, loc, x),
      limit);
  auto branch = scf::IfOp::create(b, loc, type, xla::anyLane(b, loc, outside),
                                  /*withElse=*/true);
  b.setInsertionPointToStart(branch.thenBlock());
  Operation *libm = b.clone(*op);
  scf::YieldOp::create(b, loc, libm->getResult(0));
  b.setInsertionPointToStart(branch.elseBlock());
  scf::YieldOp::create(
      b, loc, xla::buildSinCos(b, loc, x, isa<math::CosOp>(op)));
  op->getResult(0).replaceAllUsesWith(branch.getResult(0));
  op->erase();
}

/// math.exp of an f32 vector: ours, with the pass's target.
struct ExpOfVector : OpRewritePattern<math::ExpOp> {
  ExpOfVector(MLIRContext *context, bool avx512)
      : OpRewritePattern(context), avx512(avx512) {}

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || !type.getElementType().isF32())
      return failure();
    rewriter.replaceOp(
        op, xla::buildExp(rewriter, op.getLoc(), op.getOperand(), avx512));
    return success();
  }

  bool avx512;
};

/// math.erfc of an f32 vector: ours (upstream's takes two divisions and
/// about 95 instructions).
struct ErfcOfVector : OpRewritePattern<math::ErfcOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::ErfcOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || !type.getElementType().isF32())
      return failure();
    rewriter.replaceOp(op,
                       xla::buildErfc(rewriter, op.getLoc(), op.getOperand()));
    return success();
  }
};

struct ApproximateVectorMathPass
    : xla::impl::ApproximateVectorMathPassBase<ApproximateVectorMathPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::string> names(ops.begin(), ops.end());
    if (names.empty())
      names.append({"exp", "tanh", "erf", "erfc", "log", "sin", "cos"});
    // Upstream asks with the full op name ("math.exp").
    auto selected = [&](StringRef name) {
      name.consume_front("math.");
      return llvm::is_contained(names, name.str());
    };
    auto upstream = [&](StringRef name) {
      return selected(name) && name != "math.sin" && name != "math.cos" &&
             name != "math.exp" && name != "math.erfc";
    };
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, upstream);
    if (selected("exp"))
      patterns.add<ExpOfVector>(&getContext(), avx512);
    if (selected("erfc"))
      patterns.add<ErfcOfVector>(&getContext());
    FrozenRewritePatternSet frozen(std::move(patterns));

    SmallVector<Operation *> targets;
    getOperation()->walk([&](Operation *op) {
      if (op->getDialect() != op->getContext()->getLoadedDialect("math") ||
          !selected(op->getName().stripDialect()) || op->getNumResults() != 1)
        return;
      auto type = dyn_cast<VectorType>(op->getResult(0).getType());
      if (type && type.getElementType().isF32())
        targets.push_back(op);
    });
    SmallVector<Operation *> sinCos;
    llvm::erase_if(targets, [&](Operation *op) {
      bool ours = isa<math::SinOp, math::CosOp>(op);
      if (ours)
        sinCos.push_back(op);
      return ours;
    });
    for (Operation *op : sinCos)
      approximateSinCos(op);
    if (targets.empty())
      return;
    (void)applyOpPatternsGreedily(targets, frozen);
  }
};

} // namespace
