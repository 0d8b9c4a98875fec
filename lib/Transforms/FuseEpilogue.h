//===- FuseEpilogue.h - epilogues in a contraction's tiles ------*- C++ -*-===//
//
// The mechanism of `fuse_epilogue` (PlanTiling.h decides when): the only
// reader of a packed contraction's product, an all-parallel linalg.generic,
// is computed on each accumulator tile before its store, so the product is
// never written whole (with k in cache blocks, on the last block's tiles or
// after the blocks on each distributed tile's own product). Upstream consumer fusion
// (scf::tileAndFuseConsumerOfSlices) does the fusing; these functions get
// the IR into the shapes it takes and clean up after it.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_FUSEEPILOGUE_H
#define XLA_MLIR_LIB_TRANSFORMS_FUSEEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace xla {

/// Marks the epilogue of a packed contraction until it is fused into the
/// contraction's register tiles.
inline constexpr llvm::StringLiteral kPackedEpilogue = "xla.packed_epilogue";

/// After packing: the epilogue, which reads the product through the
/// collapse_shape that packing made, is rewritten over the packed product's
/// loops ([..., N/P, P]; upstream folding of the reshape by expansion), so
/// that it reads the packed product itself and can be fused into its tiles,
/// and is marked with kPackedEpilogue. `forgetPlan` is called with it first
/// (its plan was for the collapsed loops). Returns false if its maps do not
/// expand (it then stays a loop nest of its own).
mlir::FailureOr<bool>
expandPackedEpilogue(mlir::RewriterBase &rewriter,
                     mlir::linalg::LinalgOp packed,
                     llvm::function_ref<void(mlir::Operation *)> forgetPlan);

/// With the contraction's k split into cache blocks: fuses the marked
/// epilogue, which reads `forall`'s only result, into the distributed tiles
/// (one tile of the epilogue after a tile's k blocks, still marked), and
/// gives each tile a product of its own in place of its slice of the whole
/// one. Returns the epilogue's tile.
mlir::FailureOr<mlir::Operation *>
fuseEpilogueIntoDistributedTiles(mlir::RewriterBase &rewriter,
                                 mlir::scf::ForallOp forall);

/// Fuses the epilogue into the register tiles of `tile`, whose parallel tile
/// loops are `tileLoops` (outermost first, updated in place as fusion
/// rebuilds them), directly inside the distributed scf.forall: each
/// accumulator tile gets its epilogue before its store. The epilogue either
/// reads the forall's result (then it is first fused into the distributed
/// tiles) or, after fuseEpilogueIntoDistributedTiles, the loops' result.
/// Returns the fused ops, to vectorize whole in the accumulator's shape.
mlir::FailureOr<llvm::SmallVector<mlir::Operation *>>
fuseEpilogue(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp tile,
             llvm::MutableArrayRef<mlir::LoopLikeOpInterface> tileLoops);

/// Marks an epilogue tile that runs a row at a time over its register
/// tile, then the loop over those rows (readRowsFromTileBuffers).
inline constexpr llvm::StringLiteral kEpilogueRows = "xla.epilogue_rows";

/// Marks the stack buffer of a register tile's accumulators, which
/// xla-hoist-tile-buffers moves to the entry of the thread that runs it.
inline constexpr llvm::StringLiteral kTileBuffer = "xla.tile_buffer";

/// After vectorization and hoisting, in the loops marked kEpilogueRows:
/// a read of a row of the accumulators (from a tile that a transfer_write
/// of the whole accumulator vector made, outside the loop) reads instead
/// from a stack buffer that the same vector is written into: a
/// memref.alloca marked kTileBuffer at the start of the distributed tile
/// (one per thread) or of the function. The rows then read L1, and the
/// tile of the product, which only its slice insertion still takes, is
/// left for dropUnreadIterArgs to drop. Removes the marks; returns whether
/// any read changed.
bool readRowsFromTileBuffers(mlir::RewriterBase &rewriter,
                             mlir::Operation *root);

/// Splits the last iteration of `loop` (static bounds, two iterations or
/// more) off into a loop of its own after it, which it returns.
mlir::FailureOr<mlir::scf::ForOp>
peelLastIteration(mlir::RewriterBase &rewriter, mlir::scf::ForOp loop);

/// A loop-carried tensor that nobody reads (the product of a contraction
/// whose epilogue was fused into its tiles: the accumulators are still
/// stored into it) is yielded unchanged instead, so that canonicalization
/// drops it and its writes, and no buffer is allocated for it. Returns
/// whether it changed `loop`.
bool dropUnreadIterArgs(mlir::RewriterBase &rewriter, mlir::scf::ForOp loop);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_FUSEEPILOGUE_H
