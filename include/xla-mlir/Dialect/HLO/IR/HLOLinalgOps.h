//===- HLOLinalgOps.h - hlo Linalg op family -------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOLinalgOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_H
