//===- GPUTensorCoreKernel.cpp - f32 contractions on tensor cores ---------===//
//
// A block owns an output tile, as in GPUContractionKernel.cpp, but each
// warp computes a warp tile with `mma.sync.m16n8k8` on TF32 operands
// instead of each thread running FMAs. TF32 keeps 10 bits of an f32's 23
// bits of mantissa ("tf32": each operand rounded once, while staging);
// "tf32x3" splits each operand into a TF32 head and a TF32 tail (x = hi +
// lo, exactly) and sums lo*hi + hi*lo + hi*hi at three times the
// tensor-core work (as CUTLASS's 3xTF32 and XLA's TF32_TF32_F32_X3). The
// split is f32-accurate, but the tensor cores' sums round toward zero, so
// accumulating all of k in them drifts (2.9e-5 against f32's 1.1e-6 at
// k = 4096 on an H200): each tile's three products start from zero
// instead, and their sum is added to the accumulators with an f32 add
// (bench/tensor_core_rounding.py emulates both).
//
// Shared tiles keep each operand's contiguous dimension contiguous
// (k-major operands [width][k + 4], others [k][width + 8]): the staging
// then moves groups of 4 neighbours (one 16-byte load and store where the
// buffer allows), and the pads put the 32 lanes of a fragment load in 32
// distinct banks (lane = 4 * row + k for a row-major A fragment).
//
// With stages (sm_80's `cp.async`, through nvgpu.device_async_copy), the
// groups go from device to shared memory without registers, into a ring
// of tiles filled `stages - 1` steps ahead of the products; edges and the
// end of k are zero-filled copies of no bytes. A step then needs one
// barrier: after it, the tile the products finished last step is free.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// Neighbours one thread stages at a time: 16 bytes of f32.
static constexpr int64_t kGroup = 4;
/// The shape of one mma.sync: m16n8k8.
static constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 8;

/// One operand's shared tile of `width` rows or columns by `k`, its
/// contiguous dimension contiguous and padded (header comment).
static SmallVector<int64_t> sharedTileShape(int64_t width, int64_t k,
                                            bool kMajor) {
  return kMajor ? SmallVector<int64_t>{width, k + 4}
                : SmallVector<int64_t>{k, width + 8};
}

static Value constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

static Value add(OpBuilder &b, Location loc, Value a, int64_t c) {
  return c ? arith::AddIOp::create(b, loc, a, constant(b, loc, c)).getResult()
           : a;
}

bool xla::gpu_kernels::tensorCoreCompatible(linalg::LinalgOp op) {
  for (OpOperand *input : op.getDpsInputOperands())
    if (!getElementTypeOrSelf(input->get().getType()).isF32())
      return false;
  // acc + a * b and nothing else: the mma computes exactly that.
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto sum = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!sum || body->getOperations().size() != 3)
    return false;
  Value acc = body->getArgument(2);
  Value product = sum.getLhs() == acc ? sum.getRhs() : sum.getLhs();
  auto mul = product.getDefiningOp<arith::MulFOp>();
  if (!mul || (sum.getLhs() != acc && sum.getRhs() != acc))
    return false;
  Value a = body->getArgument(0), b = body->getArgument(1);
  return (mul.getLhs() == a && mul.getRhs() == b) ||
         (mul.getLhs() == b && mul.getRhs() == a);
}

namespace {

/// One operand's staging: its tile of `width` rows or columns by tile.k,
/// in shared memory with its contiguous dimension contiguous.
struct Operand {
  OpOperand *operand;
  AffineMap map;
  Value shared, base;
  int64_t width, size;
  bool isLhs;
  /// The operand's contiguous dimension is one of k.
  bool kMajor;
  /// Alignment in bytes of a group's global load (0: four scalar loads).
  int64_t alignment;
  /// The operand's last dimension has unit stride: single elements can be
  /// copied asynchronously (cp.async of 4 bytes) where groups cannot.
  bool unitStride;
  /// Computes the operand as it is staged (never copied asynchronously).
  const OperandPrologue *prologue;

