//===- xla-translate.cpp - ahead-of-time compilation to LLVM IR / objects -===//
//
// The tfcompile use case: compile an hlo/StableHLO program once, link the
// object into a C or C++ program, call it through the generated header.
//
//   xla-translate model.mlir --emit=llvmir -o model.ll
//   xla-translate model.mlir --emit=obj -o model.o --header model.h \
//       --function-name=predict
//
// The object exports `void NAME(const T *arg..., T *result...)`: every
// tensor is a dense row-major buffer (static shapes only) and results are
// written into caller-allocated buffers.
//
//===----------------------------------------------------------------------===//

#include "CHeader.h"

#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"
#include "xla-mlir/InitAll.h"
#include "xla-mlir/Pipelines/CPUPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

using namespace mlir;
namespace cl = llvm::cl;

namespace {

enum class EmitKind { LLVMIR, Assembly, Object };

/// xla-translate's own options; --help lists only these (plus the generic
/// ones), not the hundreds that LLVM's backends register.
cl::OptionCategory category("xla-translate options");

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .mlir>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                cl::value_desc("filename"), cl::init("-"),
                                cl::cat(category));
cl::opt<EmitKind> emitKind(
    "emit", cl::desc("What to produce"), cl::init(EmitKind::Object),
    cl::values(clEnumValN(EmitKind::LLVMIR, "llvmir", "LLVM IR (.ll)"),
               clEnumValN(EmitKind::Assembly, "asm", "assembly (.s)"),
               clEnumValN(EmitKind::Object, "obj", "object file (.o)")),
    cl::cat(category));
cl::opt<std::string> headerFile("header",
                                cl::desc("Also write a C header here"),
                                cl::value_desc("filename"), cl::cat(category));
cl::opt<std::string> entryName("entry", cl::desc("Function to export"),
                               cl::init("main"), cl::cat(category));
cl::opt<std::string>
    functionName("function-name",
                 cl::desc("Exported symbol name (default: the entry name)"),
                 cl::cat(category));
cl::opt<std::string> cpuName(
    "mcpu", cl::desc("Target CPU (default: the host CPU, with its features)"),
    cl::init("host"), cl::cat(category));
cl::opt<bool> fusion("fusion", cl::desc("Enable fusion"), cl::init(true),
                     cl::cat(category));

/// Target machine for the host (or --mcpu) with the matching features.
std::unique_ptr<llvm::TargetMachine> createTargetMachine() {
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    llvm::errs() << "error: " << error << "\n";
    return nullptr;
  }
  std::string cpu = cpuName;
  std::string features;
  if (cpu == "host") {
    cpu = llvm::sys::getHostCPUName().str();
    llvm::SubtargetFeatures featureSet;
    for (const auto &[feature, enabled] : llvm::sys::getHostCPUFeatures())
      featureSet.AddFeature(feature, enabled);
    features = featureSet.getString();
  }
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, cpu, features, llvm::TargetOptions(), llvm::Reloc::PIC_));
}

int fail(const llvm::Twine &message) {
  llvm::errs() << "xla-translate: error: " << message << "\n";
  return EXIT_FAILURE;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  xla::registerAllPasses();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "xla-mlir ahead-of-time compiler\n");

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  xla::registerAllDialects(registry);
  MLIRContext context(registry);

  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input)
    return fail(error);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return EXIT_FAILURE;

  PassManager importPM(&context);
  importPM.addPass(xla::hlo::createHLOImportPass());
  if (failed(importPM.run(*module)))
    return EXIT_FAILURE;

  // Check ops report through the xla runtime, which AOT objects don't link.
  WalkResult checks = module->walk([](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "check") {
      op->emitError() << "'" << op->getName()
                      << "' needs the xla runtime; ahead-of-time objects "
                         "cannot contain check ops";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (checks.wasInterrupted())
    return EXIT_FAILURE;

  auto entry = module->lookupSymbol<func::FuncOp>(entryName);
  if (!entry)
    return fail("no function @" + entryName + " in " + inputFile);
  std::string exported = functionName.empty() ? entryName : functionName;
  FailureOr<std::string> header =
      xla::tools::emitCHeader(entry, exported, inputFile);
  if (failed(header))
    return EXIT_FAILURE;
  if (exported != entryName) {
    if (failed(SymbolTable::replaceAllSymbolUses(
            entry, StringAttr::get(&context, exported), *module)))
      return fail("cannot rename @" + entryName);
    SymbolTable::setSymbolName(entry, exported);
  }
  // Only the exported function keeps external linkage.
  for (auto func : module->getOps<func::FuncOp>())
    if (func != entry && !func.isExternal())
      func.setPrivate();

  xla::CPUPipelineOptions options;
  options.fusion = fusion;
  options.barePtrABI = true;
  PassManager pm(&context);
  xla::buildHLOCPUPipeline(pm, options);
  if (failed(pm.run(*module)))
    return EXIT_FAILURE;

  std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine();
  if (!machine)
    return EXIT_FAILURE;
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*module, llvmContext, inputFile);
  if (!llvmModule)
    return fail("translation to LLVM IR failed");
  llvmModule->setTargetTriple(machine->getTargetTriple());
  llvmModule->setDataLayout(machine->createDataLayout());
  auto optimize = makeOptimizingTransformer(/*optLevel=*/3, /*sizeLevel=*/0,
                                            machine.get());
  if (llvm::Error err = optimize(llvmModule.get()))
    return fail(llvm::toString(std::move(err)));

  auto output = openOutputFile(outputFile, &error);
  if (!output)
    return fail(error);
  if (emitKind == EmitKind::LLVMIR) {
    llvmModule->print(output->os(), nullptr);
  } else {
    llvm::legacy::PassManager codegen;
    auto fileType = emitKind == EmitKind::Object
                        ? llvm::CodeGenFileType::ObjectFile
                        : llvm::CodeGenFileType::AssemblyFile;
    if (machine->addPassesToEmitFile(codegen, output->os(), nullptr,
                                     fileType))
      return fail("the target cannot emit this file type");
    codegen.run(*llvmModule);
  }
  output->keep();

  if (!headerFile.empty()) {
    auto headerOut = openOutputFile(headerFile, &error);
    if (!headerOut)
      return fail(error);
    headerOut->os() << *header;
    headerOut->keep();
  }
  return EXIT_SUCCESS;
}
