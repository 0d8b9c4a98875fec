//===- DType.h - element types of host buffers ---------------------*- C++ -*-===//
//
// The element types a buffer crossing the runtime boundary can have. The
// numeric codes are part of the ABI between generated code and the runtime
// (check-lower-to-runtime passes them to the check entry point), so they
// never change; new types are appended.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_DTYPE_H
#define XLA_MLIR_RUNTIME_DTYPE_H

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>

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
/// code.
constexpr int32_t kMaxDTypeCode = static_cast<int32_t>(DType::UI4);

/// Bytes one element occupies in memory.
size_t getByteWidth(DType dtype);

/// Bits of an integer type (1 for i1); 0 for floats and complex.
unsigned getIntegerBitWidth(DType dtype);

bool isFloat(DType dtype);
bool isComplex(DType dtype);
bool isUnsigned(DType dtype);
bool isSignedInteger(DType dtype);

/// The MLIR spelling of the element type: `f32`, `ui8`, `complex<f32>`.
llvm::StringRef getName(DType dtype);

/// The element type of an hlo-level tensor (signedness included), if the
/// runtime supports it. Header-only: the check lowering uses it without
/// linking the runtime.
inline std::optional<DType> getDTypeFor(mlir::Type type) {
  if (auto complexType = llvm::dyn_cast<mlir::ComplexType>(type)) {
    mlir::Type part = complexType.getElementType();
    if (part.isF32())
      return DType::Complex64;
    if (part.isF64())
      return DType::Complex128;
    return std::nullopt;
  }
  if (auto intType = llvm::dyn_cast<mlir::IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      return isUnsigned ? std::nullopt : std::optional(DType::I1);
    case 2:
      return isUnsigned ? DType::UI2 : DType::I2;
    case 4:
      return isUnsigned ? DType::UI4 : DType::I4;
    case 8:
      return isUnsigned ? DType::UI8 : DType::I8;
    case 16:
      return isUnsigned ? DType::UI16 : DType::I16;
    case 32:
      return isUnsigned ? DType::UI32 : DType::I32;
    case 64:
      return isUnsigned ? DType::UI64 : DType::I64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return DType::F16;
  if (type.isBF16())
    return DType::BF16;
  if (type.isF32())
    return DType::F32;
  if (type.isF64())
    return DType::F64;
  return std::nullopt;
}

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_DTYPE_H
