//===- ApproximateVectorMath.cpp - vector math as polynomials -------------===//
//
// See Passes.td. Only f32 vector ops are rewritten, so a scalar remainder
// loop and every scalar kernel keep libm's results. Upstream's polynomials
// serve exp, tanh, erf, erfc and log; sin and cos are our own, because
// upstream reduces their argument in float32.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

/// Largest |x| whose sine and cosine the polynomial computes: checked
/// against float64 for every float in [0, 2^20] (docs/numerics.md). Lanes
/// beyond it, infinities and NaNs send the whole vector to libm.
constexpr double kSinCosLimit = 1 << 20;

/// 2/pi, and pi/2 as the sum of two doubles (Cody-Waite reduction).
constexpr double kTwoOverPi = 0.63661977236758134308;
constexpr double kPiOverTwoHigh = 1.5707963267948966;
constexpr double kPiOverTwoLow = 6.123233995736766e-17;

/// Minimax polynomials of sin and cos on [-pi/4, pi/4] (Cephes' sinf and
/// cosf), evaluated in float64: the result is rounded to float once.
constexpr double kSinCoefficients[] = {-1.9515295891e-4, 8.3321608736e-3,
                                       -1.6666654611e-1};
constexpr double kCosCoefficients[] = {2.443315711809948e-5,
                                       -1.388731625493765e-3,
                                       4.166664568298827e-2, -0.5, 1.0};

/// A constant vector of `type` with every element `value`.
Value splatConstant(OpBuilder &b, Location loc, VectorType type,
                    double value) {
  Type element = type.getElementType();
  Attribute attr = isa<FloatType>(element)
                       ? Attribute(b.getFloatAttr(element, value))
                       : Attribute(b.getIntegerAttr(element, int64_t(value)));
  return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, attr));
}

/// Builds `sin` or `cos` of the f32 vector `x` in float64 registers: x =
/// q pi/2 + r with |r| <= pi/4, then sin or cos of r by q's quadrant.
Value sinCosPolynomial(OpBuilder &b, Location loc, Value x, bool cosine) {
  auto type = cast<VectorType>(x.getType());
  VectorType wide = type.clone(b.getF64Type());
  VectorType ints = type.clone(b.getI32Type());
  auto splat = [&](VectorType t, double v) {
    return splatConstant(b, loc, t, v);
  };
  Value xd = arith::ExtFOp::create(b, loc, wide, x);
  Value q = math::RoundEvenOp::create(
      b, loc, arith::MulFOp::create(b, loc, xd, splat(wide, kTwoOverPi)));
  Value minusQ = arith::NegFOp::create(b, loc, q);
  Value r = math::FmaOp::create(b, loc, minusQ, splat(wide, kPiOverTwoHigh),
                                xd);
  r = math::FmaOp::create(b, loc, minusQ, splat(wide, kPiOverTwoLow), r);
  Value z = arith::MulFOp::create(b, loc, r, r);
  auto horner = [&](ArrayRef<double> coefficients) {
    Value p = splat(wide, coefficients.front());
    for (double c : coefficients.drop_front())
      p = math::FmaOp::create(b, loc, p, z, splat(wide, c));
    return p;
  };
  // sin r = r + r^3 p(r^2); cos r = q(r^2).
  Value sine = math::FmaOp::create(b, loc, horner(kSinCoefficients),
                                   arith::MulFOp::create(b, loc, z, r), r);
  Value cos = horner(kCosCoefficients);
  // Quadrant j (cos x = sin(x + pi/2)): odd takes cos r, 2 and 3 negate.
  Value j = arith::FPToSIOp::create(b, loc, ints, q);
  if (cosine)
    j = arith::AddIOp::create(b, loc, j, splat(ints, 1));
  auto bit = [&](int64_t mask) {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, j, splat(ints, mask)), splat(ints, 0));
  };
  Value value = arith::SelectOp::create(b, loc, bit(1), cos, sine);
  value = arith::SelectOp::create(
      b, loc, bit(2), arith::NegFOp::create(b, loc, value), value);
  Value result = arith::TruncFOp::create(b, loc, type, value);
  if (cosine)
    return result;
  // sin(-0) is -0, which q = -0 turned into +0.
  Value zero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x,
                                     splat(type, 0.0));
  return arith::SelectOp::create(b, loc, zero, x, result);
}

/// Replaces `op` (math.sin or math.cos of an f32 vector) by the polynomial,
/// or, when a lane is out of its range, by the op itself (libm's, later).
void approximateSinCos(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  auto type = cast<VectorType>(x.getType());
  Value limit = splatConstant(b, loc, type, kSinCosLimit);
  // Unordered: a NaN lane is out of range too.
  Value outside = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::UGT, math::AbsFOp::create(b, loc, x),
      limit);
  // vector.reduction takes 1-D vectors only.
  auto mask = cast<VectorType>(outside.getType());
  if (mask.getRank() != 1)
    outside = vector::ShapeCastOp::create(
        b, loc, VectorType::get({mask.getNumElements()}, b.getI1Type()),
        outside);
  Value any = vector::ReductionOp::create(b, loc, vector::CombiningKind::OR,
                                          outside);
  auto branch = scf::IfOp::create(b, loc, type, any, /*withElse=*/true);
  b.setInsertionPointToStart(branch.thenBlock());
  Operation *libm = b.clone(*op);
  scf::YieldOp::create(b, loc, libm->getResult(0));
  b.setInsertionPointToStart(branch.elseBlock());
  scf::YieldOp::create(
      b, loc, sinCosPolynomial(b, loc, x, isa<math::CosOp>(op)));
  op->getResult(0).replaceAllUsesWith(branch.getResult(0));
  op->erase();
}

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
      return selected(name) && name != "math.sin" && name != "math.cos";
    };
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, upstream);
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
