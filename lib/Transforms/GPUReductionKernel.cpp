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
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
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

/// Fills of `op`'s outputs that the row kernel can start from instead (by
/// output; null where none): `wholeOutputFills` of outputs that hold a
/// value per row (indexed by every loop but the last).
static SmallVector<linalg::FillOp> initialFills(linalg::LinalgOp op) {
  SmallVector<linalg::FillOp> fills = wholeOutputFills(op);
  unsigned last = op.getNumLoops() - 1;
  for (OpOperand &output : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&output);
    bool everyRow = !map.isFunctionOfDim(last);
    for (unsigned d = 0; d < last; ++d)
      everyRow &= map.isFunctionOfDim(d);
    if (!everyRow)
      fills[output.getOperandNumber() - op.getNumDpsInputs()] = nullptr;
  }
  return fills;
}

/// The body of `op` at `width` neighbours of its last loop from `ivs`
/// (whose last is the first of them), the accumulators carried through
/// them in order: an input along that loop is one vector load where its
/// buffer allows, else a load per neighbour.
static SmallVector<Value> applyBodyAtGroup(OpBuilder &b, Location loc,
                                           linalg::LinalgOp op,
                                           ArrayRef<Value> ivs,
                                           ValueRange accumulators,
                                           int64_t width) {
  if (width == 1)
    return applyBodyAt(b, loc, op, ivs, accumulators);
  unsigned last = op.getNumLoops() - 1;
  // The iteration vector at neighbour j.
  auto at = [&](int64_t j) {
    SmallVector<Value> result(ivs);
    result.back() = arith::AddIOp::create(
        b, loc, ivs.back(), arith::ConstantIndexOp::create(b, loc, j));
    return result;
  };
  SmallVector<SmallVector<Value>> inputs(width);
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    AffineMap map = op.getMatchingIndexingMap(input);
    // Only the last index may move with the neighbours.
    int64_t align = 0;
    if (isa<MemRefType>(value.getType()) && map.isFunctionOfDim(last) &&
        llvm::none_of(map.getResults().drop_back(), [&](AffineExpr e) {
          return e.isFunctionOfDim(last);
        }))
      align = vectorAlignment(value, width, /*vectorBytes=*/16);
    if (align) {
      auto type = VectorType::get({width}, getElementTypeOrSelf(value));
      Value group = vector::LoadOp::create(
          b, loc, type, value, applyMap(b, loc, map, ivs),
          /*nontemporal=*/false, llvm::MaybeAlign(align));
      for (int64_t j = 0; j < width; ++j)
        inputs[j].push_back(vector::ExtractOp::create(b, loc, group, j));
      continue;
    }
    for (int64_t j = 0; j < width; ++j)
      inputs[j].push_back(
          isa<MemRefType>(value.getType())
              ? memref::LoadOp::create(b, loc, value,
                                       applyMap(b, loc, map, at(j)))
                    .getResult()
              : value);
  }
  SmallVector<Value> carried(accumulators);
  for (int64_t j = 0; j < width; ++j) {
    SmallVector<Value> arguments(inputs[j]);
    arguments.append(carried);
    carried = cloneBody(b, op, arguments, at(j));
  }
  return carried;
}

Value xla::gpu_kernels::cloneCombiner(OpBuilder &b, linalg::LinalgOp op,
                                      const ReductionCombiner &c,
                                      Value accumulated, Value value) {
  BlockArgument accumulator = op.getRegionOutputArgs()[c.output];
  IRMapping map;
  for (Value operand : c.combiner->getOperands())
    map.map(operand, operand == accumulator ? accumulated : value);
  return b.clone(*c.combiner, map)->getResult(0);
}

Value xla::gpu_kernels::reduceAcrossThreads(OpBuilder &b, Location loc,
                                            Value value,
                                            gpu::AllReduceOperation kind,
                                            int64_t threads) {
  // Up to a warp: shuffles alone, no shared memory and no barrier.
  if (threads <= 32) {
    std::optional<uint32_t> cluster;
    if (threads < 32)
      cluster = threads;
    return gpu::SubgroupReduceOp::create(b, loc, value, kind,
                                         /*uniform=*/true, cluster);
  }
  return gpu::AllReduceOp::create(
      b, loc, value, gpu::AllReduceOperationAttr::get(b.getContext(), kind),
      /*uniform=*/true);
}

