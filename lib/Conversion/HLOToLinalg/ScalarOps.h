//===- ScalarOps.h - scalar code for elementwise hlo ops ----------*- C++ -*-===//
//
// The one place that knows what an elementwise hlo op computes on a single
// element. Pointwise ops, reduction bodies, sort comparators and scatter
// combiners all lower through it, so semantics (integer division by zero,
// oversized shifts, saturating float->int converts, NaN handling) are the
// same everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SCALAROPS_H
#define XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SCALAROPS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace xla::hlo::detail {

/// Emits the scalar computation of elementwise hlo op `op` on `args`, which
/// have codegen (signless) types. `operandTypes` and `resultType` are the
/// op's hlo element types; they carry the signedness. Returns a null value
/// if `op` has no scalar lowering or none for these element types (nothing
/// is emitted then).
mlir::Value emitScalarOp(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Operation *op, mlir::TypeRange operandTypes,
                         mlir::Type resultType, mlir::ValueRange args);

/// Converts scalar `value` of hlo element type `from` to hlo element type
/// `to` with hlo.convert semantics (saturating float->int, NaN -> 0).
mlir::Value emitConvert(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value value, mlir::Type from, mlir::Type to);

/// Emits the scalar code of a region whose ops work on 0-d tensors (the body
/// of reduce, sort, scatter, map, ...), with the block arguments bound to
/// `args`. Returns the values the region's terminator yields, or failure if
/// the region contains an op that is not scalar code (nothing is emitted
/// then... except ops already emitted, which are dead).
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitScalarRegion(mlir::OpBuilder &b, mlir::Region &region,
                 mlir::ValueRange args);

/// True if `op` has an entry in the scalar lowering table (ScalarOps.cpp),
/// the one place an op's scalar semantics live. Whether the entry has code
/// for the op's element types is `emitScalarOp`'s answer.
bool hasScalarLowering(mlir::Operation *op);

/// Scalar constant of codegen type `type` (int, float or complex).
mlir::Value emitScalarConstant(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Type type, double value);

} // namespace xla::hlo::detail

#endif // XLA_MLIR_LIB_CONVERSION_HLOTOLINALG_SCALAROPS_H
