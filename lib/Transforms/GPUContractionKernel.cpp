//===- GPUContractionKernel.cpp - tiled contractions through shared memory ===//
//
// The classic SIMT matrix product: a block owns an output tile, stages
// slices of both operands through shared memory, and each thread keeps a
// small tile of accumulators in registers. Each operand element read from
// device memory then serves a whole row or column of the block's tile
// instead of one output element, as in the one-thread-per-element mapping.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/CastInterfaces.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// Extra elements per shared-memory row: with 4, the threads of a warp that
/// store a column of a k-major tile hit distinct banks, and rows stay
/// 16-byte aligned.
static constexpr int64_t kSharedPad = 4;

FailureOr<linalg::ContractionDimensions>
xla::gpu_kernels::matchContraction(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op.hasIndexSemantics() ||
      !linalg::isaContractionOpInterface(op))
    return failure();
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isProjectedPermutation())
      return failure();
  // The zeros that pad k must add nothing: body(0, 0, acc) == acc holds for
  // multiplies, adds and casts, not for a fused exp of an operand.
  for (Operation &nested : op.getBlock()->without_terminator())
    if (!isa<arith::MulFOp, arith::AddFOp, arith::MulIOp, arith::AddIOp,
             CastOpInterface>(nested))
      return failure();
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !isa<FloatType>(type.getElementType()))
      return failure();
  }
  if (!getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType()).isF32())
    return failure();
  if (ShapedType::isDynamicShape(op.getStaticLoopRanges()))
    return failure();
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.empty() || dims->n.empty() || dims->k.empty())
    return failure();
  if (dims->batch.size() + dims->m.size() + dims->n.size() + dims->k.size() !=
      op.getNumLoops())
    return failure();
  return dims;
}


static Value constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

int64_t ContractionRoles::product(ArrayRef<unsigned> loops) const {
  int64_t result = 1;
  for (unsigned d : loops)
    result *= loopSizes[d];
  return result;
}

SmallVector<Value> ContractionRoles::ivs(OpBuilder &b, Location loc,
                                         ArrayRef<Value> batch, Value m,
                                         Value n, Value k) const {
  SmallVector<Value> result(loopSizes.size(), constant(b, loc, 0));
  for (auto [d, index] : llvm::zip(dims.batch, batch))
    result[d] = index;
  auto assign = [&](ArrayRef<unsigned> loops, Value linear) {
    if (!linear)
      return;
    SmallVector<Value> sizes;
    for (unsigned d : loops)
      sizes.push_back(constant(b, loc, loopSizes[d]));
    for (auto [d, index] : llvm::zip(loops, delinearize(b, loc, linear, sizes)))
      result[d] = index;
  };
  assign(dims.m, m);
  assign(dims.n, n);
  assign(dims.k, k);
  return result;
}

std::pair<SmallVector<Value>, Value> ContractionRoles::operandElement(
    OpBuilder &b, Location loc, ArrayRef<Value> batch, AffineMap map,
    bool isLhs, Value w, int64_t size, Value k, Value kEnd) const {
  Value ok = arith::AndIOp::create(
      b, loc, lessThan(b, loc, w, size),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, k, kEnd));
  SmallVector<Value> iterators =
      isLhs ? ivs(b, loc, batch, w, {}, k) : ivs(b, loc, batch, {}, w, k);
  return {applyMap(b, loc, map, iterators), ok};
}

KSplit::KSplit(int64_t sizeK, int64_t tileK, int64_t wanted) {
  int64_t kSteps = llvm::divideCeil(sizeK, tileK);
  int64_t stepsPerSplit =
      llvm::divideCeil(kSteps, std::clamp<int64_t>(wanted, 1, kSteps));
  splits = llvm::divideCeil(kSteps, stepsPerSplit);
  kPerSplit = stepsPerSplit * tileK;
}

