//===- GPUSplitK.cpp - split-k partials and their sum in a fixed order ----===//
//
// A contraction with few output tiles splits k over several blocks per
// tile. Adding their sums to the output with atomics makes the result
// depend on the order in which the blocks finish, so two runs of one
// program on the same inputs could differ in their last bits. Instead each
// block stores its sums in its own slice of a buffer of partials, and a
// second kernel adds the slices in a fixed order, starting from the value
// of the output's fill (which it replaces), and applies the product's
// elementwise epilogue as it stores. XLA:GPU's split-k is the same idea at
// the HLO level: the split becomes a batch dimension, reduced afterwards.
// Up to 16 splits the sum has no shared memory or barrier, so horizontal
// fusion may merge it with kernels of other fusions.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace xla::gpu_kernels;

static Value constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

SplitPartials xla::gpu_kernels::allocateSplitPartials(
    OpBuilder &b, Location loc, const ContractionRoles &roles,
    int64_t splits) {
  SplitPartials partials;
  if (splits <= 1)
    return partials;
  const linalg::ContractionDimensions &dims = roles.dims;
  auto type = MemRefType::get({splits, roles.product(dims.batch),
                               roles.product(dims.m), roles.product(dims.n)},
                              b.getF32Type());
  // After xla-gpu-place-buffers an allocation is device memory.
  partials.buffer = memref::AllocOp::create(b, loc, type).getResult();
  partials.splits = splits;
  return partials;
}

/// The sum, in order, from `start`, of the partials of splits [first,
/// first + count) of output `position`, all loads issued before the first
/// add: `count` loads in flight per thread. Unless every run is whole
/// (`whole`), splits from `splits` on add nothing.
static Value sumRun(OpBuilder &b, Location loc, Value partials,
                    ArrayRef<Value> position, Value first, int64_t count,
                    int64_t splits, bool whole, Value start) {
  SmallVector<Value> values, present;
  for (int64_t i = 0; i < count; ++i) {
    Value s = arith::AddIOp::create(b, loc, first, constant(b, loc, i));
    SmallVector<Value> indices = {s, position[0], position[1], position[2]};
    if (whole) {
      values.push_back(memref::LoadOp::create(b, loc, partials, indices));
      continue;
    }
    present.push_back(lessThan(b, loc, s, splits));
    values.push_back(
        guardedLoad(b, loc, present.back(), partials, indices));
  }
  Value sum = start;
  for (auto [i, value] : llvm::enumerate(values)) {
    Value added = arith::AddFOp::create(b, loc, sum, value);
    sum = whole ? added
                : arith::SelectOp::create(b, loc, present[i], added, sum)
                      .getResult();
  }
  return sum;
}

