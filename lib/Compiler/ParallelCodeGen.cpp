//===- ParallelCodeGen.cpp - LLVM optimization and machine code in parts --===//
//
// LLVM's O3 pipeline and code generation of the hundreds of kernels of a
// training step take seconds on one thread, so a thread pool optimizes
// each part of a program and generates its machine code in one go, each
// part in its own LLVMContext (contexts are not thread-safe). The parts
// come either from the LLVM-dialect program (compileProgramParts: each is
// also translated on its thread; PartitionProgram.h) or from an LLVM
// module translated whole (optimizeInParts: llvm::SplitModule, locals made
// hidden externals, each part as bitcode). The objects stay parts: the
// JIT and shared libraries link them as they are, and joinObjects makes
// one relocatable object only where one is written. When the LLVM IR is
// wanted (dumps, `--emit=llvmir`), the optimized parts are also linked
// back into one module. Kernels are `noinline` and take one pointer per
// buffer (or lose their dead arguments before the split, CodeGen.cpp), so
// optimizing them apart loses little.
//
// The number of parts depends on the program only, never on the threads:
// one thread or many produce the same bytes.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "xla-mlir/Compiler/CompileTimeReport.h"
#include "xla-mlir/Transforms/PartitionProgram.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Pass.h"
#include "llvm/Linker/Linker.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Transforms/IPO/MergeFunctions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <algorithm>
#include <chrono>
#include <mutex>

using namespace xla;

using Bytes = llvm::SmallVector<char, 0>;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

unsigned xla::getCodeGenPartitions(size_t functions, size_t instructions,
                                   int64_t cores) {
  // Parts of at least about 1000 instructions (a program smaller than
  // that is one part), at most one per function, at most 16 and at most
  // one per core of the target. Each part costs time of its own (its context,
  // translation setup, pass pipelines, declarations of what it uses from
  // the others, its object to link), and only functions in the same part
  // are merged when identical, so more parts than cores only pay off if
  // they balance the cores better: they did not. One part per core against
  // parts of 1000 ops, a whole number per core (2-core machine,
  // 2026-11-29, 14 workloads, six alternating rounds): the parts' summed
  // CPU time 2-18% lower on all of them, the stage's wall time lower on
  // 13. (Two parts per core: in between.) The count depends on the
  // target, not on --compile-threads: the code is the same for any number
  // of threads.
  size_t parts = std::clamp<size_t>(instructions / 1000, 1,
                                    std::clamp<size_t>(functions, 1, 16));
  return std::min<size_t>(parts, std::max<int64_t>(cores, 1));
}

unsigned xla::getCodeGenPartitions(const llvm::Module &module,
                                   int64_t cores) {
  size_t functions = 0, instructions = 0;
  for (const llvm::Function &function : module) {
    functions += !function.isDeclaration();
    instructions += function.getInstructionCount();
  }
  return getCodeGenPartitions(functions, instructions, cores);
}

namespace {
/// With `trim`, leaves out two of the CPU code generator's passes (and the
/// freeze canonicalization that prepares for one) that cost compile time
/// and buy nothing on our kernels, which arrive vectorized with their
/// address arithmetic already affine in one induction variable: loop
/// strength reduction (14% of the BERT step's code generation) and the
/// post-RA list scheduler (8%; the out-of-order cores it would schedule for
/// reorder anyway). Measured at the same run time (docs/compile-time.md).
/// Left out of the pass manager rather than skipped by a pass gate: a
/// skipped pass still has its analyses computed, and the IV users that
/// strength reduction needs were another 5% (2026-11-29). Rather than
/// `-disable-lsr`/`-post-RA-scheduler`, which are process-wide and would
/// also reach the NVPTX back end of a GPU compilation.
class CPUCodeGenPasses final : public llvm::legacy::PassManagerBase {
public:
  CPUCodeGenPasses(llvm::legacy::PassManager &passes, bool trim)
      : passes(passes), trim(trim) {}
  void add(llvm::Pass *pass) override {
    llvm::StringRef name = pass->getPassArgument();
    // A pass manager may destroy a pass it is given right away.
    if (trim && (name == "loop-reduce" || name == "canon-freeze" ||
                 name == "post-RA-sched")) {
      delete pass;
      return;
    }
    passes.add(pass);
  }

private:
  llvm::legacy::PassManager &passes;
  bool trim;
};
} // namespace

