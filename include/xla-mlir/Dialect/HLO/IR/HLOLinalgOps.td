//===- HLOLinalgOps.td - hlo Linalg ops ---------------------------*- tablegen -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOLINALGOPS_TD
