//===- CompilationCache.cpp - compiled programs kept on disk --------------===//

#include "xla-mlir/Compiler/CompilationCache.h"
#include "xla-mlir/Compiler/CompileTimeReport.h"

#include "Dump.h"
#include "xla-mlir/Compiler/Compiler.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/xxhash.h"

#include <dlfcn.h>

using namespace mlir;
using namespace xla;
namespace fs = llvm::sys::fs;

#ifndef XLA_MLIR_VERSION
#define XLA_MLIR_VERSION "unknown"
#endif

namespace {

/// Feeds everything written to it into a SHA-256.
class HashStream : public llvm::raw_ostream {
public:
  explicit HashStream(llvm::SHA256 &hash) : hash(hash) {}
  ~HashStream() override { flush(); }

private:
  void write_impl(const char *ptr, size_t size) override {
    hash.update(llvm::StringRef(ptr, size));
    written += size;
  }
  uint64_t current_pos() const override { return written; }

  llvm::SHA256 &hash;
  uint64_t written = 0;
};

/// Who compiles: a rebuilt compiler (a new binary, or a new libMLIR) must
/// not reuse the code of the old one, even at the same version.
std::string getCompilerIdentity() {
  static const std::string identity = [] {
    std::string text = "xla-mlir " XLA_MLIR_VERSION ", LLVM " LLVM_VERSION_STRING;
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&getCompilerIdentity), &info) &&
        info.dli_fname) {
      fs::file_status status;
      if (!fs::status(info.dli_fname, status))
        text += llvm::formatv(", {0} ({1} bytes, {2})", info.dli_fname,
                              status.getSize(),
                              status.getLastModificationTime()
                                  .time_since_epoch()
                                  .count());
    }
    return text;
  }();
  return identity;
}

/// Every option that changes the generated code. A new field of
/// CompileOptions belongs here.
std::string describeOptions(const CompileOptions &o) {
  return llvm::formatv(
      "entry={0} inline={1} hlo-simplify={2} fold-constants={3} "
      "fold-limit={4} cse={5} dce={6} fusion={7} reduction-block={8} "
      "vectorize={9} parallel-loops={10} runtime-alloc={11} opt-level={12} "
      "export-name={13} max-tensor-size={14} llvm-unroll={15} "
      "fuse-blocks={16} rematerialize={17} streaming-stores={18} "
      "prefetch={19} gpu-row-fusion={20} gpu-vector-bytes={21} "
      "gpu-contraction-blocks={22} gpu-cublas={23} "
      "gpu-transpose-tiles={24} gpu-tensor-cores={25} "
      "llvm-all-passes={26} gpu-contraction-epilogues={27} "
      "gpu-emulate={28} gpu-row-warp-length={29} "
      "gpu-reduction-epilogues={30} gpu-horizontal-fusion={31} "
      "gpu-async-copies={32} gpu-skinny-products={33} "
      "gpu-contraction-prologues={34}",
      o.entry, o.inlineFunctions, o.hloSimplify, o.foldConstants, o.foldLimit,
      o.cse, o.dce, o.fusion, o.reductionBlock, o.vectorize, o.parallelLoops,
      o.runtimeAlloc, o.optLevel, o.exportName, o.maxTensorSize,
      o.llvmUnroll, o.fuseBlocks, o.rematerialize, o.streamingStores,
      o.prefetch, o.gpuRowFusion, o.gpuVectorBytes, o.gpuContractionBlocks,
      o.gpuCublas, o.gpuTransposeTiles, o.gpuTensorCores,
      o.llvmAllPasses, o.gpuContractionEpilogues, o.gpuEmulate,
      o.gpuRowWarpLength, o.gpuReductionEpilogues, o.gpuHorizontalFusion,
      o.gpuAsyncCopies, o.gpuSkinnyProducts, o.gpuContractionPrologues);
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string checksumOf(llvm::StringRef bytes) {
  return llvm::utohexstr(llvm::xxh3_64bits(bytes), /*LowerCase=*/true);
}

llvm::Expected<std::unique_ptr<runtime::Executable>>
load(const std::string &path, const std::string &entry,
     const CompileOptions &options) {
  auto exe = runtime::Executable::load(path, entry, options.customCalls);
  if (!exe)
    return toError(exe.getStatus());
  return std::move(*exe);
}

/// Marks an entry as just used, for least-recently-used pruning.
void touch(const std::string &path) {
  int fd;
  if (fs::openFileForRead(path, fd))
    return;
  (void)fs::setLastAccessAndModificationTime(fd, std::chrono::system_clock::now());
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
}

} // namespace

