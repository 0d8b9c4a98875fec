//===- Elements.h - reading and writing single elements ----------*- C++ -*-===//
//
// Helpers of the runtime and the tool-support library: conversions between the 16-bit float
// formats and float, and typed reads of one element from raw memory. All
// element access in printing, checks and input generation goes through
// these, so the memory layout of each DType is defined in one place.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_ELEMENTS_H
#define XLA_MLIR_RUNTIME_ELEMENTS_H

#include "xla-mlir/ABI/DType.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace xla::runtime::detail {

/// std::bit_cast (C++20) for C++17.
template <typename To, typename From>
inline To bitCast(const From &from) {
  static_assert(sizeof(To) == sizeof(From), "sizes differ");
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}

inline float halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0x1f) // inf or NaN; keep the payload's top bits
    return bitCast<float>(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) {
    // Zero or subnormal: exact in float.
    float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  return bitCast<float>(sign | ((exponent + 112) << 23) |
                               (mantissa << 13));
}

/// Round to nearest even, as LLVM's fptrunc does.
inline uint16_t floatToHalf(float value) {
  uint32_t bits = bitCast<uint32_t>(value);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  uint32_t magnitude = bits & 0x7fffffffu;
  if (magnitude > 0x7f800000u) // NaN: keep it quiet
    return sign | 0x7e00 | static_cast<uint16_t>((magnitude >> 13) & 0x3ff);
  if (magnitude >= 0x477ff000u) // rounds to >= 65520: inf
    return sign | 0x7c00;
  if (magnitude < 0x38800000u) {
    // Result is subnormal or zero: scale so the half ulp (2^-24) is 1 and
    // let the float addition round to nearest even.
    float scaled = bitCast<float>(magnitude) * 16777216.0f;
    return sign | static_cast<uint16_t>(std::nearbyint(scaled));
  }
  uint32_t rounded = magnitude + 0xfff + ((magnitude >> 13) & 1);
  return sign | static_cast<uint16_t>((rounded - 0x38000000u) >> 13);
}

inline float bf16ToFloat(uint16_t bits) {
  return bitCast<float>(static_cast<uint32_t>(bits) << 16);
}

inline uint16_t floatToBF16(float value) {
  uint32_t bits = bitCast<uint32_t>(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep it quiet
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}

template <typename T>
T load(const void *ptr) {
  T value;
  std::memcpy(&value, ptr, sizeof(T));
  return value;
}

template <typename T>
void store(void *ptr, T value) {
  std::memcpy(ptr, &value, sizeof(T));
}

/// An integer element (bool, signed or unsigned, any width) as int64; sub-
/// byte and boolean values only use their low bits in memory.
inline int64_t readSigned(const void *ptr, DType dtype) {
  switch (dtype) {
  case DType::I1:
    return load<uint8_t>(ptr) & 1;
  case DType::I2:
    return static_cast<int64_t>(static_cast<int8_t>(load<uint8_t>(ptr) << 6)) >>
           6;
  case DType::I4:
    return static_cast<int64_t>(static_cast<int8_t>(load<uint8_t>(ptr) << 4)) >>
           4;
  case DType::I8:
    return load<int8_t>(ptr);
  case DType::I16:
    return load<int16_t>(ptr);
  case DType::I32:
    return load<int32_t>(ptr);
  case DType::I64:
    return load<int64_t>(ptr);
  default:
    return 0;
  }
}

inline uint64_t readUnsigned(const void *ptr, DType dtype) {
  switch (dtype) {
  case DType::UI2:
    return load<uint8_t>(ptr) & 0x3;
  case DType::UI4:
    return load<uint8_t>(ptr) & 0xf;
  case DType::UI8:
    return load<uint8_t>(ptr);
  case DType::UI16:
    return load<uint16_t>(ptr);
  case DType::UI32:
    return load<uint32_t>(ptr);
  case DType::UI64:
    return load<uint64_t>(ptr);
  default:
    return 0;
  }
}

/// Writes an integer value, truncated to the element's width.
inline void writeInteger(void *ptr, DType dtype, int64_t value) {
  switch (getByteWidth(dtype)) {
  case 1: {
    unsigned bits = getIntegerBitWidth(dtype);
    uint8_t mask = bits >= 8 ? 0xff : static_cast<uint8_t>((1u << bits) - 1);
    // Sub-byte signed values are stored sign-extended, as LLVM stores them.
    uint8_t byte = static_cast<uint8_t>(value);
    if (!isSignedInteger(dtype) || bits >= 8)
      byte &= mask;
    store<uint8_t>(ptr, byte);
    return;
  }
  case 2:
    return store<uint16_t>(ptr, static_cast<uint16_t>(value));
  case 4:
    return store<uint32_t>(ptr, static_cast<uint32_t>(value));
  default:
    return store<uint64_t>(ptr, static_cast<uint64_t>(value));
  }
}

/// A real float element (f16, bf16, f32, f64) widened to double, or the
/// real (part = 0) or imaginary (part = 1) component of a complex one.
inline double readFloat(const void *ptr, DType dtype, unsigned part = 0) {
  const char *bytes = static_cast<const char *>(ptr);
  switch (dtype) {
  case DType::F16:
    return halfToFloat(load<uint16_t>(ptr));
  case DType::BF16:
    return bf16ToFloat(load<uint16_t>(ptr));
  case DType::F32:
    return load<float>(ptr);
  case DType::F64:
    return load<double>(ptr);
  case DType::Complex64:
    return load<float>(bytes + 4 * part);
  case DType::Complex128:
    return load<double>(bytes + 8 * part);
  default:
    return 0.0;
  }
}

/// Writes a float element (or one component of a complex element), rounded
/// to nearest even.
inline void writeFloat(void *ptr, DType dtype, double value,
                       unsigned part = 0) {
  char *bytes = static_cast<char *>(ptr);
  switch (dtype) {
  case DType::F16:
    return store<uint16_t>(ptr, floatToHalf(static_cast<float>(value)));
  case DType::BF16:
    return store<uint16_t>(ptr, floatToBF16(static_cast<float>(value)));
  case DType::F32:
    return store<float>(ptr, static_cast<float>(value));
  case DType::F64:
    return store<double>(ptr, value);
  case DType::Complex64:
    return store<float>(bytes + 4 * part, static_cast<float>(value));
  case DType::Complex128:
    return store<double>(bytes + 8 * part, value);
  default:
    return;
  }
}

/// The float format of a real type or of a complex type's components.
inline DType getComponentType(DType dtype) {
  if (dtype == DType::Complex64)
    return DType::F32;
  if (dtype == DType::Complex128)
    return DType::F64;
  return dtype;
}

/// The raw bits of a float component, zero-extended.
inline uint64_t readFloatBits(const void *ptr, DType dtype, unsigned part = 0) {
  const char *bytes = static_cast<const char *>(ptr);
  switch (dtype) {
  case DType::F16:
  case DType::BF16:
    return load<uint16_t>(ptr);
  case DType::F32:
    return load<uint32_t>(ptr);
  case DType::F64:
    return load<uint64_t>(ptr);
  case DType::Complex64:
    return load<uint32_t>(bytes + 4 * part);
  case DType::Complex128:
    return load<uint64_t>(bytes + 8 * part);
  default:
    return 0;
  }
}

} // namespace xla::runtime::detail

#endif // XLA_MLIR_RUNTIME_ELEMENTS_H
