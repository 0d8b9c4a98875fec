//===- Compiler.h - the compile driver ----------------------------*- C++ -*-===//
//
// The one place that assembles a compilation; xla-run, xla-translate, the
// runtime tests (and the Python package and the GPU backend to come) all
// call it:
//
//   source text / file / module
//     -> parseProgram: parse, verify
//     -> compileToLLVM: hlo-import, entry and signature, the target's
//        pipeline (HLO optimization, lowering, LLVM dialect), translation,
//        entry wrappers and import table (ABI/EntryABI.h), LLVM -O<n>
//     -> compileToObject: object code for the target, in parts for a large
//        program (emitObject: one object, or assembly)
//     -> loadInJIT (this process) | emitSharedLibrary (a runtime artifact) |
//        the object with a C header (xla-translate)
//
// The JIT links the very objects compileToObject produces, and a shared
// library the same ones, so the JIT and the ahead-of-time paths run the same
// code for the same target and options.
// Errors carry the MLIR diagnostics as "file:line:col: error: message".
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_COMPILER_COMPILER_H
#define XLA_MLIR_COMPILER_COMPILER_H

#include "xla-mlir/Compiler/CompileOptions.h"
#include "xla-mlir/Runtime/Executable.h"
#include "xla-mlir/Runtime/Signature.h"
#include "xla-mlir/Target/TargetDescription.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
class SourceMgr;
} // namespace llvm

namespace xla {

/// Registers what parsing and compiling need: every upstream dialect and
/// extension, xla-mlir's dialects and the LLVM IR translations.
void registerCompilerDialects(mlir::DialectRegistry &registry);

/// Parses and verifies the hlo/StableHLO program (text or bytecode) in the
/// main buffer of `sourceMgr`. Diagnostics go to the context's handlers
/// (tools print them with the source line through `sourceMgr`).
mlir::OwningOpRef<mlir::ModuleOp>
parseProgram(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
             mlir::MLIRContext *context);

/// Machine code as relocatable objects: one, or the parts of a program
/// compiled in parallel, which call each other's (hidden) kernels. The JIT
/// and shared libraries link the parts as they are; joinObjects makes one
/// object of them where one file is wanted.
using ObjectCode = llvm::SmallVector<llvm::SmallVector<char, 0>, 1>;

/// One relocatable object that defines all that `objects` define: the
/// object itself if there is one, else the parts joined by `ld.lld -r`
/// (timed as "joining the parts").
llvm::Expected<llvm::SmallVector<char, 0>>
joinObjects(const ObjectCode &objects, const CompileOptions &options);

/// An optimized LLVM module and the signature of its entry. (Inside the
/// driver, a compilation to object code may keep only `object`.)
struct CompiledModule {
  runtime::Signature signature;
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  /// The module's object code, in parts, when it was generated together
  /// with the optimization (a module optimized in parts), else empty;
  /// compileToObject returns it, emitObject joins it.
  ObjectCode objects;

  CompiledModule();
  CompiledModule(CompiledModule &&);
  ~CompiledModule();
};

/// Compiles a clone of `module` (which is left as it is) to LLVM IR. With
/// `withObject`, a module compiled in parts also keeps the object code
/// generated with the parts, which emitObject returns (the same bytes as
/// compileToObject's); without, emitObject generates it from the module.
llvm::Expected<CompiledModule> compileToLLVM(mlir::ModuleOp module,
                                             const TargetDescription &target,
                                             const CompileOptions &options,
                                             bool withObject = true);

/// The kernels that compiling `module` with `options` makes, without
/// compiling them: the HLO stage and fusion only, and the fusion report
/// (hlo-report-fusions) as JSON: every kernel's name, kind, ops with their
/// locations, bytes, flops and estimated time, fused and one kernel per op.
llvm::Expected<std::string> reportFusions(mlir::ModuleOp module,
                                          const TargetDescription &target,
                                          const CompileOptions &options);

enum class CodeKind { Object, Assembly };

/// Machine code of `compiled` for `target`.
llvm::Expected<llvm::SmallVector<char, 0>>
emitObject(const CompiledModule &compiled, const TargetDescription &target,
           const CompileOptions &options, CodeKind kind = CodeKind::Object);

/// The object code of `compiled`, moved out of it: its parts when it was
/// compiled in parts, else the one object emitObject generates.
llvm::Expected<ObjectCode> takeObjects(CompiledModule &compiled,
                                       const TargetDescription &target,
                                       const CompileOptions &options);

/// Object code and the signature of its entry.
struct CompiledObject {
  runtime::Signature signature;
  ObjectCode objects;
};

/// compileToLLVM + its object code: the parts of a program compiled in
/// parts, not joined.
llvm::Expected<CompiledObject> compileToObject(mlir::ModuleOp module,
                                               const TargetDescription &target,
                                               const CompileOptions &options);

/// Links `objects` into a shared library at `path` that Executable::load
/// runs (ld.lld, found next to the LLVM the compiler was built with or on
/// PATH, or $XLA_LINKER).
llvm::Error emitSharedLibrary(const ObjectCode &objects, llvm::StringRef path);

/// Links `objects` into this process with ORC and wraps the entry.
llvm::Expected<std::unique_ptr<runtime::Executable>>
loadInJIT(const ObjectCode &objects, const runtime::Signature &signature,
          const CompileOptions &options);

/// compileToObject + loadInJIT.
llvm::Expected<std::unique_ptr<runtime::Executable>>
compileForJIT(mlir::ModuleOp module, const TargetDescription &target,
              const CompileOptions &options);

/// A runtime Status as an llvm::Error.
llvm::Error toError(const runtime::Status &status);

} // namespace xla

#endif // XLA_MLIR_COMPILER_COMPILER_H
