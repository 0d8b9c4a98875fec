//===- BlockFusion.h - shared by the two halves of block fusion -*- C++ -*-===//
//
// xla-plan-kernel-blocks (strategy) marks a kernel's last op with
// `xla.block_tiles`; xla-tile-and-fuse-blocks (mechanism) carries it out.
// Both look at the same ops: the root and what it is computed from.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_TRANSFORMS_BLOCKFUSION_H
#define XLA_MLIR_LIB_TRANSFORMS_BLOCKFUSION_H

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringRef.h"

namespace xla {

/// One size per loop of the op, 0 = the whole loop.
inline constexpr llvm::StringLiteral kBlockTilesAttr = "xla.block_tiles";

/// Orders the block loops (a permutation of the root's loops, outermost
/// first); absent: the root's loop order.
inline constexpr llvm::StringLiteral kBlockInterchangeAttr =
    "xla.block_interchange";

/// On a contraction of a blocked output fusion whose rhs is read across the
/// lanes (`Q K^T`): its rhs is relaid out (a transposed copy, made whole
/// before the blocks) before the blocks are made.
inline constexpr llvm::StringLiteral kBlockRelayoutRhsAttr =
    "xla.block_relayout_rhs";

/// `root` and the ops of its block whose values it is computed from,
/// producers before consumers, `root` last.
inline llvm::SetVector<mlir::Operation *> blockChain(mlir::Operation *root) {
  mlir::BackwardSliceOptions options;
  mlir::Block *block = root->getBlock();
  options.filter = [block](mlir::Operation *op) {
    return op->getBlock() == block;
  };
  options.omitBlockArguments = true;
  llvm::SetVector<mlir::Operation *> chain;
  (void)mlir::getBackwardSlice(root, &chain, options);
  chain.insert(root);
  return chain;
}

/// Whether `op` combines two operands that vary along a reduced loop, each
/// also along a parallel loop the other does not (a contraction or a
/// convolution, generic ones included): those have their own tiling plans.
/// A masked reduction (a mask broadcast over the batch) is not one.
bool isContractionLike(mlir::linalg::LinalgOp op);

/// The ops of `chain` that compute the inputs of its contraction-like ops
/// (a transpose or broadcast of an operand). A block of an output fusion
/// reads a slice of them along its own rows or columns only, so fused into
/// the block they would be recomputed for every block: they run whole
/// before the block loop.
llvm::SetVector<mlir::Operation *>
contractionOperandProducers(const llvm::SetVector<mlir::Operation *> &chain);

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_BLOCKFUSION_H
