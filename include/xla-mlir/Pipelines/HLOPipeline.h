//===- HLOPipeline.h - the HLO optimization stage ----------------*- C++ -*-===//

#ifndef XLA_MLIR_PIPELINES_HLOPIPELINE_H
#define XLA_MLIR_PIPELINES_HLOPIPELINE_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace xla {

/// Options shared by every target's pipeline: the HLO optimization stage,
/// fusion and the lowering to linalg.
struct HLOLoweringOptions
    : public mlir::PassPipelineOptions<HLOLoweringOptions> {
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
  Option<bool> rematerialize{
      *this, "rematerialize",
      llvm::cl::desc("Once fusion is done, recompute cheap values in their "
                     "readers instead of keeping them in memory "
                     "(hlo-plan-fusion)"),
      llvm::cl::init(true)};
  Option<std::string> fusionReport{
      *this, "fusion-report",
      llvm::cl::desc("Write the fusion report to <path>.txt, .json and .dot "
                     "(hlo-report-fusions); empty: none"),
      llvm::cl::init("")};
  Option<int64_t> reductionBlock{
      *this, "reduction-block",
      llvm::cl::desc("Sum floating-point reductions as trees whose chains "
                     "add at most this many elements into one accumulator, "
                     "and scans as blocked scans of this many "
                     "(xla-split-reductions, hlo-rewrite-scans; < 2: one "
                     "chain per result)"),
      llvm::cl::init(16)};
  Option<int64_t> maxTensorSize{
      *this, "max-tensor-size",
      llvm::cl::desc("Largest tensor in bytes; a program with a larger one "
                     "is rejected before it is compiled "
                     "(xla-check-tensor-sizes; 0: the target's memory)"),
      llvm::cl::init(0)};
};

/// The target-independent HLO optimization stage, the first stage of
/// buildHLOToLinalgPipeline: inlining, then hlo-simplify,
/// hlo-fold-constants, CSE and DCE to a fixed point (`hlo-optimize`), then
/// the removal of unused private functions. Its output has only hlo, func
/// and check ops (check ops and custom calls become runtime calls after
/// it). Options: `inline`, `hlo-simplify`, `fold-constants`, `fold-limit`,
/// `cse`, `dce`.
void buildHLOOptimizationPipeline(mlir::OpPassManager &pm,
                                  const HLOLoweringOptions &options);

/// The first part of buildHLOToLinalgPipeline, up to the kernels: the
/// tensor-size check, the HLO optimization stage, scans, fusion planning
/// and hlo.fusion ops (and the fusion report when `fusionReport` is set).
void buildHLOFusionPipeline(mlir::OpPassManager &pm,
                            const HLOLoweringOptions &options);

/// buildHLOFusionPipeline, then each fusion outlined as a kernel function,
/// and hlo (as imported) -> linalg on tensors: the tensor-size check
/// (xla-check-tensor-sizes), the HLO optimization stage
/// (HLOPipeline.h), check-op and custom-call lowering, hlo-legalize-to-linalg,
/// cleanup, optional fusion and the splitting of long sums into trees.
void buildHLOToLinalgPipeline(mlir::OpPassManager &pm,
                              const HLOLoweringOptions &options);

/// What a target's kernels make cheap, which the front half adapts to.
struct HLOToLinalgTarget {
  /// Threads that reduce a row along its contiguous dimension, each
  /// accumulating at most `reduction-block` elements before a tree: such
  /// rows are split only beyond `reduction-block` x `reductionRowThreads`
  /// elements.
  int64_t reductionRowThreads = 1;
  /// Above 0 (a CPU's vector registers), sums along the contiguous
  /// dimension are split in lane-strided blocks (xla-split-reductions'
  /// vector-bits).
  int64_t reductionVectorBits = 0;
  /// Cheap producers are recomputed into elementwise consumers that
  /// broadcast them (xla-fuse-elementwise recompute-into-elementwise).
  bool recomputeIntoElementwise = false;
};

/// The same, for `target`.
void buildHLOToLinalgPipeline(mlir::OpPassManager &pm,
                              const HLOLoweringOptions &options,
                              const HLOToLinalgTarget &target);

/// linalg on tensors -> buffers, the same for every target: entry inputs
/// read-only (and marked `xla.input`), one-shot bufferization across
/// functions, results as caller-allocated out-params written in place.
void buildBufferizationPipeline(mlir::OpPassManager &pm);

/// Upstream's buffer-deallocation-pipeline, with the passes that only
/// rewrite function bodies (realloc expansion, canonicalization, CSE)
/// nested on the functions so that they run on all cores; the passes that
/// look across functions or add helpers stay on the module.
void buildDeallocationPipeline(mlir::OpPassManager &pm);

/// The canonicalizer for structured IR, with getStructuredRewriteConfig()
/// (Transforms/Passes.h): no region simplification.
std::unique_ptr<mlir::Pass> createStructuredCanonicalizerPass();

/// Registers `hlo-optimization-pipeline`.
void registerHLOOptimizationPipeline();

} // namespace xla

#endif // XLA_MLIR_PIPELINES_HLOPIPELINE_H
