//===- VectorMathPolynomials.cpp - math functions of f32 vectors ----------===//
//
// See VectorMathPolynomials.h.
//
//===----------------------------------------------------------------------===//

#include "VectorMathPolynomials.h"

#include <cmath>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"

using namespace mlir;

namespace {

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

/// exp: x is clamped to [kExpLow, kExpHigh], where exp is 0 below (it
/// rounds to 0 under 2^-150) and overflows above, so k stays in [-150,
/// 128]; ln 2 = kLn2High + kLn2Low, kLn2High exact in 9 bits so that k
/// times it is exact; Cephes' expf polynomial p with exp r = 1 + r + r^2
/// p(r) for |r| <= ln 2 / 2.
constexpr double kExpLow = -104.0;
constexpr double kExpHigh = 89.0;
/// Below it exp(x) < 2^-150, which rounds to 0 (-150 ln 2 = -103.9721).
constexpr double kExpZero = -103.973;
/// Where every lane lies in [kExpFastLow, kExpFastHigh], k is in [-124,
/// 127] and exp(x) is a normal float: 2^k goes straight into the
/// exponent bits of the polynomial's value (in [0.7, 1.5], biased exponent
/// 126 or 127), which is exact, as the general scaling is.
constexpr double kExpFastLow = -86.0;
constexpr double kExpFastHigh = 88.0;
constexpr double kLog2E = 1.44269504088896341;
constexpr double kLn2High = 0.693359375;
constexpr double kLn2Low = -2.12194440e-4;
constexpr double kExpCoefficients[] = {1.9875691500e-4, 1.3981999507e-3,
                                       8.3334519073e-3, 4.1665795894e-2,
                                       1.6666665459e-1, 5.0000001201e-1};

/// erfc: for a = |x|, erfc(a) = exp(-a^2) h(t) / (a + K) with t = (a - K)
/// / (a + K) and h of degree 11 (scripts/fit_erfc.py, 0.04 ulp of fit);
/// past kErfcLimit erfc rounds to 0. exp(-a^2) is computed scaled by
/// 2^kErfcScale.
constexpr double kErfcK = 1.5;
constexpr double kErfcLimit = 10.06;
constexpr int kErfcScale = 64;
constexpr double kErfcCoefficients[] = {
    -7.35833237e-05, -0.000229008423, -6.72045935e-05, 0.000868280476,
    0.00177183154,   -0.000808359473, -0.00945956819,  -0.00811941363,
    0.0477680005,    0.075621739,     -0.507849991,    0.96475625};

/// A constant vector of `type` with every element `value`.
Value splat(OpBuilder &b, Location loc, VectorType type, double value) {
  Type element = type.getElementType();
  Attribute attr = isa<FloatType>(element)
                       ? Attribute(b.getFloatAttr(element, value))
                       : Attribute(b.getIntegerAttr(element, int64_t(value)));
  return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, attr));
}

/// Horner's scheme: coefficients from the highest power down, in `z`;
/// with `high`, the value of the higher powers' polynomial goes first.
Value horner(OpBuilder &b, Location loc, Value z, ArrayRef<double> coefficients,
             Value high = {}) {
  auto type = cast<VectorType>(z.getType());
  Value p = high;
  if (!p) {
    p = splat(b, loc, type, coefficients.front());
    coefficients = coefficients.drop_front();
  }
  for (double c : coefficients)
    p = math::FmaOp::create(b, loc, p, z, splat(b, loc, type, c));
  return p;
}

/// Estrin's scheme, in the order of horner's coefficients: pairs of terms
/// in z, then pairs of those in z^2, ...: a dependency chain of about
/// log2(degree) FMAs instead of degree of them, for a few more products
/// and slightly larger rounding errors.
Value estrin(OpBuilder &b, Location loc, Value z,
             ArrayRef<double> coefficients) {
  auto type = cast<VectorType>(z.getType());
  // Lowest power first.
  SmallVector<Value> terms;
  for (double c : llvm::reverse(coefficients))
    terms.push_back(splat(b, loc, type, c));
  Value power = z;
  while (terms.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < terms.size(); i += 2)
      next.push_back(
          math::FmaOp::create(b, loc, terms[i + 1], power, terms[i]));
    if (terms.size() % 2)
      next.push_back(terms.back());
    terms = std::move(next);
    if (terms.size() > 1)
      power = arith::MulFOp::create(b, loc, power, power);
  }
  return terms.front();
}