/// Machine code for one module, by `machine` (which may have optimized it:
/// a target machine parses the long feature string of its subtarget, and
/// sets up its target lowering, each time one is made).
static llvm::Expected<llvm::SmallVector<char, 0>>
generate(llvm::Module &module, llvm::TargetMachine &machine,
         const CompileOptions &options, llvm::CodeGenFileType type) {
  llvm::SmallVector<char, 0> code;
  llvm::raw_svector_ostream os(code);
  llvm::legacy::PassManager codegen;
  CPUCodeGenPasses passes(codegen, skipsCostlyLLVMPasses(options, machine));
  if (machine.addPassesToEmitFile(passes, os, nullptr, type))
    return makeError("the target cannot emit this file type");
  codegen.run(module);
  return std::move(code);
}

static llvm::Expected<llvm::SmallVector<char, 0>>
generate(llvm::Module &module, const TargetDescription &target,
         const CompileOptions &options, llvm::CodeGenFileType type) {
  auto machine = createTargetMachine(target, options);
  if (!machine)
    return machine.takeError();
  return generate(module, **machine, options, type);
}

llvm::Expected<llvm::SmallVector<char, 0>>
xla::joinObjects(const ObjectCode &objects, const CompileOptions &options) {
  if (objects.size() == 1)
    return objects.front();
  mlir::TimingScope time = timeStage(options, "joining the parts");
  llvm::SmallVector<llvm::FileRemover> removers;
  removers.reserve(objects.size() + 1);
  llvm::SmallString<128> joined;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("xla-program", "o", joined))
    return makeError("cannot create a temporary object: " + ec.message());
  removers.emplace_back(joined);
  llvm::SmallVector<std::string> args = {"-r", "-o", std::string(joined)};
  for (const auto &object : objects) {
    llvm::Expected<std::string> path = writeTemporaryObject(object, removers);
    if (!path)
      return path.takeError();
    args.push_back(*path);
  }
  if (llvm::Error error = runLinker(args, "joining the object parts"))
    return std::move(error);
  auto buffer = llvm::MemoryBuffer::getFile(joined);
  if (!buffer)
    return makeError("cannot read " + joined + ": " +
                     buffer.getError().message());
  llvm::StringRef bytes = (*buffer)->getBuffer();
  return llvm::SmallVector<char, 0>(bytes.begin(), bytes.end());
}

/// `module` split into `partitions` parts, each as bitcode (contexts are
/// not thread-safe, so parts travel as bytes). Locals are externalized
/// with hidden visibility and keep their names.
static llvm::SmallVector<Bytes> splitToBitcode(llvm::Module &module,
                                               unsigned partitions) {
  llvm::SmallVector<Bytes> bitcode;
  llvm::SplitModule(
      module, partitions,
      [&](std::unique_ptr<llvm::Module> part) {
        Bytes bytes;
        llvm::raw_svector_ostream os(bytes);
        llvm::WriteBitcodeToFile(*part, os);
        bitcode.push_back(std::move(bytes));
      },
      /*PreserveLocals=*/false, /*RoundRobin=*/false);
  return bitcode;
}

/// `work` on each part in its own LLVMContext (contexts are not
/// thread-safe), on a pool of `threads` threads; the outputs in part
/// order, or the first error. The largest parts (by `sizes`) start first,
/// so that no large part is left to run alone at the end. Each part's
/// time goes to `report`, if any.
template <typename Output>
static llvm::Expected<llvm::SmallVector<Output>> forEachPart(
    llvm::ArrayRef<size_t> sizes, llvm::ThreadPoolStrategy threads,
    CompileTimeReport *report,
    llvm::function_ref<llvm::Expected<Output>(size_t, llvm::LLVMContext &)>
        work) {
  llvm::SmallVector<Output> outputs(sizes.size());
  std::mutex errorMutex;
  std::string firstError;
  llvm::SmallVector<size_t> order =
      llvm::to_vector(llvm::seq<size_t>(0, sizes.size()));
  llvm::sort(order, [&](size_t a, size_t b) {
    return std::make_pair(sizes[b], a) < std::make_pair(sizes[a], b);
  });
  llvm::DefaultThreadPool pool(threads);
  for (size_t i : order)
    pool.async([&, i] {
      auto start = std::chrono::steady_clock::now();
      llvm::Expected<Output> output = [&] {
        llvm::LLVMContext context;
        return work(i, context);
      }();
      if (report)
        report->addPartTime(
            i, sizes[i], start,
            std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                          start)
                .count());
      if (output) {
        outputs[i] = std::move(*output);
        return;
      }
      std::lock_guard<std::mutex> lock(errorMutex);
      std::string message = llvm::toString(output.takeError());
      if (firstError.empty())
        firstError = message;
    });
  pool.wait();
  if (!firstError.empty())
    return makeError(firstError);
  return std::move(outputs);
}

