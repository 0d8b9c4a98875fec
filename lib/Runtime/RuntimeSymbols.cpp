//===- RuntimeSymbols.cpp - what the JIT binds external symbols to --------===//

#include "RuntimeSymbols.h"

#include "xla-mlir/Runtime/BufferPool.h"
#include "xla-mlir/Runtime/CheckABI.h"
#include "xla-mlir/Runtime/Checks.h"
#include "xla-mlir/Runtime/CustomCallABI.h"
#include "xla-mlir/Runtime/CustomCallRegistry.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

using namespace xla::runtime;

namespace {

/// The allocation functions of `finalize-memref-to-llvm{use-generic-functions}`
/// (the pipeline's runtime-alloc option), served by the buffer pool.
void *memrefAlloc(uint64_t size) { return poolAllocate(size); }
void *memrefAlignedAlloc(uint64_t alignment, uint64_t size) {
  return poolAllocate(size, alignment);
}
void memrefFree(void *ptr) { poolFree(ptr); }

} // namespace

llvm::Expected<void *>
xla::runtime::resolveRuntimeSymbol(mlir::LLVM::LLVMFuncOp decl) {
  llvm::StringRef name = decl.getSymName();
  if (name.starts_with(kCheckSymbolPrefix))
    return reinterpret_cast<void *>(&runtimeCheck);
  if (name == kCustomCallSymbol)
    return reinterpret_cast<void *>(&dispatchCustomCall);
  // memref.copy between non-identity layouts: MLIR's C runner utilities
  // implement the call the LLVM lowering emits.
  if (name == "memrefCopy")
    return reinterpret_cast<void *>(&::memrefCopy);
  if (name == "_mlir_memref_to_llvm_alloc")
    return reinterpret_cast<void *>(&memrefAlloc);
  if (name == "_mlir_memref_to_llvm_aligned_alloc")
    return reinterpret_cast<void *>(&memrefAlignedAlloc);
  if (name == "_mlir_memref_to_llvm_free")
    return reinterpret_cast<void *>(&memrefFree);
  return nullptr;
}
