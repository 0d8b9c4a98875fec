//===- Npy.h - NumPy .npy files -------------------------------------*- C++ -*-===//
//
// Reads and writes the NumPy array file format (versions 1.0, 2.0 and 3.0):
// little-endian numeric dtypes in C order. Fortran order, big-endian data
// and structured or object dtypes are rejected with an error naming the
// file and the reason.
//
// dtype mapping: |b1 <-> i1, |i1 <i2 <i4 <i8 <-> i8..i64, |u1 <u2 <u4 <u8 <->
// ui8..ui64, <f2 <f4 <f8 <-> f16 f32 f64, <c8 <c16 <-> complex<f32>,
// complex<f64>. NumPy has no bfloat16 or sub-byte integers: bf16 buffers are
// written as <f4 (exact), i2/i4 as |i1 and ui2/ui4 as |u1.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TOOLSUPPORT_NPY_H
#define XLA_MLIR_TOOLSUPPORT_NPY_H

#include "xla-mlir/Runtime/HostBuffer.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace xla::tools {

using runtime::DType;
using runtime::HostBuffer;
using runtime::TensorSpec;

/// Parses the contents of a .npy file; `name` is used in error messages.
llvm::Expected<HostBuffer> parseNpy(llvm::StringRef contents,
                                    llvm::StringRef name);

/// Reads a .npy file.
llvm::Expected<HostBuffer> readNpyFile(llvm::StringRef path);

/// Reads a .npy file that must hold a `spec` array; f32 data is accepted
/// for bf16 and rounded to nearest even (NumPy has no bfloat16).
llvm::Expected<HostBuffer> readNpyFileAs(llvm::StringRef path,
                                         const TensorSpec &spec);

/// Encodes `buffer` as a .npy file (version 1.0, or 2.0 for huge headers).
std::string encodeNpy(const HostBuffer &buffer);

/// Writes `buffer` to `path` as a .npy file.
llvm::Error writeNpyFile(llvm::StringRef path, const HostBuffer &buffer);

} // namespace xla::tools

#endif // XLA_MLIR_TOOLSUPPORT_NPY_H
