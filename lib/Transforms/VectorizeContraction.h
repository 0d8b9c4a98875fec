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

/// If the n dimension the register tile vectorizes is not the contiguous
/// (last) dimension of the rhs, e.g. `x * W^T` or attention's `Q K^T`,
/// replaces the rhs by a `linalg.transpose` copy that has it last and
/// returns the rewritten (generic) op. The copy costs one pass over the rhs;
/// without it every k step gathers one rhs element per lane.
mlir::FailureOr<mlir::linalg::LinalgOp>
relayoutContractionRhs(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
                       int64_t matmulRows);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_VECTORIZECONTRACTION_H
