//===- CPUPipeline.cpp - hlo to LLVM for the host CPU ---------------------===//
//
// Each stage is a registered pass, so `xla-opt` can run any prefix of this
// pipeline and tests can look at the IR between stages.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Pipelines/CPUPipeline.h"
#include "xla-mlir/Pipelines/HLOPipeline.h"

#include "xla-mlir/Conversion/Passes.h"
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void xla::buildLinalgToLLVMPipeline(OpPassManager &pm,
                                    const CPUPipelineOptions &options) {
  // Strategy, then mechanism. Without `vectorize` the strategy only picks
  // the loop order, so that the scalar loops stream. The module's
  // xla.target, when there is one, wins over `vector-bits`.
  TilingStrategyPassOptions strategy;
  strategy.vectorBits = options.vectorBits;
  strategy.vectorize = options.vectorize;
  // While reads and writes are still explicit tensor uses.
  pm.addPass(createMarkInPlaceResultsPass());
  pm.addNestedPass<func::FuncOp>(createDecomposePadsPass());
  if (options.fuseBlocks) {
    PlanKernelBlocksPassOptions blocks;
    blocks.vectorBits = options.vectorBits;
    blocks.vectorize = options.vectorize;
    pm.addNestedPass<func::FuncOp>(createPlanKernelBlocksPass(blocks));
    pm.addNestedPass<func::FuncOp>(createTileAndFuseBlocksPass());
  }
  pm.addNestedPass<func::FuncOp>(createTilingStrategyPass(strategy));
  pm.addNestedPass<func::FuncOp>(createTileAndVectorizePass());
  buildBufferizationPipeline(pm);
  // Before deallocation, which frees the buffers it may add.
  pm.addPass(createPrepareDonationPass());
  // Temporaries handed on to results that may overwrite them; after
  // donation, which may add a buffer such a call writes.
  pm.addPass(createReuseOperandBuffersPass());
  // Distributed tiles: parallel loops for OpenMP, or plain sequential ones.
  if (options.parallelLoops)
    pm.addPass(createForallToParallelLoopPass());
  else
    pm.addPass(createForallToForLoopPass());
  // Before deallocation, which frees the scratch buffers of sort and needs
  // ops with several regions (select_and_scatter) to be gone.
  pm.addPass(hloext::createHLOExtLowerToLoopsPass());
  buildDeallocationPipeline(pm);
  // From here on, passes that only rewrite function bodies are nested on
  // the functions, which MLIR runs on all cores (hundreds of kernels in a
  // training step); passes that add module-level symbols stay on the
  // module.
  {
    OpPassManager &functions = pm.nest<func::FuncOp>();
    // The deallocation pipeline frees every buffer at the end of its block:
    // a training step would hold all of its temporaries until it returns.
    // Each dealloc moves to just after the buffer's last use (or an
    // alias's), so the pool reuses the block for later ones.
    functions.addPass(bufferization::createOptimizeAllocationLivenessPass());
    functions.addPass(createConvertLinalgToLoopsPass());
    // n-D vector transfers become unrolled 1-D ones while the memrefs
    // still carry their shapes; reductions across lanes become
    // vector.reduction.
    functions.addPass(vector::createLowerVectorMultiReductionPass(
        vector::VectorMultiReductionLowering::InnerReduction));
    functions.addPass(createConvertVectorToSCFPass(
        VectorTransferToSCFOptions().enableFullUnroll()));
    // It leaves 0-D transfers, which the LLVM conversion cannot lower on
    // strided views.
    functions.addPass(createLowerScalarTransfersPass());
    // Before a canonicalizer folds the transposes of permuted transfers
    // into element-by-element shuffles. With parallel loops, the one after
    // the OpenMP conversion leaves the same code as one here (objects of
    // 15 programs byte-identical, 2026-11-29), for less time.
    functions.addPass(createLowerVectorTransposesPass());
    if (!options.parallelLoops)
      functions.addPass(createStructuredCanonicalizerPass());
    // On the 1-D reads, while the distributed blocks are still parallel
    // loops.
    if (options.prefetch) {
      functions.addPass(createPlanBlockPrefetchPass());
      functions.addPass(createPrefetchNextBlockPass());
      functions.addPass(createPrefetchLhsStripsPass());
    }
  }
  // Allocations and deallocations are where they stay.
  if (!options.memoryReport.empty()) {
    ReportMemoryPassOptions report;
    report.output = options.memoryReport;
    pm.addPass(createReportMemoryPass(report));
  }
  pm.addPass(createOutlineKernelsPass());
  // Strategy: which kernels' outputs would leave the caches before their
  // readers anyway (the module's xla.target), marked for
  // xla-streaming-stores below.
  if (options.streamingStores)
    pm.addPass(createPlanStreamingStoresPass());
  if (options.parallelLoops)
    pm.addPass(createConvertSCFToOpenMPPass());
  {
    OpPassManager &functions = pm.nest<func::FuncOp>();
    // Register tiles' accumulator buffers out of the loops, one per thread.
    functions.addPass(createHoistTileBuffersPass());
    // The join at each parallel region's end is the only barrier needed.
    if (options.parallelLoops)
      functions.addPass(createElideLoopBarriersPass());
    // Inlines the memref.alloca_scope around each parallel body (it holds
    // no allocas now); scf-to-cf cannot flatten loops inside one.
    if (options.parallelLoops)
      functions.addPass(createStructuredCanonicalizerPass());
    // On the 1-D vector writes of the outlined kernels, whose outputs are
    // arguments now; after the alloca scopes are gone (the fences it adds
    // have unknown effects and would keep them).
    if (options.streamingStores)
      functions.addPass(createStreamingStoresPass());
    // Math on f16/bf16 runs in f32, like XLA; what LLVM has no intrinsic
    // for goes to libm.
    functions.addPass(math::createMathExtendToSupportedTypes());
    // exp, tanh, erf(c), log, sin and cos in vector registers, not a libm
    // call per lane; before scf-to-cf (sin and cos branch to libm for
    // arguments beyond the polynomial's range).
    // An epilogue unrolled across a register tile's rows, computed and
    // stored a row at a time (before the vector math expands in place).
    functions.addPass(createSinkToStoresPass());
    ApproximateVectorMathPassOptions vectorMath;
    vectorMath.avx512 = options.avx512;
    functions.addPass(createApproximateVectorMathPass(vectorMath));
    // A max reduction's NaN test off the accumulator's chain (before
    // scf-to-cf, while the loops still carry it).
    functions.addPass(createExpandMinMaxPass());
    // Code without the runtime (objects for C programs) copies strided
    // views itself: the copy function upstream calls is MLIR's.
    if (!options.runtimeAlloc)
      functions.addPass(createLowerStridedCopiesPass());
    // Without rollback, the conversion driver changes the IR as patterns
    // apply instead of recording each change to undo: these patterns do
    // not fail once they have started (and the objects stay the same).
    SCFToControlFlowPassOptions scfToCF;
    scfToCF.allowPatternRollback = false;
    functions.addPass(createSCFToControlFlowPass(scfToCF));
    if (options.complexNumbers)
      functions.addPass(createConvertComplexToStandardPass());
    functions.addPass(arith::createArithExpandOpsPass());
    functions.addPass(memref::createExpandStridedMetadataPass());
    functions.addPass(createLowerAffinePass());
  }
  FinalizeMemRefToLLVMPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = options.runtimeAlloc;
  // The pool aligns blocks itself. Padding the size by the alignment for
  // malloc instead would put a power-of-two buffer in the next size
  // class, 25% more memory.
  memrefToLLVM.useAlignedAlloc = options.runtimeAlloc;
  pm.addPass(createFinalizeMemRefToLLVMPass(memrefToLLVM));
  // expm1, log1p and friends go to libm; LLVM's expansions of them are
  // inaccurate near 0.
  pm.addPass(createPreciseMathToLibmPass());
  {
    OpPassManager &functions = pm.nest<func::FuncOp>();
    functions.addPass(createConvertMathToLLVMPass());
  }
  // What convert-math-to-llvm left (LLVM has no intrinsic for it) to libm.
  PreciseMathToLibmPassOptions remainingMath;
  remainingMath.remaining = true;
  pm.addPass(createPreciseMathToLibmPass(remainingMath));
  {
    OpPassManager &functions = pm.nest<func::FuncOp>();
    if (options.complexNumbers)
      functions.addPass(createConvertComplexToLLVMPass());
    // The accumulator tile of a matmul becomes one FMA per row and k step
    // (contractions lower to outer products).
    VectorToLLVMPassOptions vectorToLLVM;
    vectorToLLVM.reassociateFPReductions = true;
    // The x86vector ops of vector math (exp's vscalefps).
    vectorToLLVM.x86Vector = options.avx512;
    functions.addPass(createVectorToLLVMPass(vectorToLLVM));
  }
  // OpenMP ops are converted by convert-to-llvm below, in the same walk as
  // everything else (their interface is registered with the dialects): a
  // separate convert-openmp-to-llvm would walk the whole module once more.
  // Kernels take one pointer per buffer, not a descriptor of constants.
  pm.addPass(createBarePointerKernelsPass());
  ConvertFuncToLLVMPassOptions funcToLLVM;
  funcToLLVM.useBarePtrCallConv = options.barePtrABI;
  pm.addPass(createConvertFuncToLLVMPass(funcToLLVM));
  {
    OpPassManager &functions = pm.nest<LLVM::LLVMFuncOp>();
    // No rollback, as for scf-to-cf: a quarter of the pass's time.
    ConvertToLLVMPassOptions toLLVM;
    toLLVM.allowPatternRollback = false;
    functions.addPass(createConvertToLLVMPass(toLLVM));
    // Masks are bytes in memory and bits in vectors.
    functions.addPass(createWidenSubByteVectorAccessesPass());
    functions.addPass(createReconcileUnrealizedCastsPass());
    // Parallel regions capture the descriptor fields they read, not the
    // descriptors.
    functions.addPass(createForwardDescriptorFieldsPass());
  }
}

