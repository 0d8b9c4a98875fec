//===- Passes.td - hlo-level passes --------------------------*- tablegen -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_TRANSFORMS_PASSES_TD
#define XLA_MLIR_DIALECT_HLO_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def HLOImportPass : Pass<"hlo-import"> {
  let summary = "Finish importing StableHLO/CHLO text into the hlo dialect";
  let description = [{
    Parsing StableHLO text already turns every custom-form `stablehlo.*` and
    `chlo.*` op into its `hlo` op. This pass completes the import:
      - generic-form ops such as `"stablehlo.scatter"(...) <{...}> ({...})`
        become the `hlo` op of the same name, with their properties,
        attributes and regions; an op with no `hlo` counterpart is an error
        that names it;
      - `hlo.custom_call @check.expect_eq/expect_almost_eq/expect_close`
        (the form JAX-generated test programs use) become `check` ops with
        the reference interpreter's tolerances.
    Every xla-mlir tool runs it right after parsing.
  }];
  let dependentDialects = ["::xla::hlo::HLODialect",
                           "::xla::check::CheckDialect"];
}

#endif // XLA_MLIR_DIALECT_HLO_TRANSFORMS_PASSES_TD
