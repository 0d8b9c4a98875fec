//===- HLOAssemblyFormat.h - custom directives of the hlo syntax -*- C++ -*-===//
//
// Custom ODS directives that reproduce StableHLO's pretty syntax. Each
// `custom<Name>(...)` in an op's assemblyFormat calls `parseName`/`printName`.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOASSEMBLYFORMAT_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOASSEMBLYFORMAT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

namespace xla::hlo {

//===----------------------------------------------------------------------===//
// SameOperandsAndResultType: `: T` when every type is T, otherwise a
// function type `: (T0, T1) -> R`.
//===----------------------------------------------------------------------===//

mlir::ParseResult
parseSameOperandsAndResultTypeImpl(mlir::OpAsmParser &parser,
                                   llvm::ArrayRef<mlir::Type *> operands,
                                   mlir::Type &result);
void printSameOperandsAndResultTypeImpl(mlir::OpAsmPrinter &p,
                                        mlir::Operation *op,
                                        mlir::TypeRange operands,
                                        mlir::Type result);

template <class... OpTypes>
mlir::ParseResult parseSameOperandsAndResultType(mlir::OpAsmParser &parser,
                                                 OpTypes &...types) {
  constexpr size_t n = sizeof...(OpTypes);
  mlir::Type *all[n] = {&types...};
  return parseSameOperandsAndResultTypeImpl(
      parser, llvm::ArrayRef(all, n - 1), *all[n - 1]);
}

template <class... OpTypes>
void printSameOperandsAndResultType(mlir::OpAsmPrinter &p, mlir::Operation *op,
                                    OpTypes... types) {
  constexpr size_t n = sizeof...(OpTypes);
  mlir::Type all[n] = {types...};
  printSameOperandsAndResultTypeImpl(p, op, llvm::ArrayRef(all, n - 1),
                                     all[n - 1]);
}

/// Variadic form: `: T0, T1, ...` where operand i and result i share type Ti.
mlir::ParseResult
parseVariadicSameOperandsAndResultType(mlir::OpAsmParser &parser,
                                       llvm::SmallVectorImpl<mlir::Type> &ops,
                                       llvm::SmallVectorImpl<mlir::Type> &res);
void printVariadicSameOperandsAndResultType(mlir::OpAsmPrinter &p,
                                            mlir::Operation *op,
                                            mlir::TypeRange ops,
                                            mlir::TypeRange res);

/// select: `: pred_type, result_type` when on_true, on_false and the result
/// share a type, otherwise a function type.
mlir::ParseResult parseSelectOpType(mlir::OpAsmParser &parser, mlir::Type &pred,
                                    mlir::Type &onTrue, mlir::Type &onFalse,
                                    mlir::Type &result);
void printSelectOpType(mlir::OpAsmPrinter &p, mlir::Operation *op,
                       mlir::Type pred, mlir::Type onTrue, mlir::Type onFalse,
                       mlir::Type result);

/// complex: `: tensor<...xcomplex<E>>` when both operands are
/// `tensor<...xE>`, otherwise a function type.
mlir::ParseResult parseComplexOpType(mlir::OpAsmParser &parser, mlir::Type &lhs,
                                     mlir::Type &rhs, mlir::Type &result);
void printComplexOpType(mlir::OpAsmPrinter &p, mlir::Operation *op,
                        mlir::Type lhs, mlir::Type rhs, mlir::Type result);

/// tuple: `: tuple<T0, T1>`; the operand types are the tuple's elements.
mlir::ParseResult parseTupleOpType(mlir::OpAsmParser &parser,
                                   llvm::SmallVectorImpl<mlir::Type> &operands,
                                   mlir::Type &result);
void printTupleOpType(mlir::OpAsmPrinter &p, mlir::Operation *op,
                      mlir::TypeRange operands, mlir::Type result);

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// `[1, 2, 3]` as a DenseI64ArrayAttr.
mlir::ParseResult parseDenseI64Array(mlir::OpAsmParser &parser,
                                     mlir::DenseI64ArrayAttr &attr);
void printDenseI64Array(mlir::OpAsmPrinter &p, mlir::Operation *op,
                        mlir::DenseI64ArrayAttr attr);

/// `[true, false]` as a DenseBoolArrayAttr.
mlir::ParseResult parseDenseBoolArray(mlir::OpAsmParser &parser,
                                      mlir::DenseBoolArrayAttr &attr);
void printDenseBoolArray(mlir::OpAsmPrinter &p, mlir::Operation *op,
                         mlir::DenseBoolArrayAttr attr);

/// `e5m10` for reduce_precision's exponent and mantissa bit counts.
mlir::ParseResult parseExponentMantissa(mlir::OpAsmParser &parser,
                                        mlir::IntegerAttr &exponent,
                                        mlir::IntegerAttr &mantissa);
void printExponentMantissa(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::IntegerAttr exponent,
                           mlir::IntegerAttr mantissa);

/// custom_call's target: `@name` or `"name"` (for names that are not valid
/// symbol references).
mlir::ParseResult parseCustomCallTarget(mlir::OpAsmParser &parser,
                                        mlir::StringAttr &target);
void printCustomCallTarget(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::StringAttr target);

/// `[DEFAULT, HIGHEST]` as an ArrayAttr of PrecisionAttr.
mlir::ParseResult parsePrecisionConfig(mlir::OpAsmParser &parser,
                                       mlir::ArrayAttr &attr);
void printPrecisionConfig(mlir::OpAsmPrinter &p, mlir::Operation *op,
                          mlir::ArrayAttr attr);

} // namespace xla::hlo

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOASSEMBLYFORMAT_H
