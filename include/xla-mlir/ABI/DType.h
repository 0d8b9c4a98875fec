//===- DType.h - element types that cross the runtime boundary ----*- C++ -*-===//
//
// Part of the ABI between generated code and the runtime: header-only, with
// no dependency, so both the compiler (which emits these codes) and the
// runtime (which reads them) include it without linking each other.
// check-lower-to-runtime and custom-call-lower-to-runtime pass the numeric
// codes to the runtime, and compiled artifacts store them in their
// signature, so they never change; new types are appended.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_ABI_DTYPE_H
#define XLA_MLIR_ABI_DTYPE_H

#include <cstddef>
#include <cstdint>

namespace xla::runtime {

enum class DType : int32_t {
  I1 = 0,
  I8 = 1,
  I16 = 2,
  I32 = 3,
  I64 = 4,
  UI8 = 5,
  UI16 = 6,
  UI32 = 7,
  UI64 = 8,
  F16 = 9,
  BF16 = 10,
  F32 = 11,
  F64 = 12,
  Complex64 = 13,
  Complex128 = 14,
  // Sub-byte integers occupy one byte per element in memory (that is how
  // LLVM lays out memrefs of i2/i4); only the low bits are meaningful.
  I2 = 15,
  I4 = 16,
  UI2 = 17,
  UI4 = 18,
};

/// The largest valid code, for validating codes that come from generated
/// code or from an artifact's signature.
constexpr int32_t kMaxDTypeCode = static_cast<int32_t>(DType::UI4);

/// Bits of an integer type (1 for i1); 0 for floats and complex.
constexpr unsigned getIntegerBitWidth(DType dtype) {
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

constexpr bool isFloat(DType dtype) {
  return dtype == DType::F16 || dtype == DType::BF16 || dtype == DType::F32 ||
         dtype == DType::F64;
}

constexpr bool isComplex(DType dtype) {
  return dtype == DType::Complex64 || dtype == DType::Complex128;
}

constexpr bool isUnsigned(DType dtype) {
  return dtype == DType::UI2 || dtype == DType::UI4 || dtype == DType::UI8 ||
         dtype == DType::UI16 || dtype == DType::UI32 || dtype == DType::UI64;
}

constexpr bool isSignedInteger(DType dtype) {
  return getIntegerBitWidth(dtype) > 1 && !isUnsigned(dtype);
}

/// Bytes one element occupies in memory.
constexpr size_t getByteWidth(DType dtype) {
  switch (dtype) {
  case DType::F16:
  case DType::BF16:
    return 2;
  case DType::F32:
    return 4;
  case DType::F64:
  case DType::Complex64:
    return 8;
  case DType::Complex128:
    return 16;
  default: {
    unsigned bits = getIntegerBitWidth(dtype);
    return bits <= 8 ? 1 : bits / 8;
  }
  }
}

/// The MLIR spelling of the element type: `f32`, `ui8`, `complex<f32>`.
constexpr const char *getName(DType dtype) {
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

} // namespace xla::runtime

#endif // XLA_MLIR_ABI_DTYPE_H