/// Cody-Waite: n = roundeven(x / c) and r = x - n c, with 1 / c given as
/// `inverse` and c as `high` + `low` (`high` short enough that n high is
/// exact).
std::pair<Value, Value> reduceArgument(OpBuilder &b, Location loc, Value x,
                                       double inverse, double high,
                                       double low) {
  auto type = cast<VectorType>(x.getType());
  Value n = math::RoundEvenOp::create(
      b, loc, arith::MulFOp::create(b, loc, x, splat(b, loc, type, inverse)));
  Value minusN = arith::NegFOp::create(b, loc, n);
  Value r =
      math::FmaOp::create(b, loc, minusN, splat(b, loc, type, high), x);
  r = math::FmaOp::create(b, loc, minusN, splat(b, loc, type, low), r);
  return {n, r};
}

/// `y` times 2^k (k integral, in [-150, 128]; `y` in [0.7, 1.5] or NaN)
/// as y * 2^h * 2^(k - h), h = floor(k / 2): both factors are normal
/// floats and the first product is exact, so the second rounds once,
/// as vscalefps does.
Value scaleByPowerOfTwo(OpBuilder &b, Location loc, Value y, Value k) {
  auto type = cast<VectorType>(y.getType());
  VectorType ints = type.clone(b.getI32Type());
  // fptosi of a NaN is poison: a NaN k (y is NaN then) becomes a number.
  Value bounded = arith::MinNumFOp::create(
      b, loc, arith::MaxNumFOp::create(b, loc, k, splat(b, loc, type, -150)),
      splat(b, loc, type, 128));
  Value n = arith::FPToSIOp::create(b, loc, ints, bounded);
  Value half = arith::ShRSIOp::create(b, loc, n, splat(b, loc, ints, 1));
  Value rest = arith::SubIOp::create(b, loc, n, half);
  auto power = [&](Value e) {
    Value biased = arith::AddIOp::create(b, loc, e, splat(b, loc, ints, 127));
    Value bits = arith::ShLIOp::create(b, loc, biased, splat(b, loc, ints, 23));
    return arith::BitcastOp::create(b, loc, type, bits);
  };
  Value scaled = arith::MulFOp::create(b, loc, y, power(half));
  return arith::MulFOp::create(b, loc, scaled, power(rest));
}

} // namespace

Value xla::buildSinCos(OpBuilder &b, Location loc, Value x, bool cosine) {
  auto type = cast<VectorType>(x.getType());
  VectorType wide = type.clone(b.getF64Type());
  VectorType ints = type.clone(b.getI32Type());
  Value xd = arith::ExtFOp::create(b, loc, wide, x);
  auto [q, r] = reduceArgument(b, loc, xd, kTwoOverPi, kPiOverTwoHigh,
                               kPiOverTwoLow);
  Value z = arith::MulFOp::create(b, loc, r, r);
  // sin r = r + r^3 p(r^2); cos r = q(r^2).
  Value sine =
      math::FmaOp::create(b, loc, horner(b, loc, z, kSinCoefficients),
                          arith::MulFOp::create(b, loc, z, r), r);
  Value cos = horner(b, loc, z, kCosCoefficients);
  // Quadrant j (cos x = sin(x + pi/2)): odd takes cos r, 2 and 3 negate.
  Value j = arith::FPToSIOp::create(b, loc, ints, q);
  if (cosine)
    j = arith::AddIOp::create(b, loc, j, splat(b, loc, ints, 1));
  auto bit = [&](int64_t mask) {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, j, splat(b, loc, ints, mask)),
        splat(b, loc, ints, 0));
  };
  Value value = arith::SelectOp::create(b, loc, bit(1), cos, sine);
  value = arith::SelectOp::create(
      b, loc, bit(2), arith::NegFOp::create(b, loc, value), value);
  Value result = arith::TruncFOp::create(b, loc, type, value);
  if (cosine)
    return result;
  // sin(-0) is -0, which q = -0 turned into +0.
  Value zero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x,
                                     splat(b, loc, type, 0.0));
  return arith::SelectOp::create(b, loc, zero, x, result);
}

/// exp(r) for |r| <= ln 2 / 2 (in [0.7, 1.5]).
static Value expOfSmall(OpBuilder &b, Location loc, Value r) {
  auto type = cast<VectorType>(r.getType());
  Value p = horner(b, loc, r, kExpCoefficients);
  Value y = math::FmaOp::create(b, loc, p, arith::MulFOp::create(b, loc, r, r),
                                r);
  return arith::AddFOp::create(b, loc, y, splat(b, loc, type, 1.0));
}

/// exp(r) for |r| <= ln 2 / 2 and k of x = k ln 2 + r.
static std::pair<Value, Value> expOfReduced(OpBuilder &b, Location loc,
                                            Value x) {
  auto [k, r] = reduceArgument(b, loc, x, kLog2E, kLn2High, kLn2Low);
  return {k, expOfSmall(b, loc, r)};
}

