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

def DistinctResultsPass : Pass<"xla-distinct-results", "::mlir::ModuleOp"> {
  let summary = "Give every function result its own tensor";
  let description = [{
    Results become caller-allocated out-params after bufferization, one
    buffer per result, so a value returned twice (or an argument returned
    as is) needs its own copy for each extra use. This pass inserts a
    `bufferization.alloc_tensor` copy for every repeated tensor result.
    Without it, `buffer-results-to-out-params` with hoisted allocations
    crashes on an allocation returned twice (LLVM 22).
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def LinalgLoopOrderPass : Pass<"xla-linalg-loop-order"> {
  let summary = "Put the loop with unit-stride accesses innermost";
  let description = [{
    Loops are emitted in the order of a linalg op's iteration space, which
    for `linalg.matmul` is (i, j, k): the innermost loop walks a column of
    the right-hand side, one cache line per iteration. This pass generalizes
    each linalg op with a reduction and interchanges its loops so that the
    innermost loop is the one that indexes the last (contiguous) dimension
    of the most operands, e.g. (i, k, j) for matmul, which LLVM then
    vectorizes. It keeps the original order on ties. Tiling and explicit
    vectorization will supersede it; until then it is the difference
    between strided and streaming inner loops.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def FuseElementwisePass : Pass<"xla-fuse-elementwise"> {
  let summary = "Fuse elementwise linalg producers into their consumers "
                "without recomputing them";
  let description = [{
    Upstream's elementwise fusion patterns (with reshape folding by
    expansion and constant folding, as in `linalg-fuse-elementwise-ops`),
    under one rule: a single-use producer is fused only if the fused op
    evaluates it once per element of its result. A consumer that reads the
    producer through an indexing map missing some of its loops (a
    contraction, or a broadcast back over reduced dimensions) would
    evaluate it once per iteration of those loops, so that fusion is
    refused, unless the producer is trivially cheap (its body only forwards
    or casts its arguments). The rule lives in `FusionRules.h`.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def SplitReductionsPass : Pass<"xla-split-reductions"> {
  let summary = "Sum floating-point reductions as trees of short chains";
  let description = [{
    A linalg reduction accumulates its elements one at a time, so the
    rounding error of a sum grows like the number of elements per result.
    This pass rewrites every floating-point add reduction (`linalg.reduce`,
    and generics with a reduction loop, fused bodies included; not
    contractions) with more than `block-size` elements per result into a
    reduction of blocks of at most `block-size` elements into a partial
    tensor (initialized with -0.0), followed by the reduction of the
    partials into the original init, and repeats on the latter: a tree of
    depth ceil(log_B n), as XLA's TreeReductionRewriter builds. It runs
    before tiling, so every later path (vectorized, scalar, threaded)
    keeps the tree. The innermost reduction loop is split into
    (outer, inner) loops when it is longer than a block (operands are
    reshaped, a remainder is reduced on its own); shorter innermost loops
    are reduced first as a group. Max, min, integer and product reductions
    are left alone: their result does not depend on the order.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"16",
           "Longest chain of additions into one accumulator (< 2: off)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def PreciseMathToLibmPass : Pass<"xla-precise-math-to-libm"> {
  let summary = "Send math ops LLVM would expand inaccurately to libm";
  let description = [{
    `convert-math-to-llvm` expands `math.expm1` as exp(x) - 1 and
    `math.log1p` as log(1 + x), which lose all precision near 0, and has no
    lowering for the other transcendental functions listed here. This pass
    rewrites exactly those ops (expm1, log1p, tan, tanh, sinh, cosh, asin,
    acos, atan, atan2, asinh, acosh, atanh, cbrt, erf, erfc) into libm calls
    and leaves the rest (exp, log, sqrt, abs, ...) to LLVM's intrinsics.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def OutlineKernelsPass : Pass<"xla-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Outline each top-level loop nest into its own function";
  let description = [{
    After lowering to loops, a whole program is one function with hundreds
    of loop nests, and LLVM's optimizer is superlinear in function size (a
    BERT training step took 97 s in `opt -O3`). Each top-level loop nest
    (`scf.for` or `scf.parallel`) without results becomes a private, `noinline` kernel function that takes
    the buffers and values it uses; constants and `memref.get_global` are
    cloned in so loop bounds stay visible to LLVM. This is also the unit
    later stages parallelize.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def TileAndVectorizePass
    : Pass<"xla-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg ops on tensors to register-sized blocks and "
                "vectorize them";
  let description = [{
    Every linalg op with static shapes and int/float element types whose
    body the upstream vectorizer accepts is tiled with `scf.for` loops to a
    block that fits the vector registers, and the block is rewritten with
    `linalg::vectorize` into vector-dialect ops:

    - contractions (matmul, batch matmul, dot_general as a generic) get a
      register tile of `matmul-rows` x one vector of the innermost output
      dimension, with every contracting dimension tiled by 1; the loops run
      (batch, n, m, k) so a k-panel of the right-hand side stays in cache
      and the accumulator tile is carried in registers across k. When the
      rhs is not contiguous along n (`x * W^T`, `Q K^T`), the contraction
      reads a `linalg.transpose` copy of it instead;
    - every other op gets one vector of its innermost loop, all outer loops
      tiled by 1; an op that reads an operand across the lanes (a
      transpose) gets a square tile, so the operand is read one contiguous
      vector per row and transposed in registers.

    A large op (at least 2^16 iterations) whose outermost tile loop runs
    over a parallel dimension has that loop as an `scf.forall`, one tile
    per iteration; the part of the dimension that is not a whole number of
    tiles is split off first (`linalg::splitOp`) and tiled sequentially.
    The pipeline runs the forall on all cores (OpenMP) or as a plain loop.

    Loops whose trip count does not divide are peeled, so every block is
    static: the main loop uses full vectors and the last iteration a
    shorter one, with no masks. Afterwards `vector.transfer_read` /
    `transfer_write` pairs that do not change along a loop (the matmul
    accumulator along k) are hoisted into loop-carried vectors. Ops the
    vectorizer rejects (and complex, f8 and dynamic shapes) stay as they
    are and become scalar loops later.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of a vector register in bits (sets the lanes per vector)">,
    Option<"matmulRows", "matmul-rows", "int64_t", /*default=*/"8",
           "Rows of the accumulator tile of a contraction">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
}

#endif // XLA_MLIR_TRANSFORMS_PASSES_TD
