//===- CodeGen.h - LLVM optimization and machine code -------------*- C++ -*-===//

#ifndef XLA_MLIR_LIB_COMPILER_CODEGEN_H
#define XLA_MLIR_LIB_COMPILER_CODEGEN_H

#include "xla-mlir/Compiler/CompileOptions.h"
#include "xla-mlir/Target/TargetDescription.h"

#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>

namespace llvm {
class Module;
} // namespace llvm

namespace xla {

/// True if compiled code can run parallel loops here: the compiler links
/// libomp, which the JIT resolves __kmpc_* from and shared libraries name.
bool hasThreadsRuntime();

/// The LLVM target machine for `target` at `options.optLevel`.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetDescription &target,
                    const CompileOptions &options);

/// Sets the triple and data layout of `module` and runs LLVM's -O<n>.
llvm::Error optimizeModule(llvm::Module &module,
                           const TargetDescription &target,
                           const CompileOptions &options);

} // namespace xla

#endif // XLA_MLIR_LIB_COMPILER_CODEGEN_H
