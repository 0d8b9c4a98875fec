//===- PartitionProgram.h - the LLVM-dialect program in parts ---*- C++ -*-===//
//
// The mechanism that splits a lowered program (LLVM dialect) into modules
// that the compile driver translates, optimizes and compiles on their own
// threads (lib/Compiler/ParallelCodeGen.cpp). How many parts a program
// gets is a strategy the caller passes (the driver's
// getCodeGenPartitions). `xla-test-partition-program` shows the parts.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TRANSFORMS_PARTITIONPROGRAM_H
#define XLA_MLIR_TRANSFORMS_PARTITIONPROGRAM_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace xla {

/// A program in parts. Every function with a body is defined in exactly
/// one part; a part declares what it uses from the others. Every defined
/// function but the entry has hidden visibility: the parts link into one
/// object or library that exports only the entry's wrappers.
struct ProgramParts {
  llvm::SmallVector<mlir::OwningOpRef<mlir::ModuleOp>> modules;
  /// The op count of each part, the measure the parts are balanced by.
  llvm::SmallVector<size_t> sizes;
  /// The part that defines the entry.
  unsigned entryPart = 0;
  /// The runtime functions the program declares, in module order
  /// (runtime::isRuntimeImport): the entry's part defines their import
  /// slots, the others declare the slots they use.
  std::vector<std::string> imports;
  /// Private globals that became hidden externals because several parts
  /// use them.
  llvm::SmallVector<std::string> externalized;
};

/// Moves the functions and globals of `program`, which is left with what
/// no part needs, into `count(functions, operations)` parts (of its
/// functions with a body, and their op count) of about the same op count:
/// the largest function first, to the smallest part. Functions that
/// contain equal parallel regions (OpenMP) go to the same part, so that
/// the outlined regions can be merged after translation. Fails, leaving
/// `program` as it was, on top-level ops it does not know how to share
/// between parts (global constructors, aliases, comdats, initializer
/// regions): those programs compile as one module.
mlir::FailureOr<ProgramParts>
partitionProgram(mlir::ModuleOp program, llvm::StringRef entry,
                 llvm::function_ref<unsigned(size_t, size_t)> count);

} // namespace xla

#endif // XLA_MLIR_TRANSFORMS_PARTITIONPROGRAM_H
