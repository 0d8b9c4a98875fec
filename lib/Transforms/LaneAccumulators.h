//===- LaneAccumulators.h - reductions keep a vector accumulator -*- C++ -*-===//
//
// Patterns that make a loop carrying a reduction across lanes carry the
// vector instead, where the combiner is exact in any order
// (LaneAccumulators.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_LANEACCUMULATORS_H
#define XLA_MLIR_LIB_TRANSFORMS_LANEACCUMULATORS_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace xla {

/// scf.for whose iter_arg is the accumulator of a vector.multi_reduction
/// (max, min, and, or; integer add, mul, xor) over trailing dimensions ->
/// the loop carries the reduced vector, combines it lane by lane, and
/// reduces across the lanes once after the loop.
void populateLaneAccumulatorPatterns(mlir::RewritePatternSet &patterns);

/// A vector.multi_reduction <add> of an arith.mulf over unit dimensions
/// only -> vector.fma into its accumulator, ahead of (higher benefit than)
/// the reduction-to-contract patterns.
void populateUnitReductionPatterns(mlir::RewritePatternSet &patterns);

/// Whether combining `element`s with `kind` gives the same result in any
/// order (max, min, and, or; integer add, mul, xor): such a reduction may
/// keep several accumulators.
bool isOrderIndependent(mlir::vector::CombiningKind kind, mlir::Type element);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_LANEACCUMULATORS_H
