//===- InitAll.h - register every xla-mlir dialect and pass -------*- C++ -*-===//

#ifndef XLA_MLIR_INITALL_H
#define XLA_MLIR_INITALL_H

#include "mlir/IR/DialectRegistry.h"

namespace xla {

/// Registers the hlo, check and interpreter dialects, plus the `stablehlo`
/// and `chlo` namespaces that read StableHLO text as hlo.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers every xla-mlir pass and pipeline with the global registry.
void registerAllPasses();

} // namespace xla

#endif // XLA_MLIR_INITALL_H
