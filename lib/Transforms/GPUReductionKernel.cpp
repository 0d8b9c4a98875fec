//===- GPUReductionKernel.cpp - row reductions across threads -------------===//
//
// A reduction along the contiguous dimension is read by several threads per
// row, interleaved, so that a warp's loads coalesce, each thread carrying
// its partial result in a register; the partials are combined with warp
// shuffles or a block-level tree. The one-thread-per-row mapping of
// xla-gpu-map-loops instead gives each thread a contiguous chain, whose
// loads across a warp are a row apart, and keeps the accumulator in memory.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// The trip counts of `op`'s loops, computed before `op`.
static SmallVector<Value> loopSizes(OpBuilder &b, Location loc,
                                    linalg::LinalgOp op) {
  SmallVector<Value> sizes;
  for (Range range : op.createLoopRanges(b, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, range.size));
  return sizes;
}

/// The GPU reduction of a combiner op, if there is one.
static std::optional<gpu::AllReduceOperation> reductionKind(Operation *op) {
  using Kind = gpu::AllReduceOperation;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return Kind::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return Kind::MUL; })
      .Case<arith::MaximumFOp>([](auto) { return Kind::MAXIMUMF; })
      .Case<arith::MinimumFOp>([](auto) { return Kind::MINIMUMF; })
      .Case<arith::MaxNumFOp>([](auto) { return Kind::MAXNUMF; })
      .Case<arith::MinNumFOp>([](auto) { return Kind::MINNUMF; })
      .Case<arith::MaxSIOp>([](auto) { return Kind::MAXSI; })
      .Case<arith::MinSIOp>([](auto) { return Kind::MINSI; })
      .Case<arith::MaxUIOp>([](auto) { return Kind::MAXUI; })
      .Case<arith::MinUIOp>([](auto) { return Kind::MINUI; })
      .Case<arith::AndIOp>([](auto) { return Kind::AND; })
      .Case<arith::OrIOp>([](auto) { return Kind::OR; })
      .Case<arith::XOrIOp>([](auto) { return Kind::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

FailureOr<SmallVector<ReductionCombiner>>
xla::gpu_kernels::matchRowReduction(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0)
    return failure();
  unsigned last = op.getNumLoops() - 1;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned d = 0; d < last; ++d)
    if (iterators[d] != utils::IteratorType::parallel)
      return failure();
  if (iterators[last] != utils::IteratorType::reduction)
    return failure();
  // Coalescing: consecutive threads of a row read consecutive elements.
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!isa<MemRefType>(input->get().getType()) ||
        !map.isFunctionOfDim(last))
      continue;
    auto innermost = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!innermost || innermost.getPosition() != last)
      return failure();
  }
  SmallVector<BlockArgument> accumulators(
      op.getRegionOutputArgs().begin(), op.getRegionOutputArgs().end());
  SmallVector<ReductionCombiner> combiners;
  for (unsigned j = 0; j < accumulators.size(); ++j) {
    Type type = accumulators[j].getType();
    // Warp shuffles move 32 bits.
    if (!type.isF32() && !type.isInteger(32))
      return failure();
    SmallVector<Operation *> ops;
    if (!matchReduction(accumulators, j, ops) || ops.size() != 1)
      return failure();
    std::optional<gpu::AllReduceOperation> kind = reductionKind(ops[0]);
    std::optional<TypedAttr> neutral = arith::getNeutralElement(ops[0]);
    if (!kind || !neutral)
      return failure();
    combiners.push_back({j, ops[0], *kind, *neutral});
  }
  return combiners;
}

