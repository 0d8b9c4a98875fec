//===- VectorizeContraction.h - register tiles of contractions --*- C++ -*-===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_VECTORIZECONTRACTION_H
#define XLA_MLIR_LIB_TRANSFORMS_VECTORIZECONTRACTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace xla {

/// Rewrites one register tile of a contraction (static shapes, every loop
/// of extent 1 except the innermost m and n loops) into a rank-1 update of
/// the accumulator tile: `vector.outerproduct` of an m-vector of the lhs and
/// an n-vector of the rhs, read from and written back to the output with
/// transfers. Returns the new output tensor, or failure when the tile does
/// not have that form or the body is not exactly `out + lhs * rhs` in one
/// element type.
mlir::FailureOr<mlir::Value>
vectorizeContractionTile(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_VECTORIZECONTRACTION_H
