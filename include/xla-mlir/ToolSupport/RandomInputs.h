//===- RandomInputs.h - deterministic test inputs -------------------*- C++ -*-===//
//
// Inputs generated from a seed, for running programs without input files.
// The values depend only on (seed, argument index, element index), never on
// the platform:
//   - floats (f16, bf16, f32, f64): uniform in [-1, 1), rounded to the type;
//   - complex: real and imaginary parts each as a float;
//   - signed integers: uniform in [-10, 10], clipped to the type's range;
//   - unsigned integers: uniform in [0, 10], clipped to the type's range;
//   - i1: true or false with probability 1/2.
// The generator is SplitMix64 whose state starts at mix(mix(seed) + index),
// mix being SplitMix64's output function; element values are drawn in
// row-major order (real part before imaginary part).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TOOLSUPPORT_RANDOMINPUTS_H
#define XLA_MLIR_TOOLSUPPORT_RANDOMINPUTS_H

#include "xla-mlir/Runtime/HostBuffer.h"

#include "llvm/Support/Error.h"

#include <cstdint>

namespace xla::tools {

using runtime::DType;
using runtime::HostBuffer;
using runtime::TensorSpec;

/// Argument `argIndex` of a program, generated from `seed`; an error when
/// the tensor's memory cannot be had.
llvm::Expected<HostBuffer> generateInput(const TensorSpec &spec, uint64_t seed,
                                         unsigned argIndex);

} // namespace xla::tools

#endif // XLA_MLIR_TOOLSUPPORT_RANDOMINPUTS_H
