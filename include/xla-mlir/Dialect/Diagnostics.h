//===- Diagnostics.h - the diagnostics of the dialects' verifiers -*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_DIAGNOSTICS_H
#define XLA_MLIR_DIALECT_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <utility>

namespace xla {

/// The one diagnostic helper of the verifiers and type inference of every
/// xla-mlir dialect (hlo, hloext, check). Every
/// message reads `'hlo.<op>' op <the rule broken, naming the values>`, e.g.
/// `'hlo.reduce' op body argument #0 has element type 'f16', which is
/// neither the element type 'f32' of input #0 nor a promotion of it`. Two
/// spellings of the same message: `diag("text ", value, ...)` and
/// `diag() << "text " << value`; both convert to failure(). Built from an
/// Operation (verifiers) it uses emitOpError; built from a location and the
/// op name (type inference, where no Operation may exist yet) it reports
/// at that location, or nothing without one.
class OpError {
public:
  OpError(mlir::Operation *op, std::optional<mlir::Location> loc, llvm::StringRef name) {
    if (op)
      diag.emplace(op->emitOpError());
    else if (loc)
      diag.emplace(mlir::emitError(*loc));
    if (diag && !op)
      *diag << "'" << name << "' op ";
  }
  template <typename T> OpError &operator<<(T &&value) {
    if (diag)
      *diag << std::forward<T>(value);
    return *this;
  }
  operator mlir::LogicalResult() const { return mlir::failure(); }
  template <typename T>
  operator mlir::FailureOr<T>() const {
    return mlir::failure();
  }
  /// Hands the message over to code written against MLIR's emitError
  /// callbacks (`function_ref<InFlightDiagnostic()>`), which may append to
  /// it and reports it.
  operator mlir::InFlightDiagnostic() {
    if (!diag)
      return mlir::InFlightDiagnostic();
    mlir::InFlightDiagnostic taken = std::move(*diag);
    diag.reset();
    return taken;
  }

private:
  std::optional<mlir::InFlightDiagnostic> diag;
};

struct OpDiag {
  std::optional<mlir::Location> loc;
  llvm::StringRef name;
  mlir::Operation *op = nullptr;

  explicit OpDiag(mlir::Operation *op)
      : loc(op->getLoc()), name(op->getName().getStringRef()), op(op) {}
  OpDiag(std::optional<mlir::Location> loc, llvm::StringRef name) : loc(loc), name(name) {}

  OpError operator()() const { return OpError(op, loc, name); }

  template <typename... Args>
  mlir::LogicalResult operator()(Args &&...args) const {
    OpError error = (*this)();
    (error << ... << std::forward<Args>(args));
    return error;
  }
};

} // namespace xla

#endif // XLA_MLIR_DIALECT_DIAGNOSTICS_H
