//===- FirstKBlock.h - k blocks whose first starts from a fill --*- C++ -*-===//
//
// A packed product whose k is split into cache blocks adds each block's
// products to partial sums in memory; its accumulators start from a fill.
// The blocks are one loop: the first block's register tiles take the
// fill's value in registers and the others load the partial sums, under a
// branch, so the loop needs no peeled first block (a copy of the block's
// packing and register tiles) and the partial sums are never filled.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_FIRSTKBLOCK_H
#define XLA_MLIR_LIB_TRANSFORMS_FIRSTKBLOCK_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace xla {

/// The k blocks of a product whose accumulators `fill` initializes: the
/// first block's register tiles start from the fill's value, the others
/// from the partial sums, in one loop. The tile in `kBlocks` accumulates
/// into `select(first block, fill value, partial sums)`, which its
/// register tiles fuse as they fuse a fill (vectorizeFirstBlockInit makes
/// it a branch), and the partial sums start unfilled: nothing but that
/// select reads them before the first block writes them. With
/// `ownPartialSums` (an epilogue follows the blocks) they are an empty
/// tensor of the loop's own, else the fill's destination. Peeling the
/// first block instead would give its packing and register tiles a copy
/// of their own, which code generation pays for (a tenth of a BERT step's
/// machine code). Fails unless the loop carries the partial sums from
/// `fill` to `tile` alone (having folded slices of all of them away).
mlir::LogicalResult startFirstBlockFromFill(mlir::RewriterBase &rewriter,
                                            mlir::scf::ForOp kBlocks,
                                            mlir::linalg::LinalgOp tile,
                                            mlir::linalg::FillOp fill,
                                            bool ownPartialSums);

/// Whether `op` is startFirstBlockFromFill's select (or a tile of it),
/// which register tiles fuse as they fuse a fill.
bool isFirstBlockInit(mlir::Operation *op);

/// A register tile of startFirstBlockFromFill's select, vectorized as a
/// branch: the first block's accumulators are the fill's value, the
/// others' the partial sums loaded. (A vector select would load the
/// partial sums in the first block too, cold, and the accumulators would
/// wait for them: a BERT step 2.7% slower on one core.)
mlir::FailureOr<mlir::Value>
vectorizeFirstBlockInit(mlir::RewriterBase &rewriter,
                        mlir::linalg::LinalgOp op);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_FIRSTKBLOCK_H
