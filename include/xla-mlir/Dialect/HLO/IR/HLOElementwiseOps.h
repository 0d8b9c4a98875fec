//===- HLOElementwiseOps.h - hlo Elementwise op family -------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOELEMENTWISEOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOELEMENTWISEOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOELEMENTWISEOPS_H
