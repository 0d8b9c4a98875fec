//===- GPUTileStaging.cpp - operand tiles from device to shared memory ----===//
//
// See GPUTileStaging.h. A thread copies whole groups of kStagingGroup
// neighbours along the operand's contiguous dimension: one 16-byte load (or
// cp.async) where the buffer allows, so that a warp reads 512 contiguous
// bytes. A kernel whose fragments read the other layout (the SIMT kernel
// reads k-major operands as [k][width]) gets the group's elements stored
// one by one.
//
//===----------------------------------------------------------------------===//

#include "GPUTileStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace xla::gpu_kernels;

static Value constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

static Value add(OpBuilder &b, Location loc, Value a, int64_t c) {
  return c ? arith::AddIOp::create(b, loc, a, constant(b, loc, c)).getResult()
           : a;
}

static Type elementOf(const StagedOperand &s) {
  return getElementTypeOrSelf(s.operand->get().getType());
}

/// The alignment of a group in a shared tile: the pads keep rows whole
/// groups, and shared buffers are aligned to 16 bytes
/// (GPUAlignSharedMemory.cpp).
static llvm::MaybeAlign groupAlignment(const StagedOperand &s) {
  return llvm::MaybeAlign(std::min<int64_t>(
      16, kStagingGroup * elementOf(s).getIntOrFloatBitWidth() / 8));
}

SmallVector<Value> StagedOperand::sharedIndices(Value k, Value w,
                                                Value stage) const {
  SmallVector<Value> at;
  if (stage)
    at.push_back(stage);
  at.append(sharedKMajor ? SmallVector<Value>{w, k} : SmallVector<Value>{k, w});
  return at;
}

bool StagedOperand::allAsync() const {
  return !prologue && asyncElements;
}

StagedOperand xla::gpu_kernels::describeStagedOperand(
    linalg::LinalgOp op, const ContractionRoles &roles, unsigned index,
    int64_t width, bool sharedKMajor, const OperandPrologues &prologues) {
  const linalg::ContractionDimensions &dims = roles.dims;
  OpOperand *operand = op.getDpsInputOperand(index);
  AffineMap map = op.getMatchingIndexingMap(operand);
  unsigned inner = cast<AffineDimExpr>(map.getResults().back()).getPosition();
  bool kMajor = llvm::is_contained(dims.k, inner);
  ArrayRef<unsigned> role = kMajor       ? ArrayRef(dims.k)
                            : index == 0 ? ArrayRef(dims.m)
                                         : ArrayRef(dims.n);
  // A group of neighbours along the flattened role is neighbours in memory
  // when the contiguous dimension is the role's fastest loop and the group
  // divides it.
  int64_t alignment = 0;
  if (role.back() == inner && roles.loopSizes[inner] % kStagingGroup == 0)
    alignment = vectorAlignment(operand->get(), kStagingGroup, 16);
  auto type = cast<MemRefType>(operand->get().getType());
  bool asyncElements = type.isLastDimUnitStride() &&
                       type.getElementType().getIntOrFloatBitWidth() == 32;
  int64_t size = roles.product(index == 0 ? dims.m : dims.n);
  return {operand,       map,    Value(),      Value(),
          width,         size,   index == 0,   kMajor,
          sharedKMajor,  alignment, asyncElements, prologues.of(index == 0)};
}

int64_t TileStaging::groups(const StagedOperand &s) const {
  return s.width * tileK / kStagingGroup / threads;
}

/// (k, w) in the tile of element j of this thread's group e.
std::pair<Value, Value> TileStaging::slot(OpBuilder &b, Location loc,
                                          const StagedOperand &s, int64_t e,
                                          int64_t j) const {
  int64_t rowGroups = (s.kMajor ? tileK : s.width) / kStagingGroup;
  Value index = add(b, loc, tid, e * threads);
  Value minor = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, index, constant(b, loc, rowGroups)),
      constant(b, loc, kStagingGroup));
  minor = add(b, loc, minor, j);
  Value major =
      arith::DivUIOp::create(b, loc, index, constant(b, loc, rowGroups));
  return s.kMajor ? std::make_pair(minor, major)
                  : std::make_pair(major, minor);
}

