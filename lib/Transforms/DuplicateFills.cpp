//===- DuplicateFills.cpp - a filled tensor per writer --------------------===//
//
// CSE merges the identical fills that initialize several reductions into
// one `linalg.fill`. One-shot bufferization then fills one buffer and copies
// it for every reduction that accumulates into it in place: a copy per
// writer, where a fill per writer writes the same bytes without reading
// any. On the GPU each copy is an operation on the stream of its own, and
// a reduction kernel folds a fill of its own output into its accumulators.
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace xla {
#define GEN_PASS_DEF_DUPLICATEFILLSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// The uses of `fill`'s result that an op writes into (its inits), in the
/// order of their ops (use lists have none).
static SmallVector<OpOperand *> writers(linalg::FillOp fill) {
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : fill.getResult(0).getUses()) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
    if (dps && dps.isDpsInit(&use))
      uses.push_back(&use);
  }
  Block *block = fill->getBlock();
  llvm::stable_sort(uses, [&](OpOperand *a, OpOperand *b) {
    Operation *x = block->findAncestorOpInBlock(*a->getOwner());
    Operation *y = block->findAncestorOpInBlock(*b->getOwner());
    return x != y && x->isBeforeInBlock(y);
  });
  return uses;
}

namespace {

struct DuplicateFillsPass
    : xla::impl::DuplicateFillsPassBase<DuplicateFillsPass> {
  void runOnOperation() override {
    SmallVector<linalg::FillOp> fills;
    getOperation()->walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics() && !fill.getResult(0).hasOneUse())
        fills.push_back(fill);
    });
    for (linalg::FillOp fill : fills) {
      SmallVector<OpOperand *> uses = writers(fill);
      // With no other use, the first writer may have the fill itself.
      if (uses.size() == llvm::range_size(fill.getResult(0).getUses()))
        uses.erase(uses.begin());
      Value destination = fill.getOutputs().front();
      for (OpOperand *use : uses) {
        // Next to its writer where that is in the fill's block (shorter
        // live buffers), else next to the fill (not into a loop's body).
        Operation *writer = use->getOwner();
        OpBuilder b(writer->getBlock() == fill->getBlock()
                        ? writer
                        : fill->getNextNode());
        // A tensor.empty of its own: a fill overwrites its destination, and
        // two fills of one destination would again share a buffer.
        Value empty = tensor::EmptyOp::create(
            b, fill.getLoc(),
            tensor::getMixedSizes(b, fill.getLoc(), destination),
            getElementTypeOrSelf(destination.getType()));
        IRMapping mapping;
        mapping.map(destination, empty);
        use->set(b.clone(*fill, mapping)->getResult(0));
      }
      if (fill->use_empty())
        fill->erase();
    }
  }
};

} // namespace