ContractionBlock xla::gpu_kernels::contractionBlock(
    OpBuilder &b, Location loc, const ContractionRoles &roles, Value blockId,
    const KSplit &split, int64_t tileM, int64_t tileN) {
  const linalg::ContractionDimensions &dims = roles.dims;
  int64_t tilesM = llvm::divideCeil(roles.product(dims.m), tileM);
  int64_t tilesN = llvm::divideCeil(roles.product(dims.n), tileN);
  SmallVector<Value> tileIndex = delinearize(
      b, loc, blockId,
      {constant(b, loc, split.splits),
       constant(b, loc, roles.product(dims.batch)), constant(b, loc, tilesM),
       constant(b, loc, tilesN)});
  SmallVector<Value> batchSizes;
  for (unsigned d : dims.batch)
    batchSizes.push_back(constant(b, loc, roles.loopSizes[d]));
  ContractionBlock block;
  block.batch = delinearize(b, loc, tileIndex[1], batchSizes);
  block.m0 =
      arith::MulIOp::create(b, loc, tileIndex[2], constant(b, loc, tileM));
  block.n0 =
      arith::MulIOp::create(b, loc, tileIndex[3], constant(b, loc, tileN));
  block.split = tileIndex[0];
  block.kBegin = constant(b, loc, 0);
  block.kEnd = constant(b, loc, roles.product(dims.k));
  if (split.splits > 1) {
    block.kBegin = arith::MulIOp::create(b, loc, tileIndex[0],
                                         constant(b, loc, split.kPerSplit));
    block.kEnd = arith::MinUIOp::create(
        b, loc,
        arith::AddIOp::create(b, loc, block.kBegin,
                              constant(b, loc, split.kPerSplit)),
        block.kEnd);
  }
  return block;
}

ContractionRoles xla::gpu_kernels::beginContractionKernel(
    OpBuilder &b, linalg::LinalgOp op,
    const linalg::ContractionDimensions &dims, const OutputEpilogue *epilogue,
    const OperandPrologues &prologues) {
  if (epilogue)
    moveToEpilogue(op, *epilogue);
  for (const OperandPrologue *prologue : {prologues.lhs, prologues.rhs})
    if (prologue)
      for (Operation *dealloc : llvm::reverse(prologue->deallocations))
        dealloc->moveAfter(op);
  b.setInsertionPoint(op);
  return ContractionRoles{dims, op.getStaticLoopRanges()};
}

void xla::gpu_kernels::endContractionKernel(
    linalg::LinalgOp op, linalg::FillOp fill, const OutputEpilogue *epilogue,
    const OperandPrologues &prologues) {
  op->erase();
  if (fill)
    fill->erase();
  if (epilogue)
    epilogue->op->erase();
  for (const OperandPrologue *prologue : {prologues.lhs, prologues.rhs})
    if (prologue)
      eraseOperandPrologue(*prologue);
}

void xla::gpu_kernels::requestMinBlocks(gpu::LaunchOp launch, StringRef name,
                                        int64_t minBlocks) {
  Builder b(launch.getContext());
  if (minBlocks <= 1) {
    launch->setAttr(kScalarParameters, b.getUnitAttr());
    return;
  }
  // Compiled-in constants need fewer registers (129 against 219 for a
  // 128x128 tile), which is what lets two blocks share a multiprocessor.
  auto module = launch->getParentOfType<ModuleOp>();
  NamedAttrList wanted;
  if (auto old = module->getAttrOfType<DictionaryAttr>(kKernelMinBlocks))
    wanted.append(old.getValue());
  wanted.set(name, b.getI32IntegerAttr(minBlocks));
  module->setAttr(kKernelMinBlocks, wanted.getDictionary(b.getContext()));
}

void xla::gpu_kernels::finishContractionKernel(
    OpBuilder &b, gpu::LaunchOp launch, linalg::LinalgOp op,
    const ContractionRoles &roles, const SplitPartials &partials,
    linalg::FillOp fill, const OutputEpilogue *epilogue,
    const OperandPrologues &prologues) {
  if (partials)
    sumSplitPartials(b, launch, op, roles, partials,
                     fill ? fill.getInputs()[0] : Value(), epilogue);
  endContractionKernel(op, fill, epilogue, prologues);
}

