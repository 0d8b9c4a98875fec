//===- ScalarConvert.cpp - conversions, comparisons and region bodies -----===//
//
// Type conversion follows XLA: float -> int saturates and maps NaN to 0,
// anything -> pred is `x != 0`, complex -> real drops the imaginary part.
// Comparisons honour the compare type, including TOTALORDER for floats.
//
//===----------------------------------------------------------------------===//

#include "ScalarOps.h"
#include "ScalarUtils.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace xla::hlo::detail {

Value emitScalarConstant(OpBuilder &b, Location loc, Type type, double value) {
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    auto elem = cast<FloatType>(complexType.getElementType());
    auto parts = b.getArrayAttr(
        {b.getFloatAttr(elem, value), b.getFloatAttr(elem, 0.0)});
    return complex::ConstantOp::create(b, loc, complexType, parts);
  }
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  return intConstant(b, loc, type, static_cast<int64_t>(value));
}

namespace {

/// A float constant of `type` holding 2^exponent (inf if out of range).
Value powerOfTwo(OpBuilder &b, Location loc, FloatType type, int exponent) {
  APFloat v(std::ldexp(1.0, exponent));
  bool lost;
  v.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
  return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, v));
}

Value floatToInt(OpBuilder &b, Location loc, Value x, IntegerType to,
                 bool isUnsigned) {
  auto floatType = cast<FloatType>(x.getType());
  unsigned width = to.getWidth();
  auto cmp = [&](arith::CmpFPredicate pred, Value y) {
    return arith::CmpFOp::create(b, loc, pred, x, y);
  };
  Value zero = intConstant(b, loc, to, 0);
  if (isUnsigned) {
    // !(x > -1) covers negatives and NaN; both give 0.
    Value low = cmp(arith::CmpFPredicate::UGT,
                    emitScalarConstant(b, loc, floatType, -1.0));
    Value high = cmp(arith::CmpFPredicate::OGE,
                     powerOfTwo(b, loc, floatType, width));
    Value converted = arith::FPToUIOp::create(b, loc, to, x);
    Value result = arith::SelectOp::create(b, loc, high, allOnes(b, loc, to),
                                           converted);
    Value notLow = arith::XOrIOp::create(b, loc, low, allOnes(b, loc, low.getType()));
    return arith::SelectOp::create(b, loc, notLow, zero, result);
  }
  Value maxInt = arith::ConstantOp::create(
      b, loc, IntegerAttr::get(to, APInt::getSignedMaxValue(width)));
  Value minInt = arith::ConstantOp::create(
      b, loc, IntegerAttr::get(to, APInt::getSignedMinValue(width)));
  Value limit = powerOfTwo(b, loc, floatType, width - 1);
  Value tooHigh = cmp(arith::CmpFPredicate::OGE, limit);
  Value tooLow =
      cmp(arith::CmpFPredicate::OLT, arith::NegFOp::create(b, loc, limit));
  Value isNan = cmp(arith::CmpFPredicate::UNO, x);
  Value converted = arith::FPToSIOp::create(b, loc, to, x);
  Value result = arith::SelectOp::create(b, loc, tooHigh, maxInt, converted);
  result = arith::SelectOp::create(b, loc, tooLow, minInt, result);
  return arith::SelectOp::create(b, loc, isNan, zero, result);
}

Value floatToFloat(OpBuilder &b, Location loc, Value x, FloatType to) {
  auto from = cast<FloatType>(x.getType());
  if (from == to)
    return x;
  if (from.getWidth() == to.getWidth()) {
    // bf16 <-> f16: no direct ext/trunc; go through f32 (exact for both).
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
    return arith::TruncFOp::create(b, loc, to, wide);
  }
  if (from.getWidth() < to.getWidth())
    return arith::ExtFOp::create(b, loc, to, x);
  return arith::TruncFOp::create(b, loc, to, x);
}

} // namespace