/// One thread per row reduction, sums split for the vector registers.
static xla::HLOToLinalgTarget
cpuTarget(const xla::CPUPipelineOptions &options) {
  xla::HLOToLinalgTarget target;
  target.reductionVectorBits = options.vectorBits;
  return target;
}

void xla::buildHLOCPUPipeline(OpPassManager &pm,
                              const CPUPipelineOptions &options) {
  buildHLOToLinalgPipeline(pm, options, cpuTarget(options));
  buildLinalgToLLVMPipeline(pm, options);
}

void xla::registerCPUPipelines() {
  // The first stage of the CPU path; registered with it so every tool that
  // has the CPU pipelines has this one.
  registerHLOOptimizationPipeline();
  PassPipelineRegistration<CPUPipelineOptions>(
      "hlo-cpu-pipeline",
      "Compile hlo for the host CPU: lower to linalg, fuse, bufferize and "
      "lower to the LLVM dialect",
      buildHLOCPUPipeline);
  PassPipelineRegistration<CPUPipelineOptions>(
      "hlo-to-linalg-pipeline",
      "First half of hlo-cpu-pipeline: hlo to linalg on tensors",
      [](OpPassManager &pm, const CPUPipelineOptions &options) {
        buildHLOToLinalgPipeline(pm, options, cpuTarget(options));
      });
  PassPipelineRegistration<CPUPipelineOptions>(
      "linalg-to-llvm-pipeline",
      "Second half of hlo-cpu-pipeline: bufferize and lower to LLVM",
      buildLinalgToLLVMPipeline);
}