void xla::gpu_kernels::addAccumulators(
    OpBuilder &b, Location loc, linalg::LinalgOp op,
    const ContractionRoles &roles, ArrayRef<Value> batch, ArrayRef<Value> rows,
    ArrayRef<Value> rowOk, ArrayRef<Value> cols, ArrayRef<Value> colOk,
    ValueRange acc, const SplitPartials &partials, Value split, Value initial,
    const OutputEpilogue *epilogue) {
  OpOperand *out = op.getDpsInitOperand(0);
  AffineMap outMap = op.getMatchingIndexingMap(out);
  const linalg::ContractionDimensions &dims = roles.dims;
  for (auto [i, row] : llvm::enumerate(rows))
    for (auto [j, col] : llvm::enumerate(cols)) {
      Value ok = arith::AndIOp::create(b, loc, rowOk[i], colOk[j]);
      auto guard = scf::IfOp::create(b, loc, ok, /*withElse=*/false);
      OpBuilder then = guard.getThenBodyBuilder();
      Value result = acc[i * cols.size() + j];
      if (partials) {
        // [split, batch, m, n]: the batch's loops flattened in loop order.
        Value batchIndex = constant(then, loc, 0);
        for (auto [d, index] : llvm::zip(dims.batch, batch))
          batchIndex = arith::AddIOp::create(
              then, loc,
              arith::MulIOp::create(then, loc, batchIndex,
                                    constant(then, loc, roles.loopSizes[d])),
              index);
        memref::StoreOp::create(then, loc, result, partials.buffer,
                                {split, batchIndex, row, col});
        continue;
      }
      SmallVector<Value> ivs = roles.ivs(then, loc, batch, row, col, {});
      SmallVector<Value> indices = applyMap(then, loc, outMap, ivs);
      Value old = initial ? initial
                          : memref::LoadOp::create(then, loc, out->get(),
                                                   indices)
                                .getResult();
      Value sum = arith::AddFOp::create(then, loc, old, result);
      if (epilogue)
        applyOutputEpilogue(then, loc, *epilogue, indices, sum);
      else
        memref::StoreOp::create(then, loc, sum, out->get(), indices);
    }
}

linalg::FillOp xla::gpu_kernels::foldableOutputFill(linalg::LinalgOp op) {
  return wholeOutputFills(op)[0];
}

namespace {

/// Where a thread's `count` outputs along one side of a `width` tile lie:
/// in groups of up to 4 neighbours, the groups `width / groups` apart, and
/// thread t's groups start at t * vec. The threads of a warp then read
/// neighbouring groups of a shared-memory row: one 16-byte load per group
/// and no bank conflicts (with t * count instead, a warp's 8-element
/// fragments sit 8 words apart, 4 threads to a bank).
struct FragmentLayout {
  int64_t vec, groups, stride;

  FragmentLayout(int64_t width, int64_t count)
      : vec(std::min<int64_t>(4, count)), groups(count / vec),
        stride(width / groups) {}

  /// Offset in the tile of element `e` of the thread whose first group
  /// starts at `base`.
  Value offset(OpBuilder &b, Location loc, Value base, int64_t e) const {
    return arith::AddIOp::create(
        b, loc, base,
        arith::ConstantIndexOp::create(b, loc,
                                       (e / vec) * stride + e % vec));
  }
};

} // namespace

/// This thread's fragment of row `kk` of a shared tile, one vector load per
/// group of neighbours.
static SmallVector<Value> loadFragment(OpBuilder &b, Location loc,
                                       Value shared, Value kk, Value base,
                                       const FragmentLayout &layout) {
  SmallVector<Value> values;
  Type element = cast<MemRefType>(shared.getType()).getElementType();
  auto type = VectorType::get({layout.vec}, element);
  unsigned bytes = layout.vec * element.getIntOrFloatBitWidth() / 8;
  for (int64_t g = 0; g < layout.groups; ++g) {
    Value group = vector::LoadOp::create(
        b, loc, type, shared,
        ValueRange{kk, layout.offset(b, loc, base, g * layout.vec)},
        /*nontemporal=*/false, llvm::MaybeAlign(bytes));
    for (int64_t l = 0; l < layout.vec; ++l)
      values.push_back(vector::ExtractOp::create(b, loc, group, l));
  }
  return values;
}

void xla::gpu_kernels::contractMultiplyAdds(scf::ForOp loop) {
  // The body's own ops only: what an operand's prologue computes sits in
  // the guards of the loads, and keeps its rounding.
  for (Operation &nested : loop.getBody()->without_terminator()) {
    auto arith = dyn_cast<arith::ArithFastMathInterface>(&nested);
    if (!arith || !isa<arith::MulFOp, arith::AddFOp>(nested))
      continue;
    arith::FastMathFlags flags = arith::FastMathFlags::contract;
    if (arith::FastMathFlagsAttr old = arith.getFastMathFlagsAttr())
      flags = flags | old.getValue();
    nested.setAttr(arith.getFastMathAttrName(),
                   arith::FastMathFlagsAttr::get(nested.getContext(), flags));
  }
}

namespace {

/// One operand's share of a k step's tile (`width` elements of its m or n
/// role by tile.k of k).
struct Staged {
  OpOperand *operand;
  AffineMap map;
  Value shared, base;
  int64_t width, size;
  bool isLhs;
  const OperandPrologue *prologue;
};

/// The copies of both operands' tiles from device to shared memory through
/// registers: element e of this thread sits at (kk, ww) of the shared
/// tile, consecutive threads along the operand's contiguous dimension so
/// that the loads coalesce.
struct TileStaging {
  const ContractionRoles &roles;
  const ContractionTile &tile;
  int64_t threads;
  Value tid;
  ArrayRef<Value> batch;
  Value kEnd;
  Staged staged[2];

