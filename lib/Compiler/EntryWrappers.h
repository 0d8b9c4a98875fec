//===- EntryWrappers.h - the exported face of a compiled program -*- C++ -*-===//

#ifndef XLA_MLIR_LIB_COMPILER_ENTRYWRAPPERS_H
#define XLA_MLIR_LIB_COMPILER_ENTRYWRAPPERS_H

#include "xla-mlir/Runtime/Signature.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace xla {

/// Gives the lowered entry `entryName` of `module` the exports of
/// ABI/EntryABI.h, named after `signature.entry`: the C-ABI function, the
/// packed entry and the signature text; routes every call of a runtime
/// function through an import pointer and lists it in `signature.imports`.
/// The lowered entry itself becomes internal.
llvm::Error addEntryWrappers(llvm::Module &module, llvm::StringRef entryName,
                             runtime::Signature &signature);

} // namespace xla

#endif // XLA_MLIR_LIB_COMPILER_ENTRYWRAPPERS_H
