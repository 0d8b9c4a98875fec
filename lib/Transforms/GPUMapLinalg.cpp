//===- GPUMapLinalg.cpp - kernel strategies for GPU reductions and dots ---===//
//
// Strategy only: which linalg ops of a fusion get a kernel generator of
// GPUKernels.h, and with which shape. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

namespace xla {
#define GEN_PASS_DEF_GPUMAPLINALGPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;
using namespace xla::gpu_kernels;

/// Threads per row of a reduction of `length` elements: enough that no
/// thread accumulates more than `chain` of them, a warp (or the row, if
/// shorter) so that a row's loads coalesce, and at most a block of 256.
static int64_t threadsPerRow(int64_t length, int64_t chain) {
  int64_t forChain = llvm::PowerOf2Ceil(llvm::divideCeil(length, chain));
  int64_t forLoads = std::min<int64_t>(llvm::PowerOf2Ceil(length), 32);
  return std::min<int64_t>(std::max(forChain, forLoads), 256);
}

/// The largest tile that still gives every multiprocessor a block and
/// wastes at most a quarter of its work on padding; failing that, the one
/// that wastes least, and of those the smallest (a product with 20 rows
/// gets 32-row tiles; 128 x 768 gets 32x32 tiles, 96 blocks).
static ContractionTile contractionTile(int64_t batch, int64_t m, int64_t n,
                                       int64_t smCount) {
  static const ContractionTile candidates[] = {
      {128, 128, 8, 8, 8}, {64, 64, 16, 4, 4}, {32, 32, 16, 2, 2}};
  // Candidates go from large to small tiles: on equal waste, the later
  // one gives more blocks.
  const ContractionTile *best = nullptr;
  double bestUse = 0;
  for (const ContractionTile &tile : candidates) {
    int64_t tilesM = llvm::divideCeil(m, tile.m);
    int64_t tilesN = llvm::divideCeil(n, tile.n);
    double use = double(m * n) / double(tilesM * tile.m * tilesN * tile.n);
    if (batch * tilesM * tilesN >= smCount && use >= 0.75)
      return tile;
    if (!best || use >= bestUse) {
      best = &tile;
      bestUse = use;
    }
  }
  return *best;
}

static int64_t product(ArrayRef<int64_t> sizes, ArrayRef<unsigned> loops) {
  int64_t result = 1;
  for (unsigned d : loops)
    result *= sizes[d];
  return result;
}

namespace {

struct GPUMapLinalgPass
    : xla::impl::GPUMapLinalgPassBase<GPUMapLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    for (func::FuncOp func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func->hasAttr("xla.fusion_kind"))
        continue;
      SmallVector<linalg::LinalgOp> ops;
      func.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
      for (linalg::LinalgOp op : ops)
        mapOp(func, op);
      func.walk([](gpu::LaunchOp launch) { sinkConstants(launch); });
    }
  }

private:
  void mapOp(func::FuncOp func, linalg::LinalgOp op) {
    OpBuilder b(op);
    FailureOr<SmallVector<ReductionCombiner>> combiners = matchRowReduction(op);
    int64_t length =
        op.getNumLoops() ? op.getStaticLoopRanges().back() : int64_t(0);
    if (succeeded(combiners) && !ShapedType::isDynamic(length)) {
      int64_t threads =
          threadsPerRow(length, std::max<int64_t>(reductionChain, 1));
      if (threads >= 2) {
        emitRowReductionKernel(b, op, *combiners, threads,
                               nextKernelName(func));
        return;
      }
    }
    FailureOr<linalg::ContractionDimensions> dims = matchContraction(op);
    if (failed(dims)) {
      // Other reductions: one thread per output, accumulating in registers.
      (void)emitSerialReductionKernel(b, op, nextKernelName(func));
      return;
    }
    SmallVector<int64_t> sizes = op.getStaticLoopRanges();
    ContractionTile tile =
        contractionTile(product(sizes, dims->batch), product(sizes, dims->m),
                        product(sizes, dims->n), smCount);
    emitTiledContractionKernel(b, op, *dims, tile, nextKernelName(func));
  }
};

} // namespace
