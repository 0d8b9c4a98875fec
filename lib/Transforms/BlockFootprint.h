//===- BlockFootprint.h - what one parallel iteration reads -----*- C++ -*-===//
//
// The strategy of next-block prefetch (PlanBlockPrefetch.cpp) tells with
// these footprints a phase that reads its block again from one that reads
// new data.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_BLOCKFOOTPRINT_H
#define XLA_MLIR_LIB_TRANSFORMS_BLOCKFOOTPRINT_H

#include "mlir/IR/Operation.h"

namespace xla {

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

#endif // XLA_MLIR_LIB_TRANSFORMS_BLOCKFOOTPRINT_H