void xla::gpu_kernels::sumSplitPartials(OpBuilder &b, gpu::LaunchOp launch,
                                        linalg::LinalgOp op,
                                        const ContractionRoles &roles,
                                        const SplitPartials &partials,
                                        Value initial,
                                        const OutputEpilogue *epilogue) {
  // A thread adds at most 16 splits, its loads all in flight at once; more
  // splits (118 for a 20-row product with k = 30522 in the skinny kernel)
  // are cut into runs, one thread each, whose sums the first run's thread
  // adds in order through shared memory. With a thread per output and
  // split, a loop of dependent adds would keep one load in flight.
  constexpr int64_t kThreads = 256, kMaxRun = 16;
  OpBuilder::InsertionGuard guard(b);
  Location loc = op.getLoc();
  b.setInsertionPointAfter(launch);
  auto type = cast<MemRefType>(partials.buffer.getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t splits = shape[0], outputs = shape[1] * shape[2] * shape[3];
  int64_t runs = std::min<int64_t>(
      llvm::PowerOf2Ceil(llvm::divideCeil(splits, kMaxRun)), kThreads);
  int64_t runLength = llvm::divideCeil(splits, runs);
  int64_t outputsPerBlock = kThreads / runs;
  SmallVector<Type> shared;
  if (runs > 1)
    shared.push_back(MemRefType::get(
        {runs, outputsPerBlock}, b.getF32Type(), MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(
            b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace())));
  auto func = launch->getParentOfType<func::FuncOp>();
  gpu::LaunchOp sum = createNamedLaunch(
      b, loc, nextKernelName(func),
      constant(b, loc, llvm::divideCeil(outputs, outputsPerBlock)),
      constant(b, loc, kThreads), shared);
  memref::DeallocOp::create(b, loc, partials.buffer);

  b.setInsertionPointToStart(&sum.getBody().front());
  // Neighbouring threads take neighbouring columns of one run: the
  // partials' loads coalesce, and so do the output's stores where n is its
  // last dimension.
  Value tid = sum.getThreadIds().x, run = constant(b, loc, 0), lane = tid;
  if (runs > 1) {
    run = arith::DivUIOp::create(b, loc, tid,
                                 constant(b, loc, outputsPerBlock));
    lane = arith::RemUIOp::create(b, loc, tid,
                                  constant(b, loc, outputsPerBlock));
  }
  Value id = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, sum.getBlockIds().x,
                            constant(b, loc, outputsPerBlock)),
      lane);
  Value inside = lessThan(b, loc, id, outputs);
  SmallVector<Value> position = delinearize(
      b, loc, id,
      {constant(b, loc, shape[1]), constant(b, loc, shape[2]),
       constant(b, loc, shape[3])});
  OpOperand *out = op.getDpsInitOperand(0);
  // The output's indices and its value before the product, where the sum
  // starts (inside the guard: the load may not run past the output).
  auto outputIndices = [&](OpBuilder &nb) {
    SmallVector<Value> batchSizes;
    for (unsigned d : roles.dims.batch)
      batchSizes.push_back(constant(nb, loc, roles.loopSizes[d]));
    SmallVector<Value> batch = delinearize(nb, loc, position[0], batchSizes);
    SmallVector<Value> ivs =
        roles.ivs(nb, loc, batch, position[1], position[2], {});
    return applyMap(nb, loc, op.getMatchingIndexingMap(out), ivs);
  };
  auto finish = [&](OpBuilder &nb, ArrayRef<Value> indices, Value total) {
    if (epilogue)
      applyOutputEpilogue(nb, loc, *epilogue, indices, total);
    else
      memref::StoreOp::create(nb, loc, total, out->get(), indices);
  };
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));

  if (runs == 1) {
    auto guardOp = scf::IfOp::create(b, loc, inside, /*withElse=*/false);
    OpBuilder nb = guardOp.getThenBodyBuilder();
    SmallVector<Value> indices = outputIndices(nb);
    Value start = initial ? initial
                          : memref::LoadOp::create(nb, loc, out->get(),
                                                   indices)
                                .getResult();
    finish(nb, indices,
           sumRun(nb, loc, partials.buffer, position, constant(nb, loc, 0),
                  splits, splits, /*whole=*/true, start));
    return;
  }

  // Each run's sum, from its first partial (a run past the last split adds
  // nothing), in shared memory; the first run's threads add them in order.
  Value first =
      arith::MulIOp::create(b, loc, run, constant(b, loc, runLength));
  auto partial = scf::IfOp::create(b, loc, inside, /*withElse=*/false);
  {
    OpBuilder nb = partial.getThenBodyBuilder();
    Value runSum =
        sumRun(nb, loc, partials.buffer, position, first, runLength, splits,
               /*whole=*/runs * runLength == splits, zero);
    memref::StoreOp::create(nb, loc, runSum,
                            sum.getWorkgroupAttributions()[0], {run, lane});
  }
  gpu::BarrierOp::create(b, loc);
  Value firstRun = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, run,
                                         constant(b, loc, 0));
  auto total = scf::IfOp::create(
      b, loc, arith::AndIOp::create(b, loc, inside, firstRun),
      /*withElse=*/false);
  OpBuilder nb = total.getThenBodyBuilder();
  SmallVector<Value> indices = outputIndices(nb);
  Value result = initial ? initial
                         : memref::LoadOp::create(nb, loc, out->get(), indices)
                               .getResult();
  for (int64_t r = 0; r < runs; ++r) {
    Value runSum = memref::LoadOp::create(
        nb, loc, sum.getWorkgroupAttributions()[0],
        {constant(nb, loc, r), lane});
    result = arith::AddFOp::create(nb, loc, result, runSum);
  }
  finish(nb, indices, result);
}
