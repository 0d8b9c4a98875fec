//===- HLORegionOps.h - hlo Region op family -------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_H
#define XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_H

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.h.inc"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_H
