//===- GPUPipeline.cpp - hlo to NVIDIA GPU kernels and host code ----------===//
//
// The same front half as the CPU (HLO optimization, fusion, linalg), then:
// every buffer on the device, each kernel function's loop nests as
// gpu.launch kernels named after the fusion, NVVM and PTX through LLVM's
// NVPTX backend (ptxas for a cubin), and host code that calls our runtime.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Pipelines/GPUPipeline.h"

#include "xla-mlir/Conversion/Passes.h"
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace mlir;

/// The version of chip `sm_<digits>[suffix]` (90 for sm_90a), or 0.
static unsigned smVersion(llvm::StringRef chip) {
  unsigned version = 0;
  if (!chip.consume_front("sm_") ||
      chip.take_while(llvm::isDigit).getAsInteger(10, version))
    return 0;
  return version;
}

/// What runs inside each gpu.module: the device code to NVVM.
static void addDeviceLowering(OpPassManager &pm) {
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(xla::createGPUAlignSharedMemoryPass());
  // Math on f16/bf16 in f32, as on the CPU.
  device.addPass(math::createMathExtendToSupportedTypes());
  device.addPass(createConvertComplexToStandardPass());
  device.addPass(arith::createArithExpandOpsPass());
  device.addPass(memref::createExpandStridedMetadataPass());
  device.addPass(createLowerAffinePass());
  device.addPass(createSCFToControlFlowPass());
  device.addPass(xla::createGPULowerSubgroupReductionsPass());
  // cp.async of the tensor-core kernels' rings.
  device.addPass(createConvertNVGPUToNVVMPass());
  device.addPass(createConvertGpuOpsToNVVMOps());
  // What libdevice does not cover (ctpop, ctlz) maps to LLVM intrinsics.
  device.addPass(createConvertMathToLLVMPass());
  device.addPass(createConvertComplexToLLVMPass());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
}

/// The first CUDA toolkit that holds `file` (a path inside it): the
/// option, else the usual variables, else the default install location,
/// else, for an executable, PATH. For an executable, the toolkit; else the
/// file's path; empty if none has it. ptxas and libdevice are looked for apart: a machine
/// may have libdevice alone (the NVIDIA driver's machines, where we carry
/// it), and PTX needs no ptxas.
static std::string findInCUDAToolkit(llvm::StringRef option,
                                     llvm::ArrayRef<llvm::StringRef> file,
                                     bool executable) {
  llvm::SmallVector<std::string> candidates;
  if (!option.empty())
    candidates.push_back(option.str());
  for (const char *variable : {"CUDA_HOME", "CUDA_PATH", "CUDA_ROOT"})
    if (const char *value = std::getenv(variable))
      candidates.push_back(value);
  candidates.push_back("/usr/local/cuda");
  for (const std::string &path : candidates) {
    llvm::SmallString<128> found(path);
    for (llvm::StringRef part : file)
      llvm::sys::path::append(found, part);
    if (executable ? llvm::sys::fs::can_execute(found)
                   : llvm::sys::fs::exists(found))
      return executable ? path : std::string(found);
  }
  // A tool on PATH (its toolkit is two levels up: <toolkit>/bin/ptxas).
  if (executable)
    if (auto program = llvm::sys::findProgramByName(file.back()))
      return llvm::sys::path::parent_path(
                 llvm::sys::path::parent_path(*program))
          .str();
  return "";
}

