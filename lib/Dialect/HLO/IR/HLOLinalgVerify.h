//===- HLOLinalgVerify.h - diagnostics shared by the Linalg ops --*- C++ -*-===//
//
// Private to lib/Dialect/HLO/IR: the diagnostic helper and shape formatting
// used by the verifiers and type inference of the Linalg op family.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_DIALECT_HLO_IR_HLOLINALGVERIFY_H
#define XLA_MLIR_LIB_DIALECT_HLO_IR_HLOLINALGVERIFY_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace xla::hlo::linalg_verify {
using mlir::ArrayRef;
using mlir::Location;
using mlir::LogicalResult;
using mlir::ShapedType;
using mlir::StringRef;

/// Emits `'<op>' op <message>` at `loc` when it is set (verifiers pass the
/// op's location; type inference passes whatever it was given).
struct OpDiag {
  std::optional<Location> loc;
  StringRef opName;
  template <typename... Args>
  LogicalResult operator()(Args &&...args) const {
    return emitOptionalError(loc, "'", opName, "' op ",
                             std::forward<Args>(args)...);
  }
};

inline bool isDyn(int64_t d) { return ShapedType::isDynamic(d); }

/// `[2, ?, 4]`.
inline std::string fmtDims(ArrayRef<int64_t> dims) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(dims, os, [&](int64_t d) {
    if (isDyn(d))
      os << "?";
    else
      os << d;
  });
  os << "]";
  return s;
}

/// Sizes that may be dynamic agree unless both are static and differ.
inline bool dimsAgree(int64_t a, int64_t b) {
  return isDyn(a) || isDyn(b) || a == b;
}

} // namespace xla::hlo::linalg_verify

#endif // XLA_MLIR_LIB_DIALECT_HLO_IR_HLOLINALGVERIFY_H
