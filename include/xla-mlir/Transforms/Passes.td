//===- Passes.td - codegen passes ----------------------------*- tablegen -*-===//

#ifndef XLA_MLIR_TRANSFORMS_PASSES_TD
#define XLA_MLIR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ReadOnlyEntryArgumentsPass
    : Pass<"xla-mark-readonly-arguments", "::mlir::ModuleOp"> {
  let summary = "Mark tensor arguments of public functions as not writable";
  let description = [{
    Inputs of an executable belong to the caller, who may reuse them across
    runs. One-shot bufferization otherwise treats function arguments as
    writable and may compute a result in place in an input buffer. This
    pass sets `bufferization.writable = false` on every tensor argument of
    every public function; bufferization then copies where it must. It
    also marks them `xla.input`, which survives bufferization, so later
    stages tell inputs from the out-params appended for results.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def DuplicateFillsPass : Pass<"xla-duplicate-fills"> {
  let summary = "Give every op that writes into a filled tensor a fill of its own";
  let description = [{
    Before bufferization: a `linalg.fill` whose result several ops take as
    their init (CSE merges the identical fills of several reductions) is
    cloned for each of them, into a `tensor.empty` of its own (a fill
    overwrites its destination), next to the writer when both are in one
    block. One-shot bufferization would
    otherwise fill one buffer and copy it for each writer: writing the same
    bytes again costs less than a copy, which also reads them, and on the
    GPU a reduction folds a fill of its own output into its kernel instead
    of a copy on the stream before it. Uses that only read the fill keep
    the original.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def CheckTensorSizesPass
    : Pass<"xla-check-tensor-sizes", "::mlir::ModuleOp"> {
  let summary = "Reject tensors that cannot exist on the target";
  let description = [{
    A type such as `tensor<1099511627776x1024xf32>` is valid IR, but no
    machine holds it, and element counts and byte sizes of such types
    overflow 64 bits further down (allocation sizes, LLVM constants, the
    runtime's buffers). This pass runs first in the lowering pipelines:
    every statically shaped tensor (and memref) value, function argument,
    result and tuple element whose size exceeds `max-bytes` (0: the memory
    of the module's `xla.target`, else of this machine) is reported with its
    op, its type and its size, and the pass fails. Sizes are computed with
    overflow checks; a size that overflows is reported as such. Constants
    whose data would be expanded (splats) count like any other value.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"0",
           "Largest tensor in bytes (0: the target's memory)">,
  ];
}

def DistinctResultsPass : Pass<"xla-copy-shared-results", "::mlir::ModuleOp"> {
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

def PlaceConstantGlobalsPass
    : Pass<"xla-place-constant-globals", "::mlir::ModuleOp"> {
  let summary = "Create the global of every tensor constant, in program order";
  let description = [{
    One-Shot Bufferize turns each tensor `arith.constant` into a
    `memref.global` named after its type (`__constant_16xf32_3`), created
    when it reaches the constant. It visits the functions in an order that
    depends on their addresses (a hash map of the call graph), so the names
    and the order of the globals, and with them the object code, changed
    from one compilation of the same program to the next. This pass creates
    those globals first, walking the module in order (the same globals, with
    the same alignment, which bufferization then finds and reuses), so that
    the same program always gives the same bytes.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def HLOPlanFusionPass : Pass<"hlo-plan-fusion"> {
  let summary = "Decide which hlo ops share a kernel (priority fusion)";
  let description = [{
    The strategy of fusion (`lib/Transforms/PlanFusion.cpp`), in the style
    of XLA's priority fusion: every op starts as its own kernel, and the
    merge with the largest estimated benefit is applied until none has a
    positive one. The merges are producer into consumer (the kernel still
    writes producer values others read: multi-output), duplication of a
    one-op kernel into all its readers (a broadcast recomputed by each),
    and siblings that read the same value over the same iteration space.
    The benefit is the estimated time saved (`FusionCostModel.h`: bytes,
    flops, transcendental ops and a cost per kernel, from the module's
    `xla.target`, else the description's defaults). A merge that would
    create a cycle, put two contractions or a contraction and a reduction
    in one kernel, reductions over different shapes, or more than
    `max-fusion-ops` ops, is refused. The plan is recorded as
    `xla.fusion_groups` (`FusionPlan.h`); nothing else changes. With
    `fuse=false` every fusible op is its own kernel. A kernel of a lone
    reshape is not recorded: a reshape moves no data. With `rematerialize`
    (off for this pass alone; the compile driver and the CPU and GPU
    pipelines turn it on), once no merge has a positive benefit, a fourth: a
    value a multi-op kernel writes only for other kernels, computed by at
    most 16 elementwise, broadcast or reshape ops from values the kernel
    writes or reads anyway, is recomputed by each reader (the kernel keeps
    its copy, and disappears if it then writes nothing). Its benefit is the
    estimated time saved plus the time of two passes over the bytes it
    takes out of memory, so it may cost that much time; merges it makes
    worthwhile follow. On the BERT-like training step at batch 8 it lowers
    the peak of live buffers from 1178 to 1057 MiB (XLA:CPU 1054) and ran
    within noise or faster on one core (2026-11-26).
  }];
  let options = [
    Option<"fuse", "fuse", "bool", /*default=*/"true",
           "Merge kernels (off: one kernel per op)">,
    Option<"maxOps", "max-fusion-ops", "int64_t", /*default=*/"128",
           "Most ops in one kernel">,
    Option<"rematerialize", "rematerialize", "bool", /*default=*/"false",
           "Let readers recompute cheap values instead of loading them">,
  ];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

def HLOFormFusionsPass : Pass<"hlo-form-fusions"> {
  let summary = "Build one hlo.fusion per group of the xla.fusion_groups plan";
  let description = [{
    The mechanism of fusion (`lib/Transforms/FormFusions.cpp`): each group
    of the plan becomes an `hlo.fusion` named `<kind>_<hero>_fusion` (the
    hero is the contraction or reduce that leads it, else its last op),
    whose operands are what its ops read from outside (splat constants are
    cloned in) and whose results are its values that others read from
    memory; an op in several groups is computed by each, and provided to
    the rest by its first. The block is sorted topologically afterwards.
  }];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

def HLOReorderForMemoryPass : Pass<"hlo-reorder-for-memory"> {
  let summary = "Move ops to their first reader where that shortens lives";
  let description = [{
    The kernels run in block order and a value's buffer lives from its
    producer to its last reader. In the block of each function, a side
    effect free op moves to just before its first reader when its results
    (other than those it returns, which live in the caller's buffers) are
    at least 64 KiB larger than the operands whose lives that extends
    (those it reads last that are not arguments or constants). Every live set between the
    two places shrinks, so the peak never grows. Ops are visited from the
    end, each judged against its readers' final places; single ops only.
    A greedy, downward-only counterpart of
    XLA's memory-minimizing schedulers: it moves, for instance, the zeros
    of a gradient accumulator from the start of the backward pass to
    where the accumulation happens. Runs after `hlo-form-fusions`.
  }];
}

def HLOReportFusionsPass : Pass<"hlo-report-fusions", "::mlir::ModuleOp"> {
  let summary = "Write the fusion report: every kernel, its ops and costs";
  let description = [{
    Runs after `hlo-form-fusions` and changes nothing. For every
    `hlo.fusion` it writes the kernel's name and kind, its ops with their
    source locations, the bytes it reads and writes, its flops and
    transcendental functions and the cost model's estimated time (from the
    module's `xla.target`), and the same estimate for its ops run one
    kernel each (what fusion saves), then totals for the program:

    - `<output>.txt`, a table for people;
    - `<output>.json`, the same data for scripts;
    - `<output>.dot`, the data-flow graph with one cluster per fusion
      (Graphviz: `dot -Tsvg`).
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"fusion_report\"",
           "Path of the report files, without the extension">,
  ];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

def HLONormalizeFusionsPass
    : Pass<"hlo-normalize-fusions", "::mlir::func::FuncOp"> {
  let summary = "Give fusions that compute the same thing the same body";
  let description = [{
    Before `hlo-outline-fusions`, which shares one function among fusions
    whose bodies are equal op for op. In each `hlo.fusion`:

    - broadcast_in_dim of broadcast_in_dim, and reshape of reshape, become
      one op;
    - an operand passed twice is passed once; one no result needs is
      dropped, with the ops that compute nothing the fusion returns;
    - an operand whose only use is a reshape is reshaped by the caller
      (outside a kernel a reshape is a view of the same buffer), and one
      with unit dimensions whose every use is a broadcast_in_dim loses
      them, the caller reshaping it;
    - the body's ops are put in post-order of a depth-first walk from the
      returned values (operands left to right), and the operands in the
      order that walk first reads them.

    Results are unchanged, bit for bit: no op changes what it computes.
  }];
  let dependentDialects = ["::xla::hlo::HLODialect"];
}

def HLOOutlineFusionsPass : Pass<"hlo-outline-fusions", "::mlir::ModuleOp"> {
  let summary = "Turn each hlo.fusion into a call of a function named after it";
  let description = [{
    Each `hlo.fusion` becomes a private `noinline` function with the
    fusion's name (renamed on a clash) and attribute `xla.fusion_kind`, and
    a `func.call`. Later passes compile each such function as one kernel.

    With `share` (the default), fusions that compute the same thing (same
    kind, operand and result types, and ops, whatever their locations) are
    calls of one function, outlined from the first of them; its attribute
    `xla.fusions` lists the fusions it computes. Every later stage costs
    time per kernel, and a model repeats its layers' kernels. (A fusion's
    ops have no side effects: its verifier says so.)
  }];
  let options = [
    Option<"share", "share", "bool", /*default=*/"true",
           "Outline identical fusions into one shared function">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def ForwardResultCopiesPass
    : Pass<"xla-forward-result-copies", "::mlir::func::FuncOp"> {
  let summary = "Let the writer of a copied result write its out-param";
  let description = [{
    After `buffer-results-to-out-params`: an allocation of a function's
    entry block whose last use is a `memref.copy` into an out-param (an
    entry block argument used by nothing else) of the same type is replaced
    by the out-param, and the copy is removed. Results computed by calls of
    outlined kernels are then written in place, as results computed in the
    function already are.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def MarkInPlaceResultsPass
    : Pass<"xla-mark-in-place-results", "::mlir::ModuleOp"> {
  let summary = "Record which results of a kernel may share an argument's "
                "buffer";
  let description = [{
    On linalg on tensors, before tiling. A private function (a kernel) may
    write result `r` into the buffer of argument `i` when every read of the
    argument happens before the op that computes the result, or is done by
    that op at the element it writes: the result is returned straight from
    an all-parallel linalg op that reads the argument with the same
    indexing map as it writes the result, reads no other value of its init
    and is the last op that reads the argument. Tiling keeps this (each
    tile reads and writes the same elements), but fusion runs a producer in
    its consumer's tiles (blocks of rows, epilogues), so another reader of
    the argument that computes a value the op reads must read it where the
    op writes: a row op whose parallel loops index the argument as the op
    writes it and whose reduction loops span dimensions the op also reads
    of the argument (softmax's max, which block fusion never splits), whose
    values reach the op directly or through other such readers; never a
    contraction or convolution, whose epilogue runs in its tiles. The pairs are recorded as `xla.in_place = array<i64: i, o,
    ...>`, where `o` numbers the out-param of result `r` as it will be once
    `buffer-results-to-out-params` has appended one per result
    (`o = number of arguments + r`). `xla-prepare-donation` and
    `xla-reuse-operand-buffers` read them.
    Where the entry returns a kernel's result as an update of an input it
    passes to that kernel (`xla.aliased_result`, see xla-prepare-donation),
    the op computing that result, if only the return uses it, is first
    moved after the argument's other readers: a multi-output kernel that
    recomputes one output inside another's loop would otherwise read the
    old value after writing the new one. The op computing a paired result
    must write into a `tensor.empty` of its own: a destination shared with
    other ops of the kernel (a reduction's accumulator, after CSE merged
    their `tensor.empty`) would let bufferization store their values in the
    result's buffer, over the argument, before the op reads it. Where the
    entry donates the argument, the op gets one (attribute
    `xla.own_destination`, which keeps CSE from merging it); elsewhere a
    pair without one is not recorded, so that programs without donation
    keep their buffers.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def PrepareDonationPass
    : Pass<"xla-prepare-donation", "::mlir::ModuleOp"> {
  let summary = "Make aliased results safe to write into their inputs' "
                "buffers";
  let description = [{
    After bufferization and `xla-forward-result-copies`. An input of a
    public function marked `xla.aliased_result = K` (the driver sets it
    from `tf.aliasing_output` and `mhlo.input_output_alias`) may be passed
    as the very buffer of result K: the caller donates it. The function
    must then compute the same results whether or not the two buffers are
    one. That holds when every use of the input comes before every use of
    the out-param, except one op that uses both and reads the input only
    at the elements it writes (a call of a kernel whose `xla.in_place`
    pairs allow it); a copy of the input itself into the out-param does
    not count as a write. Otherwise the result is
    computed into a buffer of its own and copied into the out-param after
    the last use of the input.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def ReuseOperandBuffersPass
    : Pass<"xla-reuse-operand-buffers", "::mlir::ModuleOp"> {
  let summary = "Write a kernel's result over an input that dies at the "
                "kernel";
  let description = [{
    After bufferization, before deallocation; the counterpart of XLA's
    buffer assignment sharing an operand's buffer with its user. Where a
    call passes an input and an out-param that the callee's
    `xla.in_place` pairs (see xla-mark-in-place-results) allow to share a
    buffer, both are `memref.alloc`s of one static type in the call's
    block, no op after the call uses the input (nor its views), no op
    before it uses the out-param, and the call passes each of them only
    whole and only where the pairs allow, the out-param's allocation goes
    and the call writes the result over the input. The buffer then lives
    as long as both did, and the program holds one buffer less at the
    call.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def ReportMemoryPass : Pass<"xla-report-memory", "::mlir::ModuleOp"> {
  let summary = "Write the memory report: where the entry's buffers peak";
  let description = [{
    After deallocation and `optimize-allocation-liveness`; changes nothing.
    A static estimate of what the runtime measures as its peak of live
    buffers: the entry's (the first public function's) inputs and results
    (less results written over donated inputs), then its allocations and
    deallocations in program order, with each kernel's own buffers added
    while it runs (at the kernel's own peak; those in the body of a
    parallel loop once per core, at most once per iteration). It writes
    the peak, the op at it and the buffers live there, largest first, each
    with the first and last op of the entry that use it, and the ten
    largest points (kernels, loop nests left in the entry, which count as
    kernels, and copies), one per kernel:

    - `<output>.txt`, for people;
    - `<output>.json`, the same for scripts.

    Allocations of dynamic size count nothing and are reported as such.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"memory_report\"",
           "Path of the report files, without the extension">,
  ];
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
  let options = [
    Option<"recomputeIntoElementwise", "recompute-into-elementwise", "bool",
           /*default=*/"false",
           "Also fuse a single-user producer of cheap arithmetic and math "
           "on values of at most 32 bits into an elementwise consumer that "
           "broadcasts it, recomputing it per element (the GPU's rule)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def MergeSiblingsPass : Pass<"xla-merge-siblings"> {
  let summary = "Merge sibling elementwise linalg ops into one multi-result "
                "op";
  let description = [{
    Producer-consumer fusion leaves siblings apart: the Adam update of a
    weight is three elementwise ops of one shape (new m, new v, new weight)
    that each read the gradient again. Two `linalg.generic` ops become one
    with the results of both when they are all-parallel over the same loop
    ranges, write their results through identity maps into inits they do
    not read, read at least one common value, neither depends on the
    other, and every reader of the earlier one comes after the later one
    (where the merged op goes). CSE afterwards shares what their bodies
    compute twice.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
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
    are reduced first as a group. With `vector-bits`, a loop along the
    contiguous dimension of its inputs that is a multiple of the vector
    lanes is split into (outer, inner, lane) loops instead: each partial
    sums elements one vector apart, so that vectorized partials add lane
    by lane, with the same chain lengths. Max, min, integer and product reductions
    are left alone: their result does not depend on the order.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"16",
           "Longest chain of additions into one accumulator (< 2: off)">,
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"0",
           "Vector register width: a loop along the contiguous dimension "
           "of its inputs is split in lane-strided blocks (block-size "
           "elements one vector apart), whose partials add lane by lane "
           "(0: contiguous blocks; the module's xla.target wins over a "
           "width > 0)">,
    Option<"rowThreads", "row-threads", "int64_t", /*default=*/"1",
           "Threads that read one f32 row of a reduction along the "
           "contiguous dimension interleaved, each with its own "
           "accumulator, and then combine as a tree (a GPU's block): such "
           "rows are split in blocks of block-size x row-threads elements">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def PreciseMathToLibmPass : Pass<"xla-lower-math-to-libm"> {
  let summary = "Send math ops LLVM would expand inaccurately to libm";
  let description = [{
    `convert-math-to-llvm` expands `math.expm1` as exp(x) - 1 and
    `math.log1p` as log(1 + x), which lose all precision near 0, and has no
    lowering for the other transcendental functions listed here. This pass
    rewrites exactly those ops (expm1, log1p, tan, tanh, sinh, cosh, asin,
    acos, atan, atan2, asinh, acosh, atanh, cbrt, erf, erfc) into libm calls
    and leaves the rest (exp, log, sqrt, abs, ...) to LLVM's intrinsics.

    With `remaining`, after `convert-math-to-llvm`: every math op still
    there (one LLVM has no intrinsic for) becomes a libm call, which is what
    `convert-math-to-libm` does, but by rewriting those ops alone: the
    upstream pass's dialect conversion visits every op of the module, 0.03
    s of a BERT step's compile for the few (usually no) ops left.
  }];
  let options = [
    Option<"remaining", "remaining", "bool", /*default=*/"false",
           "Convert every math op left, not only the imprecise ones">,
  ];
  // A vector op is unrolled into scalar calls with vector.extract and
  // vector.insert (arith constants for the pieces).
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::vector::VectorDialect"];
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

def DecomposePadsPass : Pass<"xla-decompose-pads"> {
  let summary = "Pads as linalg fills of the border and a copy of the "
                "interior, before tiling";
  let description = [{
    Rewrites each `tensor.pad` with static shapes and a padding value that
    does not depend on the position (a constant, or a value from outside
    the region) into a `tensor.empty`, one `linalg.fill` per border slab
    (along each dimension, the low and high parts over the interior of
    the dimensions before it) and a `linalg.copy` of the source into the
    interior, joined by `tensor.insert_slice`s that bufferize in place.
    Every element is written once, and the fills and the copy get tiling
    plans, so they are vectorized and run on all cores; left as a pad,
    bufferization fills the whole buffer with scalar code and copies the
    interior element by element. Other pads are left alone.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect"
  ];
}

def PlanKernelBlocksPass
    : Pass<"xla-plan-kernel-blocks", "::mlir::func::FuncOp"> {
  let summary = "Decide which kernels run as one loop over blocks of their "
                "result";
  let description = [{
    Strategy of block fusion. A kernel whose ops are all parallel along
    some loops of its last op (the op whose value the function returns
    last) - softmax or layernorm along their rows - can run as one loop
    over blocks of those loops, each block computing every op of the
    kernel on data that stays in L2, instead of one loop nest per op over
    the whole tensors. Which loops qualify follows from the indexing maps:
    loops and tensor dimensions that the maps identify form classes, and a
    class qualifies if no op reduces over it and no reshape splits it.
    Kernels with fewer than two ops besides fills, or whose repeated reads
    and intermediate values come to no more than L2, are left alone.

    A kernel with one contraction or convolution and an epilogue (an
    output fusion) is blocked by the contraction's register tiles, in its
    tile loop order (`xla.block_interchange`), when its plan is one
    distributed level of register tiles that divide its loops: each block
    then computes one accumulator tile, applies the epilogue to it in
    registers and stores the result only. The ops that compute the
    contraction's inputs are not fused into the blocks; a contraction whose
    plan reads a transposed copy of its rhs is marked
    `xla.block_relayout_rhs`, so that the copy is made before the blocks.

    Otherwise the block grows from the innermost qualifying loop outwards (the innermost result dimension in whole
    vectors) while the values of one block fit in half of L2 and every
    core gets at least four blocks. The decision is the attribute
    `xla.block_tiles` (one size per loop of the op, 0 = whole) on the last
    op; `xla-tile-and-fuse-blocks` carries it out. L2, cores and vector
    width come from the module's `xla.target` when it has one.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of a vector register in bits, without an xla.target">,
    Option<"cores", "cores", "int64_t", /*default=*/"0",
           "Cores, without an xla.target (0: unknown, assumed several)">,
    Option<"l2Bytes", "l2-bytes", "int64_t", /*default=*/"1048576",
           "L2 cache per core in bytes, without an xla.target">,
    Option<"matmulRows", "matmul-rows", "int64_t", /*default=*/"8",
           "Rows of a contraction's register tile (as xla-plan-tiling's)">,
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "Whether the ops are vectorized (as xla-plan-tiling's); without "
           "it, contractions keep their epilogues apart">,
  ];
}

def TileAndFuseBlocksPass
    : Pass<"xla-tile-and-fuse-blocks", "::mlir::func::FuncOp"> {
  let summary = "Tile the op marked xla.block_tiles into an scf.forall and "
                "fuse its producers into the loop";
  let description = [{
    Mechanism of block fusion. The op with `xla.block_tiles` is tiled
    through `TilingInterface` into an `scf.forall` with those sizes, and
    every producer in the same block whose result the loop body reads in
    part is fused into the body (upstream tile-and-fuse; slices move
    above reshapes first, so the partial sums of `xla-split-reductions`
    fuse too). A producer that the body reads whole stays outside, and so
    do the producers of a contraction's inputs (a contraction marked
    `xla.block_relayout_rhs` first reads a transposed copy of its rhs, made
    here); a fused producer that something outside the loop also reads is
    yielded by the loop as well, and elementwise ops outside the loop that
    read such a value are fused in as consumers. `xla.block_interchange`
    orders the block loops. Producers fused twice (read by two ops of the
    body) are merged by CSE. Ops inside the loop are then planned and tiled like any
    other by `xla-plan-tiling` and `xla-tile-and-vectorize`, without
    distribution of their own.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect"
  ];
}

def TilingStrategyPass : Pass<"xla-plan-tiling", "::mlir::func::FuncOp"> {
  let summary = "Decide loop order, tiles, distribution and vectorization "
                "of each linalg op";
  let description = [{
    Records on every linalg op on tensors what `xla-tile-and-vectorize`
    should do with it, as the discardable dictionary attribute `xla.tiling`
    (format in `lib/Transforms/PlanTiling.h`), and changes nothing else.
    The vector width and core count come from the module's `xla.target`
    (see TargetDescription.h) when it has one, else from the options.

    - loop order (`interchange`): an op with a reduction gets the loop that
      indexes the last (contiguous) dimension of the most operands
      innermost, e.g. (i, k, j) for matmul; on ties the order stays. This
      is all that is recorded with `vectorize=false`: the scalar loops then
      stream, and LLVM vectorizes them.
    - register tiles (`tile_sizes`, `tile_interchange`), for ops with static
      shapes and int/float element types whose body the upstream vectorizer
      accepts: contractions (matmul, batch matmul, dot_general as a generic)
      get `matmul-rows` rows x one vector of the innermost output
      dimension, every contracting loop tiled by 1, tile loops in the order
      (batch, n, m, k), so a k-panel of the rhs stays in cache and the
      accumulator tile is carried in registers across k; every other op
      gets one vector of its innermost loop and 1 for the outer loops, and
      an op that reads an operand across the lanes (a transpose) a square
      tile, so the operand is read one contiguous vector per row and
      transposed in registers. Convolutions with body `out + in * filter`
      (linalg's named ones, any number of spatial dimensions) get
      `matmul-rows` positions of the innermost output image loop x a panel
      of output channels (depthwise: of channels) of two vectors, every
      other loop by 1, loops (batch, image, channels, rows, window, input
      channels): an outer product per step (depthwise: one FMA per row),
      the accumulators in registers across the window and input channels.
    - `distribute`: an op of at least
      `TargetDescription::kMinParallelIterations` (2^16) iterations whose
      outermost tile loop is parallel, on a target with more than one core.
    - `peel` and `vectorize`: always, for ops that get tiles.
    - `relayout_rhs`: a contraction whose rhs is not contiguous along the
      lanes (`x * W^T`, `Q K^T`) and that has more than one row tile reads
      a transposed copy of it; the entry is the copy's own plan.
    - `relayout_lhs`: a contraction whose lhs has its contracting
      dimensions first (a weight gradient `x^T dy` over [batch, tokens]),
      whose row tile's strip of the lhs (a line per k step) does not fit
      in L1 at its pitch, whose lhs (one batch) is larger than half of L2,
      and that has more than one column tile reads a copy with the
      contracting dimensions last; the other entries plan the op as it
      reads the copy.
    - `pack_rhs` (with `pack_copy`, `pack_remainder`, `cache_tile_sizes`,
      `cache_tile_interchange`): a contraction with at least 4 row tiles
      whose rhs (one batch of it) is larger than half of L2, or whose rhs
      rows are so far apart that a row tile's strip of them does not fit
      in L1 (64 sets of 64-byte lines, `l1-bytes` / 4 KiB ways), packs the
      rhs into panels of two vectors (one where n is narrower), [.., N/P, K, P],
      and is tiled twice: cache tiles of k (a k-block of the lhs rows and
      of one panel fill L1) and n (a k-block of the packed rhs in half of
      L2, and the n blocks a multiple of the cores, else the rows shared by
      the cores), then register tiles of `matmul-rows` x one panel, loops
      (batch, m, n, k). The columns short of a panel keep the plan above.
    - Inside a block of `xla-tile-and-fuse-blocks` (an `scf.forall`) ops are
      not distributed, and an op with only parallel loops and no more
      elements than `matmul-rows` x two vectors (the fill and epilogue of
      an accumulator tile) is vectorized whole (`{vectorize = true}`).
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Width of a vector register in bits, without an xla.target">,
    Option<"cores", "cores", "int64_t", /*default=*/"0",
           "Cores, without an xla.target (0: unknown, assumed several)">,
    Option<"matmulRows", "matmul-rows", "int64_t", /*default=*/"8",
           "Rows of the accumulator tile of a contraction">,
    Option<"l1Bytes", "l1-bytes", "int64_t", /*default=*/"32768",
           "L1 data cache per core in bytes, without an xla.target">,
    Option<"l2Bytes", "l2-bytes", "int64_t", /*default=*/"1048576",
           "L2 cache per core in bytes, without an xla.target">,
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "Tile and vectorize (off: decide the loop order only)">,
  ];
}

def TileAndVectorizePass
    : Pass<"xla-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Carry out the xla.tiling plans: interchange, tile, "
                "distribute, peel and vectorize linalg ops";
  let description = [{
    Does what the `xla.tiling` attribute of each linalg op says (decided by
    `xla-plan-tiling`, or written by hand in a test) and removes it;
    ops without it are left alone. In order:

    - `interchange`: the op is generalized and its loops permuted;
    - `pack_rhs = P`: first of all, the contraction's rhs is copied into
      panels of P columns (`linalg.transpose` of the rhs with its n
      dimension split, tiled by `pack_copy`), and the op becomes a generic
      over the packed rhs and the output expanded to [..., N/P, P], with
      one more loop (the column in a panel, last); the other entries index
      its loops. Columns short of a panel are split off first
      (`linalg::splitOp`) and tiled by `pack_remainder`. An elementwise
      producer of the rhs that only the contraction reads (no columns split
      off) is computed by the packing copy: its n loop is split alike
      (upstream's fold of a reshape into its producer by expansion, after
      inputs read at a constant index into a unit dimension are collapsed),
      then fused into the copy, so each copy, whole or per tile and k block,
      computes its part once and the rhs is never written whole; not when
      the producer reads an argument the kernel may overwrite in place
      (`xla.in_place`), which a copy per tile would read later;
    - `relayout_rhs`: the contraction reads a `linalg.transpose` copy of its
      rhs with the n dimension last, tiled by the entry's own plan;
    - `relayout_lhs` (first, before packing and interchange): the same for
      the lhs, with the contracting dimensions last; an elementwise
      producer of the lhs that only the contraction reads is computed by
      the copy itself (upstream elementwise fusion into the copy, whose
      plan it takes), so its value is written once, already transposed;
    - `distribute`: the outermost tile loop (in `tile_interchange` order; it
      must be parallel) becomes an `scf.forall`, one tile per iteration;
      the part of that dimension that is not a whole number of tiles is
      split off first (`linalg::splitOp`) and tiled sequentially, with the
      same plan less that loop. The pipeline runs the forall on all cores
      (OpenMP) or as a plain loop;
    - `cache_tile_sizes` / `cache_tile_interchange`: if present, the
      outermost tile loops (and `distribute` applies to them), before the
      register tiles;
    - `tile_sizes` / `tile_interchange`: `scf.for` tile loops; with `peel`,
      loops whose trip count does not divide are peeled, so every tile is
      static and vectorizes without masks;
    - an op whose accumulators start from a `linalg.fill` (through the
      reshape of packing or the slice of a split) and whose plan tiles no
      reduction loop but the register tile's, innermost, takes the fill into
      its tiles (upstream tile-and-fuse of the destination): the parallel
      loops are tiled first, the register tile's reduction loops inside,
      and each tile starts from the fill's value in registers; the fill of
      the whole result is then left unread and erased. If the cache level
      tiles k (and nothing else but the distributed loop), the fill moves
      into the distributed tiles and the first k block is peeled, so that
      its register tiles take the fill in;
    - `vectorize`: each tile becomes vector ops, a contraction tile a
      `vector.outerproduct`, anything else through `linalg::vectorize`.
      Afterwards `vector.transfer_read` / `transfer_write` pairs that do not
      change along a loop (the matmul accumulator along k) are hoisted into
      loop-carried vectors. A tile the vectorizer rejects stays a linalg op.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
}

//===----------------------------------------------------------------------===//
// GPU: where buffers live, and which loops run as kernels
//===----------------------------------------------------------------------===//

include "xla-mlir/Transforms/GPUPasses.td"

def ApproximateVectorMathPass : Pass<"xla-approximate-vector-math"> {
  let summary = "Evaluate vector math functions with polynomials";
  let description = [{
    LLVM has no vector `exp` on x86: `llvm.exp.v8f32` becomes eight scalar
    `expf` calls, so an exp in a vectorized loop (softmax, GELU) runs at
    libm's scalar speed. This pass rewrites the math ops named in `ops`
    whose operands are f32 vectors into MLIR's polynomial approximations
    (`populateMathPolynomialApproximationPatterns`), which stay in vector
    registers, as XLA:CPU and IREE do. Scalar math is left alone: it keeps
    libm's accuracy. The default set is the functions whose approximation
    is within the accuracy suite's rule (at most 2x XLA:CPU's error against
    float64; docs/numerics.md): exp, tanh (tanh GELU; the same rational
    function as XLA:CPU's, 3.9 ulp), erf (3.4 ulp, XLA:CPU 4.6), erfc
    (exact GELU; ours, below) and log (1.0 ulp). Not log1p: upstream's is
    1.9 ulp where libm and XLA:CPU are at 1.1.

    sin and cos are not upstream's, whose range reduction is a single
    float32 step (1.5 million ulp near 2 pi, 7e-3 absolute at 4e4, where
    XLA:CPU's libm calls are within 0.6 ulp): the argument is reduced by
    pi/2 in float64 (Cody-Waite, two parts) and a minimax polynomial of
    sin or cos, by quadrant, is evaluated in float64 and rounded once,
    0.56 ulp at most for every float with |x| <= 2^20. A vector with a lane
    beyond that, an infinity or a NaN calls libm instead (an `scf.if`, so
    the pass runs before `convert-scf-to-cf`).

    exp is ours too, for speed: x = k log 2 + r (k = roundeven(x log2 e),
    r in two fma steps), exp r by Cephes' expf polynomial, then r's value
    times 2^k. Upstream builds 2^k from k's bits after clamping k to a
    normal exponent (flushing results below 2^-126 to zero) and clamps x
    twice; with `avx512`, 2^k is one `vscalefps` (x86vector's
    `avx512.mask.scalef`), which also rounds subnormal results and
    overflows to infinity: 15 vector instructions where upstream's took
    22. Other vector shapes, and targets without AVX-512, multiply by
    2^floor(k/2) and 2^(k - floor(k/2)), both normal, so the one rounding
    is the same and the results are bitwise those of `vscalefps`; there,
    a vector whose lanes all lie in [-86, 88] (whose results are normal
    floats) branches (`scf.if`) to a short path that adds k to the
    exponent bits instead, with the same bits: 17 instructions where the
    general path takes 35 with AVX2 (softmax 4096x4096 12.7 -> 9.0 ms on
    the Zen 3 EPYC). Lanes
    whose exp rounds to 0 scale an exact 0: an underflow takes a microcode
    assist on x86 (a causal mask's lanes made Llama's softmax 5x slower).
    At most 1.01 ulp from the correctly rounded exp for every float,
    subnormal results included (checked exhaustively against float64).

    erfc is ours, for speed: upstream's takes two divisions and about 95
    instructions, the largest cost of an exact-GELU epilogue. For a =
    min(|x|, 10.06), erfc(a) = exp(-a^2) h(t) / (a + 1.5) with t = (a -
    1.5) / (a + 1.5) and h of degree 11 (scripts/fit_erfc.py): one
    division, corrected by a Newton step against a + 1.5 as an exact
    two-float sum; h by Estrin's scheme (a short dependency chain) but for
    its two largest terms; a^2 as two floats, the low one taken off exp's
    reduced argument; exp(-a^2) scaled by 2^64 so that subnormal results
    round once; and erfc(-a) = 2 - erfc(a). No branch. 2.39 ulp at most
    over 6 million floats of +-[1e-30, 11] (upstream's 2.51, XLA:CPU's
    64). An exact GELU of 8 lanes takes 99 AVX2 instructions (38
    multiplies or FMAs and one division in the erfc) instead of 140 (44
    and two).
  }];
  let options = [
    ListOption<"ops", "ops", "std::string",
               "Math op mnemonics to approximate (default: exp, tanh, erf, "
               "erfc, log, sin, cos)">,
    Option<"avx512", "avx512", "bool", /*default=*/"false",
           "The target is x86 with AVX-512F: scale by 2^k with vscalefps "
           "(x86vector; convert-vector-to-llvm then needs "
           "enable-x86vector)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::x86vector::X86VectorDialect"];
}

def HoistTileBuffersPass : Pass<"xla-hoist-tile-buffers"> {
  let summary = "Move register tiles' accumulator buffers to where each "
                "thread enters once";
  let description = [{
    A register tile whose epilogue runs a row at a time
    (`roll_epilogue` in the tiling plan) stores its accumulators into a
    stack buffer, a `memref.alloca` marked `xla.tile_buffer` at the start
    of its distributed tile; the epilogue's rows read it back from L1.
    Once the distributed tiles are loops, that alloca would run every
    iteration. This pass moves each marked alloca to the start of its
    `omp.parallel` region (one buffer per thread), or of its function when
    the loops run on one thread, and removes the mark. Run it after
    `convert-scf-to-openmp` and before the canonicalizer that inlines the
    alloca scopes around the parallel bodies.
  }];
}

def ElideLoopBarriersPass : Pass<"xla-elide-loop-barriers"> {
  let summary = "No barrier after a worksharing loop that ends its parallel "
                "region";
  let description = [{
    `convert-scf-to-openmp` makes each parallel loop an `omp.parallel`
    region around one `omp.wsloop`. Without `nowait`, the loop ends in a
    barrier (`__kmpc_barrier` after the loop in the outlined function), and
    the region's end then joins the threads once more. This pass sets
    `nowait` on every `omp.wsloop` that is the last op of its parallel
    region and has no reductions and no private copies that need the
    barrier: one synchronization of all threads less per parallel loop, and
    a runtime call less to compile. Results do not change: the region's end
    still waits for every thread.
  }];
  let dependentDialects = ["::mlir::omp::OpenMPDialect"];
}

def BarePointerKernelsPass
    : Pass<"xla-bare-pointer-kernels", "::mlir::ModuleOp"> {
  let summary = "Have the program's kernels take one pointer per buffer";
  let description = [{
    Marks every private function with a body whose memref arguments are
    all static (shape, strides and offset), returns no memref and is only
    called directly `llvm.bareptr`, so that `convert-func-to-llvm` passes
    each of its buffers as the aligned pointer alone instead of an exploded
    descriptor of constants (allocated pointer, offset, sizes, strides),
    at the function and at its calls. Public functions (the program's
    entry, whose descriptors EntryWrappers expects) and declarations (the
    runtime's functions) keep descriptors. Run it just before
    `convert-func-to-llvm`.
  }];
}

def TestPartitionProgramPass
    : Pass<"xla-test-partition-program", "::mlir::ModuleOp"> {
  let summary = "Show how the compile driver splits a lowered program";
  let description = [{
    For tests of `partitionProgram` (PartitionProgram.h), which the compile
    driver runs on a lowered (LLVM dialect) program before translating its
    parts on their own threads: splits the module into `parts` parts and
    replaces its body with one nested `builtin.module @part_<N>` per part.
    The entry's part is marked `xla.entry_part`; the first part lists the
    program's runtime imports (`xla.imports`) and the globals that became
    hidden externals (`xla.externalized`). A program that cannot be split
    is an error.
  }];
  let options = [
    Option<"parts", "parts", "unsigned", "2", "How many parts">,
    Option<"entry", "entry", "std::string", "\"main\"",
           "The entry function">,
  ];
}

def ExpandMinMaxPass : Pass<"xla-expand-min-max"> {
  let summary = "Expand NaN-propagating min/max with the NaN test off a "
                "loop's carried chain";
  let description = [{
    `arith.maximumf` and `arith.minimumf` propagate NaN; x86's `maxps` and
    `minps` do not, so `arith-expand` writes them as a compare, a select,
    a NaN test of the right operand and a second select. In a max
    reduction the right operand is the accumulator that the loop carries,
    and the NaN test and a mask `or` lengthen the chain each iteration
    waits for (softmax's row max: 5 instructions per vector on that chain
    with AVX-512).

    For a min or max with exactly one operand carried by a loop
    (`LoopLikeOpInterface`'s region iter args), this pass writes it as
    `select(isnan(x), NaN, select(x > acc, x, acc))` (`<` for a
    minimum), with `acc` the carried operand: `x > acc ? x : acc` is one
    `maxps`, and the NaN test of `x` is off the chain, so each iteration
    waits for a `maxps` and a blend. (A NaN constant rather than `x`:
    LLVM merges two selects of one value into a select on the `or` of
    their conditions, which is the chain again.) NaN in either operand
    still propagates (a NaN `acc` fails the compare and is kept);
    which of +0 and -0 is returned when both meet is as unspecified as in
    upstream's expansion. Other min/max ops are left to `arith-expand`.

    A horizontal `vector.reduction <maximumf|minimumf>` of a 1-D vector
    whose length is a power of two becomes one NaN test of all lanes (and
    of the accumulator) and a tree of compare-selects over halves: about
    25 instructions for 64 lanes where LLVM's expansion of
    `llvm.vector.reduce.fmaximum`, with a NaN and signed-zero fixup at
    every level, took about 70. An attention softmax's rows of 128 spend
    more in this than in the loop.
    Run it before `convert-scf-to-cf`, while loops still carry their
    values as iter args.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def LowerStridedCopiesPass : Pass<"xla-lower-strided-copies"> {
  let summary = "Copy between buffers that are not both contiguous with "
                "loops of loads and stores";
  let description = [{
    `finalize-memref-to-llvm` lowers a `memref.copy` of two contiguous
    buffers to `llvm.intr.memcpy` and any other to a call of `memrefCopy`,
    a function of MLIR's C runner utilities (or, with
    `use-generic-functions`, of our runtime). Code that must not depend on
    either, an object for a C program (`--runtime-alloc=false`), copies a
    strided view itself: this pass rewrites each `memref.copy` that
    upstream's lowering would not make a `memcpy` into a loop nest
    (`scf.for`, one loop per dimension, the last innermost) of
    `memref.load` and `memref.store`, which LLVM then optimizes like any
    loop. Dynamic sizes come from the source (`memref.dim`). Contiguous
    copies (those of rank 0 too) and unranked ones are left alone.
    Run it before `convert-scf-to-cf`.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def SinkToStoresPass : Pass<"xla-sink-to-stores"> {
  let summary = "Compute each stored value just before its store";
  let description = [{
    For every op that writes memory (a store, a vector transfer write), in
    block order: the pure, region-free ops of the same block that compute
    its operands, and whose other users all come after the store, move to
    just before it, in their order. Ops another earlier op still needs,
    constants and ops with effects (loads) stay where they are.

    An epilogue on a register tile (`xla-tile-and-vectorize`) is unrolled
    op by op across the tile's rows; after this pass each row is computed
    and stored in turn, so only one row's temporaries are live at a time.
    Run it on 1-D vectors, before `xla-approximate-vector-math` expands
    the transcendental functions in place.
  }];
}

def LowerScalarTransfersPass : Pass<"xla-lower-scalar-transfers"> {
  let summary = "Lower 0-D vector transfers on memrefs to loads and stores";
  let description = [{
    `convert-vector-to-scf` leaves 0-D transfers (a broadcast read becomes
    a 0-D read and a `vector.broadcast`), and upstream lowers them only
    where the memref's innermost stride is 1; the LLVM conversion has no
    pattern for a 0-D transfer on a strided view (one element of a row
    slice, collapsed), which would reach the translation to LLVM IR as an
    unconvertible cast. This pass turns every unmasked 0-D transfer on a
    memref into `memref.load` and `vector.broadcast`, or `vector.extract`
    and `memref.store`, whatever the layout. Run it after
    `convert-vector-to-scf`.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def ForwardDescriptorFieldsPass : Pass<"xla-forward-descriptor-fields"> {
  let summary = "Read a memref descriptor's fields where the descriptor is built";
  let description = [{
    On the LLVM dialect, after the conversion to it. The conversion builds
    a memref's descriptor (an `llvm.insertvalue` chain) where the memref is
    defined and reads its fields (`llvm.extractvalue`) where it is used.
    Every read of a field that the chain inserted becomes the inserted
    value, and the chains left unread are erased. Inside an `omp.parallel`
    region this decides what the region captures: OpenMP's outlining
    passes every value used from outside through a struct, so reading the
    aligned pointer of a descriptor built outside captured the whole
    descriptor, which the kernel then stored field by field (sizes and
    strides too) for every parallel loop, and the outlined function loaded
    back. Forwarded, the region captures the pointer alone.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def WidenSubByteVectorAccessesPass
    : Pass<"xla-widen-sub-byte-vector-accesses"> {
  let summary = "Vector loads and stores of i1 (i2, i4) as vectors of bytes";
  let description = [{
    On the LLVM dialect, after the conversion to it. A memref of i1 holds a
    byte per element (the lowering addresses it with `getelementptr i1`),
    but a vector of i1 in LLVM is packed bits: `load <16 x i1>` reads 2
    bytes. Every `llvm.load`, `llvm.store` and masked load or store of a
    vector of integers narrower than a byte becomes one of a vector of
    bytes, truncated after the load and zero-extended before the store
    (a masked load's pass-through too), so that kernels can read and write
    masks a vector at a time. Memory that holds vectors themselves (a stack
    slot or a global of a vector type) keeps LLVM's layout.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def LowerVectorTransposesPass : Pass<"xla-lower-vector-transposes"> {
  let summary = "Lower 16x16 vector transposes to a four-stage shuffle network";
  let description = [{
    A tile that is read across its lanes (a transposed operand packed for a
    contraction, a transpose inside a loop fusion) is loaded as 16 rows of
    16 lanes and transposed in registers. Left to the canonicalizer, the
    element-wise lowering of `vector.transpose` folds into 256 scalar
    extracts and inserts, which LLVM turns into 240 two-source shuffles:
    one `vpermt2ps` each, with an index vector to load, and the largest
    basic blocks of a training step, whose instruction selection took a
    third of its code generation time. This pass rewrites every 16x16
    transpose of 32-bit elements (unit dimensions aside) with upstream's
    `Shuffle16x16` lowering: four stages of 16 shuffles, each one
    unpack, `shufps` or 128-bit lane permute, as IREE does for AVX-512.
    A 2-D transpose of 32-bit elements with one side of 16 and more than
    64 elements (the panels of a product whose k is 10) is padded to
    16x16 first, and its result is the corner of the padded one: the MLP
    step's packing kernel went from 292 shuffles to 92. The padding is
    poison, since the corner reads none of it; zeros were constants that
    LLVM's x86 shuffle combining chased through the network. Rows shorter
    than 16 that come from memory or go to it are read and written in 16
    lanes under a constant mask (`vector.maskedload`, `vector.maskedstore`):
    LLVM's x86 back end widens a vector of 10 lanes and combines it shuffle
    by shuffle (the BERT step's vocabulary projection, whose panels have
    rows of 10, took 33 ms of instruction selection, 15 ms under masks).
    Other transposes are left to the default lowering. Run it right after
    `convert-vector-to-scf`, which creates the transposes of permuted
    transfers, and before the canonicalizer folds them away.
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect",
                           "::mlir::ub::UBDialect"];
}

def PlanStreamingStoresPass
    : Pass<"xla-plan-streaming-stores", "::mlir::ModuleOp"> {
  let summary = "Decide which kernel outputs are written with streaming "
                "stores";
  let description = [{
    Strategy of `xla-streaming-stores`. A streaming (non-temporal) store
    writes a whole cache line to memory without reading it first and
    without keeping it in the caches: a third less memory traffic for an
    output, but its reader then finds it in memory, not in the L2 or L3.
    So an output is streamed only when no cache would still hold it for its
    reader. For each call of a kernel from a function's entry block, a
    buffer argument qualifies when it holds at least `min-bytes` (more than
    the cores' private caches) and either nothing in the caller reads it
    again (a result of the program, or a buffer deallocated unread), or
    the buffers the caller's ops touch before its next reader add up to at
    least `reuse-bytes` (the last-level cache). An argument of a kernel is
    marked `xla.streaming_store` when it qualifies at every call.

    `min-bytes` 0 takes all cores' L2 from the module's `xla.target`
    (`TargetDescription::streamingStoreBytes`), `reuse-bytes` 0 its L3. A
    target that is not x86 (or a GPU), or no target and no options, marks
    nothing.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"0",
           "Smallest output, in bytes, written with streaming stores "
           "(0: all cores' L2 of the module's xla.target)">,
    Option<"reuseBytes", "reuse-bytes", "int64_t", /*default=*/"0",
           "Bytes touched before the next read of an output above which it "
           "is streamed (0: the L3 of the module's xla.target)">,
  ];
}

def StreamingStoresPass
    : Pass<"xla-streaming-stores", "::mlir::func::FuncOp"> {
  let summary = "Write marked outputs with non-temporal (streaming) stores";
  let description = [{
    Mechanism of streaming stores (the strategy is
    `xla-plan-streaming-stores`). Each vector write of whole cache lines
    (`vector.transfer_write`, 1-D, in bounds, no mask, 64 bytes or a
    multiple), or of a part of a line (16 or 32 bytes: SSE, AVX2) inside a
    loop that steps by the vector along the row and spans whole lines or
    at least 8 (its stores fill each line in turn), into an argument marked
    `xla.streaming_store` that the function only writes (through views;
    never reads, copies out of or passes on) becomes

      scf.if <the address is aligned (64 bytes, or the vector's size)> {
        vector.store ... {nontemporal = true, alignment = 64 (or size)}
      } else { the original write }

    (callers' buffers need not be aligned), and an `sfence` follows the
    outermost sequential loop around such stores in each parallel tile or
    function body: streaming stores are weakly ordered, and other threads
    read the output after the parallel loop's barrier. The marks are
    removed. x86 only (the strategy marks nothing elsewhere).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def PlanBlockPrefetchPass
    : Pass<"xla-plan-block-prefetch", "::mlir::func::FuncOp"> {
  let summary = "Decide which reads of a parallel loop prefetch the next "
                "iteration's data";
  let description = [{
    Strategy of `xla-prefetch-next-block`. A block-fused kernel (a softmax,
    a layernorm) reads its block of rows from memory in its first phase,
    then reads the block again from the cache in later phases that compute
    (exponentials, divisions). While those run, memory sits idle; the
    hardware prefetchers follow streams but do not jump to the next block.
    So in a parallel loop (`scf.parallel`, one induction variable, not
    nested in another), for each buffer defined outside the loop that two
    or more of the loop body's top-level ops (its phases) read, the 1-D
    vector reads of the buffer in the second such phase are marked
    `xla.prefetch_next_block` with a locality hint: the same element one
    iteration ahead is fetched while the phase computes. The first phase
    keeps streaming the block it needs; a buffer read only once per
    iteration gets nothing (the hardware prefetchers see its stream).

    Only buffers of at least `min-bytes` are prefetched (smaller ones stay
    in the caches between calls). The hint is locality 3 (to L1) when an
    iteration reads at most half of `l1-bytes` of the buffer, else 2 (to
    L2). `min-bytes` 0 takes all cores' L2 of the module's `xla.target`,
    `l1-bytes` 0 its L1. A GPU target, or no target and no options, marks
    nothing.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"0",
           "Smallest buffer, in bytes, whose next block is prefetched (0: "
           "all cores' L2 of the module's xla.target)">,
    Option<"l1Bytes", "l1-bytes", "int64_t", /*default=*/"0",
           "L1 data cache per core, in bytes, for the locality hint (0: the "
           "module's xla.target)">,
  ];
}

def PrefetchLhsStripsPass
    : Pass<"xla-prefetch-lhs-strips", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the next row tile's lhs strip in a packed "
                "product's register tiles";
  let description = [{
    Mechanism; the strategy is `prefetch_lhs` in a packed product's
    `xla.tiling` plan (`xla-plan-tiling`), which `xla-tile-and-vectorize`
    carries to the innermost loop of the register tiles as
    `xla.prefetch_lhs_strip = <locality>`.

    A packed product's register tiles run a strip of lhs rows (a k block
    of them) against each rhs panel of a cache block in turn: the strip
    stays in L1 for every panel but the first, which waits for it to come
    from memory. Here, in a marked `scf.for` (on buffers) whose body reads
    scalars with `memref.load` through subviews of one buffer defined
    outside it (the strip: static shape, a last dimension longer than 1
    and at most one other), the strip loop is the innermost enclosing
    `scf.for` that the strip depends on, and the panel loop the one
    directly around the marked loop when the strip does not depend on it.
    Before the marked loop, iteration j of the P iterations of the panel
    loop (1 without one) prefetches (read, data, the mark's locality)
    rows j, j + P, ... of the strip that the next iteration of the strip
    loop reads, a 64-byte line at a time: the strip's address computed
    again with the strip loop's induction variable `iv` replaced by
    `min(iv + step, last iv)`, so that it stays inside the buffer. Loops with non-constant
    bounds, a strip depending on anything but pure ops, or loads of more
    than one buffer get nothing. The marks are removed. A prefetch never
    changes results.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def PrefetchNextBlockPass
    : Pass<"xla-prefetch-next-block", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the next parallel iteration's data at marked "
                "reads";
  let description = [{
    Mechanism of next-block prefetching (the strategy is
    `xla-plan-block-prefetch`). Next to each `vector.transfer_read` marked
    `xla.prefetch_next_block` (1-D, in bounds, no mask, contiguous), inside
    a parallel loop with constant bounds whose trip count is a multiple of
    its step, a `memref.prefetch` (read, data, the mark's locality) fetches
    each 64-byte line the same read reads one iteration later: the address
    is computed again with the induction variable `iv` replaced by
    `min(iv + step, last iv)`, so that it stays inside the buffer. The ops
    between the read and the loop must be `scf.for`s whose bounds do not
    depend on `iv`, and the address only on `iv`, those loops' induction
    variables and pure ops; a marked read that breaks a rule is left as it
    is. The marks are removed. A prefetch never changes results.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif // XLA_MLIR_TRANSFORMS_PASSES_TD
