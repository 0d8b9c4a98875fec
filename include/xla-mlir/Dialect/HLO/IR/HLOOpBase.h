//===- HLOOpBase.h - what every hlo op family header needs -------*- C++ -*-===//
//
// Common includes and the helpers the generated op classes call: shared type
// inference, verification and custom assembly directives.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOOPBASE_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOOPBASE_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"

namespace xla::hlo {

namespace traits {
/// See HLO_ElementwiseBroadcastingScalars in HLOBase.td.
template <typename ConcreteType>
class ElementwiseBroadcastingScalars
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      ElementwiseBroadcastingScalars> {};
} // namespace traits

/// True for the hlo ops that compute each result element from the operand
/// elements at the same index: those with the upstream `Elementwise` trait
/// and clamp/select (`ElementwiseBroadcastingScalars`). The one definition
/// of the set; lowering and analyses must not list the ops by hand.
bool isElementwise(mlir::Operation *op);

/// Result type of an elementwise op whose result has the type of operand
/// `index`.
llvm::LogicalResult inferTypeOfOperand(std::optional<mlir::Location> loc,
                                       mlir::ValueRange operands,
                                       unsigned index,
                                       llvm::SmallVectorImpl<mlir::Type> &out);

/// real/imag: the operand's type with complex elements replaced by their
/// real part type.
llvm::LogicalResult inferComplexPartType(std::optional<mlir::Location> loc,
                                         mlir::ValueRange operands,
                                         llvm::SmallVectorImpl<mlir::Type> &out);

/// Type compatibility used by every hlo op's InferTypeOpInterface: shapes
/// must agree where both are static, element types must match, except that
/// quantized types only need the same storage and expressed types.
bool isCompatibleForHloTypeInference(mlir::TypeRange lhs, mlir::TypeRange rhs);

/// True when all `types` have element types that are equal, or quantized
/// with the same storage and expressed types.
bool haveCompatibleElementTypes(mlir::TypeRange types);

/// `tensor<...xE>` with the shape (and encoding) of `like` and element type
/// `elementType`.
mlir::RankedTensorType withElementType(mlir::Type like,
                                       mlir::Type elementType);

/// The real part type of a complex element type, otherwise the type itself.
mlir::Type realElementType(mlir::Type elementType);

} // namespace xla::hlo

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOOPBASE_H
