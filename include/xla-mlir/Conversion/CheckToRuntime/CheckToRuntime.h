//===- CheckToRuntime.h - check ops to runtime calls --------------*- C++ -*-===//
//
// The pass itself is `check-lower-to-runtime` (Conversion/Passes.td); the
// call ABI is in xla-mlir/Runtime/CheckABI.h.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H
#define XLA_MLIR_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H

#include "mlir/IR/Location.h"

#include <string>

namespace xla {

/// "file:line:col" of the innermost file location in `loc`, the form in
/// which the runtime reports check failures and compile errors; other
/// locations print as MLIR prints them.
std::string formatFileLocation(mlir::Location loc);

} // namespace xla

#endif // XLA_MLIR_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H