/// The global indices of element (k0 + kk, base + ww) and whether it is
/// inside the operand and this block's run of k.
std::pair<SmallVector<Value>, Value>
TileStaging::global(OpBuilder &b, Location loc, const StagedOperand &s,
                    Value k0, Value kk, Value ww) const {
  Value w = arith::AddIOp::create(b, loc, s.base, ww);
  Value k = arith::AddIOp::create(b, loc, k0, kk);
  return roles.operandElement(b, loc, batch, s.map, s.isLhs, w, s.size, k,
                              kEnd);
}

SmallVector<Value> TileStaging::fetchGroups(OpBuilder &b, Location loc,
                                             const StagedOperand &s,
                                             Value k0) const {
  SmallVector<Value> values;
  for (int64_t e = 0; e < groups(s); ++e) {
    if (s.alignment) {
      // The group is all inside or all outside (sizes multiples of it).
      auto [kk, ww] = slot(b, loc, s, e, 0);
      auto [indices, ok] = global(b, loc, s, k0, kk, ww);
      llvm::append_range(values, xla::gpu_kernels::fetchOperand(
                                     b, loc, s.prologue, ok, s.operand->get(),
                                     indices, kStagingGroup, s.alignment));
      continue;
    }
    for (int64_t j = 0; j < kStagingGroup; ++j) {
      auto [kk, ww] = slot(b, loc, s, e, j);
      auto [indices, ok] = global(b, loc, s, k0, kk, ww);
      llvm::append_range(values,
                         xla::gpu_kernels::fetchOperand(b, loc, s.prologue, ok,
                                                   s.operand->get(), indices));
    }
  }
  return values;
}

SmallVector<Value> TileStaging::fetch(OpBuilder &b, Location loc,
                                      Value k0) const {
  SmallVector<Value> values;
  for (const StagedOperand &s : operands)
    llvm::append_range(values, fetchGroups(b, loc, s, k0));
  return values;
}

/// Group e of `s`, fetched at k0, from the front of `fetched`, as a
/// vector.
Value TileStaging::finishGroup(OpBuilder &b, Location loc,
                               const StagedOperand &s, int64_t e, Value k0,
                               ValueRange &fetched) const {
  if (s.alignment) {
    auto [kk, ww] = slot(b, loc, s, e, 0);
    auto [indices, ok] = global(b, loc, s, k0, kk, ww);
    return finishOperand(b, loc, s.prologue, ok, indices, kStagingGroup,
                         fetched);
  }
  SmallVector<Value> elements;
  for (int64_t j = 0; j < kStagingGroup; ++j) {
    auto [kk, ww] = slot(b, loc, s, e, j);
    auto [indices, ok] = global(b, loc, s, k0, kk, ww);
    elements.push_back(
        finishOperand(b, loc, s.prologue, ok, indices, 1, fetched));
  }
  return vector::FromElementsOp::create(
      b, loc, VectorType::get({kStagingGroup}, elementOf(s)), elements);
}

/// One vector access where the layouts match, else one per element.
void TileStaging::storeGroup(OpBuilder &b, Location loc,
                             const StagedOperand &s, int64_t e, Value stage,
                             Value group) const {
  if (s.kMajor == s.sharedKMajor) {
    auto [kk, ww] = slot(b, loc, s, e, 0);
    vector::StoreOp::create(b, loc, group, s.shared,
                            s.sharedIndices(kk, ww, stage),
                            /*nontemporal=*/false, groupAlignment(s));
    return;
  }
  for (int64_t j = 0; j < kStagingGroup; ++j) {
    auto [kk, ww] = slot(b, loc, s, e, j);
    memref::StoreOp::create(b, loc, vector::ExtractOp::create(b, loc, group, j),
                            s.shared, s.sharedIndices(kk, ww, stage));
  }
}

