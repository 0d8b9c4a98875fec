//===- CodeGen.cpp - LLVM optimization, machine code, shared libraries ----===//

#include "CodeGen.h"

#include "xla-mlir/Compiler/CompileTimeReport.h"
#include "xla-mlir/Compiler/Compiler.h"

#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/DeadArgumentElimination.h"
#include "llvm/Transforms/IPO/SCCP.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <dlfcn.h>

using namespace xla;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

#ifdef XLA_HAVE_OPENMP
extern "C" int omp_get_max_threads();
#endif

bool xla::hasThreadsRuntime() {
#ifdef XLA_HAVE_OPENMP
  // Also keeps libomp linked into every tool that compiles.
  return omp_get_max_threads() > 0;
#else
  return false;
#endif
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
xla::createTargetMachine(const TargetDescription &target,
                         const CompileOptions &options) {
  auto llvmTarget = target.getLLVMTarget();
  if (!llvmTarget)
    return llvmTarget.takeError();
  llvm::Triple triple(target.triple);
  auto level =
      static_cast<llvm::CodeGenOptLevel>(std::min(options.optLevel, 3u));
  std::string features = target.features;
  // LLVM 22's X86 back end aborts ("Do not know how to soft promote this
  // operator's operand") on odd-length bf16 vector rounding (e.g.
  // llvm.ceil.v9bf16, which InstCombine makes of extf/ceil/truncf) when
  // AVX512-BF16 is on (Zen 4, Sapphire Rapids). Our bf16 math runs in f32
  // anyway; without the feature the same IR is promoted correctly.
  if (triple.isX86())
    features += features.empty() ? "-avx512bf16" : ",-avx512bf16";
  // PIC: the same object serves the JIT and shared libraries.
  std::unique_ptr<llvm::TargetMachine> machine(
      (*llvmTarget)->createTargetMachine(triple, target.cpu, features,
                                      llvm::TargetOptions(),
                                      llvm::Reloc::PIC_, std::nullopt, level));
  if (!machine)
    return makeError("cannot create a target machine for " + target.cpu);
  return std::move(machine);
}

std::unique_ptr<llvm::Module>
xla::translateProgram(mlir::Operation *module, llvm::LLVMContext &context) {
  std::unique_ptr<llvm::Module> translated =
      mlir::translateModuleToLLVMIR(module, context, kProgramModuleName);
  if (translated)
    translated->setSourceFileName(kProgramModuleName);
  return translated;
}

bool xla::skipsCostlyLLVMPasses(const CompileOptions &options,
                                const llvm::TargetMachine &machine) {
  return !options.llvmAllPasses && machine.getTargetTriple().isX86();
}

/// Functions MLIR vectorized: those with an instruction of a vector type.
static llvm::DenseSet<const llvm::Function *>
findVectorizedFunctions(const llvm::Module &module) {
  llvm::DenseSet<const llvm::Function *> vectorized;
  for (const llvm::Function &function : module)
    for (const llvm::Instruction &instruction : llvm::instructions(function))
      if (instruction.getType()->isVectorTy()) {
        vectorized.insert(&function);
        break;
      }
  return vectorized;
}

const llvm::Function *xla::getPassFunction(llvm::Any ir) {
  if (const auto *const *function =
          llvm::any_cast<const llvm::Function *>(&ir))
    return *function;
  if (const auto *const *loop = llvm::any_cast<const llvm::Loop *>(&ir))
    return (*loop)->getHeader()->getParent();
  return nullptr;
}

/// The IR passes skipped on X86 unless `llvm-all-passes`
/// (docs/compile-time.md):
/// - IndVarSimplify: a sixth of the O3 pipeline's time on a training step.
///   Our loops come from scf.for with i64 induction variables and affine
///   bounds, so there is nothing to widen or canonicalize: without it the
///   kernels differ only in how loops test their exit.
/// - CalledValuePropagation: our indirect calls go through the runtime's
///   import slots, whose targets are known only when the code is loaded.
/// - In functions MLIR vectorized, the SLP vectorizer, loop load
///   elimination, SROA and four cleanups, and some of the runs of
///   InstCombine and SimplifyCFG (kRedundantRuns): without each of them,
///   and without all of them, the objects of fourteen workloads were
///   byte-identical, for a quarter of the O1 pipeline's time. Scalar
///   functions (the entry, what MLIR left scalar: sorts, scatters, complex
///   numbers) still get them.
/// (The code generator's skips are in ParallelCodeGen.)
namespace {
class PassSkipper {
public:
  explicit PassSkipper(const llvm::Module &module)
      : vectorized(findVectorizedFunctions(module)) {}

  bool skips(llvm::StringRef pass, llvm::Any ir) {
    if (pass == "IndVarSimplifyPass" || pass == "CalledValuePropagationPass")
      return true;
    static constexpr llvm::StringLiteral kNothingInVectorCode[] = {
        "SLPVectorizerPass", "LoopLoadEliminationPass",
        "LoopInstSimplifyPass", "BDCEPass", "ADCEPass", "InstSimplifyPass",
        // MLIR's kernels keep their values in SSA form.
        "SROAPass"};
    bool always = llvm::is_contained(kNothingInVectorCode, pass);
    const RedundantRuns *redundant = llvm::find_if(
        kRedundantRuns, [&](const RedundantRuns &r) { return r.pass == pass; });
    if (!always && redundant == std::end(kRedundantRuns))
      return false;
    const llvm::Function *function = getPassFunction(ir);
    if (!function || !vectorized.contains(function))
      return false;
    if (always)
      return true;
    unsigned run =
        ++runs[{function, unsigned(redundant - std::begin(kRedundantRuns))}];
    return llvm::is_contained(redundant->runs, run);
  }

private:
  /// Runs (from 1, per function) of a pass in LLVM 22's O1 pipeline that
  /// later runs make redundant in vectorized functions:
  /// - InstCombine: the one that ends function simplification and the two
  ///   after the loop vectorizer and vector-combine; the one after loop
  ///   unrolling (8th) cleans up after all three.
  /// - SimplifyCFG: all but the first, the one before function
  ///   simplification's loop passes and the one after the vectorizers
  ///   (which also hoists and sinks common instructions).
  /// test/Compiler/llvm_all_passes.mlir counts the runs, so a pipeline
  /// that moves them shows there.
  struct RedundantRuns {
    llvm::StringLiteral pass;
    std::initializer_list<unsigned> runs;
  };
  static constexpr RedundantRuns kRedundantRuns[] = {
      {"InstCombinePass", {5, 6, 7}},
      {"SimplifyCFGPass", {2, 3, 5, 6, 8}}};

  llvm::DenseSet<const llvm::Function *> vectorized;
  /// How often each function has been offered each pass of kRedundantRuns
  /// (by its index there).
  llvm::DenseMap<std::pair<const llvm::Function *, unsigned>, unsigned> runs;
};
} // namespace

namespace {
/// The analysis managers of a new-PM pipeline, registered with `builder`.
struct AnalysisManagers {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager callGraph;
  llvm::ModuleAnalysisManager modules;
  explicit AnalysisManagers(llvm::PassBuilder &builder) {
    builder.registerModuleAnalyses(modules);
    builder.registerCGSCCAnalyses(callGraph);
    builder.registerFunctionAnalyses(functions);
    builder.registerLoopAnalyses(loops);
    builder.crossRegisterProxies(loops, functions, callGraph, modules);
  }
};
} // namespace

/// What OpenMP's runtime getter of the thread number does, for the
/// optimizer: OpenMP's translation calls `__kmpc_global_thread_num` before
/// every fork, whose result the fork does not need, and declares it only
/// `nounwind`, so the unused calls stayed (one per parallel loop). The
/// attributes are those of OpenMPIRBuilder's optimistic set (OMPKinds.def);
/// LLVM's OpenMPOpt, which would remove the calls, runs only on modules
/// flagged as OpenMP.
static void describeOpenMPGetters(llvm::Module &module) {
  llvm::Function *getter = module.getFunction("__kmpc_global_thread_num");
  if (!getter || !getter->isDeclaration())
    return;
  getter->setOnlyAccessesInaccessibleMemory();
  getter->setOnlyReadsMemory();
  getter->setWillReturn();
  getter->setDoesNotFreeMemory();
  getter->addFnAttr(llvm::Attribute::NoSync);
}

llvm::Error xla::runOptimizationPipeline(llvm::Module &module,
                                         llvm::TargetMachine &machine,
                                         const CompileOptions &options) {
  module.setTargetTriple(machine.getTargetTriple());
  module.setDataLayout(machine.createDataLayout());
  describeOpenMPGetters(module);
  // LLVM's default -O<n> pipeline, as MLIR's makeOptimizingTransformer
  // builds it (all loop and SLP vectorization on, at any level; the level
  // is at most O1 on X86, below), with our instrumentation
  // when the compilation is timed. Without `llvm-unroll`, no loop is
  // unrolled (full or partial) unless its metadata asks: the kernels come
  // with their register tiles unrolled and vectorized, and unrolling their
  // loops again made a training step's code 3x larger.
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = options.llvmUnroll;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassInstrumentationCallbacks callbacks;
  if (options.timeReport)
    options.timeReport->instrument(callbacks);
  // Passes that buy nothing here (PassSkipper).
  bool skipCostly = skipsCostlyLLVMPasses(options, machine);
  if (skipCostly)
    callbacks.registerShouldRunOptionalPassCallback(
        [skipper = PassSkipper(module)](llvm::StringRef pass,
                                        llvm::Any ir) mutable {
          return !skipper.skips(pass, ir);
        });
  llvm::PassBuilder builder(&machine, tuning, std::nullopt, &callbacks);
  AnalysisManagers analyses(builder);
  static const llvm::OptimizationLevel levels[] = {
      llvm::OptimizationLevel::O0, llvm::OptimizationLevel::O1,
      llvm::OptimizationLevel::O2, llvm::OptimizationLevel::O3};
  // The kernels arrive tiled, vectorized and with their invariants hoisted:
  // what O2 and O3 add to O1's function simplification (GVN, jump
  // threading, loop unswitching, a second round of most passes) changed no
  // hot loop of eleven workloads and cost a sixth of the pipeline's time
  // (docs/compile-time.md). The vectorizers still run (`tuning`), and code
  // generation stays at `opt-level`.
  unsigned irLevel = std::min(options.optLevel, 3u);
  if (skipCostly)
    irLevel = std::min(irLevel, 1u);
  llvm::OptimizationLevel level = levels[irLevel];
  llvm::ModulePassManager pipeline =
      level == llvm::OptimizationLevel::O0
          ? builder.buildO0DefaultPipeline(level)
          : builder.buildPerModuleDefaultPipeline(level);
  pipeline.run(module, analyses.modules);
  return llvm::Error::success();
}

/// The kernels are no ABI: hidden, so a shared library neither exports
/// them nor lets another library interpose them. External, not internal:
/// internal, O3 would change their calling convention and promote their
/// arguments, and X86's fastcc cannot pass a <1 x i1> ("cannot emit physreg
/// copy").
static void hideKernels(llvm::Module &module,
                        llvm::ArrayRef<std::string> exported) {
  for (llvm::Function &function : module.functions())
    if (!function.isDeclaration() && function.hasExternalLinkage() &&
        !llvm::is_contained(exported, function.getName()))
      function.setVisibility(llvm::GlobalValue::HiddenVisibility);
}

/// The interprocedural cleanup that splitting into parts would prevent,
/// for kernels that take memref descriptors (xla-bare-pointer-kernels
/// gives the others one pointer per buffer): their unused descriptor
/// arguments (everything but the aligned pointer of a static memref) are
/// removed from their signatures and from the calls in the entry, which
/// would otherwise pass hundreds of constants on the stack (instruction
/// selection of one large block). The kernels are internal only meanwhile
/// (see hideKernels).
static void removeDeadArguments(llvm::Module &module,
                                llvm::ArrayRef<std::string> exported) {
  llvm::SmallVector<std::string> internalized;
  for (llvm::Function &function : module.functions())
    if (!function.isDeclaration() && function.hasExternalLinkage() &&
        !llvm::is_contained(exported, function.getName())) {
      function.setLinkage(llvm::GlobalValue::InternalLinkage);
      internalized.push_back(function.getName().str());
    }
  llvm::PassBuilder builder;
  AnalysisManagers analyses(builder);
  // The translated descriptors are insertvalue chains that extractvalue
  // reads back: folded and deleted first, so the arguments have no uses.
  llvm::FunctionPassManager simplify;
  simplify.addPass(llvm::InstSimplifyPass());
  simplify.addPass(llvm::DCEPass());
  llvm::ModulePassManager pipeline;
  pipeline.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(simplify)));
  // Sizes and strides that every call passes alike (kernels are shared by
  // calls of the same types) become constants in the kernel first.
  // No function specialization: a clone would be a new internal function,
  // and the original might go.
  pipeline.addPass(llvm::IPSCCPPass(llvm::IPSCCPOptions().setFuncSpec(false)));
  pipeline.addPass(llvm::DeadArgumentEliminationPass());
  pipeline.run(module, analyses.modules);
  // Dead argument elimination replaces a function by one of the same name.
  for (const std::string &name : internalized)
    if (llvm::Function *function = module.getFunction(name))
      function->setLinkage(llvm::GlobalValue::ExternalLinkage);
  hideKernels(module, exported);
}

