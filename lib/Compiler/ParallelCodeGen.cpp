//===- ParallelCodeGen.cpp - machine code for parts of a module at once ---===//
//
// Code generation of the ~700 kernels of a training step takes seconds on
// one thread. The optimized module is split into parts (llvm::SplitModule:
// a function and the local symbols it shares stay together; locals are
// renamed and made external), each part travels as bitcode into its own
// LLVMContext (contexts are not thread-safe), machine code is generated
// for the parts on a thread pool, and `ld.lld -r` joins the objects into
// one relocatable object, so every consumer (JIT, shared library,
// `xla-translate --emit=obj`) still sees one object.
//
// The number of parts depends on the module only, never on the threads:
// one thread or many produce the same bytes.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <algorithm>
#include <mutex>

using namespace xla;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

unsigned xla::getCodeGenPartitions(const llvm::Module &module) {
  unsigned functions = 0;
  for (const llvm::Function &function : module)
    functions += !function.isDeclaration();
  // Parts of at least 32 functions: below that the split, the bitcode
  // round trip and the relocatable link cost more than they save.
  return std::clamp(functions / 32, 1u, 16u);
}

/// Machine code for one module.
static llvm::Expected<llvm::SmallVector<char, 0>>
generate(llvm::Module &module, const TargetDescription &target,
         const CompileOptions &options, llvm::CodeGenFileType type) {
  auto machine = createTargetMachine(target, options);
  if (!machine)
    return machine.takeError();
  llvm::SmallVector<char, 0> code;
  llvm::raw_svector_ostream os(code);
  llvm::legacy::PassManager codegen;
  if ((*machine)->addPassesToEmitFile(codegen, os, nullptr, type))
    return makeError("the target cannot emit this file type");
  codegen.run(module);
  return std::move(code);
}

/// `ld.lld -r` of `objects` into one object.
static llvm::Expected<llvm::SmallVector<char, 0>>
joinObjects(llvm::ArrayRef<llvm::SmallVector<char, 0>> objects) {
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

llvm::Expected<llvm::SmallVector<char, 0>>
xla::generateCode(const llvm::Module &module, const TargetDescription &target,
                  const CompileOptions &options, llvm::CodeGenFileType type) {
  // Code generation rewrites IR (CodeGenPrepare and others): work on a
  // copy, so that every emission of the module starts from the same IR.
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(module);
  unsigned partitions = getCodeGenPartitions(module);
  if (type != llvm::CodeGenFileType::ObjectFile || partitions == 1)
    return generate(*copy, target, options, type);

  llvm::SmallVector<llvm::SmallVector<char, 0>> bitcode;
  llvm::SplitModule(
      *copy, partitions,
      [&](std::unique_ptr<llvm::Module> part) {
        llvm::SmallVector<char, 0> bytes;
        llvm::raw_svector_ostream os(bytes);
        llvm::WriteBitcodeToFile(*part, os);
        bitcode.push_back(std::move(bytes));
      },
      /*PreserveLocals=*/false, /*RoundRobin=*/false);

  llvm::SmallVector<llvm::SmallVector<char, 0>> objects(bitcode.size());
  std::mutex errorMutex;
  std::string firstError;
  llvm::ThreadPoolStrategy strategy =
      llvm::hardware_concurrency(options.compileThreads);
  llvm::DefaultThreadPool pool(strategy);
  for (size_t i = 0; i < bitcode.size(); ++i)
    pool.async([&, i] {
      llvm::LLVMContext context;
      llvm::Expected<std::unique_ptr<llvm::Module>> part =
          llvm::parseBitcodeFile(
              llvm::MemoryBufferRef(
                  llvm::StringRef(bitcode[i].data(), bitcode[i].size()),
                  "part"),
              context);
      llvm::Expected<llvm::SmallVector<char, 0>> object =
          part ? generate(**part, target, options, type)
               : llvm::Expected<llvm::SmallVector<char, 0>>(part.takeError());
      if (object) {
        objects[i] = std::move(*object);
        return;
      }
      std::lock_guard<std::mutex> lock(errorMutex);
      std::string message = llvm::toString(object.takeError());
      if (firstError.empty())
        firstError = message;
    });
  pool.wait();
  if (!firstError.empty())
    return makeError("code generation failed: " + firstError);
  return joinObjects(objects);
}
