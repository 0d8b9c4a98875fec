//===- CommandLine.h - compile options as tool flags --------------*- C++ -*-===//
//
// The flags every compiling tool shares, spelled like CompileOptions and
// the `--hlo-cpu-pipeline` options: --entry, the HLO stage's --inline,
// --hlo-simplify, --fold-constants, --fold-limit, --cse and --dce, then
// --fusion, --reduction-block,
// --vectorize, --parallel-loops, --runtime-alloc, --opt-level,
// --export-name, --max-tensor-size (K/M/G/T suffixes), and --target
// (TargetDescription overrides, e.g.
// --target=cpu=haswell or --target=vector-bits=256).
//
//   xla::registerCompileCLOptions(category);   // before ParseCommandLine
//   auto options = xla::getCompileOptionsFromCL();
//   auto target = xla::getTargetFromCL();      // host + --target
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_COMPILER_COMMANDLINE_H
#define XLA_MLIR_COMPILER_COMMANDLINE_H

#include "xla-mlir/Compiler/CompileOptions.h"
#include "xla-mlir/Target/TargetDescription.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace xla {

/// Registers the flags in `category` (once per process), with `defaults`
/// as the tool's defaults.
void registerCompileCLOptions(llvm::cl::OptionCategory &category,
                              const CompileOptions &defaults = {});

/// True if the flag `name` was given on the command line.
bool isFlagGiven(llvm::StringRef name);

/// The options the flags set.
llvm::Expected<CompileOptions> getCompileOptionsFromCL();

/// The host's description with the --target overrides applied.
llvm::Expected<TargetDescription> getTargetFromCL();

/// Sets the option `name` of `options` from `value`, spelled like the flag
/// (`fusion`, `opt-level`; '_' may stand for '-', as in Python keywords)
/// and parsed like it (booleans: true/false/1/0/on/off; sizes with K, M,
/// G, T). The Python package's keywords go through here.
llvm::Error setCompileOption(CompileOptions &options, llvm::StringRef name,
                             llvm::StringRef value);

/// The names setCompileOption accepts, in the flags' spelling.
llvm::ArrayRef<llvm::StringRef> getCompileOptionNames();

/// A report to time the compilation in when --time-compile was given
/// (set CompileOptions::timeReport to it), else nullptr.
std::unique_ptr<CompileTimeReport> createTimeReportFromCL();

} // namespace xla

#endif // XLA_MLIR_COMPILER_COMMANDLINE_H
