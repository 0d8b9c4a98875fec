//===- GPUEmulator.h - GPU programs run on the host, for testing --*- C++ -*-===//
//
// The runtime side of emulated GPU programs (ABI/GPUABI.h, `--gpu-emulate`):
// the same host code as on a GPU, the kernels compiled for the host and run
// by this emulator, so that a machine without a GPU can check what the
// GPU code generation computes. Nothing here needs CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_GPUEMULATOR_H
#define XLA_MLIR_RUNTIME_GPUEMULATOR_H

#include "xla-mlir/Runtime/Status.h"

#include <cstdint>
#include <string>

namespace xla::runtime {

/// Collects the first error of the emulated GPU calls a program makes while
/// it runs (a deadlock at a barrier, say: a compiler bug); later launches
/// of the run do nothing.
class GPUEmulatorScope {
public:
  GPUEmulatorScope();
  ~GPUEmulatorScope();
  GPUEmulatorScope(const GPUEmulatorScope &) = delete;
  GPUEmulatorScope &operator=(const GPUEmulatorScope &) = delete;

  Status finish();

private:
  std::string *previous;
  std::string error;
};

/// The implementation of the emulator import `name`, or nullptr.
void *lookupGPUEmulatorSymbol(const char *name);

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_GPUEMULATOR_H