Value emitConvert(OpBuilder &b, Location loc, Value value, Type from,
                  Type to) {
  Type target = convertElementType(to);
  if (convertElementType(from) == target)
    return value;
  // Complex sources: to complex convert the parts, otherwise use the real.
  if (auto fromComplex = dyn_cast<ComplexType>(from)) {
    Type part = fromComplex.getElementType();
    if (auto toComplex = dyn_cast<ComplexType>(to)) {
      auto elem = cast<FloatType>(toComplex.getElementType());
      Value re = floatToFloat(b, loc, complex::ReOp::create(b, loc, value), elem);
      Value im = floatToFloat(b, loc, complex::ImOp::create(b, loc, value), elem);
      return complex::CreateOp::create(b, loc, toComplex, re, im);
    }
    return emitConvert(b, loc, complex::ReOp::create(b, loc, value), part, to);
  }
  if (auto toComplex = dyn_cast<ComplexType>(to)) {
    Type elem = toComplex.getElementType();
    Value re = emitConvert(b, loc, value, from, elem);
    Value im = emitScalarConstant(b, loc, elem, 0.0);
    return complex::CreateOp::create(b, loc, toComplex, re, im);
  }
  // Anything to pred is `x != 0`.
  if (target.isInteger(1)) {
    if (isa<FloatType>(from))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   emitScalarConstant(b, loc, from, 0.0));
    return cmpI(b, loc, arith::CmpIPredicate::ne, value,
                intConstant(b, loc, value.getType(), 0));
  }
  bool fromUnsigned = isUnsignedInt(from) || from.isInteger(1);
  if (auto toFloat = dyn_cast<FloatType>(target)) {
    if (isa<FloatType>(from))
      return floatToFloat(b, loc, value, toFloat);
    if (fromUnsigned)
      return arith::UIToFPOp::create(b, loc, toFloat, value);
    return arith::SIToFPOp::create(b, loc, toFloat, value);
  }
  auto toInt = cast<IntegerType>(target);
  if (isa<FloatType>(from))
    return floatToInt(b, loc, value, toInt, isUnsignedInt(to));
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  if (fromWidth == toInt.getWidth())
    return value;
  if (fromWidth > toInt.getWidth())
    return arith::TruncIOp::create(b, loc, toInt, value);
  if (fromUnsigned)
    return arith::ExtUIOp::create(b, loc, toInt, value);
  return arith::ExtSIOp::create(b, loc, toInt, value);
}

namespace {

/// Maps a float to a signed integer whose order is the IEEE total order:
/// -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN.
Value totalOrderKey(OpBuilder &b, Location loc, Value x) {
  unsigned width = x.getType().getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  Value bits = arith::BitcastOp::create(b, loc, intType, x);
  Value zero = intConstant(b, loc, intType, 0);
  Value negative = cmpI(b, loc, arith::CmpIPredicate::slt, bits, zero);
  Value maxInt = arith::ConstantOp::create(
      b, loc, IntegerAttr::get(intType, APInt::getSignedMaxValue(width)));
  Value flipped = arith::XOrIOp::create(b, loc, bits, maxInt);
  return arith::SelectOp::create(b, loc, negative, flipped, bits);
}

arith::CmpIPredicate intPredicate(ComparisonDirection dir, bool isSigned) {
  switch (dir) {
  case ComparisonDirection::EQ: return arith::CmpIPredicate::eq;
  case ComparisonDirection::NE: return arith::CmpIPredicate::ne;
  case ComparisonDirection::GE:
    return isSigned ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
  case ComparisonDirection::GT:
    return isSigned ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
  case ComparisonDirection::LE:
    return isSigned ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
  case ComparisonDirection::LT:
    return isSigned ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
  }
  llvm_unreachable("unknown comparison direction");
}

arith::CmpFPredicate floatPredicate(ComparisonDirection dir) {
  // Ordered except NE: NaN compares unequal to everything, like IEEE.
  switch (dir) {
  case ComparisonDirection::EQ: return arith::CmpFPredicate::OEQ;
  case ComparisonDirection::NE: return arith::CmpFPredicate::UNE;
  case ComparisonDirection::GE: return arith::CmpFPredicate::OGE;
  case ComparisonDirection::GT: return arith::CmpFPredicate::OGT;
  case ComparisonDirection::LE: return arith::CmpFPredicate::OLE;
  case ComparisonDirection::LT: return arith::CmpFPredicate::OLT;
  }
  llvm_unreachable("unknown comparison direction");
}

} // namespace

