//===- ScalarOps.cpp - scalar code for elementwise hlo ops ----------------===//
//
// The scalar lowering table: one entry per hlo op with scalar semantics,
// keyed by op TypeID. Pointwise ops, region bodies and the lowerability
// check all look ops up here, so an op missing from the table is reported
// by name before lowering, never half-lowered. Arithmetic, math and logic
// are written here; conversions and comparisons (ScalarConvert.cpp) and the
// special and complex functions (SpecialFunctions.cpp, ComplexFunctions.cpp)
// are called from their entries. Integer semantics follow XLA, not C: division by
// zero and shifts by at least the bit width are defined, so every such op
// is guarded (x86 `idiv` would trap, LLVM `shl` would be poison).
//
//===----------------------------------------------------------------------===//

#include "ScalarOps.h"
#include "ScalarUtils.h"
#include "SpecialFunctions.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// Emits code for one op kind, choosing by element kind. Each callback may
/// be empty when that kind is not allowed by the op's verifier.
struct KindBuilder {
  OpBuilder &b;
  Location loc;
  Type type; // hlo element type of the operands
  ValueRange args;

  template <typename FloatOp, typename ComplexOp = void>
  Value floatOrComplex() {
    if (isa<FloatType>(type))
      return FloatOp::create(b, loc, args);
    if constexpr (!std::is_void_v<ComplexOp>)
      if (isa<ComplexType>(type))
        return ComplexOp::create(b, loc, args);
    return Value();
  }

  template <typename IntOp, typename FloatOp, typename ComplexOp = void>
  Value intFloatComplex() {
    if (isa<IntegerType>(type))
      return IntOp::create(b, loc, args);
    return floatOrComplex<FloatOp, ComplexOp>();
  }
};

Value emitNot(OpBuilder &b, Location loc, Value x) {
  return arith::XOrIOp::create(b, loc, x, allOnes(b, loc, x.getType()));
}

/// The divisor of x / y and x % y made safe for the hardware: 0 (and, for
/// signed ops, the INT_MIN / -1 overflow) replaced by 1. Also returns
/// whether y was 0, which both ops answer specially.
struct SafeDivisor {
  Value divisor;
  Value byZero;
};
SafeDivisor makeSafeDivisor(OpBuilder &b, Location loc, Value x, Value y,
                            bool isSigned) {
  Type type = x.getType();
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  Value byZero = cmpI(b, loc, arith::CmpIPredicate::eq, y, zero);
  Value unsafe = byZero;
  if (isSigned)
    unsafe = arith::OrIOp::create(b, loc, byZero,
                                  signedDivOverflow(b, loc, x, y));
  return {arith::SelectOp::create(b, loc, unsafe, one, y), byZero};
}

// x / y with XLA's rules: x / 0 = -1 (all ones), INT_MIN / -1 = INT_MIN
// (which INT_MIN / 1 already gives).
Value emitIntDiv(OpBuilder &b, Location loc, Value x, Value y, bool isSigned) {
  SafeDivisor safe = makeSafeDivisor(b, loc, x, y, isSigned);
  Value q = isSigned ? Value(arith::DivSIOp::create(b, loc, x, safe.divisor))
                     : Value(arith::DivUIOp::create(b, loc, x, safe.divisor));
  return arith::SelectOp::create(b, loc, safe.byZero,
                                 allOnes(b, loc, x.getType()), q);
}

// x % y with XLA's rules: x % 0 = x, INT_MIN % -1 = 0 (which INT_MIN % 1
// already gives).
Value emitIntRem(OpBuilder &b, Location loc, Value x, Value y, bool isSigned) {
  SafeDivisor safe = makeSafeDivisor(b, loc, x, y, isSigned);
  Value r = isSigned ? Value(arith::RemSIOp::create(b, loc, x, safe.divisor))
                     : Value(arith::RemUIOp::create(b, loc, x, safe.divisor));
  return arith::SelectOp::create(b, loc, safe.byZero, x, r);
}

enum class ShiftKind { Left, RightLogical, RightArithmetic };

