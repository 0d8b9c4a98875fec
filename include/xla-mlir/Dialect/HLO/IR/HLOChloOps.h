//===- HLOChloOps.h - hlo Chlo op family -------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOChloOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_H
