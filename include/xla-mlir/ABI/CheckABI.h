//===- CheckABI.h - how generated code calls the check runtime ----*- C++ -*-===//
//
// `check-lower-to-runtime` turns every check op into a call of an external
// function `xla_rt_check_<element type>` (one declaration per element type,
// because a declaration has one signature). After bufferization and lowering
// to LLVM the call is, in C terms:
//
//   void xla_rt_check_f32(int32_t kind, int32_t dtype,
//                         int64_t actualRank, void *actualDescriptor,
//                         int64_t expectedRank, void *expectedDescriptor,
//                         double tolerance, int64_t minUlp, int64_t maxUlp,
//                         const char *location);
//
// where each (rank, descriptor) pair is an unranked memref: the descriptor
// points to {allocated, aligned, offset, sizes[rank], strides[rank]}, whose
// layout does not depend on the element type. `dtype` is a DType code, so
// unsigned and boolean elements are still told apart after codegen made all
// integers signless. `location` is a NUL-terminated "file:line:col".
//
// The JIT binds every such name to one runtime function; nothing is looked
// up by a name taken from the program.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_ABI_CHECKABI_H
#define XLA_MLIR_ABI_CHECKABI_H

#include <cstdint>

namespace xla::runtime {

/// What a check call compares. Part of the ABI: values never change.
enum class CheckKind : int32_t {
  /// Exact: integers by value, floats with IEEE ==.
  Eq = 0,
  /// |actual - expected| <= tolerance per float component.
  AlmostEq = 1,
  /// ULP distance within [minUlp, maxUlp].
  Close = 2,
  /// A check the CPU runtime cannot evaluate (expect_serialized_eq); it is
  /// reported as skipped.
  Skipped = 3,
};

constexpr int32_t kMaxCheckKindCode = static_cast<int32_t>(CheckKind::Skipped);

/// Prefix of the external functions check-lower-to-runtime declares.
constexpr const char kCheckSymbolPrefix[] = "xla_rt_check_";

} // namespace xla::runtime

#endif // XLA_MLIR_ABI_CHECKABI_H
