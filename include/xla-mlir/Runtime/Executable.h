//===- Executable.h - compile hlo for the host CPU and run it -----*- C++ -*-===//
//
//   auto exe = Executable::compile(module, Target::host(), options);
//   auto outputs = (*exe)->run(inputs);
//
// compile() imports StableHLO/CHLO leftovers (hlo-import), runs the CPU
// pipeline to the LLVM dialect and JIT-compiles the result with ORC for the
// host CPU and its features at -O3. The entry function's signature is taken
// from the hlo-level program, before lowering, so unsigned and boolean
// types are kept.
//
// ABI: after the pipeline the entry takes its inputs, then its results as
// caller-allocated out-params, each memref exploded into (allocated,
// aligned, offset, sizes..., strides...). run() builds that argument list
// for the packed wrapper `_mlir_<entry>` that the ExecutionEngine generates.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_RUNTIME_EXECUTABLE_H
#define XLA_MLIR_RUNTIME_EXECUTABLE_H

#include "xla-mlir/Runtime/Checks.h"
#include "xla-mlir/Runtime/CustomCallRegistry.h"
#include "xla-mlir/Runtime/HostBuffer.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class ExecutionEngine;
} // namespace mlir

namespace xla::runtime {

/// The machine code is generated for.
struct Target {
  std::string triple;
  std::string cpu;
  /// Comma-separated LLVM subtarget features, e.g. "+avx2,+fma".
  std::string features;

  /// The machine this process runs on, with all its CPU features.
  static llvm::Expected<Target> host();

  /// True if this runtime can run parallel loops (it links libomp).
  static bool hasThreads();

  /// Width of the widest vector registers the features enable (x86: 512
  /// with AVX-512F, 256 with AVX, else 128).
  int64_t vectorBits() const;
};

struct CompileOptions {
  /// The function to run; empty: @main if present, else the module's only
  /// function.
  std::string entry;
  /// Fuse elementwise producers into consumers (the pipeline's `fusion`).
  bool fusion = true;
  /// Longest chain of additions into one accumulator in floating-point
  /// sums (the pipeline's `reduction-block`); < 2: one chain per result.
  int64_t reductionBlock = 16;
  /// Tile and vectorize linalg ops (the pipeline's `vectorize`).
  bool vectorize = true;
  /// Vector register width for tiling; 0: the widest the target has.
  int64_t vectorBits = 0;
  /// Run the tiles of large ops on all cores (OpenMP; OMP_NUM_THREADS sets
  /// how many). Ignored when the runtime was built without libomp.
  bool threads = true;
  /// LLVM optimization and code generation level, 0 to 3.
  unsigned optLevel = 3;
  /// When set, the optimized LLVM IR is written to this file.
  std::string dumpLLVMIRPath;
  /// Where `hlo.custom_call` targets are looked up; nullptr: the global
  /// registry. It must outlive the Executable.
  const CustomCallRegistry *customCalls = nullptr;
};

/// Registers what compile() and the parser of hlo/StableHLO files need:
/// every upstream dialect and extension, xla-mlir's dialects and the LLVM IR
/// translations.
void registerRuntimeDialects(mlir::DialectRegistry &registry);

class Executable {
public:
  /// Compiles a clone of `module` (the module itself is not modified).
  /// Errors carry the MLIR diagnostics with their locations.
  static llvm::Expected<std::unique_ptr<Executable>>
  compile(mlir::ModuleOp module, const Target &target,
          const CompileOptions &options);

  ~Executable();

  llvm::StringRef getEntryName() const { return entryName; }
  llvm::ArrayRef<TensorSpec> getInputs() const { return inputs; }
  llvm::ArrayRef<TensorSpec> getOutputs() const { return outputs; }

  /// Runs the entry function on `args` (count, element types and shapes
  /// must match getInputs()). Check ops record into `checks` when given;
  /// without it, any failed check makes run() return an error. Errors of
  /// custom calls are returned after the program finishes.
  llvm::Expected<std::vector<HostBuffer>>
  run(llvm::ArrayRef<HostBuffer> args, CheckReport *checks = nullptr);

private:
  Executable() = default;

  std::string entryName;
  std::vector<TensorSpec> inputs;
  std::vector<TensorSpec> outputs;
  const CustomCallRegistry *customCalls = nullptr;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  void (*entryPoint)(void **) = nullptr;
};

} // namespace xla::runtime

#endif // XLA_MLIR_RUNTIME_EXECUTABLE_H