Value emitCompare(OpBuilder &b, Location loc, CompareOp op, Type hloType,
                  Value x, Value y) {
  ComparisonDirection dir = op.getComparisonDirection();
  std::optional<ComparisonType> kind = op.getCompareType();
  if (auto complexType = dyn_cast<ComplexType>(x.getType())) {
    if (dir != ComparisonDirection::EQ && dir != ComparisonDirection::NE)
      return Value();
    if (dir == ComparisonDirection::EQ)
      return complex::EqualOp::create(b, loc, x, y);
    return complex::NotEqualOp::create(b, loc, x, y);
  }
  if (isa<FloatType>(x.getType())) {
    if (kind == ComparisonType::TOTALORDER)
      return cmpI(b, loc, intPredicate(dir, /*isSigned=*/true),
                  totalOrderKey(b, loc, x), totalOrderKey(b, loc, y));
    return arith::CmpFOp::create(b, loc, floatPredicate(dir), x, y);
  }
  bool isSigned = !isUnsignedInt(hloType) && !hloType.isInteger(1);
  if (kind == ComparisonType::SIGNED)
    isSigned = true;
  else if (kind == ComparisonType::UNSIGNED)
    isSigned = false;
  return cmpI(b, loc, intPredicate(dir, isSigned), x, y);
}

/// XLA's reduce_precision: round the mantissa to nearest-even at the target
/// width, then flush exponents outside the target range to 0 or inf.
Value emitReducePrecision(OpBuilder &b, Location loc, Value x,
                          unsigned exponentBits, unsigned mantissaBits) {
  auto floatType = cast<FloatType>(x.getType());
  unsigned width = floatType.getWidth();
  unsigned srcMantissa = floatType.getFPMantissaWidth() - 1;
  unsigned srcExponent = width - srcMantissa - 1;
  Type intType = b.getIntegerType(width);
  auto c = [&](APInt v) {
    return arith::ConstantOp::create(b, loc, IntegerAttr::get(intType, v));
  };
  auto cInt = [&](uint64_t v) { return c(APInt(width, v)); };
  Value bits = arith::BitcastOp::create(b, loc, intType, x);
  if (mantissaBits < srcMantissa) {
    unsigned shift = srcMantissa - mantissaBits;
    APInt lastBitMask = APInt::getOneBitSet(width, shift);
    APInt baseBias = lastBitMask.lshr(1) - 1;
    Value lastBit = arith::ShRUIOp::create(
        b, loc, arith::AndIOp::create(b, loc, bits, c(lastBitMask)),
        cInt(shift));
    Value bias = arith::AddIOp::create(b, loc, lastBit, c(baseBias));
    Value truncMask = c(~(lastBitMask - 1));
    bits = arith::AndIOp::create(
        b, loc, arith::AddIOp::create(b, loc, bits, bias), truncMask);
  }
  if (exponentBits < srcExponent) {
    APInt signMask = APInt::getSignMask(width);
    APInt expMask =
        APInt::getLowBitsSet(width, srcExponent).shl(srcMantissa);
    uint64_t bias = (uint64_t(1) << (srcExponent - 1)) - 1;
    uint64_t reducedBias = (uint64_t(1) << (exponentBits - 1)) - 1;
    Value exponent = arith::AndIOp::create(b, loc, bits, c(expMask));
    Value overflows = cmpI(b, loc, arith::CmpIPredicate::ugt, exponent,
                           cInt((bias + reducedBias) << srcMantissa));
    Value underflows = cmpI(b, loc, arith::CmpIPredicate::ule, exponent,
                            cInt((bias - reducedBias) << srcMantissa));
    Value signedZero = arith::AndIOp::create(b, loc, bits, c(signMask));
    Value signedInf = arith::OrIOp::create(b, loc, signedZero, c(expMask));
    bits = arith::SelectOp::create(
        b, loc, overflows, signedInf,
        arith::SelectOp::create(b, loc, underflows, signedZero, bits));
  }
  Value result = arith::BitcastOp::create(b, loc, floatType, bits);
  // Rounding may carry a NaN's mantissa into the exponent or sign; NaNs
  // stay NaN, or become infinities of their sign when no mantissa is left.
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value nanResult = x;
  if (mantissaBits == 0) {
    Value original = arith::BitcastOp::create(b, loc, intType, x);
    APInt expMask =
        APInt::getLowBitsSet(width, srcExponent).shl(srcMantissa);
    Value inf = arith::OrIOp::create(
        b, loc,
        arith::AndIOp::create(b, loc, original,
                              c(APInt::getSignMask(width))),
        c(expMask));
    nanResult = arith::BitcastOp::create(b, loc, floatType, inf);
  }
  return arith::SelectOp::create(b, loc, isNan, nanResult, result);
}

