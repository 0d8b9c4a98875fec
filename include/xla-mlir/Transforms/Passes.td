//===- Passes.td - codegen passes ----------------------------*- tablegen -*-===//

#ifndef XLA_MLIR_TRANSFORMS_PASSES_TD
#define XLA_MLIR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ReadOnlyEntryArgumentsPass
    : Pass<"xla-readonly-entry-arguments", "::mlir::ModuleOp"> {
  let summary = "Mark tensor arguments of public functions as not writable";
  let description = [{
    Inputs of an executable belong to the caller, who may reuse them across
    runs. One-shot bufferization otherwise treats function arguments as
    writable and may compute a result in place in an input buffer. This
    pass sets `bufferization.writable = false` on every tensor argument of
    every public function; bufferization then copies where it must.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

#endif // XLA_MLIR_TRANSFORMS_PASSES_TD
