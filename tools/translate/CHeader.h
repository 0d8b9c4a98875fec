//===- CHeader.h - C header for an ahead-of-time compiled entry ---*- C++ -*-===//

#ifndef XLA_MLIR_TOOLS_TRANSLATE_CHEADER_H
#define XLA_MLIR_TOOLS_TRANSLATE_CHEADER_H

#include "xla-mlir/Runtime/Signature.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace xla::tools {

/// A C header declaring `void NAME(const T *arg0, ..., T *result0, ...)`
/// for the compiled entry `signature` (NAME is signature.entry), with
/// element counts and ranks as macros.
std::string emitCHeader(const runtime::Signature &signature,
                        llvm::StringRef source);

} // namespace xla::tools

#endif // XLA_MLIR_TOOLS_TRANSLATE_CHEADER_H
