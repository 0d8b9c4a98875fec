//===- RuntimeSymbols.cpp - what the JIT binds external symbols to --------===//

#include "RuntimeSymbols.h"

#include "xla-mlir/Runtime/BufferPool.h"
#include "xla-mlir/Runtime/CheckABI.h"
#include "xla-mlir/Runtime/Checks.h"
#include "xla-mlir/Runtime/CustomCallABI.h"
#include "xla-mlir/Runtime/CustomCallRegistry.h"

#include <cstring>

using namespace xla::runtime;

namespace {

/// An unranked memref as the LLVM lowering passes it by pointer.
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

/// memref.copy between non-identity layouts lowers to a call of
/// `memrefCopy(elementSize, src, dst)` (the name and contract of MLIR's C
/// runner utilities). Copies element by element in row-major order.
void memrefCopy(int64_t elementSize, UnrankedMemRef *src, UnrankedMemRef *dst) {
  int64_t rank = src->rank;
  auto *srcFields = static_cast<char **>(src->descriptor);
  auto *dstFields = static_cast<char **>(dst->descriptor);
  char *srcData = srcFields[1];
  char *dstData = dstFields[1];
  auto *srcInts = reinterpret_cast<int64_t *>(srcFields + 2);
  auto *dstInts = reinterpret_cast<int64_t *>(dstFields + 2);
  int64_t *sizes = srcInts + 1;
  int64_t *srcStrides = srcInts + 1 + rank;
  int64_t *dstStrides = dstInts + 1 + rank;
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d)
    count *= sizes[d];
  if (count == 0)
    return;
  llvm::SmallVector<int64_t> index(rank, 0);
  int64_t srcOffset = srcInts[0], dstOffset = dstInts[0];
  for (int64_t n = 0; n < count; ++n) {
    std::memcpy(dstData + dstOffset * elementSize,
                srcData + srcOffset * elementSize, elementSize);
    for (int64_t d = rank - 1; d >= 0; --d) {
      srcOffset += srcStrides[d];
      dstOffset += dstStrides[d];
      if (++index[d] < sizes[d])
        break;
      srcOffset -= sizes[d] * srcStrides[d];
      dstOffset -= sizes[d] * dstStrides[d];
      index[d] = 0;
    }
  }
}

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
  if (name == "memrefCopy")
    return reinterpret_cast<void *>(&memrefCopy);
  if (name == "_mlir_memref_to_llvm_alloc")
    return reinterpret_cast<void *>(&memrefAlloc);
  if (name == "_mlir_memref_to_llvm_aligned_alloc")
    return reinterpret_cast<void *>(&memrefAlignedAlloc);
  if (name == "_mlir_memref_to_llvm_free")
    return reinterpret_cast<void *>(&memrefFree);
  return nullptr;
}