Value TileStaging::loadGroup(OpBuilder &b, Location loc,
                             const StagedOperand &s, int64_t e,
                             Value stage) const {
  auto type = VectorType::get({kStagingGroup}, elementOf(s));
  if (s.kMajor == s.sharedKMajor) {
    auto [kk, ww] = slot(b, loc, s, e, 0);
    return vector::LoadOp::create(b, loc, type, s.shared,
                                  s.sharedIndices(kk, ww, stage),
                                  /*nontemporal=*/false, groupAlignment(s));
  }
  SmallVector<Value> elements;
  for (int64_t j = 0; j < kStagingGroup; ++j) {
    auto [kk, ww] = slot(b, loc, s, e, j);
    elements.push_back(memref::LoadOp::create(b, loc, s.shared,
                                              s.sharedIndices(kk, ww, stage)));
  }
  return vector::FromElementsOp::create(b, loc, type, elements);
}

void TileStaging::depositOperand(OpBuilder &b, Location loc,
                                 const StagedOperand &s, ValueRange &values,
                                 Value k0, Value stage, bool transform) const {
  for (int64_t e = 0; e < groups(s); ++e) {
    Value group = finishGroup(b, loc, s, e, k0, values);
    if (transform && transformGroup)
      group = transformGroup(b, loc, group);
    storeGroup(b, loc, s, e, stage, group);
  }
}

void TileStaging::deposit(OpBuilder &b, Location loc, ValueRange values,
                          Value k0, Value stage) const {
  for (const StagedOperand &s : operands)
    depositOperand(b, loc, s, values, k0, stage, /*transform=*/true);
}

Value TileStaging::copyAsync(OpBuilder &b, Location loc, Value k0,
                             Value stage,
                             SmallVectorImpl<Value> &late) const {
  SmallVector<Value> tokens;
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  auto copy = [&](const StagedOperand &s, int64_t e, int64_t j,
                  int64_t count) {
    auto [kk, ww] = slot(b, loc, s, e, j);
    auto [indices, ok] = global(b, loc, s, k0, kk, ww);
    Value elements = arith::SelectOp::create(
        b, loc, ok, constant(b, loc, count), constant(b, loc, 0));
    tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
        b, loc, tokenType, s.shared, s.sharedIndices(kk, ww, stage),
        s.operand->get(), indices, b.getIndexAttr(count), elements,
        count == kStagingGroup ? b.getUnitAttr() : UnitAttr()));
  };
  for (const StagedOperand &s : operands) {
    if (!s.allAsync()) {
      llvm::append_range(late, fetchGroups(b, loc, s, k0));
      continue;
    }
    bool whole = s.alignment >= 16 && s.kMajor == s.sharedKMajor;
    for (int64_t e = 0; e < groups(s); ++e) {
      if (whole) {
        copy(s, e, 0, kStagingGroup);
        continue;
      }
      for (int64_t j = 0; j < kStagingGroup; ++j)
        copy(s, e, j, 1);
    }
  }
  return nvgpu::DeviceAsyncCreateGroupOp::create(b, loc, tokenType, tokens);
}

void TileStaging::depositLate(OpBuilder &b, Location loc, ValueRange late,
                              Value k0, Value stage) const {
  // Untransformed: `transformInPlace` takes every group once it has landed.
  for (const StagedOperand &s : operands)
    if (!s.allAsync())
      depositOperand(b, loc, s, late, k0, stage, /*transform=*/false);
}

void TileStaging::transformInPlace(OpBuilder &b, Location loc,
                                   Value stage) const {
  if (!transformGroup)
    return;
  for (const StagedOperand &s : operands)
    for (int64_t e = 0; e < groups(s); ++e)
      storeGroup(b, loc, s, e, stage,
                 transformGroup(b, loc, loadGroup(b, loc, s, e, stage)));
}

