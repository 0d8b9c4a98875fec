//===- xla-opt.cpp - the xla-mlir optimizer driver ------------------------===//
//
// mlir-opt with every upstream dialect, pass and extension plus ours. Input
// may be hlo or StableHLO text: `hlo-import` runs ahead of the requested
// pipeline, so generic-form StableHLO ops and check custom calls arrive as
// hlo and check ops.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"
#include "xla-mlir/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAllPasses();
  xla::registerAllPasses();

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR.
  registerAllToLLVMIRTranslations(registry);
  xla::registerAllDialects(registry);

  auto [inputFile, outputFile] =
      registerAndParseCLIOptions(argc, argv, "xla-mlir optimizer\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  MlirOptMainConfig requested = config;
  config.setPassPipelineSetupFn([requested](PassManager &pm) {
    pm.addPass(xla::hlo::createHLOImportPass());
    return requested.setupPassPipeline(pm);
  });

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
