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

    With `parallel-scatter` (a GPU's choice), a scatter whose combiner is
    one atomic read-modify-write (add, max, min, and, or of the init and
    the update) or whose indices are unique becomes one `scf.parallel` over
    all update elements, each combining its element into the result with
    `memref.atomic_rmw` (or a plain load, combine and store when the
    indices are unique). The order of a floating-point sum over duplicate
    indices is then not fixed, as in XLA:GPU. Other scatters, and all of
    them without the option, keep the sequential loops that apply updates
    in order.
  }];
  let options = [
    Option<"parallelScatter", "parallel-scatter", "bool", /*default=*/"false",
           "Scatter with atomics (or unique indices) as one parallel loop">,
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