void xla::buildHLOGPUPipeline(OpPassManager &pm,
                              const GPUPipelineOptions &options) {
  // A row reduction's kernel gives each row up to 256 threads
  // (xla-gpu-map-linalg), each accumulating at most reduction-block
  // elements: only longer rows need a tree of their own.
  HLOToLinalgTarget kernels;
  kernels.reductionRowThreads = 256;
  kernels.recomputeIntoElementwise = options.recomputeProducers;
  buildHLOToLinalgPipeline(pm, options, kernels);
  buildBufferizationPipeline(pm);
  // Scatters as one thread per update element (in order, they would be
  // one thread): an embedding gradient's updates combined in order by the
  // first element of each row (the same bits at every run), others with
  // atomics, as XLA:GPU does.
  hloext::HLOExtLowerToLoopsPassOptions loops;
  loops.parallelScatter = true;
  pm.addPass(hloext::createHLOExtLowerToLoopsPass(loops));
  // Device buffers before deallocation, which then frees them too.
  pm.addPass(createGPUPlaceBuffersPass());
  buildDeallocationPipeline(pm);
  // Frees right after a buffer's last use instead of at the end of the
  // program (device frees are stream-ordered, so a pending kernel is safe).
  pm.addNestedPass<func::FuncOp>(
      bufferization::createOptimizeAllocationLivenessPass());
  GPUMapLinalgPassOptions strategies;
  strategies.reductionChain = std::max<int64_t>(options.reductionBlock, 1);
  strategies.rowFusion = options.rowFusion;
  strategies.rowWarpLength = options.rowWarpLength;
  strategies.vectorBytes = options.vectorBytes;
  strategies.contractionBlocks = options.contractionBlocks;
  strategies.libraryGemm = options.libraryGemm;
  strategies.transposeTiles = options.transposeTiles;
  strategies.contractionEpilogues = options.contractionEpilogues;
  strategies.reductionEpilogues = options.reductionEpilogues;
  strategies.tensorCores = options.tensorCores;
  // cp.async came with Ampere: older chips stage through registers.
  strategies.asyncCopies = options.asyncCopies && smVersion(options.chip) >= 80;
  strategies.skinnyProducts = options.skinnyProducts;
  strategies.contractionPrologues = options.contractionPrologues;
  pm.addPass(createGPUMapLinalgPass(strategies));
  pm.addPass(createConvertLinalgToParallelLoopsPass());
  pm.addPass(createCanonicalizerPass());
  GPUMapLoopsPassOptions map;
  map.blockSize = options.blockSize;
  map.vectorBytes = options.vectorBytes;
  pm.addPass(createGPUMapLoopsPass(map));
  if (options.horizontalFusion)
    pm.addPass(createGPUHorizontalFusionPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createGPUAnnotateKernelsPass());
  pm.addPass(createGPUDedupeKernelsPass());

  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.ptxFeatures;
  target.optLevel = options.gpuOptLevel;
  // The toolkit with ptxas makes cubins; without one the kernels stay PTX,
  // which the driver compiles when it loads them (LLVM's NVPTX back end
  // needs no CUDA).
  std::string toolkit =
      findInCUDAToolkit(options.cudaToolkit, {"bin", "ptxas"},
                        /*executable=*/true);
  // libdevice implements the math functions (__nv_expf, ...);
  // xla-gpu-module-to-binary rejects a kernel that calls one without it.
  // Also in the toolkit that ptxas came from (found on PATH).
  std::string libdevice = findInCUDAToolkit(
      options.cudaToolkit, {"nvvm", "libdevice", "libdevice.10.bc"},
      /*executable=*/false);
  if (libdevice.empty() && !toolkit.empty()) {
    llvm::SmallString<128> path(toolkit);
    llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(path))
      libdevice = std::string(path);
  }
  if (!libdevice.empty())
    target.linkLibs.push_back(libdevice);
  pm.addPass(createGpuNVVMAttachTarget(target));
  addDeviceLowering(pm);
  std::string format = options.gpuFormat;
  if (format.empty())
    format = toolkit.empty() ? "isa" : "fatbin";
  bool emulated = format == "host";
  if (!options.dumpPTX.empty() && !emulated) {
    GPUDumpPTXPassOptions dump;
    dump.directory = options.dumpPTX;
    pm.addPass(createGPUDumpPTXPass(dump));
  }
  if (emulated) {
    pm.addPass(createGPUKernelsToHostPass());
  } else {
    GPUModuleToBinaryPassOptions binary;
    binary.format = format;
    binary.toolkitPath = toolkit.empty() ? std::string(options.cudaToolkit) : toolkit;
    pm.addPass(createGPUModuleToBinaryPass(binary));
  }

  // Host code. Its scalar loops (a triangular solve's) may hold complex
  // arithmetic, which convert-to-llvm does not lower whole.
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(arith::createArithExpandOpsPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  GPUToRuntimePassOptions runtime;
  runtime.emulated = emulated;
  pm.addPass(createGPUToRuntimePass(runtime));
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void xla::registerGPUPipelines() {
  PassPipelineRegistration<GPUPipelineOptions>(
      "hlo-gpu-pipeline",
      "Compile hlo for an NVIDIA GPU: lower to linalg, fuse, bufferize into "
      "device memory, map loops to kernels, compile them to PTX/cubin and "
      "lower the host code to runtime calls",
      buildHLOGPUPipeline);
}
