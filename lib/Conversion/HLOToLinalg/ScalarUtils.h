//===- ScalarUtils.h - small builders shared by the scalar emitters -*- C++ -*-===//

#ifndef XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SCALARUTILS_H
#define XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SCALARUTILS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/Builders.h"

namespace xla::hlo::detail {

inline bool isUnsignedInt(mlir::Type type) {
  auto intType = llvm::dyn_cast<mlir::IntegerType>(type);
  return intType && intType.isUnsigned();
}

inline mlir::Value intConstant(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Type type, int64_t value) {
  return mlir::arith::ConstantOp::create(
      b, loc, mlir::IntegerAttr::get(type, value));
}

inline mlir::Value allOnes(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Type type) {
  return mlir::arith::ConstantOp::create(
      b, loc,
      mlir::IntegerAttr::get(
          type, llvm::APInt::getAllOnes(type.getIntOrFloatBitWidth())));
}

inline mlir::Value cmpI(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::arith::CmpIPredicate pred, mlir::Value x,
                        mlir::Value y) {
  return mlir::arith::CmpIOp::create(b, loc, pred, x, y);
}

/// True where x / y overflows: x == INT_MIN and y == -1.
inline mlir::Value signedDivOverflow(mlir::OpBuilder &b, mlir::Location loc,
                                     mlir::Value x, mlir::Value y) {
  mlir::Type type = x.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  mlir::Value intMin = mlir::arith::ConstantOp::create(
      b, loc,
      mlir::IntegerAttr::get(type, llvm::APInt::getSignedMinValue(width)));
  mlir::Value isMin = cmpI(b, loc, mlir::arith::CmpIPredicate::eq, x, intMin);
  mlir::Value isMinusOne =
      cmpI(b, loc, mlir::arith::CmpIPredicate::eq, y, allOnes(b, loc, type));
  return mlir::arith::AndIOp::create(b, loc, isMin, isMinusOne);
}

// Scalar code of compare, reduce_precision and same-width bitcast_convert
// (ScalarConvert.cpp), called from the scalar lowering table (ScalarOps.cpp).
// `hloType` is the operands' hlo element type, which carries signedness.

mlir::Value emitCompare(mlir::OpBuilder &b, mlir::Location loc, CompareOp op,
                        mlir::Type hloType, mlir::Value x, mlir::Value y);

/// Null unless `x` is a float.
mlir::Value emitReducePrecision(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value x, unsigned exponentBits,
                                unsigned mantissaBits);

/// Null unless `op` is a lowerable bitcast_convert between equal widths.
mlir::Value emitScalarBitcast(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Operation *op, mlir::Type resultType,
                              mlir::Value x);

/// bitcast_convert whose element types are both integers or floats, the
/// ones it is lowered for (complex elements are not).
bool isLowerableBitcast(mlir::Operation *op);

/// A lowerable bitcast_convert between element types of equal width.
bool isScalarBitcast(mlir::Operation *op);

} // namespace xla::hlo::detail

#endif // XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SCALARUTILS_H
