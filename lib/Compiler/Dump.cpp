//===- Dump.cpp - --dump-to: what the compiler did, as files --------------===//

#include "Dump.h"

#include "xla-mlir/Compiler/Compiler.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace xla;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static llvm::Error writeFile(llvm::StringRef path,
                             llvm::function_ref<void(llvm::raw_ostream &)> fn) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_Text);
  if (error)
    return makeError("--dump-to: cannot write " + path + ": " +
                     error.message());
  fn(os);
  return llvm::Error::success();
}

static std::string join(llvm::StringRef dir, llvm::StringRef name) {
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, name);
  return path.str().str();
}

std::string xla::getDumpDirectory(const CompileOptions &options) {
  if (!options.dumpTo.empty())
    return options.dumpTo;
  const char *env = std::getenv("XLA_DUMP_TO");
  return env ? env : "";
}

std::string xla::getFusionReportPath(llvm::StringRef dir) {
  return join(dir, "fusion_report");
}

std::string xla::getMemoryReportPath(llvm::StringRef dir) {
  return join(dir, "memory_report");
}

std::string xla::getPTXDumpPath(llvm::StringRef dir) {
  return join(dir, "ptx");
}

llvm::Error xla::startDump(llvm::StringRef dir, mlir::ModuleOp program,
                           mlir::PassManager &pm) {
  if (std::error_code error = llvm::sys::fs::create_directories(dir))
    return makeError("--dump-to: cannot create " + dir + ": " +
                     error.message());
  if (llvm::Error error =
          writeFile(join(dir, "input.mlir"),
                    [&](llvm::raw_ostream &os) { program.print(os); }))
    return error;
  program.getContext()->disableMultithreading();
  pm.enableIRPrintingToFileTree(
      /*shouldPrintBeforePass=*/[](mlir::Pass *, mlir::Operation *) {
        return false;
      },
      /*shouldPrintAfterPass=*/
      [](mlir::Pass *, mlir::Operation *) { return true; },
      /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/true,
      /*printAfterOnlyOnFailure=*/false, join(dir, "passes"));
  return llvm::Error::success();
}

llvm::Error xla::dumpParts(llvm::StringRef dir,
                           llvm::ArrayRef<mlir::OwningOpRef<mlir::ModuleOp>>
                               parts) {
  std::string partsDir = join(dir, "parts");
  if (std::error_code error = llvm::sys::fs::create_directories(partsDir))
    return makeError("--dump-to: cannot create " + partsDir + ": " +
                     error.message());
  for (size_t index = 0; index < parts.size(); ++index) {
    mlir::ModuleOp part = parts[index].get();
    if (llvm::Error error = writeFile(
            join(partsDir, "part_" + std::to_string(index) + ".mlir"),
            [&](llvm::raw_ostream &os) { part->print(os); }))
      return error;
  }
  return llvm::Error::success();
}

llvm::Error xla::finishDump(llvm::StringRef dir,
                            const CompiledModule &compiled,
                            const TargetDescription &target,
                            const CompileOptions &options) {
  if (llvm::Error error =
          writeFile(join(dir, "program.ll"), [&](llvm::raw_ostream &os) {
            compiled.module->print(os, nullptr);
          }))
    return error;
  auto assembly = emitObject(compiled, target, options, CodeKind::Assembly);
  if (!assembly)
    return assembly.takeError();
  if (llvm::Error error =
          writeFile(join(dir, "program.s"), [&](llvm::raw_ostream &os) {
            os.write(assembly->data(), assembly->size());
          }))
    return error;
  // The graph as SVG for a browser, where Graphviz is installed.
  std::string dot = getFusionReportPath(dir) + ".dot";
  if (llvm::sys::fs::exists(dot))
    if (auto program = llvm::sys::findProgramByName("dot")) {
      std::string svg = getFusionReportPath(dir) + ".svg";
      llvm::StringRef args[] = {*program, "-Tsvg", dot, "-o", svg};
      llvm::sys::ExecuteAndWait(*program, args);
    }
  return llvm::Error::success();
}
