//===- JIT.cpp - load compiled objects into this process ------------------===//
//
// ORC's LLJIT links the objects that compileToObject produced (the parts of
// a program compiled in parts, which a shared library links alike), so what
// runs in the JIT is what ships.
// Symbols other than the program's own come from the process (LLJIT links
// its process-symbols JITDylib by default): libm and libomp. Runtime
// functions are not symbols at all: the runtime binds the program's import
// pointers (ABI/EntryABI.h). The few functions compiled code calls by name
// from MLIR's C runner utilities and newer libgcc (memrefCopy, the bf16
// truncations) are bound to the runtime's own (Runtime/CodeSupport.h):
// MLIR's need libMLIR.so and libLLVM.so, which a tool linked with static
// LLVM could not load.
//
// With XLA_PERF_JITDUMP=1 in the environment, ORC's perf support writes a
// jitdump of every function of the program (fused kernels under their
// fusion names), which `perf inject --jit` merges into a `perf record -k 1`
// profile (docs/fusion.md).
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "xla-mlir/Compiler/CompileTimeReport.h"
#include "xla-mlir/Compiler/Compiler.h"
#include "xla-mlir/Runtime/CodeSupport.h"

#include "llvm/ExecutionEngine/Orc/Debugging/PerfSupportPlugin.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"

#include <cstdlib>
#include <dlfcn.h>

using namespace xla;

/// Lets the program find libomp through the
/// shared object this compiler is linked into, when that is not the main
/// program: the Python extension is loaded RTLD_LOCAL (and DEEPBIND), so
/// its dependencies are not in the process's global namespace that the
/// process-symbols JITDylib searches. dlsym on the object's own handle
/// searches it and its dependencies.
static void addOwnLibrary(llvm::orc::LLJIT &jit) {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&addOwnLibrary), &info) ||
      !info.dli_fname)
    return;
  // RTLD_NOLOAD: only an object already loaded (never the main program,
  // which dlopen cannot open by its path).
  void *handle = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
  if (!handle)
    return;
  jit.getMainJITDylib().addGenerator(
      std::make_unique<llvm::orc::DynamicLibrarySearchGenerator>(
          llvm::sys::DynamicLibrary(handle),
          jit.getDataLayout().getGlobalPrefix()));
}


llvm::Expected<std::unique_ptr<runtime::Executable>>
xla::loadInJIT(const ObjectCode &objects,
               const runtime::Signature &signature,
               const CompileOptions &options) {
  mlir::TimingScope time = timeStage(options, "JIT link and load");
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return machineBuilder.takeError();
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*machineBuilder))
                 .create();
  if (!jit)
    return jit.takeError();
  addOwnLibrary(**jit);
  llvm::orc::SymbolMap own;
  for (size_t i = 0; i < runtime::kNumCodeSupportSymbols; ++i)
    own[(*jit)->mangleAndIntern(runtime::kCodeSupportSymbols[i].name)] = {
        llvm::orc::ExecutorAddr::fromPtr(
            runtime::kCodeSupportSymbols[i].address),
        llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  if (llvm::Error error = (*jit)->getMainJITDylib().define(
          llvm::orc::absoluteSymbols(std::move(own))))
    return std::move(error);
  const char *perf = std::getenv("XLA_PERF_JITDUMP");
  if (perf && llvm::StringRef(perf) == "1")
    if (auto *linker = llvm::dyn_cast<llvm::orc::ObjectLinkingLayer>(
            &(*jit)->getObjLinkingLayer())) {
      auto plugin = llvm::orc::PerfSupportPlugin::Create(
          (*jit)->getExecutionSession().getExecutorProcessControl(),
          *(*jit)->getProcessSymbolsJITDylib(), /*EmitDebugInfo=*/true,
          /*EmitUnwindInfo=*/true);
      if (!plugin)
        return plugin.takeError();
      linker->addPlugin(std::move(*plugin));
    }
  // The parts' hidden symbols resolve between them: they share the JIT's
  // main JITDylib.
  for (const auto &object : objects)
    if (llvm::Error error = (*jit)->addObjectFile(
            llvm::MemoryBuffer::getMemBufferCopy(
                llvm::StringRef(object.data(), object.size()), "xla_program")))
      return std::move(error);

  std::shared_ptr<llvm::orc::LLJIT> code(std::move(*jit));
  // Looking a symbol up links the object; errors (an unresolved symbol)
  // surface here and are kept for the caller.
  llvm::Error lookupErrors = llvm::Error::success();
  auto lookup = [&](const std::string &name) -> void * {
    auto address = code->lookup(name);
    if (!address) {
      lookupErrors =
          llvm::joinErrors(std::move(lookupErrors), address.takeError());
      return nullptr;
    }
    return address->toPtr<void *>();
  };
  auto exe = runtime::Executable::create(signature, lookup, code,
                                         options.customCalls);
  if (lookupErrors)
    return std::move(lookupErrors);
  if (!exe)
    return toError(exe.getStatus());
  return std::move(*exe);
}
