//===- EntryWrappers.h - the exported face of a compiled program -*- C++ -*-===//

#ifndef XLA_MLIR_LIB_COMPILER_ENTRYWRAPPERS_H
#define XLA_MLIR_LIB_COMPILER_ENTRYWRAPPERS_H

#include "xla-mlir/Runtime/Signature.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace xla {

/// Gives the lowered entry `entryName` of `module` the exports of
/// ABI/EntryABI.h, named after `signature.entry`: the C-ABI function (the
/// lowered entry is inlined into it), the packed entry and the signature
/// text, whose `imports` must be complete.
llvm::Error addEntryWrappers(llvm::Module &module, llvm::StringRef entryName,
                             const runtime::Signature &signature);

/// The runtime functions `module` declares (runtime::isRuntimeImport), in
/// module order.
std::vector<std::string>
collectRuntimeImports(const llvm::Module &module);

/// Routes the calls of runtime functions through the import slots
/// `_xla_import_<name>` that the loader fills: defines the slots of all
/// of `imports` with `defineSlots` (the module, or the part, with the
/// entry), else declares those it uses. Every runtime function `module`
/// declares must be in `imports`.
llvm::Error routeRuntimeImports(llvm::Module &module,
                                llvm::ArrayRef<std::string> imports,
                                bool defineSlots);

} // namespace xla

#endif // XLA_MLIR_LIB_COMPILER_ENTRYWRAPPERS_H