llvm::Error xla::optimizeModule(std::unique_ptr<llvm::Module> &module,
                                const TargetDescription &target,
                                const CompileOptions &options,
                                ObjectCode *objects,
                                llvm::ArrayRef<std::string> exported,
                                bool keepModule, bool descriptorKernels) {
  if (options.optLevel > 0 && descriptorKernels) {
    mlir::TimingScope time = timeStage(options, "dead arguments");
    removeDeadArguments(*module, exported);
  } else {
    hideKernels(*module, exported);
  }
  if (options.optLevel > 0 &&
      getCodeGenPartitions(*module, target.cores) > 1)
    return optimizeInParts(module, target, options, objects,
                           keepModule || !objects);
  mlir::TimingScope time = timeStage(options, "LLVM optimization");
  auto machine = createTargetMachine(target, options);
  if (!machine)
    return machine.takeError();
  return runOptimizationPipeline(*module, **machine, options);
}

llvm::Expected<llvm::SmallVector<char, 0>>
xla::emitObject(const CompiledModule &compiled,
                const TargetDescription &target,
                const CompileOptions &options, CodeKind kind) {
  if (kind == CodeKind::Object && !compiled.objects.empty())
    return joinObjects(compiled.objects, options);
  mlir::TimingScope time = timeStage(options, "code generation");
  return generateCode(*compiled.module, target, options,
                      kind == CodeKind::Object
                          ? llvm::CodeGenFileType::ObjectFile
                          : llvm::CodeGenFileType::AssemblyFile);
}

