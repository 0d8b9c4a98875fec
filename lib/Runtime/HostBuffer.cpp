//===- HostBuffer.cpp - element types and host buffers --------------------===//

#include "xla-mlir/Runtime/HostBuffer.h"
#include "xla-mlir/Runtime/BufferPool.h"

#include "llvm/Support/MemAlloc.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace xla::runtime;

size_t xla::runtime::getByteWidth(DType dtype) {
  switch (dtype) {
  case DType::I1:
  case DType::I2:
  case DType::I4:
  case DType::I8:
  case DType::UI2:
  case DType::UI4:
  case DType::UI8:
    return 1;
  case DType::I16:
  case DType::UI16:
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::I32:
  case DType::UI32:
  case DType::F32:
    return 4;
  case DType::I64:
  case DType::UI64:
  case DType::F64:
  case DType::Complex64:
    return 8;
  case DType::Complex128:
    return 16;
  }
  return 1;
}

unsigned xla::runtime::getIntegerBitWidth(DType dtype) {
  switch (dtype) {
  case DType::I1:
    return 1;
  case DType::I2:
  case DType::UI2:
    return 2;
  case DType::I4:
  case DType::UI4:
    return 4;
  case DType::I8:
  case DType::UI8:
    return 8;
  case DType::I16:
  case DType::UI16:
    return 16;
  case DType::I32:
  case DType::UI32:
    return 32;
  case DType::I64:
  case DType::UI64:
    return 64;
  default:
    return 0;
  }
}

bool xla::runtime::isFloat(DType dtype) {
  return dtype == DType::F16 || dtype == DType::BF16 || dtype == DType::F32 ||
         dtype == DType::F64;
}

bool xla::runtime::isComplex(DType dtype) {
  return dtype == DType::Complex64 || dtype == DType::Complex128;
}

bool xla::runtime::isUnsigned(DType dtype) {
  return dtype == DType::UI2 || dtype == DType::UI4 || dtype == DType::UI8 ||
         dtype == DType::UI16 || dtype == DType::UI32 || dtype == DType::UI64;
}

bool xla::runtime::isSignedInteger(DType dtype) {
  return getIntegerBitWidth(dtype) > 1 && !isUnsigned(dtype);
}

llvm::StringRef xla::runtime::getName(DType dtype) {
  switch (dtype) {
  case DType::I1:
    return "i1";
  case DType::I2:
    return "i2";
  case DType::I4:
    return "i4";
  case DType::I8:
    return "i8";
  case DType::I16:
    return "i16";
  case DType::I32:
    return "i32";
  case DType::I64:
    return "i64";
  case DType::UI2:
    return "ui2";
  case DType::UI4:
    return "ui4";
  case DType::UI8:
    return "ui8";
  case DType::UI16:
    return "ui16";
  case DType::UI32:
    return "ui32";
  case DType::UI64:
    return "ui64";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::F32:
    return "f32";
  case DType::F64:
    return "f64";
  case DType::Complex64:
    return "complex<f32>";
  case DType::Complex128:
    return "complex<f64>";
  }
  return "?";
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
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "tensor<";
  for (int64_t size : shape)
    os << size << "x";
  os << getName(dtype) << ">";
  return text;
}

void HostBuffer::Deleter::operator()(uint8_t *ptr) const { poolFree(ptr); }

HostBuffer::Storage HostBuffer::allocate(size_t size, bool zeroed) {
  // Never zero bytes, so data() is a valid pointer even for empty tensors.
  size_t allocated = std::max(size, kAlignment);
  // From the buffer pool: results of a program run in a loop reuse the
  // pages of the previous run's results.
  auto *ptr = static_cast<uint8_t *>(poolAllocate(allocated, kAlignment));
  if (!ptr)
    llvm::report_bad_alloc_error("out of memory for a host buffer");
  if (zeroed)
    std::memset(ptr, 0, allocated);
  return Storage(ptr, Deleter{});
}

HostBuffer HostBuffer::uninitialized(const TensorSpec &spec) {
  return HostBuffer(spec, allocate(spec.getByteSize(), /*zeroed=*/false));
}

HostBuffer::HostBuffer(DType dtype, llvm::ArrayRef<int64_t> shape)
    : spec{dtype, llvm::SmallVector<int64_t>(shape)},
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
