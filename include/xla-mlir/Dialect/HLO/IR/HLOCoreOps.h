//===- HLOCoreOps.h - hlo Core op family -------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOCOREOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOCOREOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOCOREOPS_H
