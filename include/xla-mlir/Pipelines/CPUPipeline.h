//===- CPUPipeline.h - hlo to LLVM for the host CPU ---------------*- C++ -*-===//

#ifndef XLA_MLIR_PIPELINES_CPUPIPELINE_H
#define XLA_MLIR_PIPELINES_CPUPIPELINE_H

#include "xla-mlir/Pipelines/HLOPipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace xla {

/// Options of `--hlo-cpu-pipeline` (and of its parts, among them
/// `--hlo-optimization-pipeline`, HLOPipeline.h).
struct CPUPipelineOptions : public HLOLoweringOptions {
  Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Tile linalg ops to register blocks and vectorize them "
                     "(off: scalar loops, left to LLVM's auto-vectorizer)"),
      llvm::cl::init(true)};
  Option<bool> fuseBlocks{
      *this, "fuse-blocks",
      llvm::cl::desc("Run a kernel whose ops are parallel along rows (softmax, "
                     "layernorm) as one loop over blocks of rows that stay "
                     "in cache (off: one loop nest per op)"),
      llvm::cl::init(true)};
  Option<bool> streamingStores{
      *this, "streaming-stores",
      llvm::cl::desc("On x86, write outputs larger than all cores' L2 that "
                     "no cache would hold for their readers with "
                     "non-temporal stores (xla-plan-streaming-stores, "
                     "xla-streaming-stores)"),
      llvm::cl::init(true)};
  Option<bool> prefetch{
      *this, "prefetch",
      llvm::cl::desc("In a parallel loop over blocks that reads a large "
                     "buffer in several phases, prefetch the next block's "
                     "data during the second (xla-plan-block-prefetch, "
                     "xla-prefetch-next-block)"),
      llvm::cl::init(true)};
  Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width in bits used for tiling"),
      llvm::cl::init(512)};
  Option<bool> avx512{
      *this, "avx512",
      llvm::cl::desc("The target is x86 with AVX-512F: vector math may use "
                     "its instructions (exp scales with vscalefps)"),
      llvm::cl::init(false)};
  Option<bool> parallelLoops{
      *this, "parallel-loops",
      llvm::cl::desc("Run the tiles of large ops on all cores: scf.forall "
                     "becomes OpenMP (needs libomp at run time; off: "
                     "sequential loops)"),
      llvm::cl::init(false)};
  Option<bool> runtimeAlloc{
      *this, "runtime-alloc",
      llvm::cl::desc("Allocate temporaries through the runtime's buffer pool "
                     "(_mlir_memref_to_llvm_alloc/free) instead of "
                     "malloc/free; the JIT runtime provides them"),
      llvm::cl::init(false)};
  Option<bool> complexNumbers{
      *this, "complex",
      llvm::cl::desc("Lower complex arithmetic (off, for programs without "
                     "complex numbers: leave out complex-to-standard and "
                     "complex-to-llvm, which walk every function)"),
      llvm::cl::init(true)};
  Option<std::string> memoryReport{
      *this, "memory-report",
      llvm::cl::desc("Write the memory report to <path>.txt and .json "
                     "(xla-report-memory); empty: none"),
      llvm::cl::init("")};
  Option<bool> barePtrABI{
      *this, "bare-ptr-abi",
      llvm::cl::desc("Pass memrefs as bare pointers to their data (static "
                     "shapes only): the C ABI of ahead-of-time objects, "
                     "`void f(const T *in..., T *out...)`"),
      llvm::cl::init(false)};
};

/// linalg on tensors -> buffers -> loops -> LLVM dialect.
void buildLinalgToLLVMPipeline(mlir::OpPassManager &pm,
                               const CPUPipelineOptions &options);

/// The whole CPU path: both of the above.
void buildHLOCPUPipeline(mlir::OpPassManager &pm,
                         const CPUPipelineOptions &options);

/// Registers `hlo-cpu-pipeline`, `hlo-to-linalg-pipeline`,
/// `linalg-to-llvm-pipeline` and `hlo-optimization-pipeline`.
void registerCPUPipelines();

} // namespace xla

#endif // XLA_MLIR_PIPELINES_CPUPIPELINE_H
