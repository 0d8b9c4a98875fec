//===- StructuredOpUtils.h - shared code of the hloext ops --------*- C++ -*-===//
//
// Private to lib/Dialect/HLOExt/IR: operand and region checks, memory
// effects and the small builders both ops' TilingInterface code uses. Every
// helper works on tensors and on memrefs alike.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_DIALECT_HLOEXT_IR_STRUCTUREDOPUTILS_H
#define XLA_MLIR_LIB_DIALECT_HLOEXT_IR_STRUCTUREDOPUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace xla::hloext::detail {

/// Checks that every shaped operand of `op` is ranked, that they are all
/// tensors or all memrefs, and that `inits` (at least one) share one shape.
llvm::LogicalResult verifyStructuredOperands(mlir::Operation *op,
                                             mlir::ValueRange inits);

/// Checks that `region` has one block with scalar arguments of
/// `argTypes` and ends in a yield of `yieldTypes`.
llvm::LogicalResult verifyScalarRegion(mlir::Operation *op,
                                       mlir::Region &region,
                                       llvm::StringRef name,
                                       mlir::TypeRange argTypes,
                                       mlir::TypeRange yieldTypes);

/// The effects of a structured op on buffers: inputs are read, inits read
/// and written. On tensors there are none.
void getStructuredEffects(
    mlir::DestinationStyleOpInterface op,
    llvm::SmallVectorImpl<mlir::SideEffects::EffectInstance<
        mlir::MemoryEffects::Effect>> &effects);

/// Emits a copy of the single-block scalar `region` with its arguments bound
/// to `args` and returns the values its yield forwards.
llvm::SmallVector<mlir::Value> inlineScalarRegion(mlir::OpBuilder &b,
                                                  mlir::Region &region,
                                                  mlir::ValueRange args);

/// Size of dimension `dim` of a tensor or memref (an attribute when static).
mlir::OpFoldResult getDimSize(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value shaped, int64_t dim);

/// Unit-stride slice of a tensor (extract_slice) or memref (subview).
mlir::Value getSlice(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::Value shaped,
                     llvm::ArrayRef<mlir::OpFoldResult> offsets,
                     llvm::ArrayRef<mlir::OpFoldResult> sizes);

/// The tiled form of `op`: a clone on `operands` (its operands or slices of
/// them, in order) whose results, on tensors, have the types of the new
/// inits. The slices count as generated slices.
mlir::TilingResult cloneOnSlices(mlir::OpBuilder &b,
                                 mlir::DestinationStyleOpInterface op,
                                 mlir::ValueRange operands);

/// `x * scale + offset` as an index, folded to an attribute when `x` is
/// constant.
mlir::OpFoldResult emitScaleAdd(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::OpFoldResult x, int64_t scale,
                                int64_t offset);

/// `lhs - rhs` as an index value, folded when both are constants.
mlir::Value emitSub(mlir::OpBuilder &b, mlir::Location loc,
                    mlir::OpFoldResult lhs, mlir::OpFoldResult rhs);

} // namespace xla::hloext::detail

#endif // XLA_MLIR_LIB_DIALECT_HLOEXT_IR_STRUCTUREDOPUTILS_H
