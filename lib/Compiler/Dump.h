//===- Dump.h - --dump-to: what the compiler did, as files --------*- C++ -*-===//
//
// Our counterpart of XLA's --xla_dump_to (file names in docs/dumps.md).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_COMPILER_DUMP_H
#define XLA_MLIR_LIB_COMPILER_DUMP_H

#include "xla-mlir/Compiler/CompileOptions.h"
#include "xla-mlir/Target/TargetDescription.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>

namespace xla {

struct CompiledModule;

/// The dump directory: the `dump-to` option, else $XLA_DUMP_TO, else "".
std::string getDumpDirectory(const CompileOptions &options);

/// Creates `dir`, writes the program as the pipeline receives it
/// (input.mlir) and has `pm` write the IR after every pass that changes it
/// under `dir`/passes. Multithreading of the module's context is turned
/// off: module-scope printing needs it.
llvm::Error startDump(llvm::StringRef dir, mlir::ModuleOp program,
                      mlir::PassManager &pm);

/// Where the pipeline writes the fusion report (without extension).
std::string getFusionReportPath(llvm::StringRef dir);

/// The memory report's path in `dir`, without its extension.
std::string getMemoryReportPath(llvm::StringRef dir);

/// Where a GPU program's kernels go as PTX text in a dump: DIR/ptx/.
std::string getPTXDumpPath(llvm::StringRef dir);

/// Writes the optimized LLVM IR (program.ll) and the assembly
/// (program.s) of `compiled`, and renders the fusion graph as
/// fusion_report.svg when Graphviz's `dot` is on PATH.
/// Writes each part of a program split for code generation
/// (PartitionProgram.h) as `parts/part_<N>.mlir`.
llvm::Error dumpParts(llvm::StringRef dir,
                      llvm::ArrayRef<mlir::OwningOpRef<mlir::ModuleOp>> parts);

llvm::Error finishDump(llvm::StringRef dir, const CompiledModule &compiled,
                       const TargetDescription &target,
                       const CompileOptions &options);

} // namespace xla

#endif // XLA_MLIR_LIB_COMPILER_DUMP_H
