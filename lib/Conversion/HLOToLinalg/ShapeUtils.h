//===- ShapeUtils.h - helpers of the data-movement lowerings -----*- C++ -*-===//
//
// Shared by Shape.cpp, Slice.cpp and Gather.cpp: the static result type
// the lowerings need, and the reading of run-time start indices (any
// integer type, clamped so that the slice stays inside the operand).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SHAPEUTILS_H
#define XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SHAPEUTILS_H

#include "ScalarUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xla::hlo::detail {

/// `type` converted to codegen types, or null unless it is a statically
/// shaped ranked tensor (dynamic shapes are not lowered).
inline mlir::RankedTensorType
staticConvertedType(const mlir::TypeConverter &converter, mlir::Type type) {
  auto converted =
      llvm::dyn_cast_or_null<mlir::RankedTensorType>(
          converter.convertType(type));
  if (!converted || !converted.hasStaticShape())
    return nullptr;
  return converted;
}

/// Converts the scalar `value` (codegen type of the hlo integer type
/// `hloType`) to `index`, extending it as the hlo signedness says.
inline mlir::Value emitIndexCast(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value value, mlir::Type hloType) {
  if (isUnsignedInt(hloType) || hloType.isInteger(1))
    return mlir::arith::IndexCastUIOp::create(b, loc, b.getIndexType(), value);
  return mlir::arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
}

/// Converts the scalar `value` (codegen type of the hlo integer type
/// `hloType`) to `index`, clamped to [0, upper] (upper >= 0). The clamp
/// happens in 64 bits after a sign- or zero-extension chosen by the hlo
/// signedness, so narrow indices never wrap and ui64 values above INT64_MAX
/// clamp to `upper` rather than to 0.
inline mlir::Value emitClampedIndex(mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::Value value, mlir::Type hloType,
                                    int64_t upper) {
  mlir::Type i64 = b.getI64Type();
  bool isUnsigned = isUnsignedInt(hloType) || hloType.isInteger(1);
  if (value.getType().getIntOrFloatBitWidth() < 64)
    value = isUnsigned ? mlir::arith::ExtUIOp::create(b, loc, i64, value)
                             .getResult()
                       : mlir::arith::ExtSIOp::create(b, loc, i64, value)
                             .getResult();
  mlir::Value ub = intConstant(b, loc, i64, upper);
  if (isUnsigned) {
    value = mlir::arith::MinUIOp::create(b, loc, value, ub);
  } else {
    value = mlir::arith::MinSIOp::create(b, loc, value, ub);
    value = mlir::arith::MaxSIOp::create(b, loc, value,
                                         intConstant(b, loc, i64, 0));
  }
  return mlir::arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
}

} // namespace xla::hlo::detail

#endif // XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SHAPEUTILS_H
