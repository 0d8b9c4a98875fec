//===- CHeader.h - C header for an ahead-of-time compiled entry ---*- C++ -*-===//

#ifndef XLA_MLIR_TOOLS_TRANSLATE_CHEADER_H
#define XLA_MLIR_TOOLS_TRANSLATE_CHEADER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <string>

namespace xla::tools {

/// Returns a C header declaring `void name(const T *arg..., T *result...)`
/// for `entry` (hlo-level signature), with element counts and shapes as
/// macros. Fails with a diagnostic at `entry` for signatures the bare
/// pointer ABI cannot express (dynamic shapes, tokens, tuples, ...).
mlir::FailureOr<std::string> emitCHeader(mlir::func::FuncOp entry,
                                         llvm::StringRef name,
                                         llvm::StringRef source);

} // namespace xla::tools

#endif // XLA_MLIR_TOOLS_TRANSLATE_CHEADER_H
