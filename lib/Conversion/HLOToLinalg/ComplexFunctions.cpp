//===- ComplexFunctions.cpp - complex functions the dialects lack ---------===//
//
// sinh, cosh, asin, acos, asinh, acosh, atan, atanh and cbrt on complex
// numbers, written on the real and imaginary parts with real math ops (which
// go to libm). complex<f32> computes in f64 and rounds the parts back.
//
//   sinh(x+iy) = sinh x cos y + i cosh x sin y
//   cosh(x+iy) = cosh x cos y + i sinh x sin y
//   asin, acos, acosh: T. E. Hull, T. F. Fairgrieve, P. T. P. Tang,
//     "Implementing the complex arcsine and arccosine functions using
//     exception handling" (ACM TOMS 23(3), 1997), with C99's values for
//     infinite parts;
//   asinh(z) = -i asin(iz)
//   atanh(x+iy) = log1p(4x / ((1-x)^2 + y^2)) / 4
//                 + i atan2(2y, (1-x)(1+x) - y^2) / 2, and +-0 +- i pi/2
//                 where a part is infinite
//     (for |z| beyond about 1e150 a part of magnitude below 1e-150
//     underflows to 0);
//   atan(z) = -i atanh(iz)
//   cbrt(z) = cbrt|z| exp(i arg(z) / 3), the principal root;
//   pow(z, w) = exp(w log z) on the parts (XLA's values for a zero base).
//
//===----------------------------------------------------------------------===//

#include "SpecialFunctions.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

using namespace mlir;
using P = arith::CmpFPredicate;

