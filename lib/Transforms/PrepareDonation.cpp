//===- PrepareDonation.cpp - aliased results that may share a buffer ------===//
//
// A caller that donates an input passes its buffer as the out-param of the
// result aliased with it (Runtime/Signature.h, `alias ... in-place`), so a
// training step updates its weights without a second copy of them. The
// entry must compute the same values whether the two buffers are one or
// not; this pass makes sure of it, on the entry's ops after bufferization
// (see Passes.td). The usual case needs no change: the update kernel is the
// last reader of the parameter and writes the new value element by
// element. Anything else writes a buffer of its own, copied at the end.
//
//===----------------------------------------------------------------------===//

#include "BufferUses.h"

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace xla {
#define GEN_PASS_DEF_PREPAREDONATIONPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// True if `function` computes the same results when `input` and `output`
/// are one buffer.
bool mayShare(BlockArgument input, BlockArgument output,
              SymbolTableCollection &symbols) {
  Block &block = *input.getOwner();
  xla::BlockUses reads(input, block), writes(output, block);
  // A copy of the input itself into the output changes nothing when the
  // two are one.
  writes.direct.remove_if([&](const auto &entry) {
    auto copy = dyn_cast<memref::CopyOp>(entry.first);
    return copy && copy.getSource() == input && copy.getTarget() == output;
  });
  Operation *lastRead = reads.first(/*last=*/true);
  Operation *firstWrite = writes.first();
  if (!lastRead || !firstWrite || lastRead->isBeforeInBlock(firstWrite))
    return true;
  // One op both reads the input last and writes the output first.
  return lastRead == firstWrite && reads.direct.lookup(lastRead) &&
         writes.direct.lookup(firstWrite) &&
         xla::readsBeforeWriting(lastRead, input, output, symbols);
}

struct PrepareDonationPass
    : xla::impl::PrepareDonationPassBase<PrepareDonationPass> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      if (failed(prepare(func, symbols)))
        return signalPassFailure();
    }
  }

  LogicalResult prepare(func::FuncOp func, SymbolTableCollection &symbols) {
    Block &entry = func.getBody().front();
    // Out-params follow the inputs, one per result.
    unsigned numInputs = 0;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      numInputs += func.getArgAttr(i, xla::kInputAttrName) != nullptr;
    for (unsigned i = 0; i < numInputs; ++i) {
      auto result =
          func.getArgAttrOfType<IntegerAttr>(i, xla::kAliasedResultAttrName);
      if (!result)
        continue;
      int64_t outIndex = numInputs + result.getInt();
      if (result.getInt() < 0 || outIndex >= func.getNumArguments() ||
          func.getArgument(outIndex).getType() !=
              func.getArgument(i).getType())
        return func.emitOpError("argument ")
               << i << ": " << xla::kAliasedResultAttrName << " = "
               << result.getInt()
               << " names no out-param of the argument's type";
      BlockArgument input = func.getArgument(i);
      BlockArgument output = func.getArgument(outIndex);
      if (mayShare(input, output, symbols))
        continue;
      // Compute into a buffer of its own, copied into the out-param after
      // the last use of the input (the terminator comes after all of them).

      auto type = cast<MemRefType>(output.getType());
      OpBuilder builder(&entry, entry.begin());
      Value own = memref::AllocOp::create(builder, func.getLoc(), type);
      output.replaceAllUsesWith(own);
      builder.setInsertionPoint(entry.getTerminator());
      memref::CopyOp::create(builder, func.getLoc(), own, output);
    }
    return success();
  }
};

} // namespace
