//===- LowerToLoops.cpp - hloext ops on buffers to scf loops --------------===//
//
// The loop nest over the iteration domain comes from upstream's
// scf::lowerToLoopsUsingSCFForOp; what happens at each point is the op's
// generateScalarImplementation. A GPU may ask for scatters as one parallel
// loop over their update elements instead (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"

namespace xla::hloext {
#define GEN_PASS_DEF_HLOEXTLOWERTOLOOPSPASS
#include "xla-mlir/Dialect/HLOExt/Transforms/Passes.h.inc"
} // namespace xla::hloext

using namespace mlir;

namespace {

/// One parallel loop over every element of the updates: with unique
/// indices each combines its own; else, if `getOrderedUpdateWork` is at
/// most `orderedWork`, the first element of each operand element combines
/// all of its updates in order (the same result at every run); else each
/// combines with atomics. Failure if none applies.
static LogicalResult lowerToParallelScatter(RewriterBase &rewriter,
                                            xla::hloext::ScatterOp op,
                                            int64_t orderedWork) {
  bool unique = op.getUniqueIndices();
  std::optional<int64_t> work = op.getOrderedUpdateWork();
  bool ordered = !unique && work && *work <= orderedWork;
  if (!unique && !ordered && !op.getAtomicKind())
    return failure();
  Location loc = op.getLoc();
  Value updates = op.getUpdates().front();
  int64_t rank = op.getUpdateType().getRank();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  SmallVector<Value> lbs(rank, zero), steps(rank, one), ubs;
  for (int64_t d = 0; d < rank; ++d)
    ubs.push_back(memref::DimOp::create(rewriter, loc, updates, d));
  LogicalResult result = success();
  auto update = [&](OpBuilder &b, Location nested, ValueRange ivs) {
    return ordered ? op.generateOrderedElementUpdate(b, nested, ivs)
                   : op.generateElementUpdate(b, nested, ivs, !unique);
  };
  if (rank == 0) {
    result = update(rewriter, loc, {});
  } else {
    scf::ParallelOp::create(
        rewriter, loc, lbs, ubs, steps,
        [&](OpBuilder &b, Location nested, ValueRange ivs) {
          result = update(b, nested, ivs);
        });
  }
  return result;
}

struct HLOExtLowerToLoopsPass
    : xla::hloext::impl::HLOExtLowerToLoopsPassBase<HLOExtLowerToLoopsPass> {
  using Base::Base;

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
      auto scatter = dyn_cast<xla::hloext::ScatterOp>(op.getOperation());
      if (parallelScatter && scatter &&
          succeeded(
              lowerToParallelScatter(rewriter, scatter, orderedScatterWork))) {
        rewriter.eraseOp(op);
        continue;
      }
      if (failed(scf::lowerToLoopsUsingSCFForOp(rewriter, op))) {
        op->emitOpError("could not be lowered to loops");
        return signalPassFailure();
      }
      rewriter.eraseOp(op);
    }
  }
};

} // namespace
