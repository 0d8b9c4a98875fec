//===- SpecialFunctions.h - special and complex functions -------*- C++ -*-===//
//
// Scalar code for the CHLO functions the math and complex dialects have no
// op for: lgamma, digamma, erf_inv, bessel_i1e and next_after on real
// floats (SpecialFunctions.cpp), and the hyperbolic, inverse trigonometric
// and cube-root functions on complex numbers (ComplexFunctions.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SPECIALFUNCTIONS_H
#define XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SPECIALFUNCTIONS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace xla::hlo::detail {

enum class SpecialFunction { Lgamma, Digamma, ErfInv, BesselI1e, NextAfter };

/// Emits scalar code for special function `fn` on real float `args`.
/// Returns null for other element types (complex).
mlir::Value emitSpecialFunction(mlir::OpBuilder &b, mlir::Location loc,
                                SpecialFunction fn, mlir::ValueRange args);

enum class ComplexFunction {
  Sinh, Cosh, Asin, Acos, Asinh, Acosh, Atan, Atanh, Cbrt
};

/// Emits scalar code for `fn` on complex value `z`. Returns null if `z` is
/// not complex.
mlir::Value emitComplexFunction(mlir::OpBuilder &b, mlir::Location loc,
                                ComplexFunction fn, mlir::Value z);

/// z^w for complex `z` and `w` of one type (complex<f32> computes in f64).
mlir::Value emitComplexPow(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value z, mlir::Value w);

/// Arithmetic on scalar floats of one type, to keep formulas readable.
struct FloatMath {
  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::FloatType type;

  mlir::Value c(double value) const;
  mlir::Value add(mlir::Value x, mlir::Value y) const {
    return mlir::arith::AddFOp::create(b, loc, x, y);
  }
  mlir::Value sub(mlir::Value x, mlir::Value y) const {
    return mlir::arith::SubFOp::create(b, loc, x, y);
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) const {
    return mlir::arith::MulFOp::create(b, loc, x, y);
  }
  mlir::Value div(mlir::Value x, mlir::Value y) const {
    return mlir::arith::DivFOp::create(b, loc, x, y);
  }
  mlir::Value neg(mlir::Value x) const {
    return mlir::arith::NegFOp::create(b, loc, x);
  }
  mlir::Value cmp(mlir::arith::CmpFPredicate pred, mlir::Value x,
                  mlir::Value y) const {
    return mlir::arith::CmpFOp::create(b, loc, pred, x, y);
  }
  mlir::Value select(mlir::Value cond, mlir::Value x, mlir::Value y) const {
    return mlir::arith::SelectOp::create(b, loc, cond, x, y);
  }
  mlir::Value land(mlir::Value x, mlir::Value y) const {
    return mlir::arith::AndIOp::create(b, loc, x, y);
  }
  /// Math dialect unary functions: math::LogOp etc.
  template <typename MathOp> mlir::Value f(mlir::Value x) const {
    return MathOp::create(b, loc, x);
  }
  /// Horner evaluation of sum coeffs[i] * x^(n-1-i) (highest degree first).
  mlir::Value horner(mlir::Value x, llvm::ArrayRef<double> coeffs) const;
  /// `value` converted to float type `to` (extension or truncation).
  mlir::Value convert(mlir::Value value, mlir::FloatType to) const;
};

} // namespace xla::hlo::detail

#endif // XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SPECIALFUNCTIONS_H
