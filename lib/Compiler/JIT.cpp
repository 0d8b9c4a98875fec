//===- JIT.cpp - load compiled objects into this process ------------------===//
//
// ORC's LLJIT links the object that emitObject produced (the same bytes an
// ahead-of-time compilation writes), so what runs in the JIT is what ships.
// Symbols other than the program's own come from the process (LLJIT links
// its process-symbols JITDylib by default): libm, libomp and MLIR's C
// runner utilities. Runtime functions are not symbols at all:
// the runtime binds the program's import pointers (ABI/EntryABI.h).
//
// With XLA_PERF_MAP=1 in the environment, every function of the program
// (fused kernels included, under their fusion names) is appended to
// /tmp/perf-<pid>.map as it is linked, so `perf report` names JIT code.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "xla-mlir/Compiler/Compiler.h"

#include "llvm/ExecutionEngine/JITLink/JITLink.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace xla;

namespace {

/// Writes perf's map of JIT code: "START SIZE NAME" per function, after
/// the linker fixed the addresses. Local symbols (the kernels) too.
class PerfMapPlugin : public llvm::orc::ObjectLinkingLayer::Plugin {
public:
  void modifyPassConfig(llvm::orc::MaterializationResponsibility &,
                        llvm::jitlink::LinkGraph &,
                        llvm::jitlink::PassConfiguration &config) override {
    config.PostFixupPasses.push_back([](llvm::jitlink::LinkGraph &graph) {
      std::error_code error;
      llvm::raw_fd_ostream map(
          ("/tmp/perf-" + llvm::Twine(llvm::sys::Process::getProcessId()) +
           ".map")
              .str(),
          error, llvm::sys::fs::OF_Append);
      if (error)
        return llvm::Error::success();
      for (llvm::jitlink::Symbol *symbol : graph.defined_symbols())
        if (symbol->isCallable() && symbol->hasName() && symbol->getSize())
          map << llvm::format("%llx %llx ",
                              (unsigned long long)symbol->getAddress().getValue(),
                              (unsigned long long)symbol->getSize())
              << *symbol->getName() << "\n";
      return llvm::Error::success();
    });
  }
  llvm::Error notifyFailed(llvm::orc::MaterializationResponsibility &) override {
    return llvm::Error::success();
  }
  llvm::Error notifyRemovingResources(llvm::orc::JITDylib &,
                                      llvm::orc::ResourceKey) override {
    return llvm::Error::success();
  }
  void notifyTransferringResources(llvm::orc::JITDylib &,
                                   llvm::orc::ResourceKey,
                                   llvm::orc::ResourceKey) override {}
};

} // namespace

llvm::Expected<std::unique_ptr<runtime::Executable>>
xla::loadInJIT(llvm::ArrayRef<char> object,
               const runtime::Signature &signature,
               const CompileOptions &options) {
  auto machineBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return machineBuilder.takeError();
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*machineBuilder))
                 .create();
  if (!jit)
    return jit.takeError();
  const char *perfMap = std::getenv("XLA_PERF_MAP");
  if (perfMap && llvm::StringRef(perfMap) == "1")
    if (auto *linker = llvm::dyn_cast<llvm::orc::ObjectLinkingLayer>(
            &(*jit)->getObjLinkingLayer()))
      linker->addPlugin(std::make_shared<PerfMapPlugin>());
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
