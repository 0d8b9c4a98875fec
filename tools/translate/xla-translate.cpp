//===- xla-translate.cpp - ahead-of-time compilation ----------------------===//
//
// The tfcompile use case: compile an hlo/StableHLO program once, link the
// object into a C or C++ program, call it through the generated header.
//
//   xla-translate model.mlir --emit=obj -o model.o --header model.h \
//       --export-name=predict
//   xla-translate model.mlir --emit=shared -o model.so   # for the runtime
//   xla-translate model.mlir --emit=llvmir -o model.ll
//
// The object exports `void NAME(const T *arg..., T *result...)`: every
// tensor is a dense row-major buffer (static shapes only) and results are
// written into caller-allocated buffers. A shared library additionally
// carries the signature and import table the runtime's Executable::load
// reads (ABI/EntryABI.h). The compile options are xla-run's and the
// pipeline's (Compiler/CommandLine.h); objects for C programs default to
// --runtime-alloc=false (malloc) and --parallel-loops=false, shared
// libraries to true.
//
//===----------------------------------------------------------------------===//

#include "CHeader.h"

#include "xla-mlir/Compiler/CompileTimeReport.h"
#include "xla-mlir/Compiler/CommandLine.h"
#include "xla-mlir/Compiler/Compiler.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <optional>

using namespace mlir;
namespace cl = llvm::cl;

namespace {

enum class EmitKind { LLVMIR, Assembly, Object, Shared };

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
               clEnumValN(EmitKind::Object, "obj", "object file (.o)"),
               clEnumValN(EmitKind::Shared, "shared",
                          "shared library the runtime loads (.so)")),
    cl::cat(category));
cl::opt<std::string> headerFile("header",
                                cl::desc("Also write a C header here"),
                                cl::value_desc("filename"), cl::cat(category));

int fail(const llvm::Twine &message) {
  llvm::errs() << "xla-translate: error: " << message << "\n";
  return EXIT_FAILURE;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Objects for C programs need nothing but libc (and libm): no buffer
  // pool, no OpenMP.
  xla::CompileOptions defaults;
  defaults.runtimeAlloc = false;
  defaults.parallelLoops = false;
  xla::registerCompileCLOptions(category, defaults);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "xla-mlir ahead-of-time compiler\n");

  llvm::Expected<xla::CompileOptions> parsedOptions =
      xla::getCompileOptionsFromCL();
  if (!parsedOptions)
    return fail(llvm::toString(parsedOptions.takeError()));
  xla::CompileOptions options = std::move(*parsedOptions);
  std::unique_ptr<xla::CompileTimeReport> timeReport =
      xla::createTimeReportFromCL();
  options.timeReport = timeReport.get();
  // Printed however the compilation ends.
  llvm::scope_exit printTimes([&] {
    if (timeReport)
      timeReport->print(llvm::errs());
  });
  // A shared library is loaded by the runtime, which has the buffer pool,
  // into a process that can start OpenMP threads.
  if (emitKind == EmitKind::Shared) {
    if (!xla::isFlagGiven("runtime-alloc"))
      options.runtimeAlloc = true;
    if (!xla::isFlagGiven("parallel-loops"))
      options.parallelLoops = true;
  }
  llvm::Expected<xla::TargetDescription> target = xla::getTargetFromCL();
  if (!target)
    return fail(llvm::toString(target.takeError()));

  DialectRegistry registry;
  xla::registerCompilerDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input)
    return fail(error);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(*sourceMgr, &context);
  mlir::TimingScope parseTime = xla::timeStage(options, "parse and verify");
  OwningOpRef<ModuleOp> module = xla::parseProgram(sourceMgr, &context);
  if (!module)
    return EXIT_FAILURE;
  parseTime.stop();

  // Object code needs no optimized module (compileToObject does not link
  // one back from its parts); LLVM IR and assembly do.
  bool wantsObject =
      emitKind == EmitKind::Object || emitKind == EmitKind::Shared;
  std::optional<xla::CompiledModule> compiled;
  std::optional<xla::CompiledObject> object;
  if (wantsObject) {
    llvm::Expected<xla::CompiledObject> result =
        xla::compileToObject(*module, *target, options);
    if (!result) {
      llvm::errs() << llvm::toString(result.takeError()) << "\n";
      return EXIT_FAILURE;
    }
    object = std::move(*result);
  } else {
    llvm::Expected<xla::CompiledModule> result =
        xla::compileToLLVM(*module, *target, options, /*withObject=*/false);
    if (!result) {
      llvm::errs() << llvm::toString(result.takeError()) << "\n";
      return EXIT_FAILURE;
    }
    compiled.emplace(std::move(*result));
  }
  const xla::runtime::Signature &signature =
      object ? object->signature : compiled->signature;
  // Objects for C programs have no runtime to fill their import pointers.
  if (!headerFile.empty() && !signature.imports.empty())
    return fail("@" + signature.entry + " calls the xla runtime (" +
                signature.imports.front() +
                ": check ops, custom calls or --runtime-alloc); a C program "
                "cannot run it; use --emit=shared and the runtime instead");

  if (emitKind == EmitKind::Shared) {
    if (outputFile == "-")
      return fail("--emit=shared needs -o FILE");
    mlir::TimingScope linkTime = xla::timeStage(options, "shared library");
    if (llvm::Error err = xla::emitSharedLibrary(object->objects, outputFile))
      return fail(llvm::toString(std::move(err)));
  } else {
    auto output = openOutputFile(outputFile, &error);
    if (!output)
      return fail(error);
    if (emitKind == EmitKind::Object) {
      auto joined = xla::joinObjects(object->objects, options);
      if (!joined)
        return fail(llvm::toString(joined.takeError()));
      output->os().write(joined->data(), joined->size());
    } else if (emitKind == EmitKind::LLVMIR) {
      compiled->module->print(output->os(), nullptr);
    } else {
      auto code = xla::emitObject(*compiled, *target, options,
                                  xla::CodeKind::Assembly);
      if (!code)
        return fail(llvm::toString(code.takeError()));
      output->os().write(code->data(), code->size());
    }
    output->keep();
  }

  if (!headerFile.empty()) {
    auto headerOut = openOutputFile(headerFile, &error);
    if (!headerOut)
      return fail(error);
    headerOut->os() << xla::tools::emitCHeader(signature, inputFile);
    headerOut->keep();
  }
  return EXIT_SUCCESS;
}
