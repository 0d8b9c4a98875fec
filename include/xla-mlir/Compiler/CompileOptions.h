//===- CompileOptions.h - the options of a compilation ------------*- C++ -*-===//
//
// One spelling per option everywhere: the kebab-case name in the comment of
// each field is the `--hlo-cpu-pipeline` option of xla-opt, the flag of
// xla-run and xla-translate (Compiler/CommandLine.h) and, later, the
// keyword of the Python API (with '_' for '-'). An option that changes the
// generated code must also enter the compilation cache's key
// (describeOptions in lib/Compiler/CompilationCache.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_COMPILER_COMPILEOPTIONS_H
#define XLA_MLIR_COMPILER_COMPILEOPTIONS_H

#include <cstdint>
#include <string>

namespace xla::runtime {
class CustomCallRegistry;
} // namespace xla::runtime

namespace xla {
class CompileTimeReport;
} // namespace xla

namespace xla {

struct CompileOptions {
  /// `entry`: the function to compile; empty: @main if present, else the
  /// module's only function.
  std::string entry;
  /// The HLO optimization stage (Pipelines/HLOPipeline.h), every part on by
  /// default. `inline`: inline private functions.
  bool inlineFunctions = true;
  /// `hlo-simplify`: bit-exact algebraic simplification.
  bool hloSimplify = true;
  /// `fold-constants`: evaluate ops whose operands are constants...
  bool foldConstants = true;
  /// `fold-limit`: ...when the result has at most this many elements.
  int64_t foldLimit = 65536;
  /// `cse`: merge identical side-effect-free ops.
  bool cse = true;
  /// `dce`: erase unused side-effect-free ops and private functions.
  bool dce = true;
  /// `fusion`: fuse elementwise producers into their consumers.
  bool fusion = true;
  /// `rematerialize`: once fusion is done, let kernels recompute cheap
  /// values that others would keep in memory (up to two passes over the
  /// bytes each frees). On by default: training steps keep 10-15% less at
  /// their peak at the same speed, and forward passes run within noise
  /// (docs/fusion.md).
  bool rematerialize = true;
  /// `reduction-block`: longest chain of additions into one accumulator in
  /// floating-point sums; < 2: one chain per result.
  int64_t reductionBlock = 16;
  /// `vectorize`: tile linalg ops to register blocks and vectorize them.
  bool vectorize = true;
  /// `fuse-blocks`: a kernel whose ops are all parallel along rows (softmax,
  /// layernorm) runs as one loop over blocks of rows that stay in cache
  /// (off: one loop nest per op over the whole tensors).
  bool fuseBlocks = true;
  /// `streaming-stores`: on x86, kernels write an output larger than all
  /// cores' L2 that no cache would still hold for its reader (a result of
  /// the program, or one read after more than the L3's worth of other
  /// buffers) with non-temporal stores, which do not read the lines first
  /// (xla-plan-streaming-stores, xla-streaming-stores).
  bool streamingStores = true;
  /// `prefetch`: in a loop over blocks of rows that reads its block in
  /// several phases (softmax, layernorm), fetch the next block during the
  /// second (xla-plan-block-prefetch, xla-prefetch-next-block).
  bool prefetch = true;
  /// `gpu-row-fusion`: on a GPU, a fusion whose ops all work row by row
  /// (softmax, layernorm) is one kernel with the row in registers
  /// (docs/gpu.md: 2.4x faster on an H200 for both).
  bool gpuRowFusion = true;
  /// `gpu-row-warp-length`: on a GPU, a row fusion's rows of up to this many
  /// columns get a warp each (or part of one), several rows per block,
  /// their reductions shuffles alone (0: a block per row).
  int64_t gpuRowWarpLength = 1024;
  /// `gpu-vector-bytes`: on a GPU, the widest vector load or store a thread
  /// of an elementwise kernel makes of neighbouring elements (16: 4 f32;
  /// 0: one element per thread).
  int64_t gpuVectorBytes = 16;
  /// `gpu-contraction-blocks-per-sm`: blocks of a tiled contraction kernel
  /// that should fit on a multiprocessor at once (2 caps its registers at
  /// half the register file: 4096^3 4.26 -> 3.31 ms on an H200,
  /// docs/gpu.md; 1 lets ptxas use as many as it likes).
  int64_t gpuContractionBlocks = 2;
  /// `gpu-cublas`: on a GPU, run the (batched) f32 and f64 matrix products
  /// cuBLAS can with cuBLAS instead of our generated kernels (docs/gpu.md);
  /// the runtime then loads libcublas.
  bool gpuCublas = false;
  /// `gpu-transpose-tiles`: on a GPU, a transpose moves 32x32 tiles through
  /// shared memory, reading and writing along contiguous dimensions (not
  /// yet run on a GPU, hence off).
  bool gpuTransposeTiles = false;
  /// `gpu-contraction-epilogues`: on a GPU, the elementwise op after a
  /// matrix product (a bias, an activation, an optimizer's update) runs in
  /// the product's kernel (not yet run on a GPU, hence off).
  bool gpuContractionEpilogues = false;
  /// `gpu-reduction-epilogues`: on a GPU, the elementwise op after a
  /// reduction (a per-row division, a copy) runs in the reduction's kernel.
  bool gpuReductionEpilogues = true;
  /// `gpu-horizontal-fusion`: on a GPU, independent small kernels (of one
  /// fusion, or between two calls of the program) run as one launch.
  bool gpuHorizontalFusion = true;
  /// `gpu-emulate`: a GPU program's kernels are compiled for the host and
  /// run by the runtime's GPU emulator (Runtime/GPUEmulator.h), one block
  /// at a time: slow, but it checks what the GPU code generation computes
  /// on a machine without a GPU.
  bool gpuEmulate = false;
  /// `gpu-tensor-cores`: on a GPU, f32 matrix products on tensor cores:
  /// "" (none: FMAs), "tf32" (operands rounded to TF32) or "tf32x3" (three
  /// TF32 products, near-f32 accuracy). Off by default: results must not
  /// depend on the target more than f32 rounding does (docs/numerics.md).
  std::string gpuTensorCores;
  /// `gpu-async-copies`: contraction kernels (tiled and tensor-core) copy
  /// their operands' tiles to shared memory with cp.async, into a ring of
  /// tiles filled ahead of the products (on sm_80 and later; older chips
  /// stage through registers).
  bool gpuAsyncCopies = true;
  /// `gpu-skinny-products`: on a GPU, a product of at most 32 rows streams
  /// its rhs once, each thread a group of columns of all rows, instead of
  /// the tiled kernel's 32-row tiles.
  bool gpuSkinnyProducts = true;
  /// `gpu-contraction-prologues`: on a GPU, the elementwise op that writes
  /// an operand of a tiled product (a normalization, a bias, an
  /// activation) is computed by the product's kernel as it stages that
  /// operand, instead of a kernel of its own and a round trip through
  /// device memory.
  bool gpuContractionPrologues = true;
  /// `parallel-loops`: run the tiles of large ops on all cores (OpenMP;
  /// needs a compiler built with libomp, else ignored).
  bool parallelLoops = true;
  /// `runtime-alloc`: temporaries come from the runtime's buffer pool
  /// (off: malloc/free, for objects linked into programs without the
  /// runtime).
  bool runtimeAlloc = true;
  /// `opt-level`: LLVM optimization and code generation level, 0 to 3.
  unsigned optLevel = 3;
  /// `llvm-unroll`: let LLVM's loop unrollers run. Off by default: the code
  /// generator unrolls register tiles itself, and LLVM unrolling the
  /// vectorized loops again tripled the code and its compile time, for 2-4%
  /// of a training step's run time (docs/compile-time.md).
  bool llvmUnroll = false;
  /// `llvm-all-passes`: run every pass of LLVM's pipelines for X86. Off by
  /// default: the IR pipeline is O1's at most (with the vectorizers; code
  /// generation stays at `opt-level`), without the IR passes that found
  /// nothing to do in vectorized kernels, and induction variable
  /// simplification (a sixth of the O3 pipeline's time on a training
  /// step), loop strength reduction and the post-RA scheduler (a fifth of
  /// its code generation) are skipped, at the same run time
  /// (docs/compile-time.md).
  bool llvmAllPasses = false;
  /// `verify-each`: verify the IR after every MLIR pass of the pipeline,
  /// as mlir-opt does, instead of once after the whole pipeline; also on
  /// when $XLA_VERIFY_EACH is set (the test scripts set it). Off by
  /// default: it took 0.4 of the BERT step's 2.3 s of compile time. The
  /// code is the same either way (not part of the compilation cache's
  /// key).
  bool verifyEach = false;
  /// `compile-threads`: threads that generate machine code for the parts
  /// of a large program; 0: one per hardware thread. The code is the same
  /// for any count (so it is not part of the compilation cache's key).
  unsigned compileThreads = 0;
  /// `max-tensor-size`: the largest tensor, in bytes, a program may have;
  /// larger ones are reported before compiling. 0: the target's memory.
  int64_t maxTensorSize = 0;
  /// `export-name`: the C symbol of the entry in the generated code; empty:
  /// the entry's name.
  std::string exportName;
  /// `dump-to`: a directory that receives the IR after each pass, the
  /// fusion report and graph, and the LLVM IR and assembly
  /// (docs/dumps.md); empty: $XLA_DUMP_TO if set, else no dump.
  std::string dumpTo;
  /// Where `hlo.custom_call` targets must be registered; nullptr: the
  /// runtime's global registry.
  const runtime::CustomCallRegistry *customCalls = nullptr;
  /// `time-compile`: where the stages and the slowest functions are timed
  /// (CompileTimeReport.h); nullptr: not timed.
  CompileTimeReport *timeReport = nullptr;
};

} // namespace xla

#endif // XLA_MLIR_COMPILER_COMPILEOPTIONS_H
