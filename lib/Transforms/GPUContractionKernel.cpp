//===- GPUContractionKernel.cpp - tiled contractions through shared memory ===//
//
// The classic SIMT matrix product: a block owns an output tile, stages
// slices of both operands through shared memory, and each thread keeps a
// small tile of accumulators in registers. Each operand element read from
// device memory then serves a whole row or column of the block's tile
// instead of one output element, as in the one-thread-per-element mapping.
//
//===----------------------------------------------------------------------===//

#include "GPUTileStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/CastInterfaces.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// Extra elements per shared-memory row: rows stay whole groups of 4 (16
/// bytes of f32, for the fragments' vector loads), and the threads of a
/// warp that store a k-major operand's groups transposed spread over 8
/// banks instead of 2.
static constexpr int64_t kSharedPad = 4;

int64_t xla::gpu_kernels::ContractionTile::stageBytes(
    int64_t elementBytes) const {
  return k * (m + kSharedPad + n + kSharedPad) * elementBytes;
}

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

/// This thread's fragment of row `kk` of a shared tile (in ring slot
/// `stage`, if any), one vector load per group of neighbours.
static SmallVector<Value> loadFragment(OpBuilder &b, Location loc,
                                       Value shared, Value stage, Value kk,
                                       Value base,
                                       const FragmentLayout &layout) {
  SmallVector<Value> values;
  Type element = cast<MemRefType>(shared.getType()).getElementType();
  auto type = VectorType::get({layout.vec}, element);
  unsigned bytes = layout.vec * element.getIntOrFloatBitWidth() / 8;
  for (int64_t g = 0; g < layout.groups; ++g) {
    SmallVector<Value> at;
    if (stage)
      at.push_back(stage);
    at.append({kk, layout.offset(b, loc, base, g * layout.vec)});
    Value group = vector::LoadOp::create(b, loc, type, shared, at,
                                         /*nontemporal=*/false,
                                         llvm::MaybeAlign(bytes));
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

  Type outElement =
      getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());
  // Both operands' tiles are [k][width + pad] (with a ring, [stages][...]):
  // a thread's fragment is then a few vector loads along a row of each.
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  SmallVector<StagedOperand, 2> operands;
  SmallVector<Type, 2> sharedTypes;
  for (auto [index, width] : {std::pair(0, tile.m), std::pair(1, tile.n)}) {
    operands.push_back(describeStagedOperand(
        op, roles, index, width, /*sharedKMajor=*/false, prologues));
    SmallVector<int64_t> shape;
    if (tile.stages)
      shape.push_back(tile.stages);
    shape.append({tile.k, width + kSharedPad});
    sharedTypes.push_back(MemRefType::get(
        shape, getElementTypeOrSelf(operands.back().operand->get().getType()),
        MemRefLayoutAttrInterface(), workgroup));
  }
  gpu::LaunchOp launch = createNamedLaunch(
      b, loc, name,
      constant(b, loc, split.splits * batchCount * tilesM * tilesN),
      constant(b, loc, threads), sharedTypes);
  Value lhsTile = launch.getWorkgroupAttributions()[0];
  Value rhsTile = launch.getWorkgroupAttributions()[1];

  b.setInsertionPointToStart(&launch.getBody().front());
  Value tid = launch.getThreadIds().x;
  ContractionBlock block = contractionBlock(
      b, loc, roles, launch.getBlockIds().x, split, tile.m, tile.n);
  Value m0 = block.m0, n0 = block.n0, kEnd = block.kEnd;
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

  operands[0].shared = lhsTile;
  operands[1].shared = rhsTile;
  operands[0].base = m0;
  operands[1].base = n0;
  TileStaging staging{roles, tile.k, threads, tid, batch, kEnd, operands};
  auto step = [&](OpBuilder &nb, MutableArrayRef<Value> acc, Value stage) {
    // Unrolled: the accumulators stay in registers.
    for (int64_t kk = 0; kk < tile.k; ++kk) {
      Value kkValue = constant(nb, loc, kk);
      SmallVector<Value> a =
          loadFragment(nb, loc, lhsTile, stage, kkValue, rowBase, layoutM);
      SmallVector<Value> bv =
          loadFragment(nb, loc, rhsTile, stage, kkValue, colBase, layoutN);
      for (int64_t i = 0; i < tile.threadM; ++i)
        for (int64_t j = 0; j < tile.threadN; ++j) {
          Value &accumulator = acc[i * tile.threadN + j];
          accumulator = cloneBody(nb, op, {a[i], bv[j], accumulator}, {})[0];
        }
    }
  };
  scf::ForOp loop =
      tile.stages ? emitAsyncStagedLoop(b, loc, staging, block, tile.stages,
                                        initial, step)
                  : emitRegisterStagedLoop(b, loc, staging, block, initial,
                                           step);

  addAccumulators(b, loc, op, roles, batch, rows, rowOk, cols, colOk,
                  loop.getResults().take_front(initial.size()), partials,
                  block.split,
                  fill ? fill.getInputs()[0] : Value(), epilogue);
  contractMultiplyAdds(loop);
  requestMinBlocks(launch, name, tile.minBlocks);
  finishContractionKernel(b, launch, op, roles, partials, fill, epilogue,
                          prologues);
}
