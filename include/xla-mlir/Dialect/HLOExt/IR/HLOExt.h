//===- HLOExt.h - structured ops linalg cannot express ------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLOEXT_IR_HLOEXT_H
#define XLA_MLIR_DIALECT_HLOEXT_IR_HLOEXT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"

#include "xla-mlir/Dialect/HLOExt/IR/HLOExtDialect.h.inc"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExtEnums.h.inc"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLOExt/IR/HLOExtOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLOEXT_IR_HLOEXT_H
