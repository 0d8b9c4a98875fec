//===- Passes.td - hloext passes -----------------------------*- tablegen -*-===//

#ifndef XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_PASSES_TD
#define XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def HLOExtLowerToLoopsPass : Pass<"hloext-lower-to-loops"> {
  let summary = "Lower hloext ops on buffers to scf loops";
  let description = [{
    Replaces every hloext op with buffer operands by an scf.for nest over its
    TilingInterface iteration domain, whose body is the op's
    `generateScalarImplementation`: the windows of a scatter with their
    bounds check, the merge sort of a slice, the discrete Fourier transforms
    of a block. Runs after bufferization and
    before the buffer deallocation pipeline, which frees the scratch
    buffers sort allocates (`memref.alloc` without a matching dealloc).
    Ops still on tensors are reported as errors.

    With `parallel-scatter` (a GPU's choice), a scatter becomes one
    `scf.parallel` over all update elements when one of these applies:
    - its indices are unique: each element is combined into the result
      with a plain load, combine and store;
    - the windows of different index vectors never overlap (one element
      wide along each operand dimension an index addresses: an embedding's
      gradient) and the work of the scan below, scatter points squared
      times window elements times the index vectors' length, is at most
      `ordered-scatter-work`: each
      element whose window no earlier scatter point starts at combines
      the init with its own update and those of every later point with
      the same start, in order, and stores the result; the others do
      nothing. Any combiner; the result is the sequential loops' at every
      run;
    - its combiner is one atomic read-modify-write (add, max, min, and, or
      of the init and the update): each element combines with
      `memref.atomic_rmw`, and the order of a floating-point sum over
      duplicate indices is not fixed, as in XLA:GPU by default.
    Other scatters, and all of them without the option, keep the
    sequential loops that apply updates in order.
  }];
  let options = [
    Option<"parallelScatter", "parallel-scatter", "bool", /*default=*/"false",
           "Scatter as one parallel loop over its update elements: unique "
           "indices, updates combined in order (see ordered-scatter-work) "
           "or atomics">,
    Option<"orderedScatterWork", "ordered-scatter-work", "int64_t",
           /*default=*/"1073741824",
           "With parallel-scatter, the most work (scatter points squared "
           "times window elements times index depth) a scatter over "
           "repeated indices may take "
           "to combine its updates in order instead of with atomics "
           "(0: atomics always)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

#endif // XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_PASSES_TD