bool isLowerableBitcast(Operation *op) {
  auto bitcast = dyn_cast<BitcastConvertOp>(op);
  return bitcast &&
         getElementTypeOrSelf(bitcast.getOperand().getType()).isIntOrFloat() &&
         getElementTypeOrSelf(bitcast.getType()).isIntOrFloat();
}

bool isScalarBitcast(Operation *op) {
  if (!isLowerableBitcast(op))
    return false;
  return getElementTypeOrSelf(op->getOperand(0).getType())
             .getIntOrFloatBitWidth() ==
         getElementTypeOrSelf(op->getResult(0).getType())
             .getIntOrFloatBitWidth();
}

Value emitScalarBitcast(OpBuilder &b, Location loc, Operation *op,
                        Type resultType, Value x) {
  if (!isScalarBitcast(op))
    return Value();
  Type to = convertElementType(resultType);
  if (to == x.getType())
    return x;
  return arith::BitcastOp::create(b, loc, to, x);
}

/// The scalar value of a 0-d (or splat) constant, in codegen types.
static Value emitConstantScalar(OpBuilder &b, Location loc, ConstantOp op) {
  auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
  if (!dense || !dense.isSplat())
    return Value();
  Type hloType = dense.getElementType();
  Type type = convertElementType(hloType);
  if (auto intType = dyn_cast<IntegerType>(type))
    return arith::ConstantOp::create(
        b, loc, IntegerAttr::get(intType, dense.getSplatValue<APInt>()));
  if (auto floatType = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc, FloatAttr::get(floatType, dense.getSplatValue<APFloat>()));
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    auto value = dense.getSplatValue<std::complex<APFloat>>();
    auto elem = complexType.getElementType();
    auto parts = b.getArrayAttr({FloatAttr::get(elem, value.real()),
                                 FloatAttr::get(elem, value.imag())});
    return complex::ConstantOp::create(b, loc, complexType, parts);
  }
  return Value();
}

FailureOr<SmallVector<Value>> emitScalarRegion(OpBuilder &b, Region &region,
                                               ValueRange args) {
  if (!region.hasOneBlock() ||
      region.front().getNumArguments() != args.size())
    return failure();
  Block &block = region.front();
  IRMapping map;
  map.map(block.getArguments(), args);
  // Canonicalization hoists constants out of bodies that are not isolated
  // from above (reduce, sort, scatter); they come back as scalars here.
  llvm::SetVector<Value> definedAbove;
  getUsedValuesDefinedAbove(region, definedAbove);
  for (Value value : definedAbove) {
    auto constant = value.getDefiningOp<ConstantOp>();
    Value scalar =
        constant ? emitConstantScalar(b, value.getLoc(), constant) : Value();
    if (!scalar)
      return failure();
    map.map(value, scalar);
  }
  for (Operation &op : block) {
    Location loc = op.getLoc();
    if (auto ret = dyn_cast<ReturnOp>(op)) {
      SmallVector<Value> results;
      for (Value v : ret.getOperands())
        results.push_back(map.lookup(v));
      return results;
    }
    Value result;
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      result = emitConstantScalar(b, loc, constant);
    } else if (isa<ReshapeOp, BroadcastInDimOp>(op) &&
               cast<ShapedType>(op.getResultTypes()[0]).getNumElements() == 1) {
      result = map.lookup(op.getOperand(0));
    } else if (hasScalarLowering(&op) && op.getNumResults() == 1) {
      SmallVector<Type> operandTypes;
      SmallVector<Value> operands;
      for (Value v : op.getOperands()) {
        operandTypes.push_back(getElementTypeOrSelf(v.getType()));
        operands.push_back(map.lookup(v));
      }
      result = emitScalarOp(b, loc, &op, operandTypes,
                            getElementTypeOrSelf(op.getResult(0).getType()),
                            operands);
    }
    if (!result)
      return failure();
    map.map(op.getResult(0), result);
  }
  return failure();
}

} // namespace xla::hlo::detail
