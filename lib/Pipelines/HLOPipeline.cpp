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

#include "xla-mlir/Conversion/Passes.h"
#include "xla-mlir/Transforms/Passes.h"

#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void xla::buildHLOOptimizationPipeline(OpPassManager &pm,
                                       const HLOLoweringOptions &options) {
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

void xla::buildHLOFusionPipeline(OpPassManager &pm,
                                 const HLOLoweringOptions &options) {
  // Before anything sizes buffers or constants by these types.
  CheckTensorSizesPassOptions sizes;
  sizes.maxBytes = options.maxTensorSize;
  pm.addPass(createCheckTensorSizesPass(sizes));
  buildHLOOptimizationPipeline(pm, options);
  // Scans become trees of short windows before fusion, which then sees
  // the pieces (the combine is elementwise).
  if (options.reductionBlock >= 2) {
    hlo::HLORewriteScansPassOptions scans;
    scans.blockSize = options.reductionBlock;
    pm.addPass(hlo::createHLORewriteScansPass(scans));
  }
  // HLO fusion decides the kernels; each becomes a function, which the
  // linalg passes below compile as one kernel. Without `fusion` every op
  // is its own kernel.
  HLOPlanFusionPassOptions plan;
  plan.fuse = options.fusion;
  plan.rematerialize = options.rematerialize;
  pm.addPass(createHLOPlanFusionPass(plan));
  pm.addPass(createHLOFormFusionsPass());
  pm.addPass(createHLOReorderForMemoryPass());
  if (!options.fusionReport.empty()) {
    HLOReportFusionsPassOptions report;
    report.output = options.fusionReport;
    pm.addPass(createHLOReportFusionsPass(report));
  }
}

void xla::buildHLOToLinalgPipeline(OpPassManager &pm,
                                   const HLOLoweringOptions &options) {
  buildHLOToLinalgPipeline(pm, options, HLOToLinalgTarget());
}

void xla::buildHLOToLinalgPipeline(OpPassManager &pm,
                                   const HLOLoweringOptions &options,
                                   const HLOToLinalgTarget &target) {
  buildHLOFusionPipeline(pm, options);
  // Layers that compute the same thing get the same fusion body, and then
  // one kernel.
  pm.addNestedPass<func::FuncOp>(createHLONormalizeFusionsPass());
  pm.addPass(createHLOOutlineFusionsPass());
  // The ABI boundary: check ops and custom calls stay ops through the HLO
  // stage (which must neither erase nor merge them) and become runtime
  // calls here, while the program still has hlo types, so the legalization
  // below retypes them with everything else.
  pm.addPass(createCheckLowerToRuntimePass());
  pm.addPass(createCustomCallLowerToRuntimePass());
  pm.addPass(createHLOLegalizeToLinalgPass());
  // Function by function, on all cores (a kernel per fusion).
  OpPassManager &functions = pm.nest<func::FuncOp>();
  functions.addPass(createStructuredCanonicalizerPass());
  functions.addPass(createCSEPass());
  if (options.fusion) {
    FuseElementwisePassOptions fuse;
    fuse.recomputeIntoElementwise = target.recomputeIntoElementwise;
    functions.addPass(createFuseElementwisePass(fuse));
    functions.addPass(createMergeSiblingsPass());
    functions.addPass(createStructuredCanonicalizerPass());
    // A producer fused into two operands of one consumer is inlined twice,
    // and merged siblings repeat each other's computations.
    functions.addPass(createCSEPass());
  }
  // After fusion, so that the sums of fused producers are split too.
  if (options.reductionBlock >= 2) {
    SplitReductionsPassOptions split;
    split.blockSize = options.reductionBlock;
    split.rowThreads = target.reductionRowThreads;
    split.vectorBits = target.reductionVectorBits;
    functions.addPass(createSplitReductionsPass(split));
  }
}

std::unique_ptr<Pass> xla::createStructuredCanonicalizerPass() {
  return createCanonicalizerPass(getStructuredRewriteConfig());
}

void xla::buildBufferizationPipeline(OpPassManager &pm) {
  pm.addPass(createReadOnlyEntryArgumentsPass());
  pm.addPass(createDistinctResultsPass());
  // Deterministic names and order for the globals of constants.
  pm.addPass(createPlaceConstantGlobalsPass());
  pm.addNestedPass<func::FuncOp>(createDuplicateFillsPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // scf.while bodies (from hlo.while) yield freshly computed tensors.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // Tiled loops carry their result buffer through iter_args; folding them
  // leaves the allocation itself as the returned value, which the next
  // pass then turns into the out-param instead of copying into it.
  // Results become caller-allocated out-params: the runtime owns every
  // buffer that crosses the ABI, and static allocations are written in place.
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  pm.addNestedPass<func::FuncOp>(createForwardResultCopiesPass());
}

void xla::buildDeallocationPipeline(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(
      memref::createExpandReallocPass({/*emitDeallocs=*/false}));
  pm.addNestedPass<func::FuncOp>(createStructuredCanonicalizerPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addNestedPass<func::FuncOp>(createStructuredCanonicalizerPass());
  // Its alias analysis follows values into callees.
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  // Adds a helper function for deallocs of many buffers.
  pm.addPass(bufferization::createLowerDeallocationsPass());
  OpPassManager &functions = pm.nest<func::FuncOp>();
  functions.addPass(createCSEPass());
  functions.addPass(createStructuredCanonicalizerPass());
}

void xla::registerHLOOptimizationPipeline() {
  PassPipelineRegistration<HLOLoweringOptions>(
      "hlo-optimization-pipeline",
      "The HLO optimization stage of hlo-cpu-pipeline: inline, simplify, "
      "fold constants, CSE and DCE on hlo ops",
      buildHLOOptimizationPipeline);
}
