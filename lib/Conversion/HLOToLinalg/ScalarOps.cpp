//===- ScalarOps.cpp - scalar code for elementwise hlo ops ----------------===//
//
// Arithmetic, math and logic ops. Conversions, comparisons and bit-level ops
// are in ScalarConvert.cpp. Integer semantics follow XLA, not C: division by
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
#include "llvm/ADT/TypeSwitch.h"

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

} // namespace

Value emitScalarOp(OpBuilder &b, Location loc, Operation *op,
                   TypeRange operandTypes, Type resultType, ValueRange args) {
  if (operandTypes.empty())
    return Value();
  Type t = operandTypes.front();
  KindBuilder k{b, loc, t, args};
  bool isSigned = isa<IntegerType>(t) && !isUnsignedInt(t) && !t.isInteger(1);
  if (Value special = emitSpecialFunction(b, loc, op, args))
    return special;
  if (Value complexResult = emitComplexFunction(b, loc, op, args[0]))
    return complexResult;
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](AbsOp) {
        return k.intFloatComplex<math::AbsIOp, math::AbsFOp, complex::AbsOp>();
      })
      .Case([&](CbrtOp) { return k.floatOrComplex<math::CbrtOp>(); })
      .Case([&](CeilOp) { return k.floatOrComplex<math::CeilOp>(); })
      .Case([&](FloorOp) { return k.floatOrComplex<math::FloorOp>(); })
      .Case([&](ClzOp) { return Value(math::CountLeadingZerosOp::create(b, loc, args[0])); })
      .Case([&](PopulationCountOp) { return Value(math::CtPopOp::create(b, loc, args[0])); })
      .Case([&](CosineOp) { return k.floatOrComplex<math::CosOp, complex::CosOp>(); })
      .Case([&](SineOp) { return k.floatOrComplex<math::SinOp, complex::SinOp>(); })
      .Case([&](TanOp) { return k.floatOrComplex<math::TanOp, complex::TanOp>(); })
      .Case([&](TanhOp) { return k.floatOrComplex<math::TanhOp, complex::TanhOp>(); })
      .Case([&](ExpOp) { return k.floatOrComplex<math::ExpOp, complex::ExpOp>(); })
      .Case([&](Expm1Op) { return k.floatOrComplex<math::ExpM1Op, complex::Expm1Op>(); })
      .Case([&](LogOp) { return k.floatOrComplex<math::LogOp, complex::LogOp>(); })
      .Case([&](Log1pOp) { return k.floatOrComplex<math::Log1pOp, complex::Log1pOp>(); })
      .Case([&](SqrtOp) { return k.floatOrComplex<math::SqrtOp, complex::SqrtOp>(); })
      .Case([&](RsqrtOp) { return k.floatOrComplex<math::RsqrtOp, complex::RsqrtOp>(); })
      .Case([&](RoundOp) { return k.floatOrComplex<math::RoundOp>(); })
      .Case([&](RoundNearestEvenOp) { return k.floatOrComplex<math::RoundEvenOp>(); })
      .Case([&](LogisticOp) { return emitLogistic(b, loc, args[0]); })
      // CHLO unary functions with a direct math counterpart.
      .Case([&](AcosOp) { return k.floatOrComplex<math::AcosOp>(); })
      .Case([&](AcoshOp) { return k.floatOrComplex<math::AcoshOp>(); })
      .Case([&](AsinOp) { return k.floatOrComplex<math::AsinOp>(); })
      .Case([&](AsinhOp) { return k.floatOrComplex<math::AsinhOp>(); })
      .Case([&](AtanOp) { return k.floatOrComplex<math::AtanOp>(); })
      .Case([&](AtanhOp) { return k.floatOrComplex<math::AtanhOp>(); })
      .Case([&](CoshOp) { return k.floatOrComplex<math::CoshOp>(); })
      .Case([&](SinhOp) { return k.floatOrComplex<math::SinhOp>(); })
      .Case([&](ErfOp) { return k.floatOrComplex<math::ErfOp>(); })
      .Case([&](ErfcOp) { return k.floatOrComplex<math::ErfcOp>(); })
      .Case([&](ConjOp) -> Value {
        if (isa<ComplexType>(t))
          return complex::ConjOp::create(b, loc, args[0]);
        return args[0];
      })
      .Case([&](SquareOp) -> Value {
        if (isa<IntegerType>(t))
          return arith::MulIOp::create(b, loc, args[0], args[0]);
        if (isa<ComplexType>(t))
          return complex::MulOp::create(b, loc, args[0], args[0]);
        return arith::MulFOp::create(b, loc, args[0], args[0]);
      })
      .Case([&](IsInfOp) { return emitIsInf(b, loc, args[0], 0); })
      .Case([&](IsPosInfOp) { return emitIsInf(b, loc, args[0], 1); })
      .Case([&](IsNegInfOp) { return emitIsInf(b, loc, args[0], -1); })
      .Case([&](SignOp) { return emitSign(b, loc, t, args[0]); })
      .Case([&](NegOp) -> Value {
        if (isa<IntegerType>(t))
          return arith::SubIOp::create(
              b, loc, intConstant(b, loc, args[0].getType(), 0), args[0]);
        return k.floatOrComplex<arith::NegFOp, complex::NegOp>();
      })
      .Case([&](NotOp) { return emitNot(b, loc, args[0]); })
      .Case([&](RealOp) -> Value {
        if (isa<ComplexType>(t))
          return complex::ReOp::create(b, loc, args[0]);
        return args[0];
      })
      .Case([&](ImagOp) -> Value {
        if (isa<ComplexType>(t))
          return complex::ImOp::create(b, loc, args[0]);
        return emitScalarConstant(b, loc, args[0].getType(), 0.0);
      })
      .Case([&](IsFiniteOp) -> Value {
        Value abs = math::AbsFOp::create(b, loc, args[0]);
        Value inf = emitScalarConstant(b, loc, args[0].getType(),
                                       std::numeric_limits<double>::infinity());
        return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, abs, inf);
      })
      .Case([&](AddOp) -> Value {
        if (t.isInteger(1))
          return arith::OrIOp::create(b, loc, args);
        return k.intFloatComplex<arith::AddIOp, arith::AddFOp, complex::AddOp>();
      })
      .Case([&](SubtractOp) {
        return k.intFloatComplex<arith::SubIOp, arith::SubFOp, complex::SubOp>();
      })
      .Case([&](MulOp) -> Value {
        if (t.isInteger(1))
          return arith::AndIOp::create(b, loc, args);
        return k.intFloatComplex<arith::MulIOp, arith::MulFOp, complex::MulOp>();
      })
      .Case([&](DivOp) -> Value {
        if (isa<IntegerType>(t))
          return emitIntDiv(b, loc, args[0], args[1], isSigned);
        return k.floatOrComplex<arith::DivFOp, complex::DivOp>();
      })
      .Case([&](RemOp) -> Value {
        if (isa<IntegerType>(t))
          return emitIntRem(b, loc, args[0], args[1], isSigned);
        return k.floatOrComplex<arith::RemFOp>();
      })
      .Case([&](PowOp) -> Value {
        if (isa<IntegerType>(t))
          return emitIntPow(b, loc, args[0], args[1], isSigned);
        return k.floatOrComplex<math::PowFOp, complex::PowOp>();
      })
      .Case([&](Atan2Op) { return k.floatOrComplex<math::Atan2Op, complex::Atan2Op>(); })
      .Case([&](MaxOp) { return emitMinMax(b, loc, t, args[0], args[1], true); })
      .Case([&](MinOp) { return emitMinMax(b, loc, t, args[0], args[1], false); })
      .Case([&](AndOp) { return Value(arith::AndIOp::create(b, loc, args)); })
      .Case([&](OrOp) { return Value(arith::OrIOp::create(b, loc, args)); })
      .Case([&](XorOp) { return Value(arith::XOrIOp::create(b, loc, args)); })
      .Case([&](ShiftLeftOp) {
        return emitShift(b, loc, args[0], args[1], ShiftKind::Left);
      })
      .Case([&](ShiftRightLogicalOp) {
        return emitShift(b, loc, args[0], args[1], ShiftKind::RightLogical);
      })
      .Case([&](ShiftRightArithmeticOp) {
        return emitShift(b, loc, args[0], args[1], ShiftKind::RightArithmetic);
      })
      .Case([&](ComplexOp) -> Value {
        return complex::CreateOp::create(
            b, loc, ComplexType::get(args[0].getType()), args[0], args[1]);
      })
      .Case([&](ClampOp) -> Value {
        // clamp(min, x, max) = min(max(x, min), max).
        Type xType = operandTypes[1];
        Value lower = emitMinMax(b, loc, xType, args[1], args[0], true);
        return emitMinMax(b, loc, xType, lower, args[2], false);
      })
      .Case([&](SelectOp) -> Value {
        return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
      })
      .Default([&](Operation *other) {
        return emitConvertLikeOp(b, loc, other, operandTypes, resultType, args);
      });
}

