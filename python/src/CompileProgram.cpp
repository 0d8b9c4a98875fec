//===- CompileProgram.cpp - the compile driver behind xla_mlir.compile ----===//

#include "CompileProgram.h"

#include "xla-mlir/Compiler/CommandLine.h"
#include "xla-mlir/Compiler/CompilationCache.h"
#include "xla-mlir/Compiler/Compiler.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <optional>

using namespace xla;
using namespace xla::python;

namespace {

CompileResult fail(CompileErrorKind kind, std::string message) {
  CompileResult result;
  result.errorKind = kind;
  result.error = std::move(message);
  return result;
}

} // namespace

CompileResult xla::python::compileProgram(const CompileRequest &request) {
  auto start = std::chrono::steady_clock::now();
  CompileOptions options;
  for (const auto &[name, value] : request.options) {
    if (llvm::Error error = setCompileOption(options, name, value)) {
      std::string spelled = name;
      std::replace(spelled.begin(), spelled.end(), '_', '-');
      bool known = llvm::is_contained(getCompileOptionNames(), spelled);
      return fail(known ? CompileErrorKind::BadOption
                        : CompileErrorKind::UnknownOption,
                  llvm::toString(std::move(error)));
    }
  }
  std::optional<int64_t> cacheMaxBytes = parseByteSize(request.cacheMaxSize);
  if (!cacheMaxBytes)
    return fail(CompileErrorKind::BadOption,
                "cache_max_size: expected a size like 512M or 1G, got '" +
                    request.cacheMaxSize + "'");

  llvm::Expected<TargetDescription> target = TargetDescription::host();
  if (target && request.target != "cpu")
    if (llvm::Error error = target->applyOverrides(request.target))
      return fail(CompileErrorKind::BadOption,
                  "target: " + llvm::toString(std::move(error)));
  if (!target)
    return fail(CompileErrorKind::BadOption,
                llvm::toString(target.takeError()));
  // The executable runs in this process: refuse code this CPU cannot run.
  if (target->gpu.empty())
    if (llvm::Error error = target->checkRunsOnHost())
      return fail(CompileErrorKind::BadOption,
                  "target: " + llvm::toString(std::move(error)));

  mlir::DialectRegistry registry;
  registerCompilerDialects(registry);
  mlir::MLIRContext context(registry);
  context.printOpOnDiagnostic(false);

  // Parse errors are printed with their source line, like the tools do.
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(request.source, request.bufferName),
      llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(*sourceMgr, &context, os);
  mlir::OwningOpRef<mlir::ModuleOp> module = parseProgram(sourceMgr, &context);
  if (!module)
    return fail(CompileErrorKind::Program,
                diagnostics.empty() ? "the program does not parse"
                                    : diagnostics);

  CompileResult result;
  CacheOutcome outcome = CacheOutcome::Bypassed;
  std::string directory = request.cacheDirectory.empty()
                              ? xla::getDefaultCacheDirectory()
                              : request.cacheDirectory;
  std::optional<CompilationCache> cache;
  if (request.useCache && !directory.empty())
    cache.emplace(directory, *cacheMaxBytes);
  llvm::Expected<std::unique_ptr<runtime::Executable>> exe =
      cache ? compileWithCache(*module, *target, options, *cache, &outcome)
            : compileForJIT(*module, *target, options);
  if (!exe)
    return fail(CompileErrorKind::Program,
                diagnostics + llvm::toString(exe.takeError()));
  result.executable = std::move(*exe);
  result.cacheOutcome = toString(outcome).str();
  result.compileSeconds = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - start)
                              .count();
  return result;
}

std::vector<std::string> xla::python::getCompileOptionKeywords() {
  std::vector<std::string> keywords;
  for (llvm::StringRef name : getCompileOptionNames()) {
    std::string keyword = name.str();
    std::replace(keyword.begin(), keyword.end(), '-', '_');
    keywords.push_back(keyword);
  }
  return keywords;
}

std::string xla::python::getDefaultCacheDirectory() {
  return xla::getDefaultCacheDirectory();
}
