//===- HLOShapeOps.td - hlo Shape ops ---------------------------*- tablegen -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOSHAPEOPS_TD
