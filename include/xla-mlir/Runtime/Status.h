//===- Status.h - errors of the runtime ---------------------------*- C++ -*-===//
//
// The runtime depends on no LLVM or MLIR library (it must run compiled
// artifacts in processes that have neither), so it has its own small error
// type instead of llvm::Error: a Status is ok or carries a message; a
// StatusOr<T> holds a T or a failed Status. Unlike llvm::Error, an
// unchecked Status is not fatal.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_STATUS_H
#define XLA_MLIR_RUNTIME_STATUS_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace xla::runtime {

class [[nodiscard]] Status {
public:
  /// Success.
  Status() = default;

  static Status error(std::string message) {
    Status status;
    status.failed = true;
    status.text = std::move(message);
    return status;
  }

  bool ok() const { return !failed; }
  /// True on failure, like llvm::Error: `if (Status s = f()) return s;`.
  explicit operator bool() const { return failed; }
  const std::string &message() const { return text; }

  /// Appends `other`'s message on a new line (keeps the first failure's
  /// text first); success if both succeed.
  void append(const Status &other) {
    if (other.ok())
      return;
    text = failed ? text + "\n" + other.text : other.text;
    failed = true;
  }

private:
  bool failed = false;
  std::string text;
};

template <typename T>
class [[nodiscard]] StatusOr {
public:
  StatusOr(T value) : value(std::move(value)) {}
  /// A failure; `status` must not be ok.
  StatusOr(Status status) : status(std::move(status)) {
    assert(!this->status.ok() && "StatusOr needs a value or a failure");
  }

  bool ok() const { return value.has_value(); }
  explicit operator bool() const { return ok(); }
  const Status &getStatus() const { return status; }

  T &operator*() { return *value; }
  const T &operator*() const { return *value; }
  T *operator->() { return &*value; }
  const T *operator->() const { return &*value; }

private:
  std::optional<T> value;
  Status status;
};

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_STATUS_H
