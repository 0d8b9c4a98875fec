//===- HLOPipeline.cpp - the HLO optimization stage -----------------------===//
//
// Runs on every program before lowering, so only rewrites that keep results
// bit for bit (see hlo-simplify and hlo-fold-constants). No upstream
// canonicalizer: hlo ops have no canonicalization patterns, and the
// inliner's default clean-up (canonicalize) would merge constants and erase
// dead ops behind the backs of the `cse` and `dce` options.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Pipelines/HLOPipeline.h"

#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void xla::buildHLOOptimizationPipeline(OpPassManager &pm,
                                       const CPUPipelineOptions &options) {
  if (options.inlineFunctions) {
    // No clean-up pipeline after inlining (see above).
    auto noCleanup = [](OpPassManager &) {};
    pm.addPass(createInlinerPass(/*opPipelines=*/{}, noCleanup));
  }
  hlo::HLOOptimizePassOptions optimize;
  optimize.simplify = options.hloSimplify;
  optimize.foldConstants = options.foldConstants;
  optimize.foldLimit = options.foldLimit;
  optimize.cse = options.cse;
  optimize.dce = options.dce;
  if (optimize.simplify || optimize.foldConstants || optimize.cse ||
      optimize.dce)
    pm.addPass(hlo::createHLOOptimizePass(optimize));
  if (options.dce)
    pm.addPass(createSymbolDCEPass());
}

void xla::registerHLOOptimizationPipeline() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "hlo-optimization-pipeline",
      "The HLO optimization stage of hlo-cpu-pipeline: inline, simplify, "
      "fold constants, CSE and DCE on hlo ops",
      buildHLOOptimizationPipeline);
}