std::string xla::getDefaultCacheDirectory() {
  if (std::optional<std::string> dir = llvm::sys::Process::GetEnv("XLA_CACHE_DIR"))
    return *dir;
  llvm::SmallString<128> path;
  if (std::optional<std::string> xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty())
    path = *xdg;
  else if (!llvm::sys::path::home_directory(path))
    return "";
  else
    llvm::sys::path::append(path, ".cache");
  llvm::sys::path::append(path, "xla-mlir");
  return std::string(path);
}

llvm::StringRef xla::toString(CacheOutcome outcome) {
  switch (outcome) {
  case CacheOutcome::Hit: return "hit";
  case CacheOutcome::Miss: return "miss";
  case CacheOutcome::Corrupt: return "corrupt entry replaced";
  case CacheOutcome::Bypassed: return "bypassed";
  }
  return "";
}

CompilationCache::CompilationCache(std::string directory, uint64_t maxBytes)
    : directory(std::move(directory)), maxBytes(maxBytes) {}

std::string CompilationCache::getLibraryPath(llvm::StringRef key) const {
  return (directory + "/llvmcache-" + key + ".so").str();
}

std::string CompilationCache::getRecordPath(llvm::StringRef key) const {
  return (directory + "/llvmcache-" + key + ".json").str();
}

llvm::Expected<std::string>
CompilationCache::computeKey(ModuleOp module, const TargetDescription &target,
                             const CompileOptions &options) {
  MLIRContext *context = module.getContext();
  OwningOpRef<ModuleOp> program(module.clone());
  {
    // The compilation that follows a failure reports the diagnostics.
    ScopedDiagnosticHandler silence(context,
                                    [](Diagnostic &) { return success(); });
    PassManager pm(context);
    pm.addPass(hlo::createHLOImportPass());
    if (failed(pm.run(*program)))
      return makeError("the program does not import");
  }
  llvm::SHA256 hash;
  {
    HashStream os(hash);
    os << "xla-mlir compilation cache 1\n"
       << getCompilerIdentity() << "\n"
       << target.str() << "\n"
       << describeOptions(options) << "\n";
    OpPrintingFlags flags;
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
    flags.printGenericOpForm();
    program->print(os, flags);
  }
  std::array<uint8_t, 32> digest = hash.final();
  return llvm::toHex(digest, /*LowerCase=*/true);
}

llvm::Expected<std::unique_ptr<runtime::Executable>>
CompilationCache::lookup(llvm::StringRef key, const CompileOptions &options,
                         bool *corrupt) {
  std::string library = getLibraryPath(key), record = getRecordPath(key);
  if (!fs::exists(library) || !fs::exists(record))
    return nullptr;
  auto discard = [&]() -> std::unique_ptr<runtime::Executable> {
    fs::remove(library);
    fs::remove(record);
    if (corrupt)
      *corrupt = true;
    return nullptr;
  };
  auto recordText = llvm::MemoryBuffer::getFile(record);
  auto libraryBytes = llvm::MemoryBuffer::getFile(library);
  if (!recordText || !libraryBytes)
    return discard();
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*recordText)->getBuffer());
  if (!json) {
    llvm::consumeError(json.takeError());
    return discard();
  }
  const llvm::json::Object *object = json->getAsObject();
  std::optional<llvm::StringRef> entry =
      object ? object->getString("entry") : std::nullopt;
  std::optional<llvm::StringRef> checksum =
      object ? object->getString("xxh3") : std::nullopt;
  std::optional<int64_t> size =
      object ? object->getInteger("size") : std::nullopt;
  llvm::StringRef bytes = (*libraryBytes)->getBuffer();
  if (!entry || !checksum || !size ||
      *size != static_cast<int64_t>(bytes.size()) ||
      *checksum != checksumOf(bytes))
    return discard();
  touch(library);
  touch(record);
  return load(library, entry->str(), options);
}

