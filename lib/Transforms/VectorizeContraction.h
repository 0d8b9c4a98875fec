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
/// transfers. A convolution tile (registerTileConvolutionDims) is the same
/// with the innermost output image loop as m (the lhs rows are gathered
/// from the input window) and the innermost output channel loop as n; a
/// depthwise one multiplies the rows of the input by the filter's vector
/// along the innermost depth (channel) loop. Returns the new output tensor,
/// or failure when the tile does not have that form or the body is not
/// exactly `out + lhs * rhs` in one element type.
mlir::FailureOr<mlir::Value>
vectorizeContractionTile(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op);

/// The loop of a group of contraction loops (m or n) that a register tile
/// spreads over: the innermost one longer than 1, else the innermost. A
/// unit loop (the one a reshape of attention heads leaves) would make tiles
/// of one row or one lane. The plan and the mechanism both choose with this.
unsigned registerTileLoop(llvm::ArrayRef<unsigned> loops,
                          llvm::ArrayRef<int64_t> ranges);

/// The dimensions of a convolution whose register tiles
/// vectorizeContractionTile handles, or nullopt: body `out + lhs * rhs`,
/// and either input channels summed with no depth (channel in all three
/// operands) loop, or depthwise (depth loops, no input channel loop).
std::optional<mlir::linalg::ConvolutionDimensions>
registerTileConvolutionDims(mlir::linalg::LinalgOp op);

/// The decision: for a contraction with indexing `maps` (lhs, rhs, out) and
/// loop `ranges`, the permutation of the rhs dimensions that puts the n
/// dimension the register tile vectorizes last, or nullopt if it is last
/// already (or the rhs is dynamic, or the op has at most `matmulRows` rows:
/// with a single row tile every rhs element is read once either way). Cases:
/// `x * W^T`, attention's `Q K^T`. The copy costs one pass over the rhs;
/// without it every k step gathers one rhs element per lane.
std::optional<llvm::SmallVector<int64_t>>
rhsRelayoutPermutation(llvm::ArrayRef<mlir::AffineMap> maps,
                       llvm::ArrayRef<int64_t> ranges, mlir::ShapedType rhsType,
                       int64_t matmulRows);

/// The mechanism: replaces the rhs of `op` by a `linalg.transpose` copy
/// with the permutation above (whatever the row count) and returns the
/// rewritten (generic) op; failure if there is nothing to relayout.
mlir::FailureOr<mlir::linalg::LinalgOp>
relayoutContractionRhs(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op);

/// The permutation of a contraction's lhs dimensions that puts the
/// contracting (k) ones last, each group in its order, or nullopt if a k
/// dimension is last already (or the lhs is dynamic). Case: a weight
/// gradient `x^T dy`, whose lhs is [tokens, features] with the tokens
/// contracted. Its register tile reads `matmulRows` contiguous lhs elements
/// per k step, but the k steps are a row of the lhs apart, so the strip of
/// one row tile is a cache line per k step, all in a few cache sets when
/// the row pitch is a multiple of 4 KiB. Whether that is worth a copy is
/// the strategy's decision (xla-plan-tiling).
std::optional<llvm::SmallVector<int64_t>>
lhsRelayoutPermutation(llvm::ArrayRef<mlir::AffineMap> maps,
                       mlir::ShapedType lhsType);

/// The mechanism: replaces the lhs of `op` by a `linalg.transpose` copy
/// with that permutation and returns the rewritten (generic) op; failure if
/// there is nothing to relayout.
mlir::FailureOr<mlir::linalg::LinalgOp>
relayoutContractionLhs(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op);

/// Computes the producer of a relayout copy's source in the copy itself,
/// where that producer is an elementwise linalg op whose result only the
/// copy reads: the value is written once, in the layout its reader wants,
/// instead of written, read back and written again (a weight gradient's
/// recomputed activation, [tokens, 3072], held twice at the peak of a
/// training step). Returns whether it did; `copy` is then the fused op.
bool fuseProducerIntoCopy(mlir::RewriterBase &rewriter,
                          mlir::linalg::LinalgOp &copy);

/// The same for a packing copy of a contraction's rhs (packContractionRhs),
/// whose source is the rhs with n split into panels (a tensor.expand_shape):
/// the reshape moves above the producer first (upstream's fold of a reshape
/// into its producer by expansion). Whole, per tile or per cache tile, each
/// rhs element is packed once, so the producer is computed no more often
/// than before, and its result, a buffer as large as the rhs, is not made.
/// Not when the producer reads an argument its function may overwrite in
/// place (xla.in_place): packed per tile, it is read where the contraction
/// runs, after ops that may write it. A producer input read at a constant
/// index into a unit dimension (keepdims) is read through a collapse_shape
/// that drops it, as upstream's expansion wants projected permutations.
/// `forget` is given the producer once the rewrite is certain, before it
/// starts.
bool fuseProducerIntoPacking(
    mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp &copy,
    llvm::function_ref<void(mlir::Operation *)> forget);

/// `op` as a linalg.generic (named ops are generalized in place).
mlir::FailureOr<mlir::linalg::GenericOp> toGeneric(mlir::RewriterBase &rewriter,
                                                   mlir::linalg::LinalgOp op);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_VECTORIZECONTRACTION_H
