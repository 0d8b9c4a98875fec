//===- HLOShapeOps.h - hlo Shape op family -------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_H
