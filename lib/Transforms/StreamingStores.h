//===- StreamingStores.h - shared by the streaming-store passes -*- C++ -*-===//
//
// The strategy (PlanStreamingStores.cpp) marks outputs a kernel stores
// into; the mechanism (StreamingStores.cpp) streams those it only stores
// into. Both look at a buffer's uses through its views the same way.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_STREAMINGSTORES_H
#define XLA_MLIR_LIB_TRANSFORMS_STREAMINGSTORES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace xla {

/// The uses of `buffer` and of its views (subviews, reshapes, casts), the
/// views themselves excepted.
llvm::SmallVector<mlir::OpOperand *> usesThroughViews(mlir::Value buffer);

/// Whether `use` stores into its buffer: a vector write or store, a scalar
/// store, or the target of a copy.
bool isStore(mlir::OpOperand *use);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_STREAMINGSTORES_H