llvm::Expected<std::unique_ptr<runtime::Executable>>
CompilationCache::insert(llvm::StringRef key, const ObjectCode &objects,
                         llvm::StringRef entry, const CompileOptions &options) {
  if (std::error_code ec = fs::create_directories(directory))
    return makeError("cannot create the cache directory " + directory + ": " +
                     ec.message());
  // Temporary names do not start with llvmcache-, so pruning (by another
  // process) never takes a file that is being written.
  llvm::SmallString<128> temporary;
  fs::createUniquePath(directory + "/tmp-%%%%%%%%%%%%%%%%.so", temporary,
                       /*MakeAbsolute=*/false);
  llvm::FileRemover removeTemporary(temporary);
  if (llvm::Error error = emitSharedLibrary(objects, temporary))
    return std::move(error);
  auto bytes = llvm::MemoryBuffer::getFile(temporary);
  if (!bytes)
    return makeError("cannot read " + temporary + ": " +
                     bytes.getError().message());

  llvm::json::Object record{
      {"entry", entry},
      {"size", static_cast<int64_t>((*bytes)->getBufferSize())},
      {"xxh3", checksumOf((*bytes)->getBuffer())},
      {"compiler", getCompilerIdentity()}};
  llvm::Expected<fs::TempFile> recordFile =
      fs::TempFile::create(directory + "/tmp-%%%%%%%%%%%%%%%%.json");
  if (!recordFile)
    return recordFile.takeError();
  {
    llvm::raw_fd_ostream os(recordFile->FD, /*shouldClose=*/false);
    os << llvm::json::Value(std::move(record));
  }
  // The record first: a reader that finds the library finds its record.
  if (llvm::Error error = recordFile->keep(getRecordPath(key)))
    return std::move(error);
  std::string library = getLibraryPath(key);
  if (std::error_code ec = fs::rename(temporary, library))
    return makeError("cannot store " + library + ": " + ec.message());

  // Loaded before pruning: a bound below one entry evicts even this one,
  // and the loaded library outlives its file.
  auto exe = load(library, entry.str(), options);
  if (exe && maxBytes) {
    llvm::CachePruningPolicy policy;
    policy.Interval = std::chrono::seconds(0);
    policy.Expiration = std::chrono::seconds(0);
    policy.MaxSizeBytes = maxBytes;
    llvm::pruneCache(directory, policy);
  }
  return exe;
}

llvm::Expected<std::unique_ptr<runtime::Executable>>
xla::compileWithCache(ModuleOp module, const TargetDescription &target,
                      const CompileOptions &options, CompilationCache &cache,
                      CacheOutcome *outcome) {
  auto report = [&](CacheOutcome value) {
    if (outcome)
      *outcome = value;
  };
  report(CacheOutcome::Bypassed);
  // A dump shows the passes running, so it always compiles.
  if (!getDumpDirectory(options).empty())
    return compileForJIT(module, target, options);
  llvm::Expected<std::string> key =
      CompilationCache::computeKey(module, target, options);
  if (!key) {
    llvm::consumeError(key.takeError());
    return compileForJIT(module, target, options);
  }
  bool corrupt = false;
  mlir::TimingScope lookupTime = timeStage(options, "cache lookup and load");
  auto stored = cache.lookup(*key, options, &corrupt);
  lookupTime.stop();
  if (stored && *stored) {
    report(CacheOutcome::Hit);
    return stored;
  }
  // A stored program that does not load here (a custom call target this
  // process has not registered) is compiled, which says where and why.
  if (!stored)
    llvm::consumeError(stored.takeError());

  llvm::Expected<CompiledObject> compiled =
      compileToObject(module, target, options);
  if (!compiled)
    return compiled.takeError();
  mlir::TimingScope insertTime =
      timeStage(options, "shared library, cache entry and load");
  auto exe = cache.insert(*key, compiled->objects, compiled->signature.entry,
                          options);
  insertTime.stop();
  if (exe) {
    report(corrupt ? CacheOutcome::Corrupt : CacheOutcome::Miss);
    return exe;
  }
  // A cache that cannot be written (read-only, full disk) costs a warning,
  // never the run.
  llvm::WithColor::warning() << "compilation cache " << cache.getDirectory()
                             << ": " << llvm::toString(exe.takeError())
                             << "\n";
  return loadInJIT(compiled->objects, compiled->signature, options);
}
