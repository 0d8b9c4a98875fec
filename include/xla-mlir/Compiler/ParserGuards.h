//===- ParserGuards.h - inputs MLIR's parser cannot survive -------*- C++ -*-===//
//
// MLIR 22's textual parser dies on some inputs instead of reporting an
// error, inside libMLIR where no verifier can step in. Each tool scans its
// input text for them first and reports a located error instead
// (docs/robustness.md). Found by the fuzzer (scripts/fuzz.sh).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_COMPILER_PARSERGUARDS_H
#define XLA_MLIR_COMPILER_PARSERGUARDS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace xla {

/// The largest result number a use `%name#N` may name. MLIR's parser
/// allocates a slot for every number up to N, so `%0#2147483647` ends in
/// "LLVM ERROR: out of memory"; no op has this many results.
constexpr uint64_t kMaxResultNumber = uint64_t(1) << 20;

struct ParserHazard {
  /// Byte offset of the offending token in the text.
  size_t offset;
  std::string message;
};

/// The first construct of `text` MLIR's parser would crash on, if any.
/// String literals and `//` comments are skipped.
std::optional<ParserHazard> findParserHazard(llvm::StringRef text);

/// Checks the main buffer of `sourceMgr`; on a hazard, emits a located
/// error through `context`'s diagnostic handlers and returns false.
bool checkParserHazards(const llvm::SourceMgr &sourceMgr,
                        mlir::MLIRContext *context);

} // namespace xla

#endif // XLA_MLIR_COMPILER_PARSERGUARDS_H
