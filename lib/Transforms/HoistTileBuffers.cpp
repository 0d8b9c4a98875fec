//===- HoistTileBuffers.cpp - a register tile's buffer per thread --------===//
//
// A register tile whose epilogue runs a row at a time stores its
// accumulators into a stack buffer (FuseEpilogue.h, readRowsFromTileBuffers)
// created at the start of its distributed tile. That is a parallel loop's
// body by now (or, without parallel loops, a sequential loop's): an alloca
// there would grow the stack every iteration, and the alloca scope that
// scf-to-openmp wraps around the body, which the canonicalizer otherwise
// inlines, would stay. Each buffer moves to where every thread enters once:
// the start of its omp.parallel region, else of its function.
//
//===----------------------------------------------------------------------===//

#include "FuseEpilogue.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace xla {
#define GEN_PASS_DEF_HOISTTILEBUFFERSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

struct HoistTileBuffersPass
    : xla::impl::HoistTileBuffersPassBase<HoistTileBuffersPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocaOp> buffers;
    getOperation()->walk([&](memref::AllocaOp alloca) {
      if (alloca->hasAttr(xla::kTileBuffer))
        buffers.push_back(alloca);
    });
    for (memref::AllocaOp alloca : buffers) {
      // Static shapes: the alloca has no operands to move along.
      if (alloca->getNumOperands()) {
        alloca.emitError() << "a tile buffer has a dynamic size";
        return signalPassFailure();
      }
      Operation *entered = alloca->getParentOfType<omp::ParallelOp>();
      if (!entered)
        entered = alloca->getParentOfType<FunctionOpInterface>();
      Block &entry = entered->getRegion(0).front();
      alloca->moveBefore(&entry, entry.begin());
      alloca->removeAttr(xla::kTileBuffer);
    }
  }
};

} // namespace