// Shifts by >= bit width (amounts read as unsigned) give 0, or the sign
// fill for arithmetic right shifts.
Value emitShift(OpBuilder &b, Location loc, Value x, Value amount,
                ShiftKind kind) {
  Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value widthValue = intConstant(b, loc, type, width);
  Value tooBig =
      cmpI(b, loc, arith::CmpIPredicate::uge, amount, widthValue);
  switch (kind) {
  case ShiftKind::Left:
    return arith::SelectOp::create(b, loc, tooBig, intConstant(b, loc, type, 0),
                                   arith::ShLIOp::create(b, loc, x, amount));
  case ShiftKind::RightLogical:
    return arith::SelectOp::create(b, loc, tooBig, intConstant(b, loc, type, 0),
                                   arith::ShRUIOp::create(b, loc, x, amount));
  case ShiftKind::RightArithmetic: {
    Value clamped = arith::SelectOp::create(
        b, loc, tooBig, intConstant(b, loc, type, width - 1), amount);
    return arith::ShRSIOp::create(b, loc, x, clamped);
  }
  }
  llvm_unreachable("unknown shift kind");
}

// Integer power by squaring, unrolled over the exponent's bits (no loops in
// a linalg body). Negative exponents: 1 for base 1, +-1 for base -1, else 0.
Value emitIntPow(OpBuilder &b, Location loc, Value base, Value exponent,
                 bool isSigned) {
  Type type = base.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Value one = intConstant(b, loc, type, 1);
  Value zero = intConstant(b, loc, type, 0);
  Value result = one;
  Value acc = base;
  Value e = exponent;
  for (unsigned i = 0; i < width; ++i) {
    Value bit = arith::AndIOp::create(b, loc, e, one);
    Value isSet = cmpI(b, loc, arith::CmpIPredicate::ne, bit, zero);
    Value product = arith::MulIOp::create(b, loc, result, acc);
    result = arith::SelectOp::create(b, loc, isSet, product, result);
    acc = arith::MulIOp::create(b, loc, acc, acc);
    e = arith::ShRUIOp::create(b, loc, e, one);
  }
  if (!isSigned || width == 1)
    return result;
  Value negative = cmpI(b, loc, arith::CmpIPredicate::slt, exponent, zero);
  Value minusOne = allOnes(b, loc, type);
  Value baseIsOne = cmpI(b, loc, arith::CmpIPredicate::eq, base, one);
  Value baseIsMinusOne = cmpI(b, loc, arith::CmpIPredicate::eq, base, minusOne);
  Value odd = cmpI(b, loc, arith::CmpIPredicate::ne,
                   arith::AndIOp::create(b, loc, exponent, one), zero);
  Value minusOnePow = arith::SelectOp::create(b, loc, odd, minusOne, one);
  Value negResult = arith::SelectOp::create(
      b, loc, baseIsOne, one,
      arith::SelectOp::create(b, loc, baseIsMinusOne, minusOnePow, zero));
  return arith::SelectOp::create(b, loc, negative, negResult, result);
}

// sign(x): -1, 0 or 1; floats keep -0, +0 and NaN.
Value emitSign(OpBuilder &b, Location loc, Type hloType, Value x) {
  Type type = x.getType();
  if (isa<ComplexType>(type))
    return complex::SignOp::create(b, loc, x);
  if (isa<FloatType>(type)) {
    Value zero = emitScalarConstant(b, loc, type, 0.0);
    Value one = emitScalarConstant(b, loc, type, 1.0);
    Value minusOne = emitScalarConstant(b, loc, type, -1.0);
    Value pos = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
    Value neg = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
    return arith::SelectOp::create(
        b, loc, pos, one, arith::SelectOp::create(b, loc, neg, minusOne, x));
  }
  Value zero = intConstant(b, loc, type, 0);
  Value one = intConstant(b, loc, type, 1);
  if (isUnsignedInt(hloType) || type.isInteger(1))
    return arith::SelectOp::create(
        b, loc, cmpI(b, loc, arith::CmpIPredicate::ne, x, zero), one, zero);
  Value pos = cmpI(b, loc, arith::CmpIPredicate::sgt, x, zero);
  Value neg = cmpI(b, loc, arith::CmpIPredicate::slt, x, zero);
  return arith::SelectOp::create(
      b, loc, pos, one,
      arith::SelectOp::create(b, loc, neg, allOnes(b, loc, type), zero));
}

