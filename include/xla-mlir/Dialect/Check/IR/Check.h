//===- Check.h - the check and interpreter dialects ---------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_CHECK_IR_CHECK_H
#define XLA_MLIR_DIALECT_CHECK_IR_CHECK_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "xla-mlir/Dialect/Check/IR/CheckDialect.h.inc"
#include "xla-mlir/Dialect/Check/IR/InterpreterDialect.h.inc"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/Check/IR/CheckOps.h.inc"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/Check/IR/InterpreterOps.h.inc"

#endif // XLA_MLIR_DIALECT_CHECK_IR_CHECK_H