  /// The indices of its shared tile's element (k, w), in ring slot
  /// `stage` (none without stages).
  SmallVector<Value> sharedIndices(Value k, Value w, Value stage) const {
    SmallVector<Value> at;
    if (stage)
      at.push_back(stage);
    at.append(kMajor ? SmallVector<Value>{w, k} : SmallVector<Value>{k, w});
    return at;
  }
};

/// The copies of both operands' tiles from device to shared memory,
/// through registers or by cp.async, group e of this thread at group
/// tid + e * threads.
struct Staging {
  const ContractionRoles &roles;
  int64_t tileK, threads;
  Value tid;
  ArrayRef<Value> batch;
  Value kEnd;
  SmallVector<Operand, 2> operands;
  /// Round to TF32 while staging (tf32): once per element and block,
  /// where each fragment load would round it again for every warp that
  /// reads it (2 or 4), on the conversion unit's quarter rate.
  bool roundToTF32;

  int64_t groups(const Operand &s) const {
    return s.width * tileK / kGroup / threads;
  }

  /// (k, w) in the tile of element j of this thread's group e.
  std::pair<Value, Value> slot(OpBuilder &b, Location loc, const Operand &s,
                               int64_t e, int64_t j) const {
    int64_t rowGroups = (s.kMajor ? tileK : s.width) / kGroup;
    Value index = add(b, loc, tid, e * threads);
    Value minor = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, index, constant(b, loc, rowGroups)),
        constant(b, loc, kGroup));
    minor = add(b, loc, minor, j);
    Value major =
        arith::DivUIOp::create(b, loc, index, constant(b, loc, rowGroups));
    return s.kMajor ? std::make_pair(minor, major)
                    : std::make_pair(major, minor);
  }

  /// The global indices of element (k0 + kk, base + ww) and whether it is
  /// inside the operand and this block's run of k.
  std::pair<SmallVector<Value>, Value> global(OpBuilder &b, Location loc,
                                              const Operand &s, Value k0,
                                              Value kk, Value ww) const {
    Value w = arith::AddIOp::create(b, loc, s.base, ww);
    Value k = arith::AddIOp::create(b, loc, k0, kk);
    return roles.operandElement(b, loc, batch, s.map, s.isLhs, w, s.size, k,
                                kEnd);
  }

  /// This thread's groups of the tiles at k0 (zeros past the edges and
  /// this split's end), as `deposit` takes them: a vector of 4 per group,
  /// or what an operand's prologue computes it from.
  SmallVector<Value> fetch(OpBuilder &b, Location loc, Value k0) const {
    SmallVector<Value> values;
    for (const Operand &s : operands)
      for (int64_t e = 0; e < groups(s); ++e) {
        if (s.alignment) {
          // The group is all inside or all outside (sizes multiples of 4).
          auto [kk, ww] = slot(b, loc, s, e, 0);
          auto [indices, ok] = global(b, loc, s, k0, kk, ww);
          llvm::append_range(values,
                             fetchOperand(b, loc, s.prologue, ok,
                                          s.operand->get(), indices, kGroup,
                                          s.alignment));
          continue;
        }
        for (int64_t j = 0; j < kGroup; ++j) {
          auto [kk, ww] = slot(b, loc, s, e, j);
          auto [indices, ok] = global(b, loc, s, k0, kk, ww);
          llvm::append_range(values, fetchOperand(b, loc, s.prologue, ok,
                                                  s.operand->get(), indices));
        }
      }
    return values;
  }

  /// Group e of `s`, fetched at k0, from the front of `fetched`, as a
  /// vector of 4.
  Value finishGroup(OpBuilder &b, Location loc, const Operand &s, int64_t e,
                    Value k0, ValueRange &fetched) const {
    if (s.alignment) {
      auto [kk, ww] = slot(b, loc, s, e, 0);
      auto [indices, ok] = global(b, loc, s, k0, kk, ww);
      return finishOperand(b, loc, s.prologue, ok, indices, kGroup, fetched);
    }
    SmallVector<Value> elements;
    for (int64_t j = 0; j < kGroup; ++j) {
      auto [kk, ww] = slot(b, loc, s, e, j);
      auto [indices, ok] = global(b, loc, s, k0, kk, ww);
      elements.push_back(
          finishOperand(b, loc, s.prologue, ok, indices, 1, fetched));
    }
    return vector::FromElementsOp::create(
        b, loc, VectorType::get({kGroup}, b.getF32Type()), elements);
  }

  /// The shared-tile indices of element j of this thread's group e, in
  /// ring slot `stage` (none without stages).
  SmallVector<Value> sharedAt(OpBuilder &b, Location loc, const Operand &s,
                              int64_t e, int64_t j, Value stage) const {
    auto [kk, ww] = slot(b, loc, s, e, j);
    return s.sharedIndices(kk, ww, stage);
  }

  /// A group of 4 f32 rounded to TF32 (cvt.rna), as f32 bits.
  static Value roundGroup(OpBuilder &b, Location loc, Value group) {
    SmallVector<Value> rounded;
    for (int64_t j = 0; j < kGroup; ++j)
      rounded.push_back(NVVM::ConvertFloatToTF32Op::create(
          b, loc, b.getI32Type(), vector::ExtractOp::create(b, loc, group, j),
          NVVM::FPRoundingMode::RNA, NVVM::SaturationMode::NONE,
          /*relu=*/false));
    return vector::BitCastOp::create(
        b, loc, group.getType(),
        vector::FromElementsOp::create(
            b, loc, VectorType::get({kGroup}, b.getI32Type()), rounded));
  }

  /// Stores the groups fetched at k0 into the shared tiles, one 16-byte
  /// store each.
  void deposit(OpBuilder &b, Location loc, ValueRange values, Value k0,
               Value stage = {}) const {
    for (const Operand &s : operands)
      for (int64_t e = 0; e < groups(s); ++e) {
        Value group = finishGroup(b, loc, s, e, k0, values);
        if (roundToTF32)
          group = roundGroup(b, loc, group);
        vector::StoreOp::create(b, loc, group, s.shared,
                                sharedAt(b, loc, s, e, 0, stage),
                                /*nontemporal=*/false, llvm::MaybeAlign(16));
      }
  }

  /// Starts this thread's copies of the tiles at k0 into ring slot
  /// `stage` and closes them as one group: a 16-byte cp.async per group
  /// where the operand allows, else one per element; past the edges and
  /// this split's end, copies of no bytes (zeros). An operand whose last
  /// stride is not 1, or that a prologue computes, goes through registers
  /// instead (loads that the first store waits for). Returns the group's
  /// token.
  Value copyAsync(OpBuilder &b, Location loc, Value k0, Value stage) const {
    SmallVector<Value> tokens;
    auto tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
    auto copy = [&](const Operand &s, int64_t e, int64_t j, int64_t count) {
      auto [kk, ww] = slot(b, loc, s, e, j);
      auto [indices, ok] = global(b, loc, s, k0, kk, ww);
      Value elements = arith::SelectOp::create(
          b, loc, ok, constant(b, loc, count), constant(b, loc, 0));
      tokens.push_back(nvgpu::DeviceAsyncCopyOp::create(
          b, loc, tokenType, s.shared, sharedAt(b, loc, s, e, j, stage),
          s.operand->get(), indices, b.getIndexAttr(count), elements,
          count == kGroup ? b.getUnitAttr() : UnitAttr()));
    };
    for (const Operand &s : operands)
      for (int64_t e = 0; e < groups(s); ++e) {
        if (s.alignment >= 16 && !s.prologue) {
          copy(s, e, 0, kGroup);
        } else if (s.unitStride && !s.prologue) {
          for (int64_t j = 0; j < kGroup; ++j)
            copy(s, e, j, 1);
        } else {
          for (int64_t j = 0; j < kGroup; ++j) {
            auto [kk, ww] = slot(b, loc, s, e, j);
            auto [indices, ok] = global(b, loc, s, k0, kk, ww);
            memref::StoreOp::create(b, loc,
                                    loadOperand(b, loc, s.prologue, ok,
                                                s.operand->get(), indices),
                                    s.shared, sharedAt(b, loc, s, e, j, stage));
          }
        }
      }
    return nvgpu::DeviceAsyncCreateGroupOp::create(b, loc, tokenType, tokens);
  }

  /// Rounds this thread's groups of ring slot `stage` to TF32 in place,
  /// once its copies have landed (tf32: once per element and block).
  void roundInPlace(OpBuilder &b, Location loc, Value stage) const {
    auto type = VectorType::get({kGroup}, b.getF32Type());
    for (const Operand &s : operands)
      for (int64_t e = 0; e < groups(s); ++e) {
        SmallVector<Value> at = sharedAt(b, loc, s, e, 0, stage);
        Value group = vector::LoadOp::create(b, loc, type, s.shared, at,
                                             /*nontemporal=*/false,
                                             llvm::MaybeAlign(16));
        vector::StoreOp::create(b, loc, roundGroup(b, loc, group), s.shared,
                                at, /*nontemporal=*/false,
                                llvm::MaybeAlign(16));
      }
  }
};

