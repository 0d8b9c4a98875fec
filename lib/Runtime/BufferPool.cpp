//===- BufferPool.cpp - reuse of large temporary buffers ------------------===//
//
// Every block carries a 64-byte header in front of the pointer handed out:
// the start of the underlying allocation, the size class (or none for small
// and over-aligned blocks) and the requested size. Small blocks go straight
// to malloc, whose arenas already reuse memory without page faults; only
// blocks of at least kMinPooled bytes, which glibc maps and unmaps on every
// allocation, are pooled.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Runtime/BufferPool.h"


#include <cstdlib>
#include <mutex>
#include <vector>

using namespace xla::runtime;

namespace {

constexpr size_t kHeader = 64;
constexpr size_t kMinPooled = 64 * 1024;
/// Above this many cached bytes, freed blocks go back to the system.
constexpr uint64_t kMaxCached = uint64_t(4) << 30;
constexpr uint32_t kNoClass = ~0u;

struct Header {
  void *base;
  uint64_t size;
  uint32_t sizeClass;
};
static_assert(sizeof(Header) <= kHeader);

/// Four classes per power of two above kMinPooled: at most 25% slack.
uint32_t classOf(size_t size) {
  unsigned log = 63 - __builtin_clzll(size);
  size_t quarter = (size_t(1) << log) / 4;
  uint32_t step = (size - (size_t(1) << log) + quarter - 1) / quarter;
  return log * 4 + step;
}

size_t classSize(uint32_t sizeClass) {
  size_t base = size_t(1) << (sizeClass / 4);
  return base + (sizeClass % 4) * (base / 4);
}

struct Pool {
  std::mutex mutex;
  std::vector<std::vector<void *>> freeLists;
  BufferPoolStats stats;

  ~Pool() { trim(); }

  /// Counts `size` requested bytes (under the mutex).
  void request(uint64_t size) {
    stats.bytesRequested += size;
    stats.peakBytesRequested =
        std::max(stats.peakBytesRequested, stats.bytesRequested);
  }

  void trim() {
    for (auto &list : freeLists) {
      for (void *base : list)
        std::free(base);
      list.clear();
    }
    stats.bytesCached = 0;
  }
};

Pool &pool() {
  static Pool instance;
  return instance;
}

void *place(void *base, size_t alignment, uint64_t size, uint32_t sizeClass) {
  auto address = reinterpret_cast<uintptr_t>(base) + kHeader;
  address = (address + alignment - 1) / alignment * alignment;
  auto *header = reinterpret_cast<Header *>(address - kHeader);
  *header = Header{base, size, sizeClass};
  return reinterpret_cast<void *>(address);
}

} // namespace

void *xla::runtime::poolAllocate(size_t size, size_t alignment) {
  alignment = std::max<size_t>(alignment, 16);
  // No machine has that much memory, and the header, alignment and size
  // class arithmetic below must not wrap around.
  if (size > (SIZE_MAX >> 2) || alignment > (size_t(1) << 30))
    return nullptr;
  Pool &p = pool();
  if (size < kMinPooled || alignment > kHeader) {
    void *base = std::malloc(size + kHeader + alignment);
    if (!base)
      return nullptr;
    std::lock_guard<std::mutex> lock(p.mutex);
    p.request(size);
    return place(base, alignment, size, kNoClass);
  }
  uint32_t sizeClass = classOf(size);
  void *base = nullptr;
  {
    std::lock_guard<std::mutex> lock(p.mutex);
    p.request(size);
    if (sizeClass < p.freeLists.size() && !p.freeLists[sizeClass].empty()) {
      base = p.freeLists[sizeClass].back();
      p.freeLists[sizeClass].pop_back();
      p.stats.bytesCached -= classSize(sizeClass);
      ++p.stats.reused;
    } else {
      ++p.stats.fresh;
    }
    p.stats.bytesInUse += classSize(sizeClass);
    p.stats.peakBytesInUse =
        std::max(p.stats.peakBytesInUse, p.stats.bytesInUse);
  }
  if (!base)
    base = std::aligned_alloc(kHeader, classSize(sizeClass) + kHeader);
  if (!base) {
    std::lock_guard<std::mutex> lock(p.mutex);
    p.stats.bytesInUse -= classSize(sizeClass);
    p.stats.bytesRequested -= size;
    return nullptr;
  }
  return place(base, kHeader, size, sizeClass);
}

void xla::runtime::poolFree(void *ptr) {
  if (!ptr)
    return;
  auto *header = reinterpret_cast<Header *>(static_cast<char *>(ptr) - kHeader);
  Pool &p = pool();
  if (header->sizeClass == kNoClass) {
    {
      std::lock_guard<std::mutex> lock(p.mutex);
      p.stats.bytesRequested -= header->size;
    }
    std::free(header->base);
    return;
  }
  uint32_t sizeClass = header->sizeClass;
  void *base = header->base;
  std::lock_guard<std::mutex> lock(p.mutex);
  p.stats.bytesInUse -= classSize(sizeClass);
  p.stats.bytesRequested -= header->size;
  if (p.stats.bytesCached + classSize(sizeClass) > kMaxCached) {
    std::free(base);
    return;
  }
  if (p.freeLists.size() <= sizeClass)
    p.freeLists.resize(sizeClass + 1);
  p.freeLists[sizeClass].push_back(base);
  p.stats.bytesCached += classSize(sizeClass);
}

BufferPoolStats xla::runtime::poolStats() {
  Pool &p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  return p.stats;
}

void xla::runtime::poolResetPeak() {
  Pool &p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.stats.peakBytesInUse = p.stats.bytesInUse;
  p.stats.peakBytesRequested = p.stats.bytesRequested;
}

void xla::runtime::poolTrim() {
  Pool &p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.trim();
}