  std::pair<Value, Value> slot(OpBuilder &b, Location loc, const Staged &s,
                               int64_t e) const {
    auto innermost = cast<AffineDimExpr>(s.map.getResults().back());
    bool kFastest = llvm::is_contained(roles.dims.k, innermost.getPosition());
    Value idx =
        arith::AddIOp::create(b, loc, tid, constant(b, loc, e * threads));
    Value fast = constant(b, loc, kFastest ? tile.k : s.width);
    Value minor = arith::RemUIOp::create(b, loc, idx, fast);
    Value major = arith::DivUIOp::create(b, loc, idx, fast);
    return kFastest ? std::make_pair(minor, major)
                    : std::make_pair(major, minor);
  }

  /// Loads of the tiles at k0 into registers (zeros past the edges and
  /// past this split's end); an operand with a prologue, its inputs'
  /// values, which `deposit` computes it from once they have landed.
  SmallVector<Value> fetch(OpBuilder &b, Location loc, Value k0) const {
    SmallVector<Value> values;
    for (const Staged &s : staged)
      for (int64_t e = 0; e < s.width * tile.k / threads; ++e) {
        auto [kk, ww] = slot(b, loc, s, e);
        Value w = arith::AddIOp::create(b, loc, s.base, ww);
        Value k = arith::AddIOp::create(b, loc, k0, kk);
        auto [indices, ok] =
            roles.operandElement(b, loc, batch, s.map, s.isLhs, w, s.size, k,
                                 kEnd);
        llvm::append_range(values, fetchOperand(b, loc, s.prologue, ok,
                                                s.operand->get(), indices));
      }
    return values;
  }

  /// Stores the values fetched at k0 into the shared tiles.
  void deposit(OpBuilder &b, Location loc, ValueRange values,
               Value k0) const {
    for (const Staged &s : staged)
      for (int64_t e = 0; e < s.width * tile.k / threads; ++e) {
        auto [kk, ww] = slot(b, loc, s, e);
        Value w = arith::AddIOp::create(b, loc, s.base, ww);
        Value k = arith::AddIOp::create(b, loc, k0, kk);
        auto [indices, ok] = roles.operandElement(
            b, loc, batch, s.map, s.isLhs, w, s.size, k, kEnd);
        memref::StoreOp::create(
            b, loc, finishOperand(b, loc, s.prologue, ok, indices, 1, values),
            s.shared, ValueRange{kk, ww});
      }
  }
};

} // namespace