llvm::Expected<std::string> xla::findLinker() {
  if (const char *linker = std::getenv("XLA_LINKER"))
    return std::string(linker);
  for (llvm::StringRef name : {"ld.lld", "ld.lld-22"}) {
    auto path = llvm::sys::findProgramByName(name, {XLA_LLVM_TOOLS_DIR});
    if (!path)
      path = llvm::sys::findProgramByName(name);
    if (path)
      return *path;
  }
  return makeError("cannot find ld.lld (set XLA_LINKER)");
}

/// The libm this process uses (ld.lld has no default search path, and the
/// code must call the same libm the JIT binds).
static llvm::StringRef getLibmPath() {
  static std::string path = [] {
    Dl_info info;
    double (*cosine)(double) = &::cos;
    if (dladdr(reinterpret_cast<void *>(cosine), &info) && info.dli_fname)
      return std::string(info.dli_fname);
    return std::string();
  }();
  return path;
}

llvm::Expected<std::string>
xla::writeTemporaryObject(llvm::ArrayRef<char> object,
                          llvm::SmallVectorImpl<llvm::FileRemover> &removers) {
  llvm::SmallString<128> path;
  int fd;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("xla-program", "o", fd, path))
    return makeError("cannot create a temporary object file: " +
                     ec.message());
  removers.emplace_back(path);
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os.write(object.data(), object.size());
  return std::string(path);
}

