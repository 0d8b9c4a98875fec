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

def HLOSimplifyPass : Pass<"hlo-simplify"> {
  let summary = "Algebraic simplification of hlo ops";
  let description = [{
    Rewrites that never change results, bit for bit: x*1, x-0, x+(-0.0)
    (and x+0, x*0 for integers), double negation, min/max/and/or of a value
    with itself, identity convert, select with a constant or repeated
    choice; constants of commutative ops move to the right-hand side.
    Shape ops that move no element are removed: reshape to the same type,
    transpose by the identity permutation, broadcast_in_dim with dims
    [0, ..., rank - 1], a full stride-1 slice, pad with no padding, reverse
    along no dimension of size > 1, concatenate of one input (each only when
    the result type is exactly the operand's); reshape of reshape and
    transpose of transpose become one op. The patterns are
    `populateHLOSimplifyPatterns`; they are opt-in, so `-canonicalize`
    leaves hlo programs as written.
  }];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

def HLOFoldConstantsPass : Pass<"hlo-fold-constants"> {
  let summary = "Evaluate elementwise hlo ops on small constants";
  let description = [{
    Replaces elementwise arithmetic, comparisons, selects and conversions
    whose operands are all constants by the computed constant, when the
    result has at most `max-elements` elements (large constants would bloat
    the program). Integer division by zero and overflowing signed division
    are left to run time. The patterns are `populateHLOConstantFoldPatterns`.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", "65536",
           "Largest result, in elements, that is folded">
  ];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

#endif // XLA_MLIR_DIALECT_HLO_TRANSFORMS_PASSES_TD
