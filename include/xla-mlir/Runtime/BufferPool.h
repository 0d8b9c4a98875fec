//===- BufferPool.h - reuse of large temporary buffers ------------*- C++ -*-===//
//
// Compiled programs allocate their temporaries through the pool (the
// pipeline's `runtime-alloc` option). Large blocks are kept when freed and
// handed out again by size class, so a program run in a loop stops paying
// for fresh pages: on the development machine the first write to a new
// 64 MiB buffer costs ~34 ms of page faults, a reused one ~2.5 ms.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_BUFFERPOOL_H
#define XLA_MLIR_RUNTIME_BUFFERPOOL_H

#include <cstddef>
#include <cstdint>

namespace xla::runtime {

struct BufferPoolStats {
  /// Bytes handed out and not yet freed, and the most there ever were.
  uint64_t bytesInUse = 0;
  uint64_t peakBytesInUse = 0;
  /// The bytes those blocks were asked for (without the rounding up to a
  /// size class, and counting the small blocks that bypass the pool), and
  /// the most there ever were: the live buffers' own size, as XLA's
  /// memory_analysis() counts it.
  uint64_t bytesRequested = 0;
  uint64_t peakBytesRequested = 0;
  /// Bytes held in free lists for reuse.
  uint64_t bytesCached = 0;
  /// Large allocations served from a free list, and those that were not.
  uint64_t reused = 0;
  uint64_t fresh = 0;
};

/// Allocates `size` bytes aligned to `alignment` (a power of two).
void *poolAllocate(size_t size, size_t alignment = 64);
/// Frees a block of poolAllocate (nullptr is ignored).
void poolFree(void *ptr);

BufferPoolStats poolStats();
/// Resets the peak to the bytes in use now.
void poolResetPeak();
/// Returns every cached block to the system.
void poolTrim();

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_BUFFERPOOL_H
