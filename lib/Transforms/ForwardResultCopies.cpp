//===- ForwardResultCopies.cpp - write results into their out-params ------===//
//
// buffer-results-to-out-params writes a function result into its out-param
// in place only when the result is an allocation of the function itself.
// A result that a call computes (a fused kernel, outlined with its own
// function) is copied: the caller allocates a buffer, the kernel writes it,
// and the buffer is copied into the out-param. This pass lets the kernel
// write into the out-param: an allocation of the entry block whose last
// use is a copy (of it, of a reshape round trip of it, or of a collapse of
// it) into an out-param that nothing else uses is replaced by that
// out-param (expanded back, for a collapse: an epilogue fused into a
// packed contraction's tiles writes its result in the product's panels).
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace xla {
#define GEN_PASS_DEF_FORWARDRESULTCOPIESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// The allocation `copy` copies from: its source, the source of a
/// collapse_shape that undoes an expand_shape of it (a tiled contraction
/// writes its result through such a round trip), or the source of a
/// collapse_shape of it (then returned as `collapsed`).
static memref::AllocOp copiedAllocation(memref::CopyOp copy,
                                        memref::CollapseShapeOp &collapsed) {
  Value source = copy.getSource();
  if (auto collapse = source.getDefiningOp<memref::CollapseShapeOp>()) {
    auto expand = collapse.getSrc().getDefiningOp<memref::ExpandShapeOp>();
    if (expand && expand.getSrc().getType() == collapse.getType() &&
        expand.getReassociationIndices() ==
            collapse.getReassociationIndices()) {
      source = expand.getSrc();
    } else if (collapse.getSrc().getDefiningOp<memref::AllocOp>()) {
      source = collapse.getSrc();
      collapsed = collapse;
    }
  }
  return source.getDefiningOp<memref::AllocOp>();
}

/// True if `copy` can write into its source's place: see the file comment.
static bool canForward(memref::CopyOp copy) {
  auto target = dyn_cast<BlockArgument>(copy.getTarget());
  Block *block = copy->getBlock();
  if (!target || target.getOwner() != block || !block->isEntryBlock() ||
      !target.hasOneUse())
    return false;
  memref::CollapseShapeOp collapse;
  memref::AllocOp alloc = copiedAllocation(copy, collapse);
  if (!alloc || alloc->getBlock() != block ||
      (collapse ? collapse.getType() : alloc.getType()) != target.getType() ||
      (collapse && !alloc.getType().getLayout().isIdentity()))
    return false;
  // The copy is the allocation's last use.
  return llvm::all_of(alloc->getUsers(), [&](Operation *user) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    return ancestor && (ancestor == copy || ancestor->isBeforeInBlock(copy));
  });
}

namespace {

struct ForwardResultCopiesPass
    : xla::impl::ForwardResultCopiesPassBase<ForwardResultCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      // Checked as the copies come: forwarding an earlier one may change
      // what this one copies (one allocation copied into two out-params
      // goes into the first, and the second copy stays).
      if (!canForward(copy))
        continue;
      memref::CollapseShapeOp collapse;
      memref::AllocOp alloc = copiedAllocation(copy, collapse);
      Value target = copy.getTarget();
      if (collapse) {
        // The out-param in the allocation's shape, where the allocation was.
        OpBuilder builder(alloc);
        target = memref::ExpandShapeOp::create(
            builder, alloc.getLoc(), alloc.getType(), target,
            collapse.getReassociationIndices());
      }
      Operation *source = copy.getSource().getDefiningOp();
      copy.erase();
      if (source != alloc && source->use_empty())
        source->erase();
      alloc.replaceAllUsesWith(target);
      alloc.erase();
    }
  }
};

} // namespace
