//===- ReportFile.h - files the report passes write -------------*- C++ -*-===//
//
// Shared by hlo-report-fusions and xla-report-memory: a report file that
// cannot be written is an error on the module, with the path and reason.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_REPORTFILE_H
#define XLA_MLIR_LIB_TRANSFORMS_REPORTFILE_H

#include "mlir/IR/Operation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace xla {

/// Opens `path` for writing the report named `what` into `os`; on failure
/// reports it on `op`.
inline mlir::LogicalResult
openReportFile(mlir::Operation *op, llvm::StringRef what,
               const std::string &path,
               std::unique_ptr<llvm::raw_fd_ostream> &os) {
  std::error_code error;
  os = std::make_unique<llvm::raw_fd_ostream>(path, error,
                                              llvm::sys::fs::OF_Text);
  if (error)
    return op->emitError("cannot write the ")
           << what << " " << path << ": " << error.message();
  return mlir::success();
}

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_REPORTFILE_H
