//===- RuntimeSymbols.h - the functions programs import -----------*- C++ -*-===//
//
// Every runtime function a compiled program calls goes through an import
// pointer (ABI/EntryABI.h) that the loader fills from this table: checks,
// the custom-call dispatcher and the buffer pool's allocation functions.
// Nothing else can be imported, so a program reaches only what the runtime
// deliberately exposes.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_RUNTIME_RUNTIMESYMBOLS_H
#define XLA_MLIR_LIB_RUNTIME_RUNTIMESYMBOLS_H

#include <string_view>

namespace xla::runtime {

/// The runtime's implementation of the imported function `name`, or
/// nullptr if the runtime has none.
void *lookupRuntimeSymbol(std::string_view name);

} // namespace xla::runtime

#endif // XLA_MLIR_LIB_RUNTIME_RUNTIMESYMBOLS_H
