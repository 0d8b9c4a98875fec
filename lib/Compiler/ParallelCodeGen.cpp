//===- ParallelCodeGen.cpp - LLVM optimization and machine code in parts --===//
//
// LLVM's O3 pipeline and code generation of the hundreds of kernels of a
// training step take seconds on one thread. The module is split into parts
// (llvm::SplitModule: a function and the local symbols it shares stay
// together; locals are renamed and made external), each part travels as
// bitcode into its own LLVMContext (contexts are not thread-safe), and a
// thread pool optimizes each part and generates its machine code in one
// go; `ld.lld -r` joins the objects into one relocatable object, so every
// consumer (JIT, shared library, `xla-translate --emit=obj`) sees one
// object. When the LLVM IR is wanted (dumps, `--emit=llvmir`), the
// optimized parts are also linked back into one module. Kernels are
// `noinline`, and their dead arguments are removed before the split
// (CodeGen.cpp), so optimizing them apart loses little.
//
// The number of parts depends on the module only, never on the threads:
// one thread or many produce the same bytes.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "xla-mlir/Compiler/CompileTimeReport.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/OptBisect.h"
#include "llvm/Linker/Linker.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <algorithm>
#include <mutex>

using namespace xla;

using Bytes = llvm::SmallVector<char, 0>;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

unsigned xla::getCodeGenPartitions(const llvm::Module &module) {
  unsigned functions = 0, instructions = 0;
  for (const llvm::Function &function : module) {
    functions += !function.isDeclaration();
    instructions += function.getInstructionCount();
  }
  // Parts of about 1000 instructions (a few kernels), by size rather than
  // by function count so that small programs split too (2-core machine,
  // 2026-11-24: a training step of 37k instructions compiled in 2.75 s with
  // parts of 32 functions, 2.5 s with these; the MLP step's 4.5k in 0.37 s
  // as one part, 0.33 s in four). Smaller parts cost more in the split,
  // the bitcode round trip and the relocatable link than they gain.
  return std::clamp(instructions / 1000, 1u, std::clamp(functions, 1u, 16u));
}

namespace {
/// Skips two of the CPU code generator's passes that cost compile time and
/// buy nothing on our kernels, which arrive vectorized with their address
/// arithmetic already affine in one induction variable: loop strength
/// reduction (14% of the BERT step's code generation, plus 4% for the IV
/// users it needs) and the post-RA list scheduler (8%; the out-of-order
/// cores it would schedule for reorder anyway). Measured at the same run
/// time (docs/compile-time.md). A gate of the module's own LLVMContext
/// rather than `-disable-lsr`/`-post-RA-scheduler`, which are process-wide
/// and would also reach the NVPTX back end of a GPU compilation.
class CPUCodeGenGate final : public llvm::OptPassGate {
public:
  bool isEnabled() const override { return true; }
  bool shouldRunPass(llvm::StringRef pass, llvm::StringRef) const override {
    // Legacy IR passes are named by their description, machine function
    // passes by their argument.
    return pass != "Loop Strength Reduction" &&
           pass != "Canonicalize Freeze Instructions in Loops" &&
           pass != "post-RA-sched";
  }
};
} // namespace

/// Machine code for one module.
static llvm::Expected<llvm::SmallVector<char, 0>>
generate(llvm::Module &module, const TargetDescription &target,
         const CompileOptions &options, llvm::CodeGenFileType type) {
  auto machine = createTargetMachine(target, options);
  if (!machine)
    return machine.takeError();
  static CPUCodeGenGate gate;
  if (skipsCostlyLLVMPasses(options, **machine))
    module.getContext().setOptPassGate(gate);
  llvm::SmallVector<char, 0> code;
  llvm::raw_svector_ostream os(code);
  llvm::legacy::PassManager codegen;
  if ((*machine)->addPassesToEmitFile(codegen, os, nullptr, type))
    return makeError("the target cannot emit this file type");
  codegen.run(module);
  return std::move(code);
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

/// `work` on each part, read into its own context, on a pool of
/// `options.compileThreads` threads; the outputs in part order, or the
/// first error. The largest parts start first, so that no large part is
/// left to run alone at the end.
template <typename Output>
static llvm::Expected<llvm::SmallVector<Output>>
forEachPart(llvm::ArrayRef<Bytes> bitcode, const CompileOptions &options,
            llvm::function_ref<llvm::Expected<Output>(llvm::Module &)> work) {
  llvm::SmallVector<Output> outputs(bitcode.size());
  std::mutex errorMutex;
  std::string firstError;
  llvm::SmallVector<size_t> order =
      llvm::to_vector(llvm::seq<size_t>(0, bitcode.size()));
  llvm::sort(order, [&](size_t a, size_t b) {
    return std::make_pair(bitcode[b].size(), a) <
           std::make_pair(bitcode[a].size(), b);
  });
  llvm::DefaultThreadPool pool(
      llvm::hardware_concurrency(options.compileThreads));
  for (size_t i : order)
    pool.async([&, i] {
      llvm::LLVMContext context;
      llvm::Expected<std::unique_ptr<llvm::Module>> part =
          llvm::parseBitcodeFile(
              llvm::MemoryBufferRef(
                  llvm::StringRef(bitcode[i].data(), bitcode[i].size()),
                  "part"),
              context);
      llvm::Expected<Output> output =
          part ? work(**part) : llvm::Expected<Output>(part.takeError());
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

namespace {
/// What a part becomes: its optimized IR and, if asked, its machine code.
struct OptimizedPart {
  Bytes bitcode;
  Bytes object;
};
} // namespace

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
    bitcode = splitToBitcode(*module, getCodeGenPartitions(*module));
  }
  llvm::Expected<llvm::SmallVector<OptimizedPart>> optimized =
      forEachPart<OptimizedPart>(
          bitcode, options,
          [&](llvm::Module &part) -> llvm::Expected<OptimizedPart> {
            auto machine = createTargetMachine(target, options);
            if (!machine)
              return machine.takeError();
            OptimizedPart result;
            {
              mlir::TimingScope time = objects
                                           ? stage.nest("LLVM optimization")
                                           : mlir::TimingScope();
              if (llvm::Error error =
                      runOptimizationPipeline(part, **machine, options))
                return std::move(error);
              if (keepModule) {
                llvm::raw_svector_ostream os(result.bitcode);
                llvm::WriteBitcodeToFile(part, os);
              }
            }
            if (objects) {
              mlir::TimingScope time = stage.nest("code generation");
              llvm::Expected<Bytes> code = generate(
                  part, target, options, llvm::CodeGenFileType::ObjectFile);
              if (!code)
                return code.takeError();
              result.object = std::move(*code);
            }
            return std::move(result);
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
  llvm::LLVMContext &context = module->getContext();
  auto linked = std::make_unique<llvm::Module>(module->getModuleIdentifier(),
                                               context);
  linked->setSourceFileName(module->getSourceFileName());
  linked->setTargetTriple(module->getTargetTriple());
  linked->setDataLayout(module->getDataLayout());
  llvm::Linker linker(*linked);
  for (const OptimizedPart &part : *optimized) {
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
  module = std::move(linked);
  return llvm::Error::success();
}

llvm::Expected<Bytes>
xla::generateCode(const llvm::Module &module, const TargetDescription &target,
                  const CompileOptions &options, llvm::CodeGenFileType type) {
  // Code generation rewrites IR (CodeGenPrepare and others): work on a
  // copy, so that every emission of the module starts from the same IR.
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
  unsigned partitions = getCodeGenPartitions(module);
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
