//===- HLOFusionOps.h - hlo Fusion op family ---------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOFUSIONOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOFUSIONOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOFusionOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOFUSIONOPS_H
