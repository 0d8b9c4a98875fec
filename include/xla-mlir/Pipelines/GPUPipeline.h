//===- GPUPipeline.h - hlo to NVIDIA GPU kernels and host code ----*- C++ -*-===//

#ifndef XLA_MLIR_PIPELINES_GPUPIPELINE_H
#define XLA_MLIR_PIPELINES_GPUPIPELINE_H

#include "xla-mlir/Pipelines/HLOPipeline.h"

namespace xla {

/// Options of `--hlo-gpu-pipeline`.
struct GPUPipelineOptions : public HLOLoweringOptions {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("NVIDIA GPU architecture the kernels are compiled for"),
      llvm::cl::init("sm_90a")};
  Option<std::string> ptxFeatures{
      *this, "ptx-features",
      llvm::cl::desc("LLVM NVPTX features (PTX version), e.g. +ptx80; empty: "
                     "the lowest version the chip accepts"),
      llvm::cl::init("")};
  Option<std::string> gpuFormat{
      *this, "gpu-format",
      llvm::cl::desc("What each kernel module is compiled to: isa (PTX, "
                     "needs no CUDA), bin (cubin, runs ptxas), fatbin "
                     "(cubin and PTX) or host (host code that the "
                     "runtime's GPU emulator runs, to test without a GPU); "
                     "empty: fatbin where a CUDA toolkit has ptxas, else "
                     "isa, which the driver compiles when it loads it"),
      llvm::cl::init("")};
  Option<std::string> cudaToolkit{
      *this, "cuda-toolkit",
      llvm::cl::desc("CUDA toolkit holding ptxas and libdevice (each looked "
                     "for on its own); empty: CUDA_HOME, CUDA_PATH, "
                     "CUDA_ROOT, /usr/local/cuda or PATH"),
      llvm::cl::init("")};
  Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block of a parallel loop kernel"),
      llvm::cl::init(256)};
  Option<int64_t> vectorBytes{
      *this, "vector-bytes",
      llvm::cl::desc("Widest vector access of an elementwise kernel's "
                     "thread (xla-gpu-map-loops vector-bytes; 0: scalar)"),
      llvm::cl::init(16)};
  Option<std::string> dumpPTX{
      *this, "dump-ptx",
      llvm::cl::desc("Directory to write each kernel module's PTX to (the "
                     "ptx/ of --dump-to); empty: none"),
      llvm::cl::init("")};
  Option<int64_t> contractionBlocks{
      *this, "contraction-blocks-per-sm",
      llvm::cl::desc("Blocks of a tiled contraction per multiprocessor "
                     "(xla-gpu-map-linalg contraction-blocks-per-sm)"),
      llvm::cl::init(2)};
  Option<bool> transposeTiles{
      *this, "transpose-tiles",
      llvm::cl::desc("Transposes move 32x32 tiles through shared memory "
                     "(xla-gpu-map-linalg transpose-tiles)"),
      llvm::cl::init(false)};
  Option<bool> recomputeProducers{
      *this, "recompute-producers",
      llvm::cl::desc("Cheap producers are recomputed into the elementwise "
                     "ops that broadcast them instead of being kernels of "
                     "their own (xla-fuse-elementwise "
                     "recompute-into-elementwise)"),
      llvm::cl::init(true)};
  Option<bool> contractionEpilogues{
      *this, "contraction-epilogues",
      llvm::cl::desc("The elementwise op after a tiled contraction runs in "
                     "its kernel (xla-gpu-map-linalg contraction-epilogues)"),
      llvm::cl::init(false)};
  Option<bool> reductionEpilogues{
      *this, "reduction-epilogues",
      llvm::cl::desc("The elementwise op after a reduction runs in its "
                     "kernel (xla-gpu-map-linalg reduction-epilogues)"),
      llvm::cl::init(true)};
  Option<std::string> libraryGemm{
      *this, "library-gemm",
      llvm::cl::desc("Library for the GEMMs it can run instead of generated "
                     "kernels: empty (none) or cublas (xla-gpu-map-linalg "
                     "library-gemm)"),
      llvm::cl::init("")};
  Option<std::string> tensorCores{
      *this, "tensor-cores",
      llvm::cl::desc("Tensor cores for f32 contractions: empty (none), tf32 "
                     "or tf32x3 (xla-gpu-map-linalg tensor-cores)"),
      llvm::cl::init("")};
  Option<bool> skinnyProducts{
      *this, "skinny-products",
      llvm::cl::desc("Products of at most 32 rows stream their rhs once, "
                     "each thread a group of columns "
                     "(xla-gpu-map-linalg skinny-products)"),
      llvm::cl::init(true)};
  Option<bool> contractionPrologues{
      *this, "contraction-prologues",
      llvm::cl::desc("The elementwise op that writes a tiled product's "
                     "operand runs in the product's kernel as the operand "
                     "is staged (xla-gpu-map-linalg contraction-prologues)"),
      llvm::cl::init(true)};
  Option<bool> asyncCopies{
      *this, "async-copies",
      llvm::cl::desc("Contraction kernels fill a ring of shared tiles with "
                     "cp.async on sm_80 and later (xla-gpu-map-linalg "
                     "async-copies)"),
      llvm::cl::init(true)};
  Option<bool> rowFusion{
      *this, "row-fusion",
      llvm::cl::desc("Fusions of row ops (softmax, layernorm) as one kernel "
                     "each (xla-gpu-map-linalg row-fusion)"),
      llvm::cl::init(true)};
  Option<int64_t> rowWarpLength{
      *this, "row-warp-length",
      llvm::cl::desc("Longest row of a row fusion that a warp computes, "
                     "several rows per block (xla-gpu-map-linalg "
                     "row-warp-length; 0: a block per row)"),
      llvm::cl::init(1024)};
  Option<bool> horizontalFusion{
      *this, "horizontal-fusion",
      llvm::cl::desc("Independent small kernels of a block run as one "
                     "launch (xla-gpu-horizontal-fusion)"),
      llvm::cl::init(true)};
  Option<unsigned> gpuOptLevel{
      *this, "gpu-opt-level",
      llvm::cl::desc("Optimization level of the NVPTX backend and ptxas"),
      llvm::cl::init(3)};
};

/// hlo (as imported) -> host code in the LLVM dialect that launches kernels
/// whose binaries it embeds: buildHLOToLinalgPipeline, bufferization,
/// buffer placement, loops mapped to gpu.launch, kernel outlining, NVVM,
/// xla-gpu-module-to-binary (the modules compiled in parallel), and the
/// host lowering to runtime calls.
void buildHLOGPUPipeline(mlir::OpPassManager &pm,
                         const GPUPipelineOptions &options);

/// Registers `hlo-gpu-pipeline`.
void registerGPUPipelines();

} // namespace xla

#endif // XLA_MLIR_PIPELINES_GPUPIPELINE_H