/// exp for lanes in [kExpFastLow, kExpFastHigh]: y * 2^k as an integer add
/// of k to y's exponent.
static Value buildExpInRange(OpBuilder &b, Location loc, Value x) {
  auto type = cast<VectorType>(x.getType());
  VectorType ints = type.clone(b.getI32Type());
  auto [k, y] = expOfReduced(b, loc, x);
  Value n = arith::FPToSIOp::create(b, loc, ints, k);
  Value exponent = arith::ShLIOp::create(b, loc, n, splat(b, loc, ints, 23));
  Value bits = arith::AddIOp::create(
      b, loc, arith::BitcastOp::create(b, loc, ints, y), exponent);
  return arith::BitcastOp::create(b, loc, type, bits);
}

/// exp for every input: clamped, scaled in two steps (or by vscalefps).
static Value buildExpAnywhere(OpBuilder &b, Location loc, Value x,
                              bool avx512) {
  auto type = cast<VectorType>(x.getType());
  // maximumf and minimumf keep a NaN, which then flows through to the
  // result; against a constant they are one vmaxps or vminps each.
  Value clamped = arith::MinimumFOp::create(
      b, loc,
      arith::MaximumFOp::create(b, loc, x, splat(b, loc, type, kExpLow)),
      splat(b, loc, type, kExpHigh));
  auto [k, y] = expOfReduced(b, loc, clamped);
  // Where exp rounds to 0, scale an exact 0: an underflowing product or
  // vscalefps takes a microcode assist on x86 (a causal softmax's masked
  // lanes ran 5x slower with one). Results that are subnormal still pay it.
  Value underflows =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x,
                            splat(b, loc, type, kExpZero));
  y = arith::SelectOp::create(b, loc, underflows, splat(b, loc, type, 0.0),
                              y);
  int64_t count = type.getNumElements();
  if (!avx512 || count % 16 != 0)
    return scaleByPowerOfTwo(b, loc, y, k);
  // vscalefps: y * 2^floor(k), rounded once; infinity past the top. A
  // vector of 16 lanes at a time (the op takes 512 bits), which LLVM keeps
  // in registers of 16 anyway. Casts and slices of a whole vector fold.
  auto flat = VectorType::get({count}, type.getElementType());
  auto chunkType = VectorType::get({16}, type.getElementType());
  Value ys = b.createOrFold<vector::ShapeCastOp>(loc, flat, y);
  Value ks = b.createOrFold<vector::ShapeCastOp>(loc, flat, k);
  Value allLanes = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(b.getI16Type(), -1));
  // _MM_FROUND_CUR_DIRECTION: the rounding mode in MXCSR.
  Value rounding = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(4));
  Value result = ys;
  for (int64_t offset = 0; offset < count; offset += 16) {
    auto chunk = [&](Value v) {
      return b.createOrFold<vector::ExtractStridedSliceOp>(
          loc, v, ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{16},
          ArrayRef<int64_t>{1});
    };
    // The op passes its operands to llvm.x86.avx512.mask.scalef.ps.512(a,
    // b, passthrough, ...) in order, whatever their names (src, a, b): the
    // value to scale goes first, the exponents second.
    Value yc = chunk(ys);
    Value scaled = x86vector::MaskScaleFOp::create(
        b, loc, chunkType, yc, chunk(ks), yc, allLanes, rounding);
    result = b.createOrFold<vector::InsertStridedSliceOp>(
        loc, scaled, result, ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{1});
  }
  return b.createOrFold<vector::ShapeCastOp>(loc, type, result);
}

Value xla::anyLane(OpBuilder &b, Location loc, Value mask) {
  // vector.reduction takes 1-D vectors only.
  auto type = cast<VectorType>(mask.getType());
  if (type.getRank() != 1)
    mask = vector::ShapeCastOp::create(
        b, loc, VectorType::get({type.getNumElements()}, b.getI1Type()),
        mask);
  return vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, mask);
}

Value xla::buildExp(OpBuilder &b, Location loc, Value x, bool avx512) {
  auto type = cast<VectorType>(x.getType());
  // vscalefps costs what the integer add does.
  if (avx512 && type.getNumElements() % 16 == 0)
    return buildExpAnywhere(b, loc, x, avx512);
  // Elsewhere the general scaling takes 18 more instructions (clamps, NaN
  // checks, two factors): vectors whose lanes are all in the fast range
  // (a softmax's, almost always) branch around it. Unordered: a NaN lane
  // is outside.
  Value outside = arith::OrIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ULT, x,
                            splat(b, loc, type, kExpFastLow)),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x,
                            splat(b, loc, type, kExpFastHigh)));
  auto branch = scf::IfOp::create(b, loc, type, anyLane(b, loc, outside),
                                  /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(branch.thenBlock());
  scf::YieldOp::create(b, loc, buildExpAnywhere(b, loc, x, avx512));
  b.setInsertionPointToStart(branch.elseBlock());
  scf::YieldOp::create(b, loc, buildExpInRange(b, loc, x));
  return branch.getResult(0);
}

