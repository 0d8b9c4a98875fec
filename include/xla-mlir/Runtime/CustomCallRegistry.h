//===- CustomCallRegistry.h - host functions programs may call ----*- C++ -*-===//
//
// `hlo.custom_call @name` in a program runs the function registered here
// under `name`. Executable::compile rejects a custom call whose name is not
// registered (with the op's location), so a program can only reach host
// code that was deliberately exposed to it.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_CUSTOMCALLREGISTRY_H
#define XLA_MLIR_RUNTIME_CUSTOMCALLREGISTRY_H

#include "xla-mlir/Runtime/DType.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <mutex>

namespace xla::runtime {

/// A dense row-major tensor passed to or returned from a custom call. The
/// data of operands must not be written.
struct CustomCallBuffer {
  DType dtype;
  llvm::ArrayRef<int64_t> shape;
  void *data;

  int64_t getNumElements() const;
};

/// A custom call implementation: it reads `operands` and fills every
/// buffer of `results` (allocated by the program, with the types the call
/// site declares). An error is reported by Executable::run once the
/// program returns.
using CustomCallFunction = std::function<llvm::Error(
    llvm::ArrayRef<CustomCallBuffer> operands,
    llvm::ArrayRef<CustomCallBuffer> results, llvm::StringRef backendConfig)>;

class CustomCallRegistry {
public:
  /// The registry Executable uses unless CompileOptions names another.
  static CustomCallRegistry &global();

  /// Registers `function` under `name`; an error if the name is taken.
  llvm::Error add(llvm::StringRef name, CustomCallFunction function);

  /// The function registered under `name`, or nullptr.
  const CustomCallFunction *lookup(llvm::StringRef name) const;

private:
  mutable std::mutex mutex;
  llvm::StringMap<CustomCallFunction> functions;
};

/// Makes `registry` the one custom calls dispatch to on this thread while in
/// scope; errors they return are appended to `errors`.
class CustomCallScope {
public:
  CustomCallScope(const CustomCallRegistry *registry, llvm::Error *errors);
  ~CustomCallScope();
  CustomCallScope(const CustomCallScope &) = delete;
  CustomCallScope &operator=(const CustomCallScope &) = delete;

private:
  const CustomCallRegistry *previousRegistry;
  llvm::Error *previousErrors;
};

/// The dispatcher `xla_rt_custom_call` is bound to (see CustomCallABI.h).
void dispatchCustomCall(const char *site, void *allocated, int64_t *pointers,
                        int64_t offset, int64_t size, int64_t stride);

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_CUSTOMCALLREGISTRY_H
