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

#include "GPUTileStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace xla::gpu_kernels;

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

/// A group of 4 f32 rounded to TF32 (cvt.rna), as f32 bits: once per
/// element and block while staging (tf32), where each fragment load would
/// round it again for every warp that reads it (2 or 4), on the conversion
/// unit's quarter rate.
static Value roundGroup(OpBuilder &b, Location loc, Value group) {
  SmallVector<Value> rounded;
  for (int64_t j = 0; j < kStagingGroup; ++j)
    rounded.push_back(NVVM::ConvertFloatToTF32Op::create(
        b, loc, b.getI32Type(), vector::ExtractOp::create(b, loc, group, j),
        NVVM::FPRoundingMode::RNA, NVVM::SaturationMode::NONE,
        /*relu=*/false));
  return vector::BitCastOp::create(
      b, loc, group.getType(),
      vector::FromElementsOp::create(
          b, loc, VectorType::get({kStagingGroup}, b.getI32Type()), rounded));
}

namespace {

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
  SmallVector<StagedOperand, 2> operands;
  SmallVector<Type, 2> sharedTypes;
  for (auto [index, width] : {std::pair(0, tile.m), std::pair(1, tile.n)}) {
    // Shared tiles keep the operand's contiguous dimension contiguous.
    StagedOperand s = describeStagedOperand(op, roles, index, width,
                                            /*sharedKMajor=*/false, prologues);
    s.sharedKMajor = s.kMajor;
    operands.push_back(s);
    // With stages, a ring of tiles: [stages][...].
    SmallVector<int64_t> shape;
    if (tile.stages)
      shape.push_back(tile.stages);
    shape.append(sharedTileShape(width, tile.k, s.kMajor));
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
  auto sharedLoad = [&](OpBuilder &nb, const StagedOperand &s, Value k, Value w,
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

  TileStaging staging{roles, tile.k, threads, tid, block.batch, block.kEnd,
                      operands};
  if (precision == TensorCorePrecision::TF32)
    staging.transformGroup = roundGroup;
  scf::ForOp loop =
      tile.stages ? emitAsyncStagedLoop(b, loc, staging, block, tile.stages,
                                        initial, step)
                  : emitRegisterStagedLoop(b, loc, staging, block, initial,
                                           step);
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
