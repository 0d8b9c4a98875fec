//===- CompilationCache.h - compiled programs kept on disk --------*- C++ -*-===//
//
// A persistent cache of compiled programs, shared by every process of the
// user:
//
//   key   = SHA-256 of the program after import (printed generically, with
//           its locations, which checks and errors report), the target
//           description, every compile option that changes code, and the
//           compiler's identity (version, LLVM version, and the size and
//           time of the binary the compiler is linked into, so a rebuilt
//           compiler misses);
//   value = llvmcache-<key>.so, the shared library Executable::load runs
//           (runtime only: no MLIR, no LLVM), and llvmcache-<key>.json with
//           its entry symbol, size and xxh3 checksum.
//
// Writers link into a temporary file and rename it into place, so readers
// never see half an entry; a library whose size or checksum does not match
// its record is removed and compiled again, never run. Entries are evicted
// least recently used first (llvm::pruneCache on access times, which a hit
// refreshes) when the directory grows beyond its bound.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_COMPILER_COMPILATIONCACHE_H
#define XLA_MLIR_COMPILER_COMPILATIONCACHE_H

#include "xla-mlir/Compiler/CompileOptions.h"
#include "xla-mlir/Compiler/Compiler.h"
#include "xla-mlir/Runtime/Executable.h"
#include "xla-mlir/Target/TargetDescription.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace xla {

/// $XLA_CACHE_DIR, else $XDG_CACHE_HOME/xla-mlir, else ~/.cache/xla-mlir.
std::string getDefaultCacheDirectory();

/// What a compilation through the cache did.
enum class CacheOutcome {
  Hit,      ///< loaded a stored library
  Miss,     ///< compiled and stored
  Corrupt,  ///< found a damaged entry, removed it, compiled and stored
  Bypassed, ///< compiled without the cache (dumps requested)
};
llvm::StringRef toString(CacheOutcome outcome);

class CompilationCache {
public:
  /// `maxBytes`: the bound of the directory's size (0: unbounded).
  CompilationCache(std::string directory, uint64_t maxBytes);

  const std::string &getDirectory() const { return directory; }

  /// The key of compiling `module` for `target` with `options` (hex).
  /// Fails when the program does not import; compiling it reports why.
  static llvm::Expected<std::string>
  computeKey(mlir::ModuleOp module, const TargetDescription &target,
             const CompileOptions &options);

  /// The stored executable of `key`, or nullptr on a miss. A damaged entry
  /// is removed and reported through `corrupt`.
  llvm::Expected<std::unique_ptr<runtime::Executable>>
  lookup(llvm::StringRef key, const CompileOptions &options, bool *corrupt);

  /// Links `objects` into the entry of `key` (atomically), prunes the
  /// directory to its bound, and loads the stored library.
  llvm::Expected<std::unique_ptr<runtime::Executable>>
  insert(llvm::StringRef key, const ObjectCode &objects,
         llvm::StringRef entry, const CompileOptions &options);

  /// The paths of the entry of `key`.
  std::string getLibraryPath(llvm::StringRef key) const;
  std::string getRecordPath(llvm::StringRef key) const;

private:
  std::string directory;
  uint64_t maxBytes;
};

/// Compiles `module` like compileForJIT, through `cache`: a hit loads the
/// stored library without compiling. `outcome` (optional) says which.
llvm::Expected<std::unique_ptr<runtime::Executable>>
compileWithCache(mlir::ModuleOp module, const TargetDescription &target,
                 const CompileOptions &options, CompilationCache &cache,
                 CacheOutcome *outcome = nullptr);

} // namespace xla

#endif // XLA_MLIR_COMPILER_COMPILATIONCACHE_H