llvm::Error xla::runLinker(llvm::ArrayRef<std::string> args,
                           const llvm::Twine &what) {
  auto linker = findLinker();
  if (!linker)
    return linker.takeError();
  llvm::SmallVector<llvm::StringRef> argRefs = {*linker};
  argRefs.append(args.begin(), args.end());
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*linker, argRefs, std::nullopt, {}, 0, 0,
                                     &message);
  if (rc != 0)
    return makeError(what + " failed (" + *linker + ", exit " +
                     llvm::Twine(rc) + ")" +
                     (message.empty() ? "" : ": " + message));
  return llvm::Error::success();
}

llvm::Error xla::emitSharedLibrary(const ObjectCode &objects,
                                   llvm::StringRef path) {
  // Reserved: a FileRemover that moves removes its file.
  llvm::SmallVector<llvm::FileRemover> removers;
  removers.reserve(objects.size());
  llvm::SmallVector<std::string> args = {"-shared", "-o", path.str()};
  // The parts of a program compiled in parts go in as they are: one link.
  for (const auto &object : objects) {
    llvm::Expected<std::string> objectPath =
        writeTemporaryObject(object, removers);
    if (!objectPath)
      return objectPath.takeError();
    args.push_back(*objectPath);
  }
  // The calls LLVM's code generation makes that the host's libgcc may lack
  // (bf16 truncations) resolve inside the library, and stay its own.
  llvm::StringRef builtins = XLA_COMPILER_RT_BUILTINS;
  if (!builtins.empty() && llvm::sys::fs::exists(builtins)) {
    args.push_back(builtins.str());
    args.push_back(("--exclude-libs=" + llvm::sys::path::filename(builtins))
                       .str());
  }
  // The library names what it calls besides the runtime (whose functions
  // it imports through pointers): libm, and libomp and MLIR's C runner
  // utilities where the code uses them.
  args.push_back("--as-needed");
  for (llvm::StringRef library :
       {getLibmPath(), llvm::StringRef(XLA_OPENMP_LIBRARY),
        llvm::StringRef(XLA_C_RUNNER_UTILS)}) {
    if (library.empty())
      continue;
    args.push_back(library.str());
    args.push_back(("-rpath=" + llvm::sys::path::parent_path(library)).str());
  }
  return runLinker(args, "linking " + path);
}
