//===- HLORegionOps.td - hlo Region ops ---------------------------*- tablegen -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_TD
#define XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_TD

include "xla-mlir/Dialect/HLO/IR/HLOAttrs.td"

#endif // XLA_MLIR_DIALECT_HLO_IR_HLOREGIONOPS_TD
