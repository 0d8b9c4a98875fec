//===- RuntimeSymbols.h - what the JIT binds external symbols to -*- C++ -*-===//
//
// Every external function a lowered program declares is either provided by
// the runtime (checks, memref copies, the custom-call dispatcher, the buffer
// pool's allocation functions) or left to the process (the libm functions
// the math lowering calls). Nothing is resolved from a name the program chose freely:
// user-written declarations are rejected before lowering.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_RUNTIME_RUNTIMESYMBOLS_H
#define XLA_MLIR_LIB_RUNTIME_RUNTIMESYMBOLS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/Error.h"

namespace xla::runtime {

/// The runtime's implementation of the external function `decl`, nullptr if
/// the process provides it, or an error for a symbol in the runtime's
/// namespace that nothing implements.
llvm::Expected<void *> resolveRuntimeSymbol(mlir::LLVM::LLVMFuncOp decl);

} // namespace xla::runtime

#endif // XLA_MLIR_LIB_RUNTIME_RUNTIMESYMBOLS_H
