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
    Rewrites that never change results, bit for bit (but for the two
    that regroup a sum, below): x*1, x-0, x+(-0.0)
    (and x+0, x*0 for integers), double negation, min/max/and/or of a value
    with itself, identity convert, select with a constant or repeated
    choice; constants of commutative ops move to the right-hand side.
    Shape ops that move no element are removed: reshape to the same type,
    transpose by the identity permutation, broadcast_in_dim with dims
    [0, ..., rank - 1], a full stride-1 slice, pad with no padding, reverse
    along no dimension of size > 1, concatenate of one input (each only when
    the result type is exactly the operand's); reshape of reshape and
    transpose of transpose become one op. Two rewrites regroup a sum and
    so are exact only up to rounding: reduce(add, 0) over batch dimensions
    of a dot_general that has no other user becomes a dot_general
    contracting those dimensions (XLA's simplifier does the same; a
    gradient of a batched product with a shared weight otherwise
    materializes the product for every batch); add(A, scatter(zeros,
    indices, updates) { add }) whose scatter has no other user becomes
    scatter(A, indices, updates) { add } (an embedding's gradient added to
    a tied projection's: no table-sized buffer of zeros; an element's
    updates are added to A in turn, so rounding, overflow and cancellation
    may differ as in any reassociation, and an element without one keeps
    a -0.0 of A). The patterns are
    `populateHLOSimplifyPatterns`; they are opt-in, so `-canonicalize`
    leaves hlo programs as written.
  }];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

def HLOFoldConstantsPass : Pass<"hlo-fold-constants"> {
  let summary = "Evaluate hlo ops on small constants";
  let description = [{
    Replaces elementwise arithmetic, comparisons, selects and conversions,
    and the data-movement ops broadcast_in_dim, reshape, transpose, slice,
    concatenate, reverse, as well as iota, whose operands are all constants
    by the computed constant, when the result has at most `max-elements`
    elements (large constants would bloat the program). An iota or a
    broadcast to a non-splat result is folded only where all its users are
    evaluated on constants too. Integer division by zero, overflowing
    signed division and out-of-range float-to-integer conversions are left
    to run time. The patterns are `populateHLOConstantFoldPatterns`.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", "65536",
           "Largest result, in elements, that is folded">
  ];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

def HLOOptimizePass : Pass<"hlo-optimize"> {
  let summary = "hlo-simplify, hlo-fold-constants, CSE, DCE to a fixed point";
  let description = [{
    The rewriting part of the HLO optimization stage
    (`--hlo-optimization-pipeline`). One greedy rewrite over the patterns of
    `hlo-simplify` and `hlo-fold-constants` together (so a fold exposes a
    simplification and the other way round), then common subexpression
    elimination; repeated while CSE changes something, at most `max-rounds`
    times. The rewrite driver erases ops left without uses as it goes; with
    `dce`, dead ops are also swept when no rewrite runs. Ops with side
    effects (`check` ops, `custom_call` with `has_side_effect`) are never
    erased or merged. Each part has an option, named like the pipeline's.
  }];
  let options = [
    Option<"simplify", "hlo-simplify", "bool", "true",
           "Algebraic simplification (the hlo-simplify patterns)">,
    Option<"foldConstants", "fold-constants", "bool", "true",
           "Evaluate ops on constants (the hlo-fold-constants patterns)">,
    Option<"foldLimit", "fold-limit", "int64_t", "65536",
           "Largest folded result, in elements">,
    Option<"cse", "cse", "bool", "true",
           "Merge identical side-effect-free ops (and identical constants)">,
    Option<"dce", "dce", "bool", "true",
           "Erase side-effect-free ops whose results are unused">,
    Option<"maxRounds", "max-rounds", "int64_t", "4",
           "Rounds of rewriting and CSE at most">,
  ];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

def HLORewriteScansPass : Pass<"hlo-rewrite-scans"> {
  let summary = "Rewrite cumulative reduce_windows into blocked scans";
  let description = [{
    A reduce_window whose window spans a whole dimension, padded by n - 1
    on one side (how `jnp.cumsum`, `cumprod`, `cummax` and
    `lax.cumlogsumexp` arrive), folds every prefix in one chain: O(n^2)
    work, and error that grows with the prefix. This pass splits the
    dimension into blocks of `block-size`: a scan inside each block, a scan
    of the block totals (recursively), and each element combined with the
    totals before its block through an `hlo.map` of the body. Work becomes
    O(n * block) and each result a tree of depth log_block(n), as in XLA's
    ReduceWindowRewriter.

    Results change in rounding only (the spec leaves the grouping of a
    reduction to the implementation), so the pass is not part of
    `hlo-optimize`; the lowering pipelines run it with their
    `reduction-block` option.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "16",
           "Elements scanned in one chain">,
  ];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

#endif // XLA_MLIR_DIALECT_HLO_TRANSFORMS_PASSES_TD