Value xla::buildErfc(OpBuilder &b, Location loc, Value x) {
  auto type = cast<VectorType>(x.getType());
  VectorType ints = type.clone(b.getI32Type());
  auto c = [&](double value) { return splat(b, loc, type, value); };
  auto fma = [&](Value p, Value q, Value s) {
    return math::FmaOp::create(b, loc, p, q, s).getResult();
  };
  auto neg = [&](Value v) { return arith::NegFOp::create(b, loc, v); };
  // A NaN stays NaN through minimumf and every step after.
  Value a = arith::MinimumFOp::create(b, loc, math::AbsFOp::create(b, loc, x),
                                      c(kErfcLimit));
  // a + K = s + sLow exactly (two-sum), and 1 / (a + K) = u to float
  // precision: one Newton step from r = 1 / s. Rounding a + K would cost
  // an ulp through t.
  Value s = arith::AddFOp::create(b, loc, a, c(kErfcK));
  Value r = arith::DivFOp::create(b, loc, c(1.0), s);
  Value sMinusA = arith::SubFOp::create(b, loc, s, a);
  Value sLow = arith::AddFOp::create(
      b, loc,
      arith::SubFOp::create(b, loc, a,
                            arith::SubFOp::create(b, loc, s, sMinusA)),
      arith::SubFOp::create(b, loc, c(kErfcK), sMinusA));
  Value residual = fma(neg(r), sLow, fma(neg(r), s, c(1.0)));
  // t = 1 - 2K u, u = r (1 + residual); 1 - 2K r is rounded off the
  // dependency chain of the residual.
  Value t = fma(arith::MulFOp::create(b, loc, r, c(-2 * kErfcK)), residual,
                fma(c(-2 * kErfcK), r, c(1.0)));
  // The chain from x to the result is what limits the throughput of a
  // loop of erfc (an out-of-order core holds one or two of its iterations
  // at a time), so the higher powers go by Estrin's scheme. The last two
  // steps, with the largest terms, stay Horner's: Estrin's rounding there
  // would cost 1.3 ulp.
  ArrayRef<double> coefficients(kErfcCoefficients);
  Value h = horner(b, loc, t, coefficients.take_back(2),
                   estrin(b, loc, t, coefficients.drop_back(2)));
  // erfcx(a) = h / (a + K) = f + fLow: the Newton step's correction is
  // kept apart and joins the last product, which then rounds once.
  Value f = arith::MulFOp::create(b, loc, h, r);
  Value quotientResidual = fma(neg(f), sLow, fma(neg(f), s, h));
  Value fLow = arith::MulFOp::create(b, loc, quotientResidual, r);
  // exp(-a^2) with a^2 = hi + lo exactly, lo taken off the reduced
  // argument; scaled by 2^64 so that it stays a normal float down to
  // exp(-kErfcLimit^2) ~ 2^-146, and the product scaled back (one rounding
  // where the result is subnormal).
  Value minusHi = neg(arith::MulFOp::create(b, loc, a, a));
  Value lo = fma(a, a, minusHi);
  auto [k, reduced] =
      reduceArgument(b, loc, minusHi, kLog2E, kLn2High, kLn2Low);
  Value y = expOfSmall(b, loc, arith::SubFOp::create(b, loc, reduced, lo));
  // k is in [-146, 0]: k + 64 + 1.5 2^23 has k + 64 in its low mantissa
  // bits, which the shift moves into the exponent (the other bits leave).
  // No fptosi: of a NaN k (x is NaN, and so is f) it would be poison.
  Value n = arith::BitcastOp::create(
      b, loc, ints,
      arith::AddFOp::create(b, loc, k, c(kErfcScale + 0x1.8p23)));
  Value e = arith::BitcastOp::create(
      b, loc, type,
      arith::AddIOp::create(
          b, loc, arith::BitcastOp::create(b, loc, ints, y),
          arith::ShLIOp::create(b, loc, n, splat(b, loc, ints, 23))));
  Value scaled = fma(e, f, arith::MulFOp::create(b, loc, e, fLow));
  Value result =
      arith::MulFOp::create(b, loc, scaled, c(std::ldexp(1.0, -kErfcScale)));
  // erfc(-a) = 2 - erfc(a).
  Value negative = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x,
                                         c(0.0));
  return arith::SelectOp::create(
      b, loc, negative, arith::SubFOp::create(b, loc, c(2.0), result),
      result);
}
