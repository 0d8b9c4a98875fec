//===- Executable.cpp - run a compiled program ----------------------------===//

#include "xla-mlir/Runtime/Executable.h"

#include "RuntimeSymbols.h"

#include "xla-mlir/ABI/EntryABI.h"
#include "xla-mlir/ABI/GPUABI.h"
#include "xla-mlir/Runtime/GPUEmulator.h"
#include "xla-mlir/Runtime/GPURuntime.h"

#include <dlfcn.h>

using namespace xla::runtime;

StatusOr<std::unique_ptr<Executable>>
Executable::create(Signature signature, const SymbolLookup &lookup,
                   std::shared_ptr<void> code,
                   const CustomCallRegistry *customCalls) {
  auto exe = std::unique_ptr<Executable>(new Executable());
  exe->customCalls =
      customCalls ? customCalls : &CustomCallRegistry::global();
  for (const std::string &name : signature.customCalls)
    if (!exe->customCalls->lookup(name))
      return Status::error("custom call target '" + name +
                           "' is not registered with the runtime");
  for (const std::string &name : signature.imports) {
    void *implementation = lookupRuntimeSymbol(name);
    if (!implementation)
      return Status::error("the program imports '" + name +
                           "', which this runtime does not provide");
    auto **slot = static_cast<void **>(lookup(kImportPrefix + name));
    if (!slot)
      return Status::error("the program has no import slot for '" + name +
                           "'");
    *slot = implementation;
    if (name.rfind(kGPUSymbolPrefix, 0) == 0)
      exe->gpu = true;
  }
  // A GPU program fails here, not halfway through its host code, on a
  // machine without a usable device.
  if (exe->gpu)
    if (Status status = gpuAvailable())
      return Status::error("@" + signature.entry +
                           " runs on a GPU: " + status.message());
  exe->entryPoint = reinterpret_cast<PackedEntry>(
      lookup(kPackedEntryPrefix + signature.entry));
  if (!exe->entryPoint)
    return Status::error("the program has no entry point " +
                         (kPackedEntryPrefix + signature.entry));
  exe->signature = std::move(signature);
  exe->code = std::move(code);
  if (exe->gpu)
    exe->gpuImages = std::make_unique<std::set<const void *>>();
  return std::move(exe);
}

Executable::~Executable() {
  if (gpuImages)
    gpuReleaseModules(*gpuImages);
}

StatusOr<std::unique_ptr<Executable>>
Executable::load(const std::string &path, const std::string &entry,
                 const CustomCallRegistry *customCalls) {
  // RTLD_LOCAL: two artifacts may export the same entry name.
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    return Status::error("cannot load " + path + ": " + dlerror());
  std::shared_ptr<void> library(handle, [](void *h) { dlclose(h); });
  auto lookup = [handle](const std::string &name) {
    return dlsym(handle, name.c_str());
  };
  const char *text =
      static_cast<const char *>(lookup(kSignaturePrefix + entry));
  if (!text)
    return Status::error(path + " has no compiled entry '" + entry + "'");
  StatusOr<Signature> signature = Signature::parse(text);
  if (!signature)
    return Status::error(path + ": " + signature.getStatus().message());
  return create(std::move(*signature), lookup, std::move(library),
                customCalls);
}

Status Executable::execute(void **buffers, CheckReport *checks) const {
  CheckReport localReport;
  CheckReport *report = checks ? checks : &localReport;
  Status customCallErrors, gpuErrors;
  {
    CheckReportScope checkScope(report);
    CustomCallScope customCallScope(customCalls, &customCallErrors);
    GPUExecutionScope gpuScope(gpuImages.get());
    GPUEmulatorScope emulatorScope;
    entryPoint(buffers);
    if (gpu)
      gpuErrors = gpuScope.finish();
    else
      gpuErrors = emulatorScope.finish();
  }
  if (gpuErrors)
    return gpuErrors;
  if (customCallErrors)
    return customCallErrors;
  if (!checks && !localReport.passed()) {
    std::string text;
    for (const CheckFailure &failure : localReport.failures)
      text += (text.empty() ? "" : "\n") + failure.str();
    return Status::error(text);
  }
  return Status();
}

StatusOr<std::vector<HostBuffer>>
Executable::run(const std::vector<HostBuffer> &args,
                CheckReport *checks) const {
  return runImpl(args, nullptr, checks);
}

StatusOr<std::vector<HostBuffer>>
Executable::runDonated(std::vector<HostBuffer> args,
                       CheckReport *checks) const {
  return runImpl(args, &args, checks);
}

StatusOr<std::vector<HostBuffer>>
Executable::runImpl(const std::vector<HostBuffer> &args,
                    std::vector<HostBuffer> *donated,
                    CheckReport *checks) const {
  const std::vector<TensorSpec> &inputs = signature.inputs;
  if (args.size() != inputs.size())
    return Status::error("@" + signature.entry + " takes " +
                         std::to_string(inputs.size()) + " input(s), got " +
                         std::to_string(args.size()));
  std::vector<void *> buffers;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!(args[i].getSpec() == inputs[i]))
      return Status::error("input " + std::to_string(i) + " of @" +
                           signature.entry + ": expected " +
                           inputs[i].str() + ", got " +
                           args[i].getSpec().str());
    // The program writes an input only where its caller donated it.
    buffers.push_back(const_cast<void *>(args[i].data()));
  }
  std::vector<HostBuffer> results;
  results.reserve(signature.outputs.size());
  for (size_t k = 0; k < signature.outputs.size(); ++k) {
    const TensorSpec &spec = signature.outputs[k];
    const Signature::Alias *alias = nullptr;
    for (const Signature::Alias &candidate : signature.aliases)
      if (candidate.output == k && candidate.inPlace && donated)
        alias = &candidate;
    if (alias) {
      // The pointer is taken before the buffer moves: moving keeps it.
      buffers.push_back(buffers[alias->input]);
      results.push_back(std::move((*donated)[alias->input]));
      continue;
    }
    // Every result is written in full by the program, so its buffer need
    // not be zeroed first.
    StatusOr<HostBuffer> result = HostBuffer::create(spec, /*zeroed=*/false);
    if (!result.ok())
      return Status::error("result " + std::to_string(k) + " of @" +
                           signature.entry + ": " +
                           result.getStatus().message());
    results.push_back(std::move(*result));
    buffers.push_back(results.back().data());
  }
  if (Status status = execute(buffers.data(), checks))
    return status;
  return std::move(results);
}
