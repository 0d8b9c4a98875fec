//===- CustomCallRegistry.h - host functions programs may call ----*- C++ -*-===//
//
// `hlo.custom_call @name` in a program runs the function registered here
// under `name`. The compiler rejects a custom call whose name is not
// registered (with the op's location), and loading an artifact checks the
// names its signature lists, so a program can only reach host code that
// was deliberately exposed to it.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_CUSTOMCALLREGISTRY_H
#define XLA_MLIR_RUNTIME_CUSTOMCALLREGISTRY_H

#include "xla-mlir/ABI/DType.h"
#include "xla-mlir/Runtime/Status.h"

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace xla::runtime {

/// A dense row-major tensor passed to or returned from a custom call. The
/// data of operands must not be written.
struct CustomCallBuffer {
  DType dtype;
  std::vector<int64_t> shape;
  void *data;

  int64_t getNumElements() const;
};

/// A custom call implementation: it reads `operands` and fills every
/// buffer of `results` (allocated by the program, with the types the call
/// site declares). A failed Status is reported by Executable::run once the
/// program returns.
using CustomCallFunction = std::function<Status(
    const std::vector<CustomCallBuffer> &operands,
    const std::vector<CustomCallBuffer> &results,
    std::string_view backendConfig)>;

class CustomCallRegistry {
public:
  /// The registry executables use unless they are given another.
  static CustomCallRegistry &global();

  /// Registers `function` under `name`; an error if the name is taken.
  Status add(const std::string &name, CustomCallFunction function);

  /// The function registered under `name`, or nullptr.
  const CustomCallFunction *lookup(const std::string &name) const;

private:
  mutable std::mutex mutex;
  /// std::map: entries never move, so lookup() results outlive the lock.
  std::map<std::string, CustomCallFunction, std::less<>> functions;
};

/// Makes `registry` the one custom calls dispatch to on this thread while in
/// scope; failures they return are appended to `errors`.
class CustomCallScope {
public:
  CustomCallScope(const CustomCallRegistry *registry, Status *errors);
  ~CustomCallScope();
  CustomCallScope(const CustomCallScope &) = delete;
  CustomCallScope &operator=(const CustomCallScope &) = delete;

private:
  const CustomCallRegistry *previousRegistry;
  Status *previousErrors;
};

/// The dispatcher `xla_rt_custom_call` is bound to (see ABI/CustomCallABI.h).
void dispatchCustomCall(const char *site, void *allocated, int64_t *pointers,
                        int64_t offset, int64_t size, int64_t stride);

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_CUSTOMCALLREGISTRY_H
