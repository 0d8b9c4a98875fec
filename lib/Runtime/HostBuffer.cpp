//===- HostBuffer.cpp - dense tensors in host memory ----------------------===//

#include "xla-mlir/Runtime/HostBuffer.h"
#include "xla-mlir/Runtime/BufferPool.h"

#include <algorithm>
#include <cstring>
#include <cstdio>
#include <cstdlib>

using namespace xla::runtime;

std::optional<size_t> TensorSpec::getCheckedByteSize() const {
  uint64_t bytes = getByteWidth(dtype);
  bool overflow = false;
  for (int64_t size : shape) {
    if (size < 0)
      return std::nullopt;
    if (size == 0)
      return 0;
    overflow |= __builtin_mul_overflow(bytes, uint64_t(size), &bytes);
  }
  // Sizes above 2^63 also overflow the signed arithmetic of generated code.
  if (overflow || bytes > uint64_t(INT64_MAX))
    return std::nullopt;
  return bytes;
}

int64_t TensorSpec::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

size_t TensorSpec::getByteSize() const {
  return static_cast<size_t>(getNumElements()) * getByteWidth(dtype);
}

std::string TensorSpec::str() const {
  std::string text = "tensor<";
  for (int64_t size : shape)
    text += std::to_string(size) + "x";
  return text + getName(dtype) + ">";
}

void HostBuffer::Deleter::operator()(uint8_t *ptr) const { poolFree(ptr); }

HostBuffer::Storage HostBuffer::tryAllocate(size_t size, bool zeroed) {
  // Never zero bytes, so data() is a valid pointer even for empty tensors.
  size_t allocated = std::max(size, kAlignment);
  // From the buffer pool: results of a program run in a loop reuse the
  // pages of the previous run's results.
  auto *ptr = static_cast<uint8_t *>(poolAllocate(allocated, kAlignment));
  if (ptr && zeroed)
    std::memset(ptr, 0, allocated);
  return Storage(ptr, Deleter{});
}

HostBuffer::Storage HostBuffer::allocate(size_t size, bool zeroed) {
  Storage storage = tryAllocate(size, zeroed);
  if (!storage)
    // The same end as operator new without exceptions (LLVM's build flags
    // turn them off).
    std::fprintf(stderr, "out of memory for a host buffer of %zu bytes\n",
                 size), std::abort();
  return storage;
}

StatusOr<HostBuffer> HostBuffer::create(const TensorSpec &spec,
                                         bool zeroed) {
  std::optional<size_t> bytes = spec.getCheckedByteSize();
  if (!bytes)
    return Status::error("the size of " + spec.str() +
                         " overflows 64 bits");
  Storage storage = tryAllocate(*bytes, zeroed);
  if (!storage)
    return Status::error("out of memory for a buffer of " + spec.str() +
                         " (" + std::to_string(*bytes) + " bytes)");
  return HostBuffer(spec, std::move(storage));
}

HostBuffer HostBuffer::uninitialized(const TensorSpec &spec) {
  return HostBuffer(spec, allocate(spec.getByteSize(), /*zeroed=*/false));
}

HostBuffer::HostBuffer(DType dtype, std::vector<int64_t> shape)
    : spec{dtype, std::move(shape)},
      storage(allocate(spec.getByteSize(), /*zeroed=*/true)) {}

HostBuffer::HostBuffer(const HostBuffer &other)
    : spec(other.spec), storage(allocate(spec.getByteSize(), /*zeroed=*/true)) {
  std::memcpy(storage.get(), other.storage.get(), spec.getByteSize());
}

HostBuffer &HostBuffer::operator=(const HostBuffer &other) {
  if (this != &other)
    *this = HostBuffer(other);
  return *this;
}