// Complex max/min compare lexicographically: real part, then imaginary.
Value emitComplexMinMax(OpBuilder &b, Location loc, Value x, Value y,
                        bool isMax) {
  Value xr = complex::ReOp::create(b, loc, x);
  Value yr = complex::ReOp::create(b, loc, y);
  Value xi = complex::ImOp::create(b, loc, x);
  Value yi = complex::ImOp::create(b, loc, y);
  auto pred = isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT;
  Value realWins = arith::CmpFOp::create(b, loc, pred, xr, yr);
  Value realEq =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, xr, yr);
  Value imagWins = arith::CmpFOp::create(b, loc, pred, xi, yi);
  Value takeX = arith::OrIOp::create(
      b, loc, realWins, arith::AndIOp::create(b, loc, realEq, imagWins));
  return arith::SelectOp::create(b, loc, takeX, x, y);
}

Value emitMinMax(OpBuilder &b, Location loc, Type hloType, Value x, Value y,
                 bool isMax) {
  Type type = x.getType();
  if (isa<ComplexType>(type))
    return emitComplexMinMax(b, loc, x, y, isMax);
  if (isa<FloatType>(type))
    return isMax ? Value(arith::MaximumFOp::create(b, loc, x, y))
                 : Value(arith::MinimumFOp::create(b, loc, x, y));
  if (isUnsignedInt(hloType) || type.isInteger(1))
    return isMax ? Value(arith::MaxUIOp::create(b, loc, x, y))
                 : Value(arith::MinUIOp::create(b, loc, x, y));
  return isMax ? Value(arith::MaxSIOp::create(b, loc, x, y))
               : Value(arith::MinSIOp::create(b, loc, x, y));
}

Value emitLogistic(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  Value one = emitScalarConstant(b, loc, type, 1.0);
  if (isa<ComplexType>(type)) {
    Value e = complex::ExpOp::create(b, loc, complex::NegOp::create(b, loc, x));
    return complex::DivOp::create(b, loc, one,
                                  complex::AddOp::create(b, loc, one, e));
  }
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return arith::DivFOp::create(b, loc, one, arith::AddFOp::create(b, loc, one, e));
}

// |x| == inf (sign 0), x == +inf (1) or x == -inf (-1).
Value emitIsInf(OpBuilder &b, Location loc, Value x, int sign) {
  Type type = x.getType();
  double inf = std::numeric_limits<double>::infinity();
  Value target = emitScalarConstant(b, loc, type, sign < 0 ? -inf : inf);
  Value value = sign == 0 ? Value(math::AbsFOp::create(b, loc, x)) : x;
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, value,
                               target);
}

/// What a table entry gets: the op, its hlo element types (they carry the
/// signedness) and its scalar arguments in codegen types.
struct ScalarArgs {
  OpBuilder &b;
  Location loc;
  Operation *op;
  TypeRange operandTypes;
  Type resultType;
  ValueRange args;

  Type t() const { return operandTypes.front(); }
  Value x() const { return args[0]; }
  Value y() const { return args[1]; }
  bool isSigned() const {
    return isa<IntegerType>(t()) && !isUnsignedInt(t()) && !t().isInteger(1);
  }
  KindBuilder k() const { return {b, loc, t(), args}; }
  /// Real floats through the math op, complex through ComplexFunctions.cpp.
  template <typename MathOp> Value floatOr(ComplexFunction fn) const {
    if (isa<ComplexType>(t()))
      return emitComplexFunction(b, loc, fn, x());
    return k().template floatOrComplex<MathOp>();
  }
};

using ScalarEmitter = Value (*)(const ScalarArgs &);
using ScalarTable = llvm::DenseMap<TypeID, ScalarEmitter>;

template <typename Op> void add(ScalarTable &table, ScalarEmitter emit) {
  table[TypeID::get<Op>()] = emit;
}