namespace xla::hlo::detail {
namespace {

struct Parts {
  Value re, im;
};

Value copySign(const FloatMath &m, Value magnitude, Value sign) {
  return math::CopySignOp::create(m.b, m.loc, magnitude, sign);
}

Value lor(const FloatMath &m, Value x, Value y) {
  return arith::OrIOp::create(m.b, m.loc, x, y);
}

/// sqrt(a^2 + b^2) without spurious overflow or underflow: the direct
/// formula where the squares are safe, else max * sqrt(1 + (min/max)^2).
Value hypot(const FloatMath &m, Value a, Value b) {
  Value absA = m.f<math::AbsFOp>(a), absB = m.f<math::AbsFOp>(b);
  Value hi = arith::MaximumFOp::create(m.b, m.loc, absA, absB);
  Value lo = arith::MinimumFOp::create(m.b, m.loc, absA, absB);
  Value direct = m.f<math::SqrtOp>(m.add(m.mul(a, a), m.mul(b, b)));
  Value ratio = m.div(lo, hi);
  Value scaled =
      m.mul(hi, m.f<math::SqrtOp>(m.add(m.c(1.0), m.mul(ratio, ratio))));
  Value unsafe = lor(m, m.cmp(P::OGE, hi, m.c(1e150)),
                     m.cmp(P::OLT, hi, m.c(1e-150)));
  Value result = m.select(unsafe, scaled, direct);
  // 0/0 and inf/inf in the ratio.
  result = m.select(m.cmp(P::OEQ, hi, m.c(0.0)), m.c(0.0), result);
  double inf = std::numeric_limits<double>::infinity();
  return m.select(m.cmp(P::OEQ, hi, m.c(inf)), m.c(inf), result);
}

/// Hull et al.'s arcsine/arccosine terms for z = x + iy, on |x| and |y|:
/// asin(|x| + i|y|) = asinRe + i imag, acos(|x| + i|y|) = acosRe - i imag.
struct HullTerms {
  Value asinRe, acosRe, imag;
};
HullTerms hullTerms(const FloatMath &m, Value x, Value y) {
  Value ax = m.f<math::AbsFOp>(x), ay = m.f<math::AbsFOp>(y);
  Value one = m.c(1.0), half = m.c(0.5);
  Value xp1 = m.add(ax, one), xm1 = m.sub(ax, one), omx = m.sub(one, ax);
  Value r = hypot(m, xp1, ay), s = hypot(m, xm1, ay);
  Value a = m.mul(half, m.add(r, s));
  Value bRatio = m.div(ax, a);
  Value yy = m.mul(ay, ay);
  Value rpx = m.add(r, xp1);
  Value apx = m.add(a, ax);
  // Real parts: asin(b) / acos(b) where b = x / a is not close to 1, else
  // an atan form free of the cancellation in 1 - b.
  Value dSmallX = m.f<math::SqrtOp>(
      m.mul(m.mul(half, apx), m.add(m.div(yy, rpx), m.add(s, omx))));
  Value dLargeX = m.mul(
      ay, m.f<math::SqrtOp>(m.mul(half, m.add(m.div(apx, rpx),
                                              m.div(apx, m.add(s, xm1))))));
  Value d = m.select(m.cmp(P::OLE, ax, one), dSmallX, dLargeX);
  Value useRatio = m.cmp(P::OLE, bRatio, m.c(0.6417));
  Value asinRe = m.select(useRatio, m.f<math::AsinOp>(bRatio),
                          m.f<math::AtanOp>(m.div(ax, d)));
  Value acosRe = m.select(useRatio, m.f<math::AcosOp>(bRatio),
                          m.f<math::AtanOp>(m.div(d, ax)));
  // Imaginary part: acosh(a), through a - 1 computed without cancellation
  // for a near 1, and as log(2a) where a^2 - 1 == a^2.
  Value am1 = m.select(
      m.cmp(P::OLT, ax, one),
      m.mul(half, m.add(m.div(yy, rpx), m.div(yy, m.add(s, omx)))),
      m.mul(half, m.add(m.div(yy, rpx), m.add(s, xm1))));
  Value nearOne = m.f<math::Log1pOp>(
      m.add(am1, m.f<math::SqrtOp>(m.mul(am1, m.add(a, one)))));
  // y tiny against 1 - x (where y^2 may underflow): the first-order term.
  Value tinyY = m.land(m.cmp(P::OLT, ax, one),
                       m.cmp(P::OLT, ay, m.mul(m.c(1e-8), omx)));
  nearOne = m.select(
      tinyY, m.div(ay, m.f<math::SqrtOp>(m.mul(omx, xp1))), nearOne);
  Value moderate = m.f<math::LogOp>(
      m.add(a, m.mul(m.f<math::SqrtOp>(m.sub(a, one)),
                     m.f<math::SqrtOp>(m.add(a, one)))));
  Value huge = m.add(m.f<math::LogOp>(a), m.c(llvm::numbers::ln2));
  Value imag =
      m.select(m.cmp(P::OLE, a, m.c(1.5)), nearOne,
               m.select(m.cmp(P::OGT, a, m.c(1e8)), huge, moderate));
  // Infinite parts: |Im| = inf, Re from the direction (C99 casin/cacos).
  double inf = std::numeric_limits<double>::infinity();
  double pi = llvm::numbers::pi;
  Value xInf = m.cmp(P::OEQ, ax, m.c(inf)), yInf = m.cmp(P::OEQ, ay, m.c(inf));
  Value anyInf = lor(m, xInf, yInf);
  Value bothInf = m.land(xInf, yInf);
  Value infAsin = m.select(bothInf, m.c(pi / 4),
                           m.select(xInf, m.c(pi / 2), m.c(0.0)));
  Value infAcos = m.select(bothInf, m.c(pi / 4),
                           m.select(xInf, m.c(0.0), m.c(pi / 2)));
  return {m.select(anyInf, infAsin, asinRe), m.select(anyInf, infAcos, acosRe),
          m.select(anyInf, m.c(inf), imag)};
}

Parts asin(const FloatMath &m, Value x, Value y) {
  HullTerms h = hullTerms(m, x, y);
  return {copySign(m, h.asinRe, x), copySign(m, h.imag, y)};
}

/// Re acos(z), in [0, pi].
Value acosReal(const FloatMath &m, const HullTerms &h, Value x) {
  return m.select(m.cmp(P::OLT, x, m.c(0.0)),
                  m.sub(m.c(llvm::numbers::pi), h.acosRe), h.acosRe);
}

Parts acos(const FloatMath &m, Value x, Value y) {
  HullTerms h = hullTerms(m, x, y);
  return {acosReal(m, h, x), m.neg(copySign(m, h.imag, y))};
}

// acosh(z): Re >= 0 and Im in [-pi, pi] with the sign of y, that is
// |Im acos(z)| + i copysign(Re acos(z), y).
Parts acosh(const FloatMath &m, Value x, Value y) {
  HullTerms h = hullTerms(m, x, y);
  return {h.imag, copySign(m, acosReal(m, h, x), y)};
}

Parts atanh(const FloatMath &m, Value x, Value y) {
  Value one = m.c(1.0);
  Value omx = m.sub(one, x);
  Value yy = m.mul(y, y);
  Value re = m.mul(
      m.c(0.25),
      m.f<math::Log1pOp>(m.div(m.mul(m.c(4.0), x),
                               m.add(m.mul(omx, omx), yy))));
  Value im = m.mul(
      m.c(0.5),
      math::Atan2Op::create(m.b, m.loc, m.mul(m.c(2.0), y),
                            m.sub(m.mul(omx, m.add(one, x)), yy)));
  // Infinite parts: 0 + i pi/2 with the operand's signs (C99 catanh).
  double inf = std::numeric_limits<double>::infinity();
  Value anyInf =
      lor(m, m.cmp(P::OEQ, m.f<math::AbsFOp>(x), m.c(inf)),
          m.cmp(P::OEQ, m.f<math::AbsFOp>(y), m.c(inf)));
  return {m.select(anyInf, copySign(m, m.c(0.0), x), re),
          m.select(anyInf, copySign(m, m.c(llvm::numbers::pi / 2), y), im)};
}

Parts cbrt(const FloatMath &m, Value x, Value y) {
  Value radius = m.f<math::CbrtOp>(hypot(m, x, y));
  Value angle = m.div(math::Atan2Op::create(m.b, m.loc, y, x), m.c(3.0));
  return {m.mul(radius, m.f<math::CosOp>(angle)),
          m.mul(radius, m.f<math::SinOp>(angle))};
}

/// z^w = exp(w log z) written on the parts, with z = a + ib, w = c + id:
///   |z^w| = exp(c ln|z| - d arg z),  arg z^w = d ln|z| + c arg z.
/// In f64 both exponents are exact to about 1e-16 relative, so for
/// complex<f32> the result is within an ulp or so of the true value; in
/// f32 the rounding of an exponent near 30 alone costs 30 ulp. A zero base
/// follows XLA: 0^0 = 1, 0^c = 0 for real c > 0, NaN otherwise.
Parts pow(const FloatMath &m, Value a, Value b, Value c, Value d) {
  Value lnr = m.f<math::LogOp>(hypot(m, a, b));
  Value theta = math::Atan2Op::create(m.b, m.loc, b, a);
  Value radius = m.f<math::ExpOp>(m.sub(m.mul(c, lnr), m.mul(d, theta)));
  Value angle = m.add(m.mul(d, lnr), m.mul(c, theta));
  Parts result{m.mul(radius, m.f<math::CosOp>(angle)),
               m.mul(radius, m.f<math::SinOp>(angle))};
  // A real angle of exactly 0 keeps an infinite radius out of inf * 0.
  Value realAngle = m.cmp(P::OEQ, angle, m.c(0.0));
  result.im = m.select(realAngle, m.c(0.0), result.im);

  Value zero = m.c(0.0);
  Value zeroBase = m.land(m.cmp(P::OEQ, a, zero), m.cmp(P::OEQ, b, zero));
  Value realExponent = m.cmp(P::OEQ, d, zero);
  Value one = m.land(realExponent, m.cmp(P::OEQ, c, zero));
  Value vanish = m.land(realExponent, m.cmp(P::OGT, c, zero));
  Value nan = m.c(std::numeric_limits<double>::quiet_NaN());
  Value zeroRe = m.select(one, m.c(1.0), m.select(vanish, zero, nan));
  Value zeroIm = m.select(lor(m, one, vanish), zero, nan);
  return {m.select(zeroBase, zeroRe, result.re),
          m.select(zeroBase, zeroIm, result.im)};
}

} // namespace

Value emitComplexPow(OpBuilder &b, Location loc, Value z, Value w) {
  auto complexType = cast<ComplexType>(z.getType());
  auto elementType = cast<FloatType>(complexType.getElementType());
  FloatMath m{b, loc, elementType.isF64() ? elementType : b.getF64Type()};
  auto part = [&](Value v, bool real) {
    Value p = real ? Value(complex::ReOp::create(b, loc, v))
                   : Value(complex::ImOp::create(b, loc, v));
    return m.convert(p, m.type);
  };
  Parts result =
      pow(m, part(z, true), part(z, false), part(w, true), part(w, false));
  return complex::CreateOp::create(b, loc, complexType,
                                   m.convert(result.re, elementType),
                                   m.convert(result.im, elementType));
}

Value emitComplexFunction(OpBuilder &b, Location loc, ComplexFunction fn,
                          Value z) {
  auto complexType = dyn_cast<ComplexType>(z.getType());
  if (!complexType)
    return Value();
  auto elementType = cast<FloatType>(complexType.getElementType());
  FloatMath m{b, loc, elementType.isF64() ? elementType : b.getF64Type()};
  Value x = m.convert(complex::ReOp::create(b, loc, z), m.type);
  Value y = m.convert(complex::ImOp::create(b, loc, z), m.type);
  Parts result;
  switch (fn) {
  case ComplexFunction::Sinh:
    result = {m.mul(m.f<math::SinhOp>(x), m.f<math::CosOp>(y)),
              m.mul(m.f<math::CoshOp>(x), m.f<math::SinOp>(y))};
    break;
  case ComplexFunction::Cosh:
    result = {m.mul(m.f<math::CoshOp>(x), m.f<math::CosOp>(y)),
              m.mul(m.f<math::SinhOp>(x), m.f<math::SinOp>(y))};
    break;
  case ComplexFunction::Asin: result = asin(m, x, y); break;
  case ComplexFunction::Acos: result = acos(m, x, y); break;
  case ComplexFunction::Asinh: {
    Parts w = asin(m, m.neg(y), x);
    result = {w.im, m.neg(w.re)};
    break;
  }
  case ComplexFunction::Acosh: result = acosh(m, x, y); break;
  case ComplexFunction::Atanh: result = atanh(m, x, y); break;
  case ComplexFunction::Atan: {
    Parts w = atanh(m, m.neg(y), x);
    result = {w.im, m.neg(w.re)};
    break;
  }
  case ComplexFunction::Cbrt: result = cbrt(m, x, y); break;
  }
  Value re = m.convert(result.re, elementType);
  Value im = m.convert(result.im, elementType);
  return complex::CreateOp::create(b, loc, complexType, re, im);
}

} // namespace xla::hlo::detail
