//===- PackContraction.h - rhs panels of contractions -----------*- C++ -*-===//
//
// A contraction's rhs packed into panels: the n loop the register tile
// vectorizes is split into (panels, panel), and the rhs is copied so that
// one panel's k rows are contiguous, [..., N/P, K..., P]. The register tile
// then reads the rhs as one unit-stride stream per k step instead of rows
// N elements apart, which on power-of-two N all fall into the same cache
// sets and pages. The copy costs one pass over the rhs, against one strided
// pass per row tile of the lhs without it. Upstream's linalg::pack would
// pack every operand, padding them, and unpack the result; only the rhs
// needs it here, the output is only reshaped (expand_shape), and columns
// short of a panel are split off, so nothing is padded and the register
// tile stays our outer-product kernel.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_PACKCONTRACTION_H
#define XLA_MLIR_LIB_TRANSFORMS_PACKCONTRACTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace xla {

/// How a contraction's rhs is packed, computed from its indexing maps
/// (lhs, rhs, out) and loop ranges alone, so that the strategy can plan
/// the packed op before it exists.
struct RhsPacking {
  /// The loop split into (panels, panel): its index stays the panel index,
  /// and the position within a panel becomes a new last loop.
  unsigned nLoop = 0;
  /// The position of that loop in the rhs.
  unsigned rhsDim = 0;
  int64_t panel = 0;
  /// The expanded rhs (the n dimension split in two) permuted by this is
  /// the packed rhs: other dimensions, then contracting ones, then the
  /// position in the panel.
  llvm::SmallVector<int64_t> permutation;
  /// The packed op: indexing maps (lhs, packed rhs, out with its last
  /// dimension split), loop ranges (n: whole panels only) and iterators.
  llvm::SmallVector<mlir::AffineMap> maps;
  llvm::SmallVector<int64_t> ranges;
  llvm::SmallVector<mlir::utils::IteratorType> iterators;
};

/// The packing of a contraction with `maps`, `ranges` and `iterators` into
/// panels of `panel` elements along its innermost n loop; nullopt unless
/// that loop indexes the last dimension of the output and spans at least
/// one panel.
std::optional<RhsPacking>
planRhsPacking(llvm::ArrayRef<mlir::AffineMap> maps,
               llvm::ArrayRef<int64_t> ranges,
               llvm::ArrayRef<mlir::utils::IteratorType> iterators,
               int64_t panel);

/// What packing made of a contraction: the packed op, the copy that packs
/// its rhs (a linalg.transpose), and the op computing the columns that do
/// not fill a panel, unpacked (null when there are none).
struct PackedContraction {
  mlir::linalg::LinalgOp op;
  mlir::linalg::LinalgOp copy;
  mlir::linalg::LinalgOp remainder;
};

/// The mechanism: packs the rhs of `op` (static shapes, two inputs, no
/// index ops) into panels of `panel` and rewrites it as a generic over the
/// packed rhs and the output expanded to [..., N/P, P]; failure (nothing
/// changed) when planRhsPacking refuses.
mlir::FailureOr<PackedContraction>
packContractionRhs(mlir::RewriterBase &rewriter, mlir::linalg::LinalgOp op,
                   int64_t panel);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_PACKCONTRACTION_H
