//===- PlanTiling.h - tiling decisions as an attribute ----------*- C++ -*-===//
//
// The `xla.tiling` attribute carries what `xla-plan-tiling` decided for
// one linalg op to `xla-tile-and-vectorize`, which only carries it out. It
// is a dictionary, so it prints, parses and can be written by hand:
//
//   xla.tiling = {interchange = array<i64: 0, 2, 1>,
//                 tile_sizes = array<i64: 8, 1, 16>,
//                 tile_interchange = array<i64: 2, 0, 1>,
//                 distribute = true, peel = true, vectorize = true,
//                 relayout_rhs = {tile_sizes = ..., vectorize = true}}
//
// A contraction whose lhs has its contracting dimensions first (a weight
// gradient) may read an m-major copy of it, `relayout_lhs = {...}` (the
// copy's own plan); the other entries then plan the op as it reads the
// copy, whose loops are the same.
//
// A large contraction instead packs its rhs into panels (PackContraction.h)
// and is tiled twice, for the caches and then for the registers:
//
//   xla.tiling = {pack_rhs = 32, pack_copy = {...}, pack_remainder = {...},
//                 pack_per_tile = true, pack_per_cache_tile = true,
//                 cache_tile_sizes = array<i64: 0, 12, 256, 0>,
//                 cache_tile_interchange = array<i64: 1, 2, 0, 3>,
//                 tile_sizes = array<i64: 8, 1, 1, 0>, ...}
//
// With `prefetch_lhs = 2`, the register tiles prefetch the next row tile's
// strip of the lhs (with that locality) while they run.
//
// With `fuse_epilogue = true` as well, the op's epilogue (its only reader)
// is computed in its register tiles, from the accumulators.
//
// Every entry is optional (absent arrays: nothing to do, absent flags:
// false). With `pack_rhs` the other entries index the loops of the packed
// op; `tile_sizes` and `tile_interchange` index the loops after
// `interchange` has been applied, and so do the cache tiles.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_PLANTILING_H
#define XLA_MLIR_LIB_TRANSFORMS_PLANTILING_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace xla {

/// The target numbers the decisions depend on.
struct TilingTarget {
  int64_t vectorBits = 512;
  /// Cores that run distributed tiles; 0: unknown, assumed several.
  int64_t cores = 0;
  /// Rows of the accumulator tile of a contraction, at most: fewer where
  /// the vector registers cannot hold them.
  int64_t matmulRows = 8;
  /// Architectural vector registers (TargetDescription::vectorRegisters).
  int64_t vectorRegisters = 32;
  /// Data cache per core, bytes: the cache tiles of packed contractions.
  int64_t l1Bytes = 32 << 10;
  int64_t l2Bytes = 1 << 20;
  /// Whether to tile and vectorize at all (off: only the loop order).
  bool vectorize = true;
};

struct TilingPlan {
  static constexpr llvm::StringLiteral kAttrName = "xla.tiling";

  /// Permutation of the op's loops (new loop i is old loop interchange[i]),
  /// applied to the op itself (it becomes a linalg.generic); empty: none.
  llvm::SmallVector<int64_t> interchange;
  /// Tile size per loop, 0 = not tiled; empty: not tiled.
  llvm::SmallVector<int64_t> tileSizes;
  /// Order of the tile loops, outermost first; empty: loop order.
  llvm::SmallVector<int64_t> tileInterchange;
  /// The outermost tile loop (a parallel one) becomes an scf.forall.
  bool distribute = false;
  /// Tile loops that do not divide are peeled into static remainders.
  bool peel = false;
  /// The tiles are rewritten into vector ops.
  bool vectorize = false;
  /// If set, the contraction reads a transposed copy of its rhs (see
  /// rhsRelayoutPermutation); this is the copy's own plan.
  mlir::DictionaryAttr relayoutRhs;
  /// If set, the contraction first reads a copy of its lhs with the
  /// contracting dimensions last (lhsRelayoutPermutation), before packing
  /// and interchange; this is the copy's own plan.
  mlir::DictionaryAttr relayoutLhs;
  /// If not 0, the contraction's rhs is packed into panels of this many
  /// columns first (packContractionRhs), and the plans of the packing copy
  /// and of the columns that do not fill a panel are these.
  int64_t packRhs = 0;
  mlir::DictionaryAttr packCopy, packRemainder;
  /// The packing copy runs in each distributed tile, for the panels that
  /// tile reads, instead of once for the whole rhs before the tiles; with
  /// `packPerCacheTile`, in each cache tile within it (a k block of those
  /// panels), which needs cache tiles that do not split the rows.
  bool packPerTile = false;
  bool packPerCacheTile = false;
  /// Tiles for the caches, applied before (outside) the register tiles;
  /// `distribute` then applies to their outermost loop.
  llvm::SmallVector<int64_t> cacheTileSizes;
  llvm::SmallVector<int64_t> cacheTileInterchange;
  /// With `pack_rhs`: the op's only reader, an all-parallel op (the
  /// epilogue of an output fusion), is fused into the register tiles as a
  /// consumer, so each accumulator tile gets its epilogue before its store
  /// and the product is never written (needs k unsplit by the cache tiles
  /// and panels that divide the columns).
  bool fuseEpilogue = false;
  /// With `fuse_epilogue` and k in cache blocks: every block stores partial
  /// sums into the distributed tile's product and the epilogue runs after
  /// the blocks over that product, a panel row at a time (one copy of the
  /// blocks' code, no epilogue unrolled over a register tile's rows), where
  /// that product stays in L2 for it; else the last block is a copy of its
  /// own whose register tiles apply the epilogue to their accumulators.
  bool epilogueAfterKBlocks = false;
  /// With `fuse_epilogue` on the register tiles' accumulators: the
  /// epilogue runs as a loop over each register tile's rows, which read the
  /// accumulators back from a stack buffer of the tile's own (in L1), not
  /// unrolled over the rows on the registers. Less code for a large
  /// epilogue (a training step's fused backward kernels), at the cost of
  /// storing and reloading each tile once.
  bool rollEpilogue = false;
  /// With `pack_rhs`: if 0-3, each register tile of a panel prefetches its
  /// share of the lhs strip the next row tile reads, with this locality
  /// (xla-prefetch-lhs-strips); -1: none.
  int64_t prefetchLhs = -1;

  mlir::DictionaryAttr toAttr(mlir::MLIRContext *context) const;
  /// The plan in `attr`, or failure (with a diagnostic at `loc`).
  static mlir::FailureOr<TilingPlan> fromAttr(mlir::DictionaryAttr attr,
                                              mlir::Location loc);
  bool empty() const {
    return interchange.empty() && tileSizes.empty() && !vectorize &&
           !packRhs;
  }
};

/// Overrides `target` with the xla.target of `op`'s module, if it has one
/// (it wins over pass options); fails with a diagnostic if it is invalid.
mlir::LogicalResult applyModuleTarget(mlir::Operation *op,
                                      TilingTarget &target);

/// The plan for `op` on `target`, or nullopt if there is nothing to do.
std::optional<TilingPlan> decideTiling(mlir::linalg::LinalgOp op,
                                       const TilingTarget &target);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_PLANTILING_H
