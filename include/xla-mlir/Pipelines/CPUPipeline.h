//===- CPUPipeline.h - hlo to LLVM for the host CPU ---------------*- C++ -*-===//

#ifndef XLA_MLIR_PIPELINES_CPUPIPELINE_H
#define XLA_MLIR_PIPELINES_CPUPIPELINE_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace xla {

/// Options of `--hlo-cpu-pipeline` (and of its parts, among them
/// `--hlo-optimization-pipeline`, HLOPipeline.h).
struct CPUPipelineOptions
    : public mlir::PassPipelineOptions<CPUPipelineOptions> {
  // The HLO optimization stage: each of its passes can be turned off.
  Option<bool> inlineFunctions{
      *this, "inline",
      llvm::cl::desc("Inline private functions into their callers first"),
      llvm::cl::init(true)};
  Option<bool> hloSimplify{
      *this, "hlo-simplify",
      llvm::cl::desc("Bit-exact algebraic simplification of hlo ops "
                     "(hlo-simplify)"),
      llvm::cl::init(true)};
  Option<bool> foldConstants{
      *this, "fold-constants",
      llvm::cl::desc("Evaluate hlo ops whose operands are constants "
                     "(hlo-fold-constants)"),
      llvm::cl::init(true)};
  Option<int64_t> foldLimit{
      *this, "fold-limit",
      llvm::cl::desc("Largest constant, in elements, that folding creates"),
      llvm::cl::init(65536)};
  Option<bool> cse{*this, "cse",
                   llvm::cl::desc("Merge identical side-effect-free hlo ops "
                                  "(common subexpression elimination)"),
                   llvm::cl::init(true)};
  Option<bool> dce{
      *this, "dce",
      llvm::cl::desc("Erase unused side-effect-free hlo ops and unused "
                     "private functions"),
      llvm::cl::init(true)};

  // Lowering and code generation.
  Option<bool> fusion{*this, "fusion",
                      llvm::cl::desc("Fuse producers into consumers before "
                                     "bufferization (off: one loop nest per "
                                     "op, for measuring what fusion buys)"),
                      llvm::cl::init(true)};
  Option<int64_t> reductionBlock{
      *this, "reduction-block",
      llvm::cl::desc("Sum floating-point reductions as trees whose chains "
                     "add at most this many elements into one accumulator "
                     "(xla-split-reductions; < 2: one chain per result)"),
      llvm::cl::init(16)};
  Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Tile linalg ops to register blocks and vectorize them "
                     "(off: scalar loops, left to LLVM's auto-vectorizer)"),
      llvm::cl::init(true)};
  Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width in bits used for tiling"),
      llvm::cl::init(512)};
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
  Option<bool> barePtrABI{
      *this, "bare-ptr-abi",
      llvm::cl::desc("Pass memrefs as bare pointers to their data (static "
                     "shapes only): the C ABI of ahead-of-time objects, "
                     "`void f(const T *in..., T *out...)`"),
      llvm::cl::init(false)};
};

/// hlo (as imported) -> linalg on tensors: the HLO optimization stage
/// (HLOPipeline.h), check-op and custom-call lowering, hlo-legalize-to-linalg,
/// cleanup, optional fusion and the splitting of long sums into trees.
void buildHLOToLinalgPipeline(mlir::OpPassManager &pm,
                              const CPUPipelineOptions &options);

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
