//===- ForwardResultCopies.cpp - write results into their out-params ------===//
//
// buffer-results-to-out-params writes a function result into its out-param
// in place only when the result is an allocation of the function itself.
// A result that a call computes (a fused kernel, outlined with its own
// function) is copied: the caller allocates a buffer, the kernel writes it,
// and the buffer is copied into the out-param. This pass lets the kernel
// write into the out-param: an allocation of the entry block whose last
// use is a copy into an out-param that nothing else uses is replaced by
// that out-param.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace xla {
#define GEN_PASS_DEF_FORWARDRESULTCOPIESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// True if `copy` can write into its source's place: see the file comment.
static bool canForward(memref::CopyOp copy) {
  auto target = dyn_cast<BlockArgument>(copy.getTarget());
  Block *block = copy->getBlock();
  if (!target || target.getOwner() != block || !block->isEntryBlock() ||
      !target.hasOneUse())
    return false;
  auto alloc = copy.getSource().getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != block ||
      alloc.getType() != target.getType())
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
    getOperation().walk([&](memref::CopyOp copy) {
      if (canForward(copy))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      auto alloc = copy.getSource().getDefiningOp<memref::AllocOp>();
      Value target = copy.getTarget();
      copy.erase();
      alloc.replaceAllUsesWith(target);
      alloc.erase();
    }
  }
};

} // namespace
