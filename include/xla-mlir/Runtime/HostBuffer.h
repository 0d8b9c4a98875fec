//===- HostBuffer.h - a dense tensor in host memory ----------------*- C++ -*-===//
//
// The value type of the runtime: an element type, a static shape and
// row-major (C order) storage aligned to 64 bytes, so vector loads in
// generated code never straddle a cache line at the start of a buffer.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_HOSTBUFFER_H
#define XLA_MLIR_RUNTIME_HOSTBUFFER_H

#include "xla-mlir/ABI/DType.h"
#include "xla-mlir/Runtime/Status.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xla::runtime {

/// An element type and a shape, e.g. `tensor<2x3xf32>`.
struct TensorSpec {
  DType dtype;
  std::vector<int64_t> shape;

  /// The byte size, or nullopt if a dimension is negative or the size
  /// does not fit in 63 bits. Specs from users (signatures, .npy headers)
  /// are checked with it before anything is allocated; the two accessors
  /// below assume a checked spec.
  std::optional<size_t> getCheckedByteSize() const;
  int64_t getNumElements() const;
  size_t getByteSize() const;
  /// The MLIR spelling: `tensor<2x3xf32>`.
  std::string str() const;
  bool operator==(const TensorSpec &other) const {
    return dtype == other.dtype && shape == other.shape;
  }
};

class HostBuffer {
public:
  static constexpr size_t kAlignment = 64;

  /// A zero-filled buffer.
  HostBuffer(DType dtype, std::vector<int64_t> shape);
  explicit HostBuffer(const TensorSpec &spec)
      : HostBuffer(spec.dtype, spec.shape) {}

  /// A buffer whose contents are unspecified, for results the program
  /// writes in full (skips zeroing hundreds of MiB per run).
  static HostBuffer uninitialized(const TensorSpec &spec);

  /// A buffer for a spec that comes from outside the process: an error
  /// instead of an abort when the size overflows or the memory cannot be
  /// had.
  static StatusOr<HostBuffer> create(const TensorSpec &spec, bool zeroed);

  HostBuffer(const HostBuffer &other);
  HostBuffer &operator=(const HostBuffer &other);
  HostBuffer(HostBuffer &&other) = default;
  HostBuffer &operator=(HostBuffer &&other) = default;
  ~HostBuffer() = default;

  DType getDType() const { return spec.dtype; }
  const std::vector<int64_t> &getShape() const { return spec.shape; }
  unsigned getRank() const { return spec.shape.size(); }
  const TensorSpec &getSpec() const { return spec; }
  int64_t getNumElements() const { return spec.getNumElements(); }
  size_t getByteSize() const { return spec.getByteSize(); }

  void *data() { return storage.get(); }
  const void *data() const { return storage.get(); }
  template <typename T>
  T *data() {
    return reinterpret_cast<T *>(storage.get());
  }
  template <typename T>
  const T *data() const {
    return reinterpret_cast<const T *>(storage.get());
  }

private:
  /// Storage comes from the runtime's buffer pool.
  struct Deleter {
    void operator()(uint8_t *ptr) const;
  };

  using Storage = std::unique_ptr<uint8_t[], Deleter>;
  /// Null storage when the pool cannot provide the memory.
  static Storage tryAllocate(size_t size, bool zeroed);
  /// As tryAllocate, but aborts with a message (for checked, internal sizes).
  static Storage allocate(size_t size, bool zeroed);
  HostBuffer(const TensorSpec &spec, Storage storage)
      : spec(spec), storage(std::move(storage)) {}

  TensorSpec spec;
  Storage storage;
};

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_HOSTBUFFER_H
