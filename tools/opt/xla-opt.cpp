//===- xla-opt.cpp - the xla-mlir optimizer driver ------------------------===//
//
// mlir-opt with every upstream dialect, pass and extension plus ours. Input
// may be hlo or StableHLO text: `hlo-import` runs ahead of the requested
// pipeline, so generic-form StableHLO ops and check custom calls arrive as
// hlo and check ops.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Compiler/ParserGuards.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"
#include "xla-mlir/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/ParseUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

/// MLIR 22's parser can report an error (an unterminated string right after
/// a dialect type) and still return a module, which mlir-opt then processes
/// and exits 0 with. xla-opt parses each input chunk once more beforehand,
/// counting errors: a parse that succeeded after reporting one is a failure,
/// and its diagnostics are appended to `diagnostics`. (The handlers of
/// MlirOptMain's own context cannot be observed from outside.)
static bool hasSilentParseError(const llvm::MemoryBuffer &input,
                                DialectRegistry &registry,
                                const MlirOptMainConfig &config,
                                std::string &diagnostics) {
  bool found = false;
  auto check = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                   const llvm::MemoryBufferRef &,
                   llvm::raw_ostream &) -> LogicalResult {
    MLIRContext context(registry, MLIRContext::Threading::DISABLED);
    context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    std::string text;
    llvm::raw_string_ostream os(text);
    SourceMgrDiagnosticHandler printer(*sourceMgr, &context, os);
    bool sawError = false;
    // Registered last, so it sees every diagnostic first and passes it on.
    ScopedDiagnosticHandler counter(&context, [&](Diagnostic &diag) {
      sawError |= diag.getSeverity() == DiagnosticSeverity::Error;
      return failure();
    });
    ParserConfig parserConfig(&context, /*verifyAfterParse=*/false);
    OwningOpRef<Operation *> parsed = parseSourceFileForTool(
        sourceMgr, parserConfig, !config.shouldUseExplicitModule());
    if (parsed && sawError) {
      found = true;
      diagnostics += text;
    }
    return success();
  };
  (void)splitAndProcessBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(input.getBuffer(),
                                           input.getBufferIdentifier()),
      check, llvm::nulls(), config.inputSplitMarker());
  return found;
}

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
  // Inputs MLIR's parser would die on get an error first (also under
  // -verify-diagnostics: a crash verifies nothing).
  if (std::optional<xla::ParserHazard> hazard =
          xla::findParserHazard(input->getBuffer())) {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef()),
        llvm::SMLoc());
    sourceMgr.PrintMessage(
        llvm::errs(),
        llvm::SMLoc::getFromPointer(input->getBufferStart() + hazard->offset),
        llvm::SourceMgr::DK_Error, hazard->message);
    return EXIT_FAILURE;
  }
  // With -verify-diagnostics, reported errors are what the test expects.
  std::string hidden;
  if (!config.shouldVerifyDiagnostics() &&
      hasSilentParseError(*input, registry, config, hidden)) {
    llvm::errs() << hidden;
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