void xla::gpu_kernels::emitRowReductionKernel(
    OpBuilder &b, linalg::LinalgOp op, ArrayRef<ReductionCombiner> combiners,
    int64_t threadsPerRow, int64_t width, int64_t unroll, StringRef name,
    const OutputEpilogue *epilogue) {
  // Before the kernel goes in between, and before `op` moves.
  SmallVector<linalg::FillOp> fills = initialFills(op);
  if (epilogue)
    moveToEpilogue(op, *epilogue);
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
  // Lane l takes the groups of `width` neighbours at width * (l + i *
  // threads).
  Value widthValue = arith::ConstantIndexOp::create(b, loc, width);
  Value start = arith::MulIOp::create(b, loc, lane, widthValue);
  Value stride = arith::MulIOp::create(b, loc, threads, widthValue);
  auto body = [&](OpBuilder &nb, Location nloc, Value k,
                  ValueRange accumulators) {
    SmallVector<Value> ivs(rowIvs);
    ivs.push_back(k);
    scf::YieldOp::create(
        nb, nloc, applyBodyAtGroup(nb, nloc, op, ivs, accumulators, width));
  };
  scf::ForOp loop;
  std::optional<int64_t> length = getConstantIntValue(reduced);
  int64_t trips = 0;
  if (length && *length % (threadsPerRow * width) == 0) {
    // Every lane takes as many groups: a loop of a static trip count,
    // which `unroll` can unroll.
    trips = *length / (threadsPerRow * width);
    loop = scf::ForOp::create(
        b, loc, arith::ConstantIndexOp::create(b, loc, 0),
        arith::ConstantIndexOp::create(b, loc, trips),
        arith::ConstantIndexOp::create(b, loc, 1), initial,
        [&](OpBuilder &nb, Location nloc, Value i, ValueRange accumulators) {
          body(nb, nloc,
               arith::AddIOp::create(
                   nb, nloc, start, arith::MulIOp::create(nb, nloc, i, stride)),
               accumulators);
        });
  } else {
    loop = scf::ForOp::create(b, loc, start, reduced, stride, initial, body);
  }

  SmallVector<Value> results;
  for (auto [c, partial] : llvm::zip(combiners, loop.getResults()))
    results.push_back(
        reduceAcrossThreads(b, loc, partial, c.kind, threadsPerRow));

  // The row's first thread folds the result into the output's value, or
  // into the value a fill right before gave it (the fill then goes).
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
    linalg::FillOp fill = fills[c.output];
    Value old = fill ? fill.getInputs()[0]
                     : memref::LoadOp::create(b, loc, output->get(), indices)
                           .getResult();
    Value combined = cloneCombiner(b, op, c, old, result);
    if (epilogue)
      applyOutputEpilogue(b, loc, *epilogue, indices, combined);
    else
      memref::StoreOp::create(b, loc, combined, output->get(), indices);
  }
  op->erase();
  for (linalg::FillOp fill : fills)
    if (fill)
      fill->erase();
  if (epilogue)
    epilogue->op->erase();
  // Last: unrolling replaces the loop's results, which are used by now.
  // Its copies of the body are independent but for the accumulators, so
  // a thread has all their loads in flight at once.
  if (trips > 1 && trips <= unroll)
    (void)loopUnrollFull(loop);
  else if (trips > unroll && unroll > 1 && trips % unroll == 0)
    (void)loopUnrollByFactor(loop, unroll);
}

LogicalResult xla::gpu_kernels::emitSerialReductionKernel(
    OpBuilder &b, linalg::LinalgOp op, StringRef name,
    const OutputEpilogue *epilogue) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() == 0)
    return failure();
  for (OpOperand &output : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&output).isProjectedPermutation() ||
        !isa<MemRefType>(output.get().getType()))
      return failure();
  // Found before the launch exists (it captures the outputs) and before
  // `op` moves.
  SmallVector<linalg::FillOp> fills = wholeOutputFills(op);
  if (epilogue)
    moveToEpilogue(op, *epilogue);
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
  for (auto [output, fill] : llvm::zip(op.getDpsInitsMutable(), fills)) {
    outputIndices.push_back(
        applyMap(b, loc, op.getMatchingIndexingMap(&output), ivs));
    initial.push_back(fill ? fill.getInputs()[0]
                           : memref::LoadOp::create(b, loc, output.get(),
                                                    outputIndices.back())
                                 .getResult());
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
       llvm::zip(op.getDpsInitsMutable(), outputIndices, loop.getResults())) {
    if (epilogue)
      applyOutputEpilogue(b, loc, *epilogue, indices, result);
    else
      memref::StoreOp::create(b, loc, result, output.get(), indices);
  }
  op->erase();
  for (linalg::FillOp fill : fills)
    if (fill)
      fill->erase();
  if (epilogue)
    epilogue->op->erase();
  return success();
}
