//===- MemoryAccess.h - how kernels touch their buffers ---------*- C++ -*-===//
//
// Shared by the strategies and mechanisms of streaming stores
// (PlanStreamingStores.cpp, StreamingStores.cpp) and next-block prefetch
// (PlanBlockPrefetch.cpp, PrefetchNextBlock.cpp), so that a strategy marks
// exactly what its mechanism rewrites.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_MEMORYACCESS_H
#define XLA_MLIR_LIB_TRANSFORMS_MEMORYACCESS_H

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "llvm/ADT/SmallVector.h"

namespace xla {

/// The uses of `buffer` and of its views (subviews, reshapes, casts), the
/// views themselves excepted.
llvm::SmallVector<mlir::OpOperand *> usesThroughViews(mlir::Value buffer);

/// Whether `use` stores into its buffer: a vector write or store, a scalar
/// store, or the target of a copy.
bool isStore(mlir::OpOperand *use);

/// A 1-D vector read or write of ints or floats along the contiguous last
/// dimension of a memref, in bounds and without a mask: the lines it
/// touches follow from its indices.
bool isContiguousTransfer(mlir::VectorTransferOpInterface transfer);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_MEMORYACCESS_H