bool isScalarizable(Operation *op) {
  return isa<AbsOp, CbrtOp, CeilOp, FloorOp, ClzOp, PopulationCountOp,
             CosineOp, SineOp, TanOp, TanhOp, ExpOp, Expm1Op, LogOp, Log1pOp,
             SqrtOp, RsqrtOp, RoundOp, RoundNearestEvenOp, LogisticOp, SignOp,
             NegOp, NotOp, RealOp, ImagOp, IsFiniteOp, AddOp, SubtractOp,
             MulOp, DivOp, RemOp, PowOp, Atan2Op, MaxOp, MinOp, AndOp, OrOp,
             XorOp, ShiftLeftOp, ShiftRightLogicalOp, ShiftRightArithmeticOp,
             ComplexOp, ClampOp, SelectOp, CompareOp, ConvertOp,
             ReducePrecisionOp, AcosOp, AcoshOp, AsinOp, AsinhOp, AtanOp,
             AtanhOp, CoshOp, SinhOp, ErfOp, ErfcOp, ConjOp, SquareOp,
             IsInfOp, IsPosInfOp, IsNegInfOp, LgammaOp, DigammaOp, ErfInvOp,
             BesselI1eOp, NextAfterOp>(op) ||
         isScalarBitcast(op);
}

} // namespace xla::hlo::detail
