//===- Compare.h - compare outputs with expected arrays -------------*- C++ -*-===//
//
// NumPy's allclose rule, |actual - expected| <= atol + rtol * |expected|,
// for checking a run against reference outputs (e.g. JAX's): floats and
// complex (per component) use the rule, with NaN matching NaN and an
// infinity matching only the same infinity; integers and booleans must be
// equal. A bf16 output may be compared with f32 expected values (NumPy has
// no bfloat16).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TOOLSUPPORT_COMPARE_H
#define XLA_MLIR_TOOLSUPPORT_COMPARE_H

#include "xla-mlir/Runtime/HostBuffer.h"

#include <string>

namespace xla::tools {

using runtime::DType;
using runtime::HostBuffer;
using runtime::TensorSpec;

struct Comparison {
  bool matches = true;
  int64_t numMismatches = 0;
  /// Largest |actual - expected| over elements where both are finite.
  double maxAbsError = 0.0;
  /// Why it does not match, with the first mismatching index and values;
  /// empty when it matches.
  std::string message;
};

Comparison compareAllClose(const HostBuffer &actual,
                           const HostBuffer &expected, double rtol,
                           double atol);

} // namespace xla::tools

#endif // XLA_MLIR_TOOLSUPPORT_COMPARE_H
