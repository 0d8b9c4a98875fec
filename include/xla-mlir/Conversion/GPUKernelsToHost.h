//===- GPUKernelsToHost.h - GPU kernels compiled for the host ----*- C++ -*-===//
//
// The names `xla-gpu-kernels-to-host` gives what it moves into the host
// module, which `xla-gpu-to-runtime` (emulated) launches.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_CONVERSION_GPUKERNELSTOHOST_H
#define XLA_MLIR_CONVERSION_GPUKERNELSTOHOST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace xla {

/// A symbol of GPU module `module` once moved into the host module.
inline std::string emulatedSymbolName(llvm::StringRef module,
                                      llvm::StringRef symbol) {
  return (llvm::Twine(module) + "__" + symbol).str();
}

/// The host function that runs one thread of kernel `kernel` of `module`
/// from the launch's 64-bit parameter slots: `void(const uint64_t *)`.
inline std::string emulatedKernelEntryName(llvm::StringRef module,
                                           llvm::StringRef kernel) {
  return emulatedSymbolName(module, kernel) + "__entry";
}

/// On a kernel's entry: the kernel synchronizes its threads (barriers,
/// shuffles), so the emulator runs them as fibers.
constexpr const char kEmulatedSynchronizesAttrName[] =
    "xla.gpu_emulator.synchronizes";

/// On a kernel's entry: the bytes of shared memory its block needs.
constexpr const char kEmulatedSharedBytesAttrName[] =
    "xla.gpu_emulator.shared_bytes";

/// On the object of the gpu.binary left in place of a moved GPU module (the
/// launches still name it).
constexpr const char kEmulatedObjectAttrName[] = "xla.gpu_emulator.host";

} // namespace xla

#endif // XLA_MLIR_CONVERSION_GPUKERNELSTOHOST_H
