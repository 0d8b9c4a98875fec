//===- CheckToRuntime.h - check ops to runtime calls --------------*- C++ -*-===//
//
// The pass itself is `check-lower-to-runtime` (Conversion/Passes.td); the
// call ABI is in xla-mlir/ABI/CheckABI.h.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H
#define XLA_MLIR_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H

#include "xla-mlir/ABI/DType.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"

#include <optional>
#include <string>

namespace xla {

/// "file:line:col" of the innermost file location in `loc`, the form in
/// which the runtime reports check failures and compile errors; other
/// locations print as MLIR prints them.
std::string formatFileLocation(mlir::Location loc);

/// The runtime element type of an hlo-level tensor element (signedness
/// included), if the runtime can pass it.
std::optional<runtime::DType> getDTypeFor(mlir::Type type);

} // namespace xla

#endif // XLA_MLIR_CONVERSION_CHECKTORUNTIME_CHECKTORUNTIME_H