/// forEachPart on parts that travel as bitcode.
template <typename Output>
static llvm::Expected<llvm::SmallVector<Output>>
forEachPart(llvm::ArrayRef<Bytes> bitcode, const CompileOptions &options,
            llvm::function_ref<llvm::Expected<Output>(llvm::Module &)> work) {
  llvm::SmallVector<size_t> sizes = llvm::map_to_vector(
      bitcode, [](const Bytes &bytes) { return bytes.size(); });
  return forEachPart<Output>(
      sizes, llvm::hardware_concurrency(options.compileThreads),
      options.timeReport,
      [&](size_t i, llvm::LLVMContext &context) -> llvm::Expected<Output> {
        llvm::Expected<std::unique_ptr<llvm::Module>> part =
            llvm::parseBitcodeFile(
                llvm::MemoryBufferRef(
                    llvm::StringRef(bitcode[i].data(), bitcode[i].size()),
                    "part"),
                context);
        if (!part)
          return part.takeError();
        return work(**part);
      });
}

namespace {
/// What a part becomes: its optimized IR and, if asked, its machine code.
struct OptimizedPart {
  Bytes bitcode;
  Bytes object;
};
} // namespace

/// Optimizes `part` and, with `withObject`, generates its machine code;
/// keeps its optimized IR as bitcode with `keepIR`. Times itself under
/// `stage`.
static llvm::Expected<OptimizedPart>
optimizePart(llvm::Module &part, const TargetDescription &target,
             const CompileOptions &options, bool withObject, bool keepIR,
             mlir::TimingScope &stage) {
  auto machine = createTargetMachine(target, options);
  if (!machine)
    return machine.takeError();
  OptimizedPart result;
  {
    mlir::TimingScope time =
        withObject ? stage.nest("LLVM optimization") : mlir::TimingScope();
    // Kernels that contain the same parallel region share a part
    // (PartitionProgram.cpp); translation outlined the regions into
    // identical functions, of which one is kept (the others become thunks
    // to it). Kernels that lowered to the same code merge the same way.
    if (options.optLevel > 0)
      llvm::MergeFunctionsPass::runOnModule(part);
    if (llvm::Error error = runOptimizationPipeline(part, **machine, options))
      return std::move(error);
    if (keepIR) {
      llvm::raw_svector_ostream os(result.bitcode);
      llvm::WriteBitcodeToFile(part, os);
    }
  }
  if (withObject) {
    mlir::TimingScope time = stage.nest("code generation");
    llvm::Expected<Bytes> code =
        generate(part, **machine, options, llvm::CodeGenFileType::ObjectFile);
    if (!code)
      return code.takeError();
    result.object = std::move(*code);
  }
  return std::move(result);
}

/// The optimized parts linked into one module of `context`, the symbols
/// of `locals` local again.
static llvm::Expected<std::unique_ptr<llvm::Module>>
linkParts(llvm::ArrayRef<OptimizedPart> parts, llvm::LLVMContext &context,
          llvm::StringRef name, const llvm::StringSet<> &locals) {
  auto linked = std::make_unique<llvm::Module>(name, context);
  linked->setSourceFileName(name);
  llvm::Linker linker(*linked);
  for (const OptimizedPart &part : parts) {
    llvm::Expected<std::unique_ptr<llvm::Module>> parsed =
        llvm::parseBitcodeFile(
            llvm::MemoryBufferRef(
                llvm::StringRef(part.bitcode.data(), part.bitcode.size()),
                "optimized part"),
            context);
    if (!parsed)
      return parsed.takeError();
    if (linker.linkInModule(std::move(*parsed)))
      return makeError("linking the optimized parts failed");
  }
  for (llvm::GlobalValue &value : linked->global_values())
    if (!value.isDeclaration() && locals.contains(value.getName())) {
      value.setVisibility(llvm::GlobalValue::DefaultVisibility);
      value.setLinkage(llvm::GlobalValue::InternalLinkage);
    }
  return std::move(linked);
}