/// The scalar semantics of every hlo op that has them, one entry per op.
/// An entry returns null for element types it has no code for.
ScalarTable buildScalarTable() {
  using A = const ScalarArgs &;
  ScalarTable t;
  // Unary math.
  add<AbsOp>(t, [](A a) {
    return a.k().intFloatComplex<math::AbsIOp, math::AbsFOp, complex::AbsOp>();
  });
  add<CbrtOp>(t, [](A a) { return a.floatOr<math::CbrtOp>(ComplexFunction::Cbrt); });
  add<CeilOp>(t, [](A a) { return a.k().floatOrComplex<math::CeilOp>(); });
  add<FloorOp>(t, [](A a) { return a.k().floatOrComplex<math::FloorOp>(); });
  add<ClzOp>(t, [](A a) -> Value { return math::CountLeadingZerosOp::create(a.b, a.loc, a.x()); });
  add<PopulationCountOp>(t, [](A a) -> Value { return math::CtPopOp::create(a.b, a.loc, a.x()); });
  add<CosineOp>(t, [](A a) { return a.k().floatOrComplex<math::CosOp, complex::CosOp>(); });
  add<SineOp>(t, [](A a) { return a.k().floatOrComplex<math::SinOp, complex::SinOp>(); });
  add<TanOp>(t, [](A a) { return a.k().floatOrComplex<math::TanOp, complex::TanOp>(); });
  add<TanhOp>(t, [](A a) { return a.k().floatOrComplex<math::TanhOp, complex::TanhOp>(); });
  add<ExpOp>(t, [](A a) { return a.k().floatOrComplex<math::ExpOp, complex::ExpOp>(); });
  add<Expm1Op>(t, [](A a) { return a.k().floatOrComplex<math::ExpM1Op, complex::Expm1Op>(); });
  add<LogOp>(t, [](A a) { return a.k().floatOrComplex<math::LogOp, complex::LogOp>(); });
  add<Log1pOp>(t, [](A a) { return a.k().floatOrComplex<math::Log1pOp, complex::Log1pOp>(); });
  add<SqrtOp>(t, [](A a) { return a.k().floatOrComplex<math::SqrtOp, complex::SqrtOp>(); });
  add<RsqrtOp>(t, [](A a) { return a.k().floatOrComplex<math::RsqrtOp, complex::RsqrtOp>(); });
  add<RoundOp>(t, [](A a) { return a.k().floatOrComplex<math::RoundOp>(); });
  add<RoundNearestEvenOp>(t, [](A a) { return a.k().floatOrComplex<math::RoundEvenOp>(); });
  add<LogisticOp>(t, [](A a) { return emitLogistic(a.b, a.loc, a.x()); });
  add<SignOp>(t, [](A a) { return emitSign(a.b, a.loc, a.t(), a.x()); });
  add<NegOp>(t, [](A a) -> Value {
    if (isa<IntegerType>(a.t()))
      return arith::SubIOp::create(
          a.b, a.loc, intConstant(a.b, a.loc, a.x().getType(), 0), a.x());
    return a.k().floatOrComplex<arith::NegFOp, complex::NegOp>();
  });
  add<NotOp>(t, [](A a) { return emitNot(a.b, a.loc, a.x()); });
  add<RealOp>(t, [](A a) -> Value {
    if (isa<ComplexType>(a.t()))
      return complex::ReOp::create(a.b, a.loc, a.x());
    return a.x();
  });
  add<ImagOp>(t, [](A a) -> Value {
    if (isa<ComplexType>(a.t()))
      return complex::ImOp::create(a.b, a.loc, a.x());
    return emitScalarConstant(a.b, a.loc, a.x().getType(), 0.0);
  });
  add<IsFiniteOp>(t, [](A a) -> Value {
    Value abs = math::AbsFOp::create(a.b, a.loc, a.x());
    Value inf = emitScalarConstant(a.b, a.loc, a.x().getType(),
                                   std::numeric_limits<double>::infinity());
    return arith::CmpFOp::create(a.b, a.loc, arith::CmpFPredicate::ONE, abs,
                                 inf);
  });
  // CHLO unary functions: math ops on real floats, formulas on complex.
  add<AcosOp>(t, [](A a) { return a.floatOr<math::AcosOp>(ComplexFunction::Acos); });
  add<AcoshOp>(t, [](A a) { return a.floatOr<math::AcoshOp>(ComplexFunction::Acosh); });
  add<AsinOp>(t, [](A a) { return a.floatOr<math::AsinOp>(ComplexFunction::Asin); });
  add<AsinhOp>(t, [](A a) { return a.floatOr<math::AsinhOp>(ComplexFunction::Asinh); });
  add<AtanOp>(t, [](A a) { return a.floatOr<math::AtanOp>(ComplexFunction::Atan); });
  add<AtanhOp>(t, [](A a) { return a.floatOr<math::AtanhOp>(ComplexFunction::Atanh); });
  add<CoshOp>(t, [](A a) { return a.floatOr<math::CoshOp>(ComplexFunction::Cosh); });
  add<SinhOp>(t, [](A a) { return a.floatOr<math::SinhOp>(ComplexFunction::Sinh); });
  add<ErfOp>(t, [](A a) { return a.k().floatOrComplex<math::ErfOp>(); });
  add<ErfcOp>(t, [](A a) { return a.k().floatOrComplex<math::ErfcOp>(); });
  add<ConjOp>(t, [](A a) -> Value {
    if (isa<ComplexType>(a.t()))
      return complex::ConjOp::create(a.b, a.loc, a.x());
    return a.x();
  });
  add<SquareOp>(t, [](A a) -> Value {
    if (isa<IntegerType>(a.t()))
      return arith::MulIOp::create(a.b, a.loc, a.x(), a.x());
    if (isa<ComplexType>(a.t()))
      return complex::MulOp::create(a.b, a.loc, a.x(), a.x());
    return arith::MulFOp::create(a.b, a.loc, a.x(), a.x());
  });
  add<IsInfOp>(t, [](A a) { return emitIsInf(a.b, a.loc, a.x(), 0); });
  add<IsPosInfOp>(t, [](A a) { return emitIsInf(a.b, a.loc, a.x(), 1); });
  add<IsNegInfOp>(t, [](A a) { return emitIsInf(a.b, a.loc, a.x(), -1); });
  // CHLO special functions (SpecialFunctions.cpp).
  add<LgammaOp>(t, [](A a) { return emitSpecialFunction(a.b, a.loc, SpecialFunction::Lgamma, a.args); });
  add<DigammaOp>(t, [](A a) { return emitSpecialFunction(a.b, a.loc, SpecialFunction::Digamma, a.args); });
  add<ErfInvOp>(t, [](A a) { return emitSpecialFunction(a.b, a.loc, SpecialFunction::ErfInv, a.args); });
  add<BesselI1eOp>(t, [](A a) { return emitSpecialFunction(a.b, a.loc, SpecialFunction::BesselI1e, a.args); });
  add<NextAfterOp>(t, [](A a) { return emitSpecialFunction(a.b, a.loc, SpecialFunction::NextAfter, a.args); });
  // Binary arithmetic; i1 add and multiply are or and and.
  add<AddOp>(t, [](A a) -> Value {
    if (a.t().isInteger(1))
      return arith::OrIOp::create(a.b, a.loc, a.args);
    return a.k().intFloatComplex<arith::AddIOp, arith::AddFOp, complex::AddOp>();
  });
  add<SubtractOp>(t, [](A a) {
    return a.k().intFloatComplex<arith::SubIOp, arith::SubFOp, complex::SubOp>();
  });
  add<MulOp>(t, [](A a) -> Value {
    if (a.t().isInteger(1))
      return arith::AndIOp::create(a.b, a.loc, a.args);
    return a.k().intFloatComplex<arith::MulIOp, arith::MulFOp, complex::MulOp>();
  });
  add<DivOp>(t, [](A a) -> Value {
    if (isa<IntegerType>(a.t()))
      return emitIntDiv(a.b, a.loc, a.x(), a.y(), a.isSigned());
    return a.k().floatOrComplex<arith::DivFOp, complex::DivOp>();
  });
  add<RemOp>(t, [](A a) -> Value {
    if (isa<IntegerType>(a.t()))
      return emitIntRem(a.b, a.loc, a.x(), a.y(), a.isSigned());
    return a.k().floatOrComplex<arith::RemFOp>();
  });
  add<PowOp>(t, [](A a) -> Value {
    if (isa<IntegerType>(a.t()))
      return emitIntPow(a.b, a.loc, a.x(), a.y(), a.isSigned());
    if (isa<ComplexType>(a.t()))
      return emitComplexPow(a.b, a.loc, a.x(), a.y());
    return a.k().floatOrComplex<math::PowFOp>();
  });
  add<Atan2Op>(t, [](A a) { return a.k().floatOrComplex<math::Atan2Op, complex::Atan2Op>(); });
  add<MaxOp>(t, [](A a) { return emitMinMax(a.b, a.loc, a.t(), a.x(), a.y(), true); });
  add<MinOp>(t, [](A a) { return emitMinMax(a.b, a.loc, a.t(), a.x(), a.y(), false); });
  add<AndOp>(t, [](A a) -> Value { return arith::AndIOp::create(a.b, a.loc, a.args); });
  add<OrOp>(t, [](A a) -> Value { return arith::OrIOp::create(a.b, a.loc, a.args); });
  add<XorOp>(t, [](A a) -> Value { return arith::XOrIOp::create(a.b, a.loc, a.args); });
  add<ShiftLeftOp>(t, [](A a) { return emitShift(a.b, a.loc, a.x(), a.y(), ShiftKind::Left); });
  add<ShiftRightLogicalOp>(t, [](A a) { return emitShift(a.b, a.loc, a.x(), a.y(), ShiftKind::RightLogical); });
  add<ShiftRightArithmeticOp>(t, [](A a) { return emitShift(a.b, a.loc, a.x(), a.y(), ShiftKind::RightArithmetic); });
  add<ComplexOp>(t, [](A a) -> Value {
    return complex::CreateOp::create(
        a.b, a.loc, ComplexType::get(a.x().getType()), a.x(), a.y());
  });
  // Ternary.
  add<ClampOp>(t, [](A a) {
    // clamp(min, x, max) = min(max(x, min), max).
    Type xType = a.operandTypes[1];
    Value lower = emitMinMax(a.b, a.loc, xType, a.args[1], a.args[0], true);
    return emitMinMax(a.b, a.loc, xType, lower, a.args[2], false);
  });
  add<SelectOp>(t, [](A a) -> Value {
    return arith::SelectOp::create(a.b, a.loc, a.args[0], a.args[1],
                                   a.args[2]);
  });
  // Compare and conversions (ScalarConvert.cpp).
  add<CompareOp>(t, [](A a) {
    return emitCompare(a.b, a.loc, cast<CompareOp>(a.op), a.t(), a.x(), a.y());
  });
  add<ConvertOp>(t, [](A a) {
    return emitConvert(a.b, a.loc, a.x(), a.t(), a.resultType);
  });
  add<ReducePrecisionOp>(t, [](A a) -> Value {
    if (!isa<FloatType>(a.x().getType()))
      return Value();
    auto rp = cast<ReducePrecisionOp>(a.op);
    return emitReducePrecision(a.b, a.loc, a.x(), rp.getExponentBits(),
                               rp.getMantissaBits());
  });
  add<BitcastConvertOp>(t, [](A a) {
    return emitScalarBitcast(a.b, a.loc, a.op, a.resultType, a.x());
  });
  return t;
}

const ScalarTable &scalarTable() {
  static const ScalarTable table = buildScalarTable();
  return table;
}

ScalarEmitter lookup(Operation *op) {
  std::optional<RegisteredOperationName> name = op->getRegisteredInfo();
  return name ? scalarTable().lookup(name->getTypeID()) : nullptr;
}

} // namespace

Value emitScalarOp(OpBuilder &b, Location loc, Operation *op,
                   TypeRange operandTypes, Type resultType, ValueRange args) {
  ScalarEmitter emit = lookup(op);
  if (!emit || operandTypes.empty())
    return Value();
  return emit(ScalarArgs{b, loc, op, operandTypes, resultType, args});
}

bool hasScalarLowering(Operation *op) { return lookup(op) != nullptr; }

} // namespace xla::hlo::detail
