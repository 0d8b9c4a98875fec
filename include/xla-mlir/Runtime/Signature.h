//===- Signature.h - what a compiled program takes and returns ----*- C++ -*-===//
//
// The compiler records the hlo-level signature of the entry (so unsigned and
// boolean types survive codegen, which makes all integers signless) in the
// artifact as text, one item per line:
//
//   xla-signature 1
//   entry main
//   input f32 2x3
//   input i1              <- a 0-d tensor has no dimensions
//   output complex<f32> 4
//   custom-call my.target
//   import xla_rt_check_f32
//   alias 0 1             <- output 0 is an update of input 1
//   alias 2 3 in-place    <- ... and may be written into input 3's buffer
//
// Unknown keys are errors: an artifact from a newer compiler is refused,
// never misread.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_SIGNATURE_H
#define XLA_MLIR_RUNTIME_SIGNATURE_H

#include "xla-mlir/Runtime/HostBuffer.h"
#include "xla-mlir/Runtime/Status.h"

#include <string>
#include <string_view>
#include <vector>

namespace xla::runtime {

struct Signature {
  std::string entry;
  std::vector<TensorSpec> inputs;
  std::vector<TensorSpec> outputs;
  /// Custom-call targets the program calls; each must be registered.
  std::vector<std::string> customCalls;
  /// Runtime functions the program calls through `_xla_import_<name>`.
  std::vector<std::string> imports;
  /// Outputs the program declares as new values of inputs (JAX's
  /// `tf.aliasing_output` from donate_argnums, TensorFlow's
  /// `mhlo.input_output_alias` for updated variables).
  struct Alias {
    size_t output = 0;
    size_t input = 0;
    /// The code computes the same results when the caller passes the
    /// input's buffer as the output's (donates it; the CPU pipeline's
    /// xla-prepare-donation). Otherwise the output needs a buffer of its
    /// own, and the caller may copy it back (xla_mlir.from_tf).
    bool inPlace = false;
    bool operator==(const Alias &other) const {
      return output == other.output && input == other.input &&
             inPlace == other.inPlace;
    }
  };
  std::vector<Alias> aliases;

  std::string serialize() const;
  static StatusOr<Signature> parse(std::string_view text);

  bool operator==(const Signature &other) const;
};

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_SIGNATURE_H
