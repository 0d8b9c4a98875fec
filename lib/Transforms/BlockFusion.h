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
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringRef.h"

namespace xla {

/// One size per loop of the op, 0 = the whole loop.
inline constexpr llvm::StringLiteral kBlockTilesAttr = "xla.block_tiles";

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

} // namespace xla

#endif // XLA_MLIR_LIB_TRANSFORMS_BLOCKFUSION_H