/// TF32 operands of one fragment element: one register, or the head and
/// tail of a tf32x3 split.
struct Split {
  Value hi, lo;
};

} // namespace

/// f32 `x` of a shared tile as an mma operand: its bits (tf32: rounded
/// while staging), or split exactly into x = hi + lo with hi the f32
/// truncated to TF32's 10 bits of mantissa (the hardware ignores lo's low
/// 13 bits).
static Split toTF32(OpBuilder &b, Location loc, Value x,
                    TensorCorePrecision precision) {
  Type i32 = b.getI32Type();
  if (precision == TensorCorePrecision::TF32)
    return {arith::BitcastOp::create(b, loc, i32, x), {}};
  Value bits = arith::BitcastOp::create(b, loc, i32, x);
  Value hi = arith::AndIOp::create(
      b, loc, bits,
      arith::ConstantIntOp::create(b, loc, i32, int64_t(0xffffe000)));
  Value rest = arith::SubFOp::create(
      b, loc, x, arith::BitcastOp::create(b, loc, b.getF32Type(), hi));
  // An infinite x leaves inf - inf: its tail is zero instead, so that the
  // product keeps its infinity as an f32 product would. (A NaN keeps its
  // quiet bit in hi; only a signaling NaN with its payload in the low 13
  // bits would become an infinity.)
  Value finite = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ORD,
                                       rest, rest);
  rest = arith::SelectOp::create(
      b, loc, finite, rest,
      arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0)));
  return {hi, arith::BitcastOp::create(b, loc, i32, rest)};
}

