//===- Format.h - print arrays the way NumPy does -----------------*- C++ -*-===//
//
// `printArray` reproduces NumPy's `print(array)` with the default print
// options (precision 8, 'maxprec' float mode, line width 75, summarization
// with 3 edge items above 1000 elements), so xla-run's output can be
// compared with NumPy's by eye or by diff. 0-d arrays print like NumPy
// scalars (`str(np.float32(x))`). NumPy has no bfloat16; bf16 buffers print
// as ml_dtypes (JAX's bfloat16) prints them: each element like C's %g.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TOOLSUPPORT_FORMAT_H
#define XLA_MLIR_TOOLSUPPORT_FORMAT_H

#include "xla-mlir/Runtime/HostBuffer.h"
#include "xla-mlir/Runtime/ScalarFormat.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace xla::tools {

using runtime::DType;
using runtime::HostBuffer;
using runtime::TensorSpec;
using runtime::formatDouble;
using runtime::formatScalar;

/// Writes `buffer` as `print(array)` would, without a trailing newline.
void printArray(llvm::raw_ostream &os, const HostBuffer &buffer);

/// `printArray` into a string.
std::string formatArray(const HostBuffer &buffer);

} // namespace xla::tools

#endif // XLA_MLIR_TOOLSUPPORT_FORMAT_H