void xla::gpu_kernels::emitRowReductionKernel(
    OpBuilder &b, linalg::LinalgOp op, ArrayRef<ReductionCombiner> combiners,
    int64_t threadsPerRow, StringRef name) {
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  SmallVector<Value> sizes = loopSizes(b, loc, op);
  Value reduced = sizes.back();
  SmallVector<Value> rowSizes(sizes.begin(), sizes.end() - 1);
  Value rows = arith::ConstantIndexOp::create(b, loc, 1);
  for (Value size : rowSizes)
    rows = arith::MulIOp::create(b, loc, rows, size);

  // Up to a warp per row: several rows per block of 256 threads.
  bool withinWarp = threadsPerRow <= 32;
  int64_t rowsPerBlock = withinWarp ? 256 / threadsPerRow : 1;
  Value rowsPerBlockValue =
      arith::ConstantIndexOp::create(b, loc, rowsPerBlock);
  Value grid = arith::CeilDivUIOp::create(b, loc, rows, rowsPerBlockValue);
  Value block =
      arith::ConstantIndexOp::create(b, loc, threadsPerRow * rowsPerBlock);
  gpu::LaunchOp launch = createNamedLaunch(b, loc, name, grid, block);

  b.setInsertionPointToStart(&launch.getBody().front());
  Value threads = arith::ConstantIndexOp::create(b, loc, threadsPerRow);
  Value tid = launch.getThreadIds().x;
  Value lane = arith::RemUIOp::create(b, loc, tid, threads);
  Value row = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x,
                                    rowsPerBlockValue),
      arith::DivUIOp::create(b, loc, tid, threads));
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rows);
  // Threads past the last row compute the last row again instead of
  // branching: the shuffles need every lane of the warp.
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value lastRow = arith::SubIOp::create(b, loc, rows, one);
  Value clamped = arith::SelectOp::create(b, loc, inRange, row, lastRow);
  SmallVector<Value> rowIvs = delinearize(b, loc, clamped, rowSizes);

  SmallVector<Value> initial;
  for (const ReductionCombiner &c : combiners)
    initial.push_back(arith::ConstantOp::create(b, loc, c.neutral));
  auto loop = scf::ForOp::create(
      b, loc, lane, reduced, threads, initial,
      [&](OpBuilder &nb, Location nloc, Value k, ValueRange accumulators) {
        SmallVector<Value> ivs(rowIvs);
        ivs.push_back(k);
        scf::YieldOp::create(nb, nloc,
                             applyBodyAt(nb, nloc, op, ivs, accumulators));
      });

  SmallVector<Value> results;
  for (auto [c, partial] : llvm::zip(combiners, loop.getResults())) {
    if (withinWarp) {
      std::optional<uint32_t> cluster;
      if (threadsPerRow < 32)
        cluster = threadsPerRow;
      results.push_back(gpu::SubgroupReduceOp::create(
          b, loc, partial, c.kind, /*uniform=*/true, cluster));
    } else {
      results.push_back(gpu::AllReduceOp::create(
          b, loc, partial,
          gpu::AllReduceOperationAttr::get(b.getContext(), c.kind),
          /*uniform=*/true));
    }
  }

  // The row's first thread folds the result into the output's value.
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  Value store = arith::AndIOp::create(b, loc, first, inRange);
  auto guard = scf::IfOp::create(b, loc, store, /*withElse=*/false);
  b.setInsertionPointToStart(&guard.getThenRegion().front());
  SmallVector<Value> ivs(rowIvs);
  ivs.push_back(zero);
  for (auto [c, result] : llvm::zip(combiners, results)) {
    OpOperand *output = op.getDpsInitOperand(c.output);
    SmallVector<Value> indices =
        applyMap(b, loc, op.getMatchingIndexingMap(output), ivs);
    Value old = memref::LoadOp::create(b, loc, output->get(), indices);
    BlockArgument accumulator = op.getRegionOutputArgs()[c.output];
    IRMapping map;
    for (Value operand : c.combiner->getOperands())
      map.map(operand, operand == accumulator ? old : result);
    Value combined = b.clone(*c.combiner, map)->getResult(0);
    memref::StoreOp::create(b, loc, combined, output->get(), indices);
  }
  op->erase();
}

LogicalResult xla::gpu_kernels::emitSerialReductionKernel(OpBuilder &b,
                                                          linalg::LinalgOp op,
                                                          StringRef name) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() == 0)
    return failure();
  for (OpOperand &output : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&output).isProjectedPermutation() ||
        !isa<MemRefType>(output.get().getType()))
      return failure();
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  SmallVector<Value> sizes = loopSizes(b, loc, op);
  SmallVector<unsigned> parallel, reduction;
  for (auto [d, iterator] : llvm::enumerate(op.getIteratorTypesArray()))
    (iterator == utils::IteratorType::parallel ? parallel : reduction)
        .push_back(d);
  auto product = [&](ArrayRef<unsigned> loops, SmallVectorImpl<Value> &out) {
    Value total = arith::ConstantIndexOp::create(b, loc, 1);
    for (unsigned d : loops) {
      out.push_back(sizes[d]);
      total = arith::MulIOp::create(b, loc, total, sizes[d]);
    }
    return total;
  };
  SmallVector<Value> outputSizes, reducedSizes;
  Value outputs = product(parallel, outputSizes);
  Value reduced = product(reduction, reducedSizes);

  constexpr int64_t kBlock = 256;
  Value block = arith::ConstantIndexOp::create(b, loc, kBlock);
  Value grid = arith::CeilDivUIOp::create(b, loc, outputs, block);
  gpu::LaunchOp launch = createNamedLaunch(b, loc, name, grid, block);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value id = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, launch.getBlockIds().x, block),
      launch.getThreadIds().x);
  Value inRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, id, outputs);
  auto guard = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
  b.setInsertionPointToStart(&guard.getThenRegion().front());
  // The last parallel loop fastest across threads: a column reduction's
  // loads coalesce.
  SmallVector<Value> ivs(sizes.size());
  for (auto [d, index] :
       llvm::zip(parallel, delinearize(b, loc, id, outputSizes)))
    ivs[d] = index;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (unsigned d : reduction)
    ivs[d] = zero;
  SmallVector<SmallVector<Value>> outputIndices;
  SmallVector<Value> initial;
  for (OpOperand &output : op.getDpsInitsMutable()) {
    outputIndices.push_back(
        applyMap(b, loc, op.getMatchingIndexingMap(&output), ivs));
    initial.push_back(
        memref::LoadOp::create(b, loc, output.get(), outputIndices.back()));
  }
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, reduced, one, initial,
      [&](OpBuilder &nb, Location nloc, Value k, ValueRange accumulators) {
        SmallVector<Value> all(ivs);
        for (auto [d, index] :
             llvm::zip(reduction, delinearize(nb, nloc, k, reducedSizes)))
          all[d] = index;
        scf::YieldOp::create(nb, nloc,
                             applyBodyAt(nb, nloc, op, all, accumulators));
      });
  for (auto [output, indices, result] :
       llvm::zip(op.getDpsInitsMutable(), outputIndices, loop.getResults()))
    memref::StoreOp::create(b, loc, result, output.get(), indices);
  op->erase();
  return success();
}