llvm::Error xla::optimizeInParts(std::unique_ptr<llvm::Module> &module,
                                 const TargetDescription &target,
                                 const CompileOptions &options,
                                 ObjectCode *objects, bool keepModule) {
  // Local symbols become hidden externals in the parts; when the parts are
  // linked back, they are made local again, so the module keeps its
  // symbol table.
  llvm::StringSet<> locals;
  if (keepModule)
    for (llvm::GlobalValue &value : module->global_values())
      if (value.hasLocalLinkage() && value.hasName())
        locals.insert(value.getName());
  // Each thread times its own work; the report adds them up under the
  // stage that is running.
  mlir::TimingScope stage =
      timeStage(options, objects ? "LLVM optimization and code generation"
                                : "LLVM optimization");
  llvm::SmallVector<Bytes> bitcode;
  {
    mlir::TimingScope time = stage.nest("splitting into parts");
    bitcode = splitToBitcode(*module,
                             getCodeGenPartitions(*module, target.cores));
  }
  llvm::Expected<llvm::SmallVector<OptimizedPart>> optimized =
      forEachPart<OptimizedPart>(bitcode, options, [&](llvm::Module &part) {
        return optimizePart(part, target, options, objects, keepModule,
                            stage);
      });
  if (!optimized)
    return makeError("LLVM optimization or code generation failed: " +
                     llvm::toString(optimized.takeError()));
  stage.stop();
  if (objects)
    for (OptimizedPart &part : *optimized)
      objects->push_back(std::move(part.object));

  if (!keepModule) {
    module.reset();
    return llvm::Error::success();
  }
  mlir::TimingScope linkTime =
      timeStage(options, "linking the optimized parts");
  llvm::Expected<std::unique_ptr<llvm::Module>> linked =
      linkParts(*optimized, module->getContext(),
                module->getModuleIdentifier(), locals);
  if (!linked)
    return linked.takeError();
  (*linked)->setSourceFileName(module->getSourceFileName());
  module = std::move(*linked);
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<llvm::Module>> xla::compileProgramParts(
    ProgramParts &parts, const TargetDescription &target,
    const CompileOptions &options, ObjectCode *objects,
    llvm::LLVMContext *keepIn,
    llvm::function_ref<llvm::Error(llvm::Module &, unsigned)> prepare) {
  mlir::TimingScope stage =
      timeStage(options, objects ? "LLVM optimization and code generation"
                                 : "LLVM optimization");
  // Translation reads the MLIR context's uniqued attributes and types,
  // which only a multithreaded context guards.
  mlir::MLIRContext *mlirContext = parts.modules.front()->getContext();
  llvm::ThreadPoolStrategy threads =
      mlirContext->isMultithreadingEnabled()
          ? llvm::hardware_concurrency(options.compileThreads)
          : llvm::hardware_concurrency(1);
  llvm::Expected<llvm::SmallVector<OptimizedPart>> optimized =
      forEachPart<OptimizedPart>(
          parts.sizes, threads, options.timeReport,
          [&](size_t i,
              llvm::LLVMContext &context) -> llvm::Expected<OptimizedPart> {
            std::unique_ptr<llvm::Module> part;
            {
              mlir::TimingScope time = stage.nest("translation to LLVM IR");
              part = translateProgram(*parts.modules[i], context);
              if (!part)
                return makeError("translation to LLVM IR failed");
              // Freed here, on this part's thread.
              parts.modules[i] = nullptr;
              if (llvm::Error error = prepare(*part, i))
                return std::move(error);
            }
            return optimizePart(*part, target, options, objects, keepIn,
                                stage);
          });
  if (!optimized)
    return optimized.takeError();
  stage.stop();
  if (objects)
    for (OptimizedPart &part : *optimized)
      objects->push_back(std::move(part.object));
  if (!keepIn)
    return nullptr;
  mlir::TimingScope linkTime =
      timeStage(options, "linking the optimized parts");
  llvm::StringSet<> locals;
  for (const std::string &name : parts.externalized)
    locals.insert(name);
  return linkParts(*optimized, *keepIn, kProgramModuleName, locals);
}

llvm::Expected<Bytes>
xla::generateCode(const llvm::Module &module, const TargetDescription &target,
                  const CompileOptions &options, llvm::CodeGenFileType type) {
  // Code generation rewrites IR (CodeGenPrepare and others): work on a
  // copy, so that every emission of the module starts from the same IR.
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
  unsigned partitions = getCodeGenPartitions(module, target.cores);
  if (type != llvm::CodeGenFileType::ObjectFile || partitions == 1)
    return generate(*copy, target, options, type);
  llvm::Expected<llvm::SmallVector<Bytes>> objects = forEachPart<Bytes>(
      splitToBitcode(*copy, partitions), options, [&](llvm::Module &part) {
        return generate(part, target, options, type);
      });
  if (!objects)
    return makeError("code generation failed: " +
                     llvm::toString(objects.takeError()));
  return joinObjects(ObjectCode(std::move(*objects)), options);
}