/// acc += a * b for one m16n8k8 tile.
static void mma(OpBuilder &b, Location loc, ArrayRef<Value> a,
                ArrayRef<Value> bv, MutableArrayRef<Value> acc) {
  Type f32 = b.getF32Type();
  auto result =
      LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  Value d = NVVM::MmaOp::create(
      b, loc, result, a, bv, acc, ArrayRef<int64_t>{kMmaM, kMmaN, kMmaK},
      std::nullopt, std::nullopt,
      std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::tf32,
                                    NVVM::MMATypes::tf32},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  for (int64_t q = 0; q < 4; ++q)
    acc[q] = LLVM::ExtractValueOp::create(b, loc, d, ArrayRef<int64_t>{q});
}

/// The k loop over a ring of `tile.stages` shared tiles filled by
/// cp.async: steps 0 .. stages - 2 are requested before it; step i
/// requests step i + stages - 1 into the slot step i - 1 read, runs its
/// products, then waits for its own copies of step i + 1 (all but the
/// newest stages - 2 groups) and meets the block at the one barrier, after
/// which step i + 1's tile is complete and step i's is free.
static scf::ForOp emitAsyncStagedLoop(
    OpBuilder &b, Location loc, const Staging &staging,
    const ContractionBlock &block, const TensorCoreTile &tile,
    ValueRange initial,
    llvm::function_ref<void(OpBuilder &, MutableArrayRef<Value>, Value)>
        step) {
  int64_t stages = tile.stages;
  Value group;
  for (int64_t s = 0; s + 1 < stages; ++s)
    group = staging.copyAsync(b, loc, add(b, loc, block.kBegin, s * tile.k),
                              constant(b, loc, s));
  auto landed = [&](OpBuilder &nb, Value token, Value stage) {
    nvgpu::DeviceAsyncWaitOp::create(nb, loc, token,
                                     nb.getI32IntegerAttr(stages - 2));
    if (staging.roundToTF32)
      staging.roundInPlace(nb, loc, stage);
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
      b, loc, block.kBegin, block.kEnd, constant(b, loc, tile.k), iterArgs,
      [&](OpBuilder &nb, Location nloc, Value k0, ValueRange args) {
        Value stage = args.back();
        Value token = staging.copyAsync(
            nb, nloc, add(nb, nloc, k0, (stages - 1) * tile.k),
            next(nb, stage, stages - 1));
        SmallVector<Value> acc(args.drop_back());
        step(nb, acc, stage);
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

void xla::gpu_kernels::emitTensorCoreContractionKernel(
    OpBuilder &b, linalg::LinalgOp op,
    const linalg::ContractionDimensions &dims, const TensorCoreTile &tile,
    TensorCorePrecision precision, StringRef name,
    const OutputEpilogue *epilogue, const OperandPrologues &prologues) {
  Location loc = op.getLoc();
  ContractionRoles roles =
      beginContractionKernel(b, op, dims, epilogue, prologues);
  int64_t sizeM = roles.product(dims.m), sizeN = roles.product(dims.n);
  int64_t tilesM = llvm::divideCeil(sizeM, tile.m);
  int64_t tilesN = llvm::divideCeil(sizeN, tile.n);
  int64_t threads = tile.threads();
  KSplit split(roles.product(dims.k), tile.k, tile.splitK);
  // Found before the launch exists: it captures the output.
  linalg::FillOp fill = foldableOutputFill(op);
  SplitPartials partials = allocateSplitPartials(b, loc, roles, split.splits);

  Type f32 = b.getF32Type();
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  SmallVector<Operand, 2> operands;
  SmallVector<Type, 2> sharedTypes;
  for (auto [index, width, size] :
       {std::tuple(0, tile.m, sizeM), std::tuple(1, tile.n, sizeN)}) {
    OpOperand *operand = op.getDpsInputOperand(index);
    AffineMap map = op.getMatchingIndexingMap(operand);
    unsigned inner = cast<AffineDimExpr>(map.getResults().back()).getPosition();
    bool kMajor = llvm::is_contained(dims.k, inner);
    ArrayRef<unsigned> role = kMajor ? ArrayRef(dims.k)
                              : index == 0 ? ArrayRef(dims.m)
                                           : ArrayRef(dims.n);
    // A group of 4 neighbours along the flattened role is 4 neighbours in
    // memory when the contiguous dimension is the role's fastest loop and
    // 4 divides it.
    int64_t alignment = 0;
    if (role.back() == inner && roles.loopSizes[inner] % kGroup == 0)
      alignment = vectorAlignment(operand->get(), kGroup, 16);
    bool unitStride =
        cast<MemRefType>(operand->get().getType()).isLastDimUnitStride();
    operands.push_back({operand, map, Value(), Value(), width, size,
                        index == 0, kMajor, alignment, unitStride,
                        prologues.of(index == 0)});
    // With stages, a ring of tiles: [stages][...].
    SmallVector<int64_t> shape;
    if (tile.stages)
      shape.push_back(tile.stages);
    shape.append(sharedTileShape(width, tile.k, kMajor));
    sharedTypes.push_back(
        MemRefType::get(shape, f32, MemRefLayoutAttrInterface(), workgroup));
  }
  gpu::LaunchOp launch = createNamedLaunch(
      b, loc, name,
      constant(b, loc,
               split.splits * roles.product(dims.batch) * tilesM * tilesN),
      constant(b, loc, threads), sharedTypes);

  b.setInsertionPointToStart(&launch.getBody().front());
  Value tid = launch.getThreadIds().x;
  ContractionBlock block = contractionBlock(
      b, loc, roles, launch.getBlockIds().x, split, tile.m, tile.n);
  operands[0].shared = launch.getWorkgroupAttributions()[0];
  operands[1].shared = launch.getWorkgroupAttributions()[1];
  operands[0].base = block.m0;
  operands[1].base = block.n0;

  // Warp (warpRow, warpCol) of the block's warps; lane = 4 * g + t.
  Value warp = arith::DivUIOp::create(b, loc, tid, constant(b, loc, 32));
  Value lane = arith::RemUIOp::create(b, loc, tid, constant(b, loc, 32));
  Value warpM0, warpN0;
  std::tie(warpM0, warpN0) =
      splitIndex(b, loc, warp, tile.n / tile.warpN, tile.warpM, tile.warpN);
  Value g = arith::DivUIOp::create(b, loc, lane, constant(b, loc, 4));
  Value t = arith::RemUIOp::create(b, loc, lane, constant(b, loc, 4));
  int64_t tilesMI = tile.warpM / kMmaM, tilesNI = tile.warpN / kMmaN;

  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
  // This thread's accumulators: (2 tilesMI) x (2 tilesNI), the mma's
  // c0..c3 of tile (mi, ni) at (2 mi + q / 2, 2 ni + q % 2).
  int64_t numCols = 2 * tilesNI;
  SmallVector<Value> initial(2 * tilesMI * numCols, zero);

  // Shared-tile element (k, w) of an operand, in ring slot `stage` (none
  // without stages).
  auto sharedLoad = [&](OpBuilder &nb, const Operand &s, Value k, Value w,
                        Value stage) {
    return memref::LoadOp::create(nb, loc, s.shared,
                                  s.sharedIndices(k, w, stage))
        .getResult();
  };
  auto step = [&](OpBuilder &nb, MutableArrayRef<Value> acc, Value stage) {
    for (int64_t kk = 0; kk < tile.k; kk += kMmaK) {
      Value k = add(nb, loc, t, kk);
      // A fragment q: row g + 8 (q & 1), k t + 4 (q >> 1); B fragment q:
      // k t + 4 q, column g.
      SmallVector<SmallVector<Split>> a(tilesMI), bv(tilesNI);
      for (int64_t mi = 0; mi < tilesMI; ++mi)
        for (int64_t q = 0; q < 4; ++q) {
          Value row = add(nb, loc, arith::AddIOp::create(nb, loc, warpM0, g),
                          mi * kMmaM + (q & 1) * 8);
          a[mi].push_back(toTF32(
              nb, loc,
              sharedLoad(nb, operands[0], add(nb, loc, k, (q >> 1) * 4), row,
                         stage),
              precision));
        }
      for (int64_t ni = 0; ni < tilesNI; ++ni)
        for (int64_t q = 0; q < 2; ++q) {
          Value col =
              add(nb, loc, arith::AddIOp::create(nb, loc, warpN0, g), ni * kMmaN);
          bv[ni].push_back(toTF32(
              nb, loc,
              sharedLoad(nb, operands[1], add(nb, loc, k, q * 4), col, stage),
              precision));
        }
      auto part = [](ArrayRef<Split> fragment, bool hi) {
        SmallVector<Value> values;
        for (const Split &element : fragment)
          values.push_back(hi ? element.hi : element.lo);
        return values;
      };
      for (int64_t mi = 0; mi < tilesMI; ++mi)
        for (int64_t ni = 0; ni < tilesNI; ++ni) {
          auto at = [&](int64_t q) -> Value & {
            return acc[(2 * mi + q / 2) * numCols + 2 * ni + q % 2];
          };
          if (precision == TensorCorePrecision::TF32x3) {
            // A fresh chain per tile, added to the accumulators in f32: the
            // tensor cores round their sums toward zero, which along all of
            // k drifts (2.9e-5 at k = 4096 on an H200); from zero, each
            // rounds only a sum of 8 of k (bench/tensor_core_rounding.py:
            // 5e-7). The small terms first, so that they are not lost.
            SmallVector<Value> c(4, zero);
            mma(nb, loc, part(a[mi], false), part(bv[ni], true), c);
            mma(nb, loc, part(a[mi], true), part(bv[ni], false), c);
            mma(nb, loc, part(a[mi], true), part(bv[ni], true), c);
            for (int64_t q = 0; q < 4; ++q)
              at(q) = arith::AddFOp::create(nb, loc, at(q), c[q]);
            continue;
          }
          SmallVector<Value> c;
          for (int64_t q = 0; q < 4; ++q)
            c.push_back(at(q));
          mma(nb, loc, part(a[mi], true), part(bv[ni], true), c);
          for (int64_t q = 0; q < 4; ++q)
            at(q) = c[q];
        }
    }
  };

  Staging staging{roles,      tile.k,      threads,
                  tid,        block.batch, block.kEnd,
                  operands,   precision == TensorCorePrecision::TF32};
  scf::ForOp loop;
  if (tile.stages) {
    loop = emitAsyncStagedLoop(b, loc, staging, block, tile, initial, step);
  } else {
    // As the SIMT kernel: the next step's global loads are issued before
    // this step's arithmetic.
    staging.deposit(b, loc, staging.fetch(b, loc, block.kBegin),
                    block.kBegin);
    gpu::BarrierOp::create(b, loc);
    loop = scf::ForOp::create(
        b, loc, block.kBegin, block.kEnd, constant(b, loc, tile.k), initial,
        [&](OpBuilder &nb, Location nloc, Value k0, ValueRange accIn) {
          Value next = add(nb, nloc, k0, tile.k);
          SmallVector<Value> prefetched = staging.fetch(nb, nloc, next);
          SmallVector<Value> acc(accIn);
          step(nb, acc, Value());
          gpu::BarrierOp::create(nb, nloc);
          staging.deposit(nb, nloc, prefetched, next);
          gpu::BarrierOp::create(nb, nloc);
          scf::YieldOp::create(nb, nloc, acc);
        });
  }
  // The accumulators' outputs, computed after the loop so that they take
  // no registers during it: rows warpM0 + 16 mi + g (+ 8), columns
  // warpN0 + 8 ni + 2 t (+ 1).
  SmallVector<Value> rows, cols, rowOk, colOk;
  Value rowBase = arith::AddIOp::create(
      b, loc, arith::AddIOp::create(b, loc, block.m0, warpM0), g);
  for (int64_t r = 0; r < 2 * tilesMI; ++r) {
    rows.push_back(add(b, loc, rowBase, (r / 2) * kMmaM + (r % 2) * 8));
    rowOk.push_back(lessThan(b, loc, rows.back(), sizeM));
  }
  Value colBase = arith::AddIOp::create(
      b, loc, arith::AddIOp::create(b, loc, block.n0, warpN0),
      arith::MulIOp::create(b, loc, t, constant(b, loc, 2)));
  for (int64_t c = 0; c < 2 * tilesNI; ++c) {
    cols.push_back(add(b, loc, colBase, (c / 2) * kMmaN + c % 2));
    colOk.push_back(lessThan(b, loc, cols.back(), sizeN));
  }
  addAccumulators(b, loc, op, roles, block.batch, rows, rowOk, cols, colOk,
                  loop.getResults().take_front(initial.size()), partials,
                  block.split, fill ? fill.getInputs()[0] : Value(), epilogue);
  requestMinBlocks(launch, name, tile.minBlocks);
  finishContractionKernel(b, launch, op, roles, partials, fill, epilogue,
                          prologues);
}

int64_t xla::gpu_kernels::TensorCoreTile::stageBytes() const {
  auto operand = [&](int64_t width) {
    auto elements = [](ArrayRef<int64_t> shape) {
      return shape[0] * shape[1];
    };
    return std::max(elements(sharedTileShape(width, k, true)),
                    elements(sharedTileShape(width, k, false))) *
           4;
  };
  return operand(m) + operand(n);
}
