//===- ElideLoopBarriers.cpp - no barrier before a parallel region's end --===//
//
// See Passes.td. convert-scf-to-openmp makes each parallel loop an
// `omp.parallel` region holding one `omp.wsloop`, which without `nowait`
// ends in a barrier: OpenMP's translation calls `__kmpc_barrier` after the
// loop, and then the region's end joins the threads again. Nothing in the
// region runs between the two, so the first is redundant.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace xla {
#define GEN_PASS_DEF_ELIDELOOPBARRIERSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct ElideLoopBarriersPass
    : xla::impl::ElideLoopBarriersPassBase<ElideLoopBarriersPass> {
  void runOnOperation() override {
    getOperation()->walk([](omp::WsloopOp loop) {
      // The loop's barrier is the region's last act only when the region
      // ends right after it. Reductions combine their partial results at
      // that barrier (and private copies may need it): those keep it.
      Operation *next = loop->getNextNode();
      if (!isa<omp::ParallelOp>(loop->getParentOp()) || !next ||
          !isa<omp::TerminatorOp>(next) ||
          !loop.getReductionVars().empty() || loop.getPrivateNeedsBarrier())
        return;
      loop.setNowait(true);
    });
  }
};

} // namespace
