//===- CodeGen.h - LLVM optimization and machine code -------------*- C++ -*-===//

#ifndef XLA_MLIR_LIB_COMPILER_CODEGEN_H
#define XLA_MLIR_LIB_COMPILER_CODEGEN_H

#include "xla-mlir/Compiler/CompileOptions.h"
#include "xla-mlir/Compiler/Compiler.h"
#include "xla-mlir/Target/TargetDescription.h"

#include "llvm/ADT/Any.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>

namespace llvm {
class Function;
class LLVMContext;
class Module;
} // namespace llvm

namespace mlir {
class Operation;
} // namespace mlir

namespace xla {

struct ProgramParts;

/// True if compiled code can run parallel loops here: the compiler links
/// libomp, which the JIT resolves __kmpc_* from and shared libraries name.
bool hasThreadsRuntime();

/// The LLVM target machine for `target` at `options.optLevel`.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetDescription &target,
                    const CompileOptions &options);

/// Whether LLVM's induction variable simplification, loop strength
/// reduction and post-RA scheduler, the passes its O2 and O3 IR pipelines
/// add to O1's, and a few IR passes that find nothing to do in vectorized
/// kernels (CodeGen.cpp) are skipped for `machine`: on X86, unless
/// `llvm-all-passes` (docs/compile-time.md).
bool skipsCostlyLLVMPasses(const CompileOptions &options,
                           const llvm::TargetMachine &machine);

/// The function an LLVM pass runs on (a loop pass: the loop's), or null
/// for module and call-graph passes.
const llvm::Function *getPassFunction(llvm::Any ir);

/// The name of every translated program and part: the object's contents
/// depend only on the program, the target and the options.
inline constexpr llvm::StringLiteral kProgramModuleName = "xla_program";

/// `module` (LLVM dialect) translated to LLVM IR in `context`, named
/// kProgramModuleName; null after a diagnostic.
std::unique_ptr<llvm::Module> translateProgram(mlir::Operation *module,
                                               llvm::LLVMContext &context);

/// Sets the triple and data layout of `module` and runs LLVM's -O<n> on it.
llvm::Error runOptimizationPipeline(llvm::Module &module,
                                    llvm::TargetMachine &machine,
                                    const CompileOptions &options);

/// Runs LLVM's -O<n> on `module`: a large module in parts on
/// `options.compileThreads` threads (optimizeInParts), which replaces it.
/// If `objects` is given and the module is split, the parts' machine code
/// is generated with their optimization into `objects`, one object per
/// part; it stays empty for a module of one part (emitObject generates it);
/// then, without
/// `keepModule`, the optimized parts are not linked back and `module` is
/// reset. Functions other than `exported` are the program's own (hidden):
/// with `descriptorKernels` (some take memref descriptors), their unused
/// arguments are removed first.
llvm::Error optimizeModule(std::unique_ptr<llvm::Module> &module,
                           const TargetDescription &target,
                           const CompileOptions &options,
                           ObjectCode *objects = nullptr,
                           llvm::ArrayRef<std::string> exported = {},
                           bool keepModule = true,
                           bool descriptorKernels = true);

/// Splits `module` into getCodeGenPartitions() parts, optimizes them on a
/// thread pool and links them back into one module (in the same context)
/// with the original local symbols local again; with `objects`, each part's
/// machine code too, and without `keepModule` the module is reset instead
/// of linked (ParallelCodeGen.cpp).
llvm::Error optimizeInParts(std::unique_ptr<llvm::Module> &module,
                            const TargetDescription &target,
                            const CompileOptions &options,
                            ObjectCode *objects = nullptr,
                            bool keepModule = true);

/// ld.lld: $XLA_LINKER, else next to the LLVM we were built with, else PATH.
/// Translates each of the parts of a program (PartitionProgram.h) to LLVM
/// IR in its own context, lets `prepare` add to it (the entry's wrappers,
/// the import slots), optimizes it and, with `objects`, generates its
/// machine code, all on a pool of `options.compileThreads` threads.
/// Consumes the parts' modules. With `keepIn`, returns the optimized
/// parts linked into one module of that context; else nothing.
llvm::Expected<std::unique_ptr<llvm::Module>> compileProgramParts(
    ProgramParts &parts, const TargetDescription &target,
    const CompileOptions &options, ObjectCode *objects,
    llvm::LLVMContext *keepIn,
    llvm::function_ref<llvm::Error(llvm::Module &, unsigned part)> prepare);

llvm::Expected<std::string> findLinker();

/// Writes `object` to a new temporary file, removed with the remover
/// appended to `removers`; returns its path.
llvm::Expected<std::string>
writeTemporaryObject(llvm::ArrayRef<char> object,
                     llvm::SmallVectorImpl<llvm::FileRemover> &removers);

/// Runs ld.lld with `args`; a failure names `what` and the linker's output.
llvm::Error runLinker(llvm::ArrayRef<std::string> args,
                      const llvm::Twine &what);

/// How many parts a program of `instructions` LLVM instructions (or LLVM
/// dialect ops) in `functions` functions is compiled in (1: no split) for
/// a target of `cores` cores.
unsigned getCodeGenPartitions(size_t functions, size_t instructions,
                              int64_t cores);

/// How many parts generateCode splits `module` into.
unsigned getCodeGenPartitions(const llvm::Module &module, int64_t cores);

/// Object code or assembly of `module` (left as it is); object code of a
/// large module is generated in parts on `options.compileThreads` threads
/// (ParallelCodeGen.cpp).
llvm::Expected<llvm::SmallVector<char, 0>>
generateCode(const llvm::Module &module, const TargetDescription &target,
             const CompileOptions &options, llvm::CodeGenFileType type);

} // namespace xla

#endif // XLA_MLIR_LIB_COMPILER_CODEGEN_H
