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
// a long k drifts: 2.9e-5 against f32's 1.1e-6 at k = 4096 on an H200
// (bench/tensor_core_rounding.py emulates both).
//
// Shared tiles keep each operand's contiguous dimension contiguous
// (k-major operands [width][k + 4], others [k][width + 8]): the staging
// then moves groups of 4 neighbours (one 16-byte load and store where the
// buffer allows), and the pads put the 32 lanes of a fragment load in 32
// distinct banks (lane = 4 * row + k for a row-major A fragment).
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// Neighbours one thread stages at a time: 16 bytes of f32.
static constexpr int64_t kGroup = 4;
/// The shape of one mma.sync: m16n8k8.
static constexpr int64_t kMmaM = 16, kMmaN = 8, kMmaK = 8;

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
};

/// The copies of both operands' tiles from device to shared memory
/// through registers, group e of this thread at group tid + e * threads.
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

  /// This thread's groups of the tiles at k0 as vectors of 4 (zeros past
  /// the edges and this split's end).
  SmallVector<Value> fetch(OpBuilder &b, Location loc, Value k0) const {
    SmallVector<Value> values;
    auto type = VectorType::get({kGroup}, b.getF32Type());
    for (const Operand &s : operands)
      for (int64_t e = 0; e < groups(s); ++e) {
        if (s.alignment) {
          // The group is all inside or all outside (sizes multiples of 4).
          auto [kk, ww] = slot(b, loc, s, e, 0);
          auto [indices, ok] = global(b, loc, s, k0, kk, ww);
          values.push_back(guardedLoad(b, loc, ok, s.operand->get(), indices,
                                       kGroup, s.alignment));
          continue;
        }
        SmallVector<Value> elements;
        for (int64_t j = 0; j < kGroup; ++j) {
          auto [kk, ww] = slot(b, loc, s, e, j);
          auto [indices, ok] = global(b, loc, s, k0, kk, ww);
          elements.push_back(
              guardedLoad(b, loc, ok, s.operand->get(), indices));
        }
        values.push_back(
            vector::FromElementsOp::create(b, loc, type, elements));
      }
    return values;
  }

  /// Stores fetched groups into the shared tiles, one 16-byte store each.
  void deposit(OpBuilder &b, Location loc, ValueRange values) const {
    for (const Operand &s : operands)
      for (int64_t e = 0; e < groups(s); ++e) {
        auto [kk, ww] = slot(b, loc, s, e, 0);
        SmallVector<Value> at = s.kMajor ? SmallVector<Value>{ww, kk}
                                         : SmallVector<Value>{kk, ww};
        Value group = values.front();
        if (roundToTF32) {
          SmallVector<Value> rounded;
          for (int64_t j = 0; j < kGroup; ++j)
            rounded.push_back(NVVM::ConvertFloatToTF32Op::create(
                b, loc, b.getI32Type(),
                vector::ExtractOp::create(b, loc, group, j),
                NVVM::FPRoundingMode::RNA, NVVM::SaturationMode::NONE,
                /*relu=*/false));
          group = vector::BitCastOp::create(
              b, loc, group.getType(),
              vector::FromElementsOp::create(
                  b, loc, VectorType::get({kGroup}, b.getI32Type()),
                  rounded));
        }
        vector::StoreOp::create(b, loc, group, s.shared, at,
                                /*nontemporal=*/false, llvm::MaybeAlign(16));
        values = values.drop_front();
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

void xla::gpu_kernels::emitTensorCoreContractionKernel(
    OpBuilder &b, linalg::LinalgOp op,
    const linalg::ContractionDimensions &dims, const TensorCoreTile &tile,
    TensorCorePrecision precision, StringRef name,
    const OutputEpilogue *epilogue) {
  assert(!(epilogue && tile.splitK > 1) && "split k adds to the output");
  if (epilogue)
    moveToEpilogue(op, *epilogue);
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  ContractionRoles roles{dims, op.getStaticLoopRanges()};
  int64_t sizeM = roles.product(dims.m), sizeN = roles.product(dims.n);
  int64_t tilesM = llvm::divideCeil(sizeM, tile.m);
  int64_t tilesN = llvm::divideCeil(sizeN, tile.n);
  int64_t threads = tile.threads();
  KSplit split(roles.product(dims.k), tile.k, tile.splitK);
  // Found before the launch exists: it captures the output.
  linalg::FillOp fill = foldableOutputFill(op, split.splits);

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
    operands.push_back({operand, map, Value(), Value(), width, size,
                        index == 0, kMajor, alignment});
    sharedTypes.push_back(
        kMajor ? MemRefType::get({width, tile.k + 4}, f32,
                                 MemRefLayoutAttrInterface(), workgroup)
               : MemRefType::get({tile.k, width + 8}, f32,
                                 MemRefLayoutAttrInterface(), workgroup));
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

  // Shared-tile element (k, w) of an operand.
  auto sharedLoad = [&](OpBuilder &nb, const Operand &s, Value k, Value w) {
    SmallVector<Value> at = s.kMajor ? SmallVector<Value>{w, k}
                                     : SmallVector<Value>{k, w};
    return memref::LoadOp::create(nb, loc, s.shared, at).getResult();
  };
  auto step = [&](OpBuilder &nb, MutableArrayRef<Value> acc) {
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
              nb, loc, sharedLoad(nb, operands[0], add(nb, loc, k, (q >> 1) * 4), row),
              precision));
        }
      for (int64_t ni = 0; ni < tilesNI; ++ni)
        for (int64_t q = 0; q < 2; ++q) {
          Value col =
              add(nb, loc, arith::AddIOp::create(nb, loc, warpN0, g), ni * kMmaN);
          bv[ni].push_back(toTF32(
              nb, loc, sharedLoad(nb, operands[1], add(nb, loc, k, q * 4), col),
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
          SmallVector<Value> c;
          auto at = [&](int64_t q) -> Value & {
            return acc[(2 * mi + q / 2) * numCols + 2 * ni + q % 2];
          };
          for (int64_t q = 0; q < 4; ++q)
            c.push_back(at(q));
          // The small terms first, so that they are not lost in the sum.
          if (precision == TensorCorePrecision::TF32x3) {
            mma(nb, loc, part(a[mi], false), part(bv[ni], true), c);
            mma(nb, loc, part(a[mi], true), part(bv[ni], false), c);
          }
          mma(nb, loc, part(a[mi], true), part(bv[ni], true), c);
          for (int64_t q = 0; q < 4; ++q)
            at(q) = c[q];
        }
    }
  };

  Staging staging{roles,      tile.k,      threads,
                  tid,        block.batch, block.kEnd,
                  operands,   precision == TensorCorePrecision::TF32};
  // As the SIMT kernel: the next step's global loads are issued before
  // this step's arithmetic.
  staging.deposit(b, loc, staging.fetch(b, loc, block.kBegin));
  gpu::BarrierOp::create(b, loc);
  auto loop = scf::ForOp::create(
      b, loc, block.kBegin, block.kEnd, constant(b, loc, tile.k), initial,
      [&](OpBuilder &nb, Location nloc, Value k0, ValueRange accIn) {
        SmallVector<Value> prefetched =
            staging.fetch(nb, nloc, add(nb, nloc, k0, tile.k));
        SmallVector<Value> acc(accIn);
        step(nb, acc);
        gpu::BarrierOp::create(nb, nloc);
        staging.deposit(nb, nloc, prefetched);
        gpu::BarrierOp::create(nb, nloc);
        scf::YieldOp::create(nb, nloc, acc);
      });
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
                  loop.getResults(), split.splits > 1,
                  fill ? fill.getInputs()[0] : Value(), epilogue);
  requestMinBlocks(launch, name, tile.minBlocks);
  op->erase();
  if (fill)
    fill->erase();
  if (epilogue)
    epilogue->op->erase();
}