void xla::gpu_kernels::emitTiledContractionKernel(
    OpBuilder &b, linalg::LinalgOp op,
    const linalg::ContractionDimensions &dims, const ContractionTile &tile,
    StringRef name, const OutputEpilogue *epilogue,
    const OperandPrologues &prologues) {
  Location loc = op.getLoc();
  ContractionRoles roles =
      beginContractionKernel(b, op, dims, epilogue, prologues);
  int64_t batchCount = roles.product(dims.batch);
  int64_t sizeM = roles.product(dims.m), sizeN = roles.product(dims.n),
          sizeK = roles.product(dims.k);
  int64_t tilesM = llvm::divideCeil(sizeM, tile.m);
  int64_t tilesN = llvm::divideCeil(sizeN, tile.n);
  int64_t threads = tile.threads();
  KSplit split(sizeK, tile.k, tile.splitK);
  // Found before the launch exists: it captures the output.
  linalg::FillOp fill = foldableOutputFill(op);
  SplitPartials partials = allocateSplitPartials(b, loc, roles, split.splits);

  OpOperand *lhs = op.getDpsInputOperand(0), *rhs = op.getDpsInputOperand(1);
  AffineMap lhsMap = op.getMatchingIndexingMap(lhs);
  AffineMap rhsMap = op.getMatchingIndexingMap(rhs);
  Type lhsElement = getElementTypeOrSelf(lhs->get().getType());
  Type rhsElement = getElementTypeOrSelf(rhs->get().getType());
  Type outElement =
      getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());

  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto sharedType = [&](int64_t width, Type element) {
    return MemRefType::get({tile.k, width + kSharedPad}, element,
                           MemRefLayoutAttrInterface(), workgroup);
  };
  gpu::LaunchOp launch = createNamedLaunch(
      b, loc, name,
      constant(b, loc, split.splits * batchCount * tilesM * tilesN),
      constant(b, loc, threads),
      {sharedType(tile.m, lhsElement), sharedType(tile.n, rhsElement)});
  Value lhsTile = launch.getWorkgroupAttributions()[0];
  Value rhsTile = launch.getWorkgroupAttributions()[1];

  b.setInsertionPointToStart(&launch.getBody().front());
  Value tid = launch.getThreadIds().x;
  ContractionBlock block = contractionBlock(
      b, loc, roles, launch.getBlockIds().x, split, tile.m, tile.n);
  Value m0 = block.m0, n0 = block.n0, kBegin = block.kBegin,
        kEnd = block.kEnd;
  ArrayRef<Value> batch = block.batch;
  FragmentLayout layoutM(tile.m, tile.threadM), layoutN(tile.n, tile.threadN);
  // Captured by the loop's builder: no structured bindings (C++17).
  Value rowBase, colBase;
  std::tie(rowBase, colBase) = splitIndex(
      b, loc, tid, tile.n / tile.threadN, layoutM.vec, layoutN.vec);

  // This thread's outputs: (row i, column j) at i * threadN + j.
  SmallVector<Value> rows, cols, rowOk, colOk;
  for (int64_t i = 0; i < tile.threadM; ++i) {
    rows.push_back(arith::AddIOp::create(b, loc, m0,
                                         layoutM.offset(b, loc, rowBase, i)));
    rowOk.push_back(lessThan(b, loc, rows.back(), sizeM));
  }
  for (int64_t j = 0; j < tile.threadN; ++j) {
    cols.push_back(arith::AddIOp::create(b, loc, n0,
                                         layoutN.offset(b, loc, colBase, j)));
    colOk.push_back(lessThan(b, loc, cols.back(), sizeN));
  }
  // The accumulators start from zero and are added to the output at the
  // end (stored as partials with split k): starting from the output's
  // values would keep the addresses of its loads live in registers across
  // the k loop, 64 pointers for an 8x8 tile, and spill.
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(outElement));
  SmallVector<Value> initial(tile.threadM * tile.threadN, zero);

  TileStaging staging{roles, tile, threads, tid, batch, kEnd,
                      {{lhs, lhsMap, lhsTile, m0, tile.m, sizeM, true,
                        prologues.lhs},
                       {rhs, rhsMap, rhsTile, n0, tile.n, sizeN, false,
                        prologues.rhs}}};
  // Software pipelining through registers: the next step's global loads
  // are issued before this step's arithmetic, so their latency hides
  // behind it.
  staging.deposit(b, loc, staging.fetch(b, loc, kBegin), kBegin);
  gpu::BarrierOp::create(b, loc);
  auto loop = scf::ForOp::create(
      b, loc, kBegin, kEnd, constant(b, loc, tile.k), initial,
      [&](OpBuilder &nb, Location nloc, Value k0, ValueRange accIn) {
        Value next =
            arith::AddIOp::create(nb, nloc, k0, constant(nb, nloc, tile.k));
        SmallVector<Value> prefetched = staging.fetch(nb, nloc, next);
        SmallVector<Value> acc(accIn);
        // Unrolled: the accumulators stay in registers.
        for (int64_t kk = 0; kk < tile.k; ++kk) {
          Value kkValue = constant(nb, nloc, kk);
          SmallVector<Value> a =
              loadFragment(nb, nloc, lhsTile, kkValue, rowBase, layoutM);
          SmallVector<Value> bv =
              loadFragment(nb, nloc, rhsTile, kkValue, colBase, layoutN);
          for (int64_t i = 0; i < tile.threadM; ++i)
            for (int64_t j = 0; j < tile.threadN; ++j) {
              Value &accumulator = acc[i * tile.threadN + j];
              accumulator = cloneBody(nb, op, {a[i], bv[j], accumulator},
                                      {})[0];
            }
        }
        gpu::BarrierOp::create(nb, nloc);
        staging.deposit(nb, nloc, prefetched, next);
        gpu::BarrierOp::create(nb, nloc);
        scf::YieldOp::create(nb, nloc, acc);
      });

  addAccumulators(b, loc, op, roles, batch, rows, rowOk, cols, colOk,
                  loop.getResults(), partials, block.split,
                  fill ? fill.getInputs()[0] : Value(), epilogue);
  contractMultiplyAdds(loop);
  requestMinBlocks(launch, name, tile.minBlocks);
  finishContractionKernel(b, launch, op, roles, partials, fill, epilogue,
                          prologues);
}
