//===- LowerToLoops.cpp - hloext ops on buffers to scf loops --------------===//
//
// The loop nest over the iteration domain comes from upstream's
// scf::lowerToLoopsUsingSCFForOp; what happens at each point is the op's
// generateScalarImplementation.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h"

#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"

namespace xla::hloext {
#define GEN_PASS_DEF_HLOEXTLOWERTOLOOPSPASS
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h.inc"
} // namespace xla::hloext

using namespace mlir;

namespace {

struct HLOExtLowerToLoopsPass
    : xla::hloext::impl::HLOExtLowerToLoopsPassBase<HLOExtLowerToLoopsPass> {
  void runOnOperation() override {
    SmallVector<TilingInterface> ops;
    getOperation()->walk([&](TilingInterface op) {
      if (isa<xla::hloext::HLOExtDialect>(op->getDialect()))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (TilingInterface op : ops) {
      if (!cast<DestinationStyleOpInterface>(*op).hasPureBufferSemantics()) {
        op->emitOpError("must be bufferized before it is lowered to loops");
        return signalPassFailure();
      }
      rewriter.setInsertionPoint(op);
      if (failed(scf::lowerToLoopsUsingSCFForOp(rewriter, op))) {
        op->emitOpError("could not be lowered to loops");
        return signalPassFailure();
      }
      rewriter.eraseOp(op);
    }
  }
};

} // namespace
