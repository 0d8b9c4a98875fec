//===- SpecialFunctions.cpp - lgamma, digamma, erf_inv, bessel_i1e, ... ---===//
//
// The algorithms are XLA's (as in StableHLO's CHLO decompositions), so
// results agree with what JAX computes on other backends:
//   lgamma, digamma: the Lanczos approximation (g = 7, 9 terms) with
//     Euler's reflection for x < 0.5;
//   erf_inv: M. Giles, "Approximating the erfinv function" (single- and
//     double-precision polynomials);
//   bessel_i1e: Cephes' Chebyshev expansions on [0, 8] and (8, inf);
//   next_after: one ulp step on the integer image of the bits.
// f16 and bf16 compute in f32 and round the result back.
//
//===----------------------------------------------------------------------===//

#include "SpecialFunctions.h"
#include "ScalarOps.h"
#include "ScalarUtils.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>

using namespace mlir;
using P = arith::CmpFPredicate;

namespace xla::hlo::detail {

Value FloatMath::c(double value) const {
  return emitScalarConstant(b, loc, type, value);
}

Value FloatMath::horner(Value x, ArrayRef<double> coeffs) const {
  Value p = c(coeffs.front());
  for (double coeff : coeffs.drop_front())
    p = add(mul(p, x), c(coeff));
  return p;
}

Value FloatMath::convert(Value value, FloatType to) const {
  auto from = cast<FloatType>(value.getType());
  if (from == to)
    return value;
  if (from.getWidth() < to.getWidth())
    return arith::ExtFOp::create(b, loc, to, value);
  return arith::TruncFOp::create(b, loc, to, value);
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = llvm::numbers::pi;

// Lanczos approximation, g = 7 (Numerical Recipes / Boost coefficients).
constexpr double kLanczosGamma = 7;
constexpr double kLanczosBase = 0.99999999999980993227684700473478;
constexpr double kLanczosCoefficients[] = {
    676.520368121885098567009190444019, -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,   -176.61502916214059906584551354,
    12.507343278686904814458936853,     -0.13857109526572011689554707,
    9.984369578019570859563e-6,         1.50563273514931155834e-7};

/// The shared start of lgamma and digamma: z = -x where x < 0.5 (the
/// reflected argument), else x - 1; and log(t) for t = z + g + 1/2,
/// computed as log(g + 1/2) + log1p(z / (g + 1/2)).
struct LanczosArgument {
  Value reflect, z, t, logT;
};
LanczosArgument lanczosArgument(const FloatMath &m, Value x) {
  Value reflect = m.cmp(P::OLT, x, m.c(0.5));
  Value z = m.select(reflect, m.neg(x), m.sub(x, m.c(1.0)));
  Value t = m.add(z, m.c(kLanczosGamma + 0.5));
  Value logT =
      m.add(m.c(std::log(kLanczosGamma + 0.5)),
            m.f<math::Log1pOp>(m.div(z, m.c(kLanczosGamma + 0.5))));
  return {reflect, z, t, logT};
}

Value isInf(const FloatMath &m, Value x) {
  return m.cmp(P::OEQ, m.f<math::AbsFOp>(x), m.c(kInf));
}

// log|Gamma(x)|. Poles (0, -1, ...) and +-inf give +inf.
Value emitLgamma(const FloatMath &m, Value x) {
  LanczosArgument a = lanczosArgument(m, x);
  Value sum = m.c(kLanczosBase);
  for (auto [i, coeff] : llvm::enumerate(kLanczosCoefficients))
    sum = m.add(sum, m.div(m.c(coeff), m.add(a.z, m.c(i + 1.0))));
  // (z + 1/2) log t - t, written so that it does not overflow early.
  Value power = m.mul(m.sub(m.add(a.z, m.c(0.5)), m.div(a.t, a.logT)), a.logT);
  Value logY = m.add(m.add(m.c(0.5 * std::log(2 * kPi)), power),
                     m.f<math::LogOp>(sum));
  // Reflection: lgamma(x) = log(pi) - log|sin(pi x)| - lgamma(1 - x), with
  // sin(pi x) evaluated on the fraction folded into [0, 0.5].
  Value absX = m.f<math::AbsFOp>(x);
  Value frac = m.sub(absX, m.f<math::FloorOp>(absX));
  Value folded =
      m.select(m.cmp(P::OGT, frac, m.c(0.5)), m.sub(m.c(1.0), frac), frac);
  Value logSin =
      m.f<math::LogOp>(m.f<math::SinOp>(m.mul(m.c(kPi), folded)));
  Value reflection =
      m.select(isInf(m, logSin), m.neg(logSin),
               m.sub(m.sub(m.c(std::log(kPi)), logSin), logY));
  Value result = m.select(a.reflect, reflection, logY);
  return m.select(isInf(m, x), m.c(kInf), result);
}

// d/dx lgamma(x). Poles (0, -1, ...) give NaN.
Value emitDigamma(const FloatMath &m, Value x) {
  LanczosArgument a = lanczosArgument(m, x);
  Value num = m.c(0.0);
  Value denom = m.c(kLanczosBase);
  for (auto [i, coeff] : llvm::enumerate(kLanczosCoefficients)) {
    Value term = m.add(a.z, m.c(i + 1.0));
    num = m.sub(num, m.div(m.c(coeff), m.mul(term, term)));
    denom = m.add(denom, m.div(m.c(coeff), term));
  }
  Value y = m.sub(m.add(a.logT, m.div(num, denom)),
                  m.div(m.c(kLanczosGamma), a.t));
  // Reflection: digamma(x) = digamma(1 - x) - pi cot(pi x), with x shifted
  // by an integer toward 0 to keep sin and cos accurate.
  Value shifted = m.add(
      x, m.f<math::AbsFOp>(m.f<math::FloorOp>(m.add(x, m.c(0.5)))));
  Value piX = m.mul(m.c(kPi), shifted);
  Value reflection = m.sub(
      y, m.div(m.mul(m.c(kPi), m.f<math::CosOp>(piX)), m.f<math::SinOp>(piX)));
  Value result = m.select(a.reflect, reflection, y);
  Value isPole = m.land(m.cmp(P::OLE, x, m.c(0.0)),
                        m.cmp(P::OEQ, x, m.f<math::FloorOp>(x)));
  return m.select(isPole, m.c(std::numeric_limits<double>::quiet_NaN()),
                  result);
}

/// Polynomial in `w` with coefficient set `sets[i]` chosen by `choice[i]`
/// (the first true condition wins; the last set is the default).
Value selectHorner(const FloatMath &m, Value w, ArrayRef<Value> choice,
                   ArrayRef<ArrayRef<double>> sets) {
  size_t n = sets.front().size();
  auto coeff = [&](size_t i) {
    Value v = m.c(sets.back()[i]);
    for (size_t s = choice.size(); s-- > 0;)
      v = m.select(choice[s], m.c(sets[s][i]), v);
    return v;
  };
  Value p = coeff(0);
  for (size_t i = 1; i < n; ++i)
    p = m.add(m.mul(p, w), coeff(i));
  return p;
}

// Giles' single-precision erfinv (relative error about 1e-7).
constexpr double kErfInv32Low[] = {
    2.81022636e-08,  3.43273939e-07, -3.5233877e-06,
    -4.39150654e-06, 0.00021858087,  -0.00125372503,
    -0.00417768164,  0.246640727,    1.50140941};
constexpr double kErfInv32High[] = {
    -0.000200214257, 0.000100950558, 0.00134934322,
    -0.00367342844,  0.00573950773,  -0.0076224613,
    0.00943887047,   1.00167406,     2.83297682};

// Giles' double-precision erfinv: w < 6.25, w < 16, and beyond.
constexpr double kErfInv64Low[] = {
    -3.6444120640178196996e-21, -1.685059138182016589e-19,
    1.2858480715256400167e-18,  1.115787767802518096e-17,
    -1.333171662854620906e-16,  2.0972767875968561637e-17,
    6.6376381343583238325e-15,  -4.0545662729752068639e-14,
    -8.1519341976054721522e-14, 2.6335093153082322977e-12,
    -1.2975133253453532498e-11, -5.4154120542946279317e-11,
    1.051212273321532285e-09,   -4.1126339803469836976e-09,
    -2.9070369957882005086e-08, 4.2347877827932403518e-07,
    -1.3654692000834678645e-06, -1.3882523362786468719e-05,
    0.0001867342080340571352,   -0.00074070253416626697512,
    -0.0060336708714301490533,  0.24015818242558961693,
    1.6536545626831027356};
constexpr double kErfInv64Mid[] = {
    0.0, 0.0, 0.0, 0.0,
    2.2137376921775787049e-09,  9.0756561938885390979e-08,
    -2.7517406297064545428e-07, 1.8239629214389227755e-08,
    1.5027403968909827627e-06,  -4.013867526981545969e-06,
    2.9234449089955446044e-06,  1.2475304481671778723e-05,
    -4.7318229009055733981e-05, 6.8284851459573175448e-05,
    2.4031110387097893999e-05,  -0.0003550375203628474796,
    0.00095328937973738049703,  -0.0016882755560235047313,
    0.0024914420961078508066,   -0.0037512085075692412107,
    0.005370914553590063617,    1.0052589676941592334,
    3.0838856104922207635};
constexpr double kErfInv64High[] = {
    0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    -2.7109920616438573243e-11, -2.5556418169965252055e-10,
    1.5076572693500548083e-09,  -3.7894654401267369937e-09,
    7.6157012080783393804e-09,  -1.4960026627149240478e-08,
    2.9147953450901080826e-08,  -6.7711997758452339498e-08,
    2.2900482228026654717e-07,  -9.9298272942317002539e-07,
    4.5260625972231537039e-06,  -1.9681778105531670567e-05,
    7.5995277030017761139e-05,  -0.00021503011930044477347,
    -0.00013871931833623122026, 1.0103004648645343977,
    4.8499064014085844221};

Value emitErfInv(const FloatMath &m, Value x) {
  // w = -log(1 - x^2); the polynomials are in a shifted w or sqrt(w).
  Value w = m.neg(m.f<math::Log1pOp>(m.neg(m.mul(x, x))));
  Value sqrtW = m.f<math::SqrtOp>(w);
  Value p;
  if (m.type.isF64()) {
    Value low = m.cmp(P::OLT, w, m.c(6.25));
    Value mid = m.cmp(P::OLT, w, m.c(16.0));
    Value shifted =
        m.select(low, m.sub(w, m.c(3.125)),
                 m.select(mid, m.sub(sqrtW, m.c(3.25)),
                          m.sub(sqrtW, m.c(5.0))));
    p = selectHorner(m, shifted, {low, mid},
                     {kErfInv64Low, kErfInv64Mid, kErfInv64High});
  } else {
    Value low = m.cmp(P::OLT, w, m.c(5.0));
    Value shifted =
        m.select(low, m.sub(w, m.c(2.5)), m.sub(sqrtW, m.c(3.0)));
    p = selectHorner(m, shifted, {low}, {kErfInv32Low, kErfInv32High});
  }
  // erf_inv(+-1) = +-inf; |x| > 1 gives NaN through the log.
  Value atOne = m.cmp(P::OEQ, m.f<math::AbsFOp>(x), m.c(1.0));
  return m.select(atOne, m.mul(x, m.c(kInf)), m.mul(p, x));
}

/// Cephes chbevl: sum of Chebyshev series `coeffs` at y (in [-1, 1] after
/// the caller's mapping), via the Clenshaw recurrence.
Value chebyshev(const FloatMath &m, Value y, ArrayRef<double> coeffs) {
  Value b0 = m.c(coeffs.front());
  Value b1 = m.c(0.0);
  Value b2 = b1;
  for (double coeff : coeffs.drop_front()) {
    b2 = b1;
    b1 = b0;
    b0 = m.add(m.sub(m.mul(y, b1), b2), m.c(coeff));
  }
  return m.mul(m.c(0.5), m.sub(b0, b2));
}

// Cephes i1e: Chebyshev coefficients for exp(-x) I1(x) / x on [0, 8] and
// exp(-x) I1(x) sqrt(x) on (8, inf). The single-precision sets are the
// tails of the double-precision ones.
constexpr double kI1eA[] = {
    2.77791411276104639959E-18, -2.11142121435816608115E-17,
    1.55363195773620046921E-16, -1.10559694773538630805E-15,
    7.60068429473540693410E-15, -5.04218550472791168711E-14,
    3.22379336594557470981E-13, -1.98397439776494371520E-12,
    1.17361862988909016308E-11, -6.66348972350202774223E-11,
    3.62559028155211703701E-10, -1.88724975172282928790E-9,
    9.38153738649577178388E-9,  -4.44505912879632808065E-8,
    2.00329475355213526229E-7,  -8.56872026469545474066E-7,
    3.47025130813767847674E-6,  -1.32731636560394358279E-5,
    4.78156510755005422638E-5,  -1.61760815825896745588E-4,
    5.12285956168575772895E-4,  -1.51357245063125314899E-3,
    4.15642294431288815669E-3,  -1.05640848946261981558E-2,
    2.47264490306265168283E-2,  -5.29459812080949914269E-2,
    1.02643658689847095384E-1,  -1.76416518357834055153E-1,
    2.52587186443633654823E-1};
constexpr double kI1eB[] = {
    7.51729631084210481353E-18,  4.41434832307170791151E-18,
    -4.65030536848935832153E-17, -3.20952592199342395980E-17,
    2.96262899764595013876E-16,  3.30820231092092828324E-16,
    -1.88035477551078244854E-15, -3.81440307243700780478E-15,
    1.04202769841288027642E-14,  4.27244001671195135429E-14,
    -2.10154184277266431302E-14, -4.08355111109219731823E-13,
    -7.19855177624590851209E-13, 2.03562854414708950722E-12,
    1.41258074366137813316E-11,  3.25260358301548823856E-11,
    -1.89749581235054123450E-11, -5.58974346219658380687E-10,
    -3.83538038596423702205E-9,  -2.63146884688951950684E-8,
    -2.51223623787020892529E-7,  -3.88256480887769039346E-6,
    -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
    7.78576235018280120474E-1};
constexpr size_t kI1eAFloatTerms = 17, kI1eBFloatTerms = 7;

Value emitBesselI1e(const FloatMath &m, Value x) {
  ArrayRef<double> a(kI1eA), bCoeffs(kI1eB);
  if (!m.type.isF64()) {
    a = a.take_back(kI1eAFloatTerms);
    bCoeffs = bCoeffs.take_back(kI1eBFloatTerms);
  }
  Value z = m.f<math::AbsFOp>(x);
  Value small = m.mul(chebyshev(m, m.sub(m.mul(m.c(0.5), z), m.c(2.0)), a), z);
  Value large =
      m.div(chebyshev(m, m.sub(m.div(m.c(32.0), z), m.c(2.0)), bCoeffs),
            m.f<math::SqrtOp>(z));
  Value result = m.select(m.cmp(P::OLE, z, m.c(8.0)), small, large);
  // Odd function; copysign also keeps -0 and NaN.
  return math::CopySignOp::create(m.b, m.loc, result, x);
}

// nextafter(x, y): the neighbour of x toward y. x == y gives y (so
// nextafter(-0, +0) = +0); from +-0 the step is to the smallest subnormal
// with y's sign; NaN in either operand gives NaN.
Value emitNextAfter(OpBuilder &b, Location loc, Value x, Value y) {
  auto floatType = cast<FloatType>(x.getType());
  unsigned width = floatType.getWidth();
  Type intType = b.getIntegerType(width);
  FloatMath m{b, loc, floatType};
  Value xi = arith::BitcastOp::create(b, loc, intType, x);
  Value yi = arith::BitcastOp::create(b, loc, intType, y);
  Value signMask = arith::ConstantOp::create(
      b, loc, IntegerAttr::get(intType, APInt::getSignMask(width)));
  Value magMask = arith::ConstantOp::create(
      b, loc, IntegerAttr::get(intType, APInt::getSignedMaxValue(width)));
  Value one = intConstant(b, loc, intType, 1);
  Value zero = intConstant(b, loc, intType, 0);
  Value xMag = arith::AndIOp::create(b, loc, xi, magMask);
  Value yMag = arith::AndIOp::create(b, loc, yi, magMask);
  Value xSign = arith::AndIOp::create(b, loc, xi, signMask);
  Value ySign = arith::AndIOp::create(b, loc, yi, signMask);
  // Away from zero the magnitude moves by one ulp: down when |x| > |y| or
  // the signs differ, else up.
  Value down = arith::OrIOp::create(
      b, loc, cmpI(b, loc, arith::CmpIPredicate::ugt, xMag, yMag),
      cmpI(b, loc, arith::CmpIPredicate::ne, xSign, ySign));
  Value step = arith::SelectOp::create(
      b, loc, down, arith::SubIOp::create(b, loc, xi, one),
      arith::AddIOp::create(b, loc, xi, one));
  Value fromZero = arith::OrIOp::create(b, loc, ySign, one);
  Value result = arith::SelectOp::create(
      b, loc, cmpI(b, loc, arith::CmpIPredicate::eq, xMag, zero), fromZero,
      step);
  result = arith::SelectOp::create(b, loc, m.cmp(P::OEQ, x, y), yi, result);
  Value resultFloat = arith::BitcastOp::create(b, loc, floatType, result);
  Value anyNaN = m.cmp(P::UNO, x, y);
  return m.select(anyNaN, m.c(std::numeric_limits<double>::quiet_NaN()),
                  resultFloat);
}

} // namespace

Value emitSpecialFunction(OpBuilder &b, Location loc, SpecialFunction fn,
                          ValueRange args) {
  auto type = dyn_cast<FloatType>(args.front().getType());
  if (!type)
    return Value();
  if (fn == SpecialFunction::NextAfter)
    return emitNextAfter(b, loc, args[0], args[1]);
  // f16 and bf16 compute in f32.
  FloatType computeType = type.getWidth() < 32 ? b.getF32Type() : type;
  FloatMath m{b, loc, computeType};
  Value x = m.convert(args[0], computeType);
  Value result;
  switch (fn) {
  case SpecialFunction::Lgamma: result = emitLgamma(m, x); break;
  case SpecialFunction::Digamma: result = emitDigamma(m, x); break;
  case SpecialFunction::ErfInv: result = emitErfInv(m, x); break;
  case SpecialFunction::BesselI1e: result = emitBesselI1e(m, x); break;
  case SpecialFunction::NextAfter: llvm_unreachable("handled above");
  }
  return m.convert(result, type);
}

} // namespace xla::hlo::detail
