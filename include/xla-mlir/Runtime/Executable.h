//===- Executable.h - run a compiled program ----------------------*- C++ -*-===//
//
//   auto exe = Executable::load("model.so");          // an artifact, or
//   auto exe = xla::compiler::compileForJIT(...);      // the JIT (Compiler/)
//   auto outputs = (*exe)->run(inputs);
//
// The runtime links no LLVM or MLIR library: an Executable wraps code that
// was compiled elsewhere (in this process by the JIT, or ahead of time into
// a shared library) through the ABI of ABI/EntryABI.h: a packed entry that
// takes one pointer per input and result buffer, the signature text, and
// import pointers that are bound here to the runtime's functions.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_EXECUTABLE_H
#define XLA_MLIR_RUNTIME_EXECUTABLE_H

#include "xla-mlir/Runtime/Checks.h"
#include "xla-mlir/Runtime/CustomCallRegistry.h"
#include "xla-mlir/Runtime/HostBuffer.h"
#include "xla-mlir/Runtime/Signature.h"
#include "xla-mlir/Runtime/Status.h"

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace xla::runtime {

class Executable {
public:
  /// `_xla_packed_<entry>`: buffers[i] is the data of input i, then of
  /// each result.
  using PackedEntry = void (*)(void **buffers);
  /// The address of a symbol of the loaded code, or nullptr.
  using SymbolLookup = std::function<void *(const std::string &name)>;

  /// Wraps loaded code: binds its imports (found with `lookup`) to the
  /// runtime and checks that `customCalls` (nullptr: the global registry,
  /// which must outlive the Executable) has every target the signature
  /// names. `code` keeps the code loaded while the Executable lives.
  static StatusOr<std::unique_ptr<Executable>>
  create(Signature signature, const SymbolLookup &lookup,
         std::shared_ptr<void> code,
         const CustomCallRegistry *customCalls = nullptr);

  /// Loads a shared library made by `xla-translate --emit=shared` (or the
  /// compiler's emitSharedLibrary) and wraps its entry `entry`.
  static StatusOr<std::unique_ptr<Executable>>
  load(const std::string &path, const std::string &entry = "main",
       const CustomCallRegistry *customCalls = nullptr);

  const Signature &getSignature() const { return signature; }
  /// True for a GPU program (it imports the GPU runtime, ABI/GPUABI.h).
  bool usesGPU() const { return gpu; }
  /// Unloads the GPU modules of its kernels first, if it ran any.
  ~Executable();

  const std::string &getEntryName() const { return signature.entry; }
  const std::vector<TensorSpec> &getInputs() const { return signature.inputs; }
  const std::vector<TensorSpec> &getOutputs() const {
    return signature.outputs;
  }

  /// Runs the entry function on `args` (count, element types and shapes
  /// must match getInputs()). Check ops record into `checks` when given;
  /// without it, any failed check makes run() fail. Failures of custom
  /// calls are returned after the program finishes.
  StatusOr<std::vector<HostBuffer>> run(const std::vector<HostBuffer> &args,
                                        CheckReport *checks = nullptr) const;

  /// run() on inputs the caller gives up (donates): each output of an
  /// in-place alias (Signature::Alias::inPlace) is computed in its input's
  /// buffer and returned in it, so an update (a training step's weights)
  /// needs no second buffer. Other inputs are freed on return.
  StatusOr<std::vector<HostBuffer>> runDonated(std::vector<HostBuffer> args,
                                               CheckReport *checks = nullptr)
      const;

  /// The unchecked form of run(): `buffers` holds one pointer per input,
  /// then per result, each to a dense row-major buffer of its spec (results
  /// are written in full). The output of an in-place alias may be passed
  /// its input's buffer; other buffers must not overlap.
  Status execute(void **buffers, CheckReport *checks = nullptr) const;

private:
  Executable() = default;

  /// run() and runDonated(): `donated`, when given, is `args` itself.
  StatusOr<std::vector<HostBuffer>>
  runImpl(const std::vector<HostBuffer> &args,
          std::vector<HostBuffer> *donated, CheckReport *checks) const;

  Signature signature;
  PackedEntry entryPoint = nullptr;
  const CustomCallRegistry *customCalls = nullptr;
  std::shared_ptr<void> code;
  bool gpu = false;
  /// The kernel images of `code` whose modules it has used; released
  /// before `code` goes.
  std::unique_ptr<std::set<const void *>> gpuImages;
};

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_EXECUTABLE_H