scf::ForOp xla::gpu_kernels::emitRegisterStagedLoop(
    OpBuilder &b, Location loc, const TileStaging &staging,
    const ContractionBlock &block, ValueRange initial, StagedStep step) {
  int64_t tileK = staging.tileK;
  staging.deposit(b, loc, staging.fetch(b, loc, block.kBegin), block.kBegin);
  gpu::BarrierOp::create(b, loc);
  return scf::ForOp::create(
      b, loc, block.kBegin, block.kEnd, constant(b, loc, tileK), initial,
      [&](OpBuilder &nb, Location nloc, Value k0, ValueRange accIn) {
        Value next = add(nb, nloc, k0, tileK);
        SmallVector<Value> prefetched = staging.fetch(nb, nloc, next);
        SmallVector<Value> acc(accIn);
        step(nb, acc, Value());
        gpu::BarrierOp::create(nb, nloc);
        staging.deposit(nb, nloc, prefetched, next);
        gpu::BarrierOp::create(nb, nloc);
        scf::YieldOp::create(nb, nloc, acc);
      });
}

/// Steps 0 .. stages - 2 are requested before the loop; step i requests
/// step i + stages - 1 into the slot step i - 1 read (its operands that
/// go through registers are loaded then and stored after the step's
/// arithmetic), runs its arithmetic, then waits for its own copies of step
/// i + 1 (all but the newest stages - 2 groups) and meets the block at the
/// one barrier, after which step i + 1's tile is complete and step i's is
/// free.
scf::ForOp xla::gpu_kernels::emitAsyncStagedLoop(
    OpBuilder &b, Location loc, const TileStaging &staging,
    const ContractionBlock &block, int64_t stages, ValueRange initial,
    StagedStep step) {
  int64_t tileK = staging.tileK;
  Value group;
  for (int64_t s = 0; s + 1 < stages; ++s) {
    Value k0 = add(b, loc, block.kBegin, s * tileK);
    Value stage = constant(b, loc, s);
    SmallVector<Value> late;
    group = staging.copyAsync(b, loc, k0, stage, late);
    staging.depositLate(b, loc, late, k0, stage);
  }
  auto landed = [&](OpBuilder &nb, Value token, Value stage) {
    nvgpu::DeviceAsyncWaitOp::create(nb, loc, token,
                                     nb.getI32IntegerAttr(stages - 2));
    staging.transformInPlace(nb, loc, stage);
    gpu::BarrierOp::create(nb, loc);
  };
  Value first = constant(b, loc, 0);
  landed(b, group, first);
  SmallVector<Value> iterArgs(initial);
  iterArgs.push_back(first);
  auto next = [&](OpBuilder &nb, Value stage, int64_t ahead) {
    return arith::RemUIOp::create(nb, loc, add(nb, loc, stage, ahead),
                                  constant(nb, loc, stages))
        .getResult();
  };
  auto loop = scf::ForOp::create(
      b, loc, block.kBegin, block.kEnd, constant(b, loc, tileK), iterArgs,
      [&](OpBuilder &nb, Location nloc, Value k0, ValueRange args) {
        Value stage = args.back();
        Value ahead = add(nb, nloc, k0, (stages - 1) * tileK);
        Value aheadStage = next(nb, stage, stages - 1);
        SmallVector<Value> late;
        Value token = staging.copyAsync(nb, nloc, ahead, aheadStage, late);
        SmallVector<Value> acc(args.drop_back());
        step(nb, acc, stage);
        staging.depositLate(nb, nloc, late, ahead, aheadStage);
        Value following = next(nb, stage, 1);
        landed(nb, token, following);
        acc.push_back(following);
        scf::YieldOp::create(nb, nloc, acc);
      });
  // The copies still in flight are of steps past k (zeros): none may
  // outlive the block.
  if (stages > 2)
    nvgpu::DeviceAsyncWaitOp::create(b, loc, group, b.getI32IntegerAttr(0));
  return loop;
}
