//===- HLOPipeline.h - the HLO optimization stage ----------------*- C++ -*-===//

#ifndef XLA_MLIR_PIPELINES_HLOPIPELINE_H
#define XLA_MLIR_PIPELINES_HLOPIPELINE_H

#include "xla-mlir/Pipelines/CPUPipeline.h"

namespace xla {

/// The target-independent HLO optimization stage, the first stage of
/// buildHLOToLinalgPipeline: inlining, then hlo-simplify,
/// hlo-fold-constants, CSE and DCE to a fixed point (`hlo-optimize`), then
/// the removal of unused private functions. Its output has only hlo, func
/// and check ops (check ops and custom calls become runtime calls after
/// it). Options: `inline`, `hlo-simplify`, `fold-constants`, `fold-limit`,
/// `cse`, `dce`.
void buildHLOOptimizationPipeline(mlir::OpPassManager &pm,
                                  const CPUPipelineOptions &options);

/// Registers `hlo-optimization-pipeline`.
void registerHLOOptimizationPipeline();

} // namespace xla

#endif // XLA_MLIR_PIPELINES_HLOPIPELINE_H
