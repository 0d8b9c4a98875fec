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

/// A parsed program with its options and target, in a context of its own
/// (each request gets one, so requests may run on several threads).
class ParsedRequest {
public:
  explicit ParsedRequest(const CompileRequest &request)
      : context(makeRegistry()), os(diagnostics) {
    context.printOpOnDiagnostic(false);
    if (!parseOptions(request) || !makeTarget(request))
      return;
    // Parse errors are printed with their source line, like the tools do.
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                                      request.source, request.bufferName),
                                  llvm::SMLoc());
    mlir::SourceMgrDiagnosticHandler handler(*sourceMgr, &context, os);
    module = parseProgram(sourceMgr, &context);
    if (!module)
      setError(CompileErrorKind::Program, diagnostics.empty()
                                              ? "the program does not parse"
                                              : diagnostics);
  }

  bool ok() const { return errorKind == CompileErrorKind::None; }
  /// A compile error, after the parser's own diagnostics.
  void setCompileError(llvm::Error error) {
    setError(CompileErrorKind::Program,
             diagnostics + llvm::toString(std::move(error)));
  }

private:
  // Declared first: the module below must be destroyed before its context.
  mlir::MLIRContext context;
  std::string diagnostics;
  llvm::raw_string_ostream os;

public:
  CompileErrorKind errorKind = CompileErrorKind::None;
  std::string error;
  CompileOptions options;
  std::optional<TargetDescription> target;
  int64_t cacheMaxBytes = 0;
  mlir::OwningOpRef<mlir::ModuleOp> module;

private:
  static mlir::DialectRegistry makeRegistry() {
    mlir::DialectRegistry registry;
    registerCompilerDialects(registry);
    return registry;
  }

  void setError(CompileErrorKind kind, std::string message) {
    errorKind = kind;
    error = std::move(message);
  }

  bool parseOptions(const CompileRequest &request) {
    for (const auto &[name, value] : request.options) {
      if (llvm::Error err = setCompileOption(options, name, value)) {
        std::string spelled = name;
        std::replace(spelled.begin(), spelled.end(), '_', '-');
        bool known = llvm::is_contained(getCompileOptionNames(), spelled);
        setError(known ? CompileErrorKind::BadOption
                       : CompileErrorKind::UnknownOption,
                 llvm::toString(std::move(err)));
        return false;
      }
    }
    std::optional<int64_t> size = parseByteSize(request.cacheMaxSize);
    if (!size) {
      setError(CompileErrorKind::BadOption,
               "cache_max_size: expected a size like 512M or 1G, got '" +
                   request.cacheMaxSize + "'");
      return false;
    }
    cacheMaxBytes = *size;
    return true;
  }

  bool makeTarget(const CompileRequest &request) {
    llvm::Expected<TargetDescription> host = TargetDescription::host();
    if (!host) {
      setError(CompileErrorKind::BadOption, llvm::toString(host.takeError()));
      return false;
    }
    llvm::Error err = llvm::Error::success();
    if (request.target != "cpu")
      err = host->applyOverrides(request.target);
    // The executable runs in this process: refuse code this CPU cannot run.
    if (!err && host->gpu.empty())
      err = host->checkRunsOnHost();
    if (err) {
      setError(CompileErrorKind::BadOption,
               "target: " + llvm::toString(std::move(err)));
      return false;
    }
    target = std::move(*host);
    return true;
  }
};

} // namespace

CompileResult xla::python::compileProgram(const CompileRequest &request) {
  auto start = std::chrono::steady_clock::now();
  CompileResult result;
  ParsedRequest parsed(request);
  if (!parsed.ok()) {
    result.errorKind = parsed.errorKind;
    result.error = parsed.error;
    return result;
  }
  CacheOutcome outcome = CacheOutcome::Bypassed;
  std::string directory = request.cacheDirectory.empty()
                              ? xla::getDefaultCacheDirectory()
                              : request.cacheDirectory;
  std::optional<CompilationCache> cache;
  if (request.useCache && !directory.empty())
    cache.emplace(directory, parsed.cacheMaxBytes);
  llvm::Expected<std::unique_ptr<runtime::Executable>> exe =
      cache ? compileWithCache(*parsed.module, *parsed.target, parsed.options,
                               *cache, &outcome)
            : compileForJIT(*parsed.module, *parsed.target, parsed.options);
  if (!exe) {
    parsed.setCompileError(exe.takeError());
    result.errorKind = parsed.errorKind;
    result.error = parsed.error;
    return result;
  }
  result.executable = std::move(*exe);
  result.cacheOutcome = toString(outcome).str();
  result.compileSeconds = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - start)
                              .count();
  return result;
}

ReportResult xla::python::reportFusions(const CompileRequest &request) {
  ReportResult result;
  ParsedRequest parsed(request);
  if (parsed.ok()) {
    llvm::Expected<std::string> report =
        xla::reportFusions(*parsed.module, *parsed.target, parsed.options);
    if (report)
      result.report = std::move(*report);
    else
      parsed.setCompileError(report.takeError());
  }
  result.errorKind = parsed.errorKind;
  result.error = parsed.error;
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
