//===- CompileProgram.h - the compile driver behind xla_mlir.compile ----------===//
//
// The Python package's one entry into the compiler, in plain C++ types so
// that the nanobind module (compiled with exceptions and RTTI) includes no
// LLVM or MLIR header: options by their keyword names, the program's text
// or bytecode, and back an Executable or the diagnostics that stopped it.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_PYTHON_COMPILEPROGRAM_H
#define XLA_MLIR_PYTHON_COMPILEPROGRAM_H

#include "xla-mlir/Runtime/Executable.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace xla::python {

struct CompileRequest {
  /// hlo/StableHLO text or MLIR bytecode, and the name diagnostics give it.
  std::string source;
  std::string bufferName = "<source>";
  /// Compile options as (keyword, value) pairs: setCompileOption's names.
  std::vector<std::pair<std::string, std::string>> options;
  /// "cpu" (the host), "cuda", or TargetDescription overrides
  /// (`cpu=haswell,vector-bits=256`).
  std::string target = "cpu";
  /// The persistent compilation cache (Compiler/CompilationCache.h); an
  /// empty directory means the default one.
  bool useCache = true;
  std::string cacheDirectory;
  std::string cacheMaxSize = "1G";
};

enum class CompileErrorKind {
  None,
  /// An unknown keyword (Python: TypeError).
  UnknownOption,
  /// A bad option value or target (Python: ValueError).
  BadOption,
  /// The program did not parse, verify or compile (Python: CompileError).
  Program,
};

struct CompileResult {
  std::unique_ptr<runtime::Executable> executable;
  CompileErrorKind errorKind = CompileErrorKind::None;
  /// The diagnostics, "file:line:col: error: ..." with the source line.
  std::string error;
  /// "hit", "miss", "corrupt" or "bypassed" (compiled without the cache).
  std::string cacheOutcome;
  double compileSeconds = 0;
};

/// Parses, verifies and compiles for this process (JIT, or a library
/// loaded from the compilation cache). Safe to call from several threads.
CompileResult compileProgram(const CompileRequest &request);

/// The fusion report (Compiler.h: reportFusions) of the program that
/// compileProgram would compile for `request`, as JSON in `error`'s stead:
/// `report` on success, else the error as compileProgram gives it.
struct ReportResult {
  std::string report;
  CompileErrorKind errorKind = CompileErrorKind::None;
  std::string error;
};
ReportResult reportFusions(const CompileRequest &request);

/// The keywords compileProgram accepts in `options`, spelled with '_'.
std::vector<std::string> getCompileOptionKeywords();

} // namespace xla::python

#endif // XLA_MLIR_PYTHON_COMPILEPROGRAM_H
