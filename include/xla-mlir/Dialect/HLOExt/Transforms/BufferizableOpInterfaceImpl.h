//===- BufferizableOpInterfaceImpl.h - hloext bufferization -------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

#include "mlir/IR/DialectRegistry.h"

namespace xla::hloext {

/// Attaches BufferizableOpInterface to every hloext op: inits bufferize in
/// place (they alias the results), inputs are only read.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

} // namespace xla::hloext

#endif // XLA_MLIR_DIALECT_HLOEXT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
