//===- HLOChloOps.td - hlo Chlo ops ---------------------------*- tablegen -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOCHLOOPS_TD
