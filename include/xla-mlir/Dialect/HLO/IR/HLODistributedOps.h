//===- HLODistributedOps.h - hlo Distributed op family -------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLODISTRIBUTEDOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLODISTRIBUTEDOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLODistributedOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLODISTRIBUTEDOPS_H
