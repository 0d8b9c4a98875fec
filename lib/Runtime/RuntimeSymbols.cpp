//===- RuntimeSymbols.cpp - the functions programs import -----------------===//

#include "RuntimeSymbols.h"

#include "xla-mlir/ABI/CheckABI.h"
#include "xla-mlir/ABI/CustomCallABI.h"
#include "xla-mlir/ABI/EntryABI.h"
#include "xla-mlir/ABI/GPUABI.h"
#include "xla-mlir/Runtime/BufferPool.h"
#include "xla-mlir/Runtime/Checks.h"
#include "xla-mlir/Runtime/CustomCallRegistry.h"
#include "xla-mlir/Runtime/GPUEmulator.h"
#include "xla-mlir/Runtime/GPURuntime.h"
#include "xla-mlir/Runtime/CodeSupport.h"

#include <string>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace xla::runtime;

namespace {

/// Generated code has no error path for a temporary it cannot allocate: it
/// would write through a null pointer. Say what happened instead. (Entry
/// inputs and results, allocated by the runtime, fail with an error.)
void *checkedAllocation(void *ptr, uint64_t size) {
  if (!ptr) {
    std::fprintf(stderr,
                 "xla-mlir runtime: out of memory for a temporary buffer of "
                 "%llu bytes of the running program\n",
                 static_cast<unsigned long long>(size));
    std::abort();
  }
  return ptr;
}

void *memrefAlloc(uint64_t size) {
  return checkedAllocation(poolAllocate(size), size);
}
void *memrefAlignedAlloc(uint64_t alignment, uint64_t size) {
  return checkedAllocation(poolAllocate(size, alignment), size);
}
void memrefFree(void *ptr) { poolFree(ptr); }

} // namespace

void *xla::runtime::lookupRuntimeSymbol(std::string_view name) {
  // One declaration per element type (a declaration has one signature),
  // all with the same C ABI.
  if (name.substr(0, sizeof(kCheckSymbolPrefix) - 1) == kCheckSymbolPrefix)
    return reinterpret_cast<void *>(&runtimeCheck);
  if (name == kCustomCallSymbol)
    return reinterpret_cast<void *>(&dispatchCustomCall);
  if (name == kAllocSymbol)
    return reinterpret_cast<void *>(&memrefAlloc);
  if (name == kAlignedAllocSymbol)
    return reinterpret_cast<void *>(&memrefAlignedAlloc);
  if (name == kFreeSymbol)
    return reinterpret_cast<void *>(&memrefFree);
  if (name == kMemrefCopySymbol)
    return reinterpret_cast<void *>(&memrefCopy);
  if (name.substr(0, sizeof(kGPUEmulatorSymbolPrefix) - 1) ==
      kGPUEmulatorSymbolPrefix)
    return lookupGPUEmulatorSymbol(std::string(name).c_str());
  if (name.substr(0, sizeof(kGPUSymbolPrefix) - 1) == kGPUSymbolPrefix)
    return lookupGPURuntimeSymbol(std::string(name).c_str());
  return nullptr;
}
