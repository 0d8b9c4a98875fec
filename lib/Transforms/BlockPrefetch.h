//===- BlockPrefetch.h - shared by the block-prefetch passes ----*- C++ -*-===//
//
// The strategy (PlanBlockPrefetch.cpp) marks only reads the mechanism
// (PrefetchNextBlock.cpp) knows how to prefetch, and finds them with the
// footprints of BlockFootprint.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_BLOCKPREFETCH_H
#define XLA_MLIR_LIB_TRANSFORMS_BLOCKPREFETCH_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace xla {

/// A 1-D read of whole bytes along the contiguous last dimension of a
/// memref, in bounds and without a mask: the lines it reads follow from its
/// indices.
bool isContiguousRead(mlir::vector::TransferReadOp read);

/// The elements of a buffer an op reads in one iteration of a parallel
/// loop, relative to the buffer's first element: from
/// `perIteration * iv + low` to `perIteration * iv + high`, over all
/// iterations of the loops around it inside the parallel one.
struct Footprint {
  int64_t perIteration = 0;
  int64_t low = 0;
  int64_t high = 0;
};

/// The footprint of `read` (a 1-D minor-identity vector.transfer_read, a
/// 1-D vector.load or a memref.load) in the buffer its memref views, with
/// `iv` the parallel loop's induction variable. None unless every index
/// and view offset is an affine function of `iv` and of induction
/// variables of loops with constant bounds, and the strides are static.
std::optional<Footprint> readFootprint(mlir::Operation *read,
                                       mlir::Value iv);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_BLOCKPREFETCH_H
