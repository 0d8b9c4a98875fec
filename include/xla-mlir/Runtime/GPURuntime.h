//===- GPURuntime.h - running GPU programs on the CUDA driver -----*- C++ -*-===//
//
// The runtime side of ABI/GPUABI.h. It loads the CUDA driver
// (libcuda.so.1) with dlopen on first use, so the runtime links nothing of
// CUDA and runs CPU programs on machines without it; a GPU program on such
// a machine fails with an error that says what is missing. One device (the
// first, or $XLA_GPU_DEVICE), its primary context and one stream serve every
// program of the process. Device buffers come from the driver's
// stream-ordered memory pool (cuMemAllocAsync), which keeps freed memory
// for reuse instead of returning it after each run.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_GPURUNTIME_H
#define XLA_MLIR_RUNTIME_GPURUNTIME_H

#include "xla-mlir/Runtime/Status.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace xla::runtime {

/// Success if a CUDA driver and device can be used; else why not.
Status gpuAvailable();

/// The device's name, e.g. "NVIDIA H100 80GB HBM3" (empty if none).
std::string gpuDeviceName();

struct GPUStats {
  /// Device bytes allocated by programs and not yet freed, and the most
  /// there ever were.
  uint64_t bytesInUse = 0;
  uint64_t peakBytesInUse = 0;
  uint64_t launches = 0;
};

GPUStats gpuStats();
void gpuResetPeak();

/// Kernel times, measured with CUDA events around every launch while
/// $XLA_GPU_TIMING is set (otherwise empty): per kernel name, the launches
/// and their total milliseconds, summed over runs since the last reset.
struct GPUKernelTime {
  std::string kernel;
  uint64_t launches = 0;
  double milliseconds = 0;
};
bool gpuTimingEnabled();
std::vector<GPUKernelTime> gpuKernelTimes();
void gpuResetKernelTimes();

/// Collects the errors of the GPU calls a program makes while it runs
/// (they cannot return one) and, at the end, waits for the stream. The
/// images whose kernels it launches are added to `images`, and their
/// modules are held for it until gpuReleaseModules.
class GPUExecutionScope {
public:
  explicit GPUExecutionScope(std::set<const void *> *images = nullptr);
  ~GPUExecutionScope();
  GPUExecutionScope(const GPUExecutionScope &) = delete;
  GPUExecutionScope &operator=(const GPUExecutionScope &) = delete;

  /// Waits for the work of the run and returns its first error.
  Status finish();

private:
  std::string *previous;
  std::set<const void *> *previousImages;
  std::string error;
};

/// Releases the modules of `images` that a GPUExecutionScope recorded, and
/// unloads those no other executable holds; called before the memory that
/// holds the images goes, since the runtime finds a module by its image's
/// address, which a program loaded later could reuse for other kernels.
void gpuReleaseModules(const std::set<const void *> &images);

/// The implementation of the GPU import `name` (ABI/GPUABI.h), or nullptr.
void *lookupGPURuntimeSymbol(const char *name);

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_GPURUNTIME_H
