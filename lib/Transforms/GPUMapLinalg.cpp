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
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

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

/// Of `candidates` (output tiles of `m` x `n`, from large to small), the
/// largest that still gives every multiprocessor a block and wastes at
/// most a quarter of its work on padding; failing that, the one that
/// wastes least, and of those the smallest (a product with 20 rows gets
/// 32-row tiles; 128 x 768 gets 32x32 tiles, 96 blocks).
template <typename Tile>
static Tile chooseTile(ArrayRef<Tile> candidates, int64_t batch, int64_t m,
                       int64_t n, int64_t smCount) {
  // On equal waste, the later (smaller) tile gives more blocks.
  const Tile *best = &candidates.front();
  double bestUse = -1;
  for (const Tile &tile : candidates) {
    int64_t tilesM = llvm::divideCeil(m, tile.m);
    int64_t tilesN = llvm::divideCeil(n, tile.n);
    double use = double(m * n) / double(tilesM * tile.m * tilesN * tile.n);
    if (batch * tilesM * tilesN >= smCount && use >= 0.75)
      return tile;
    if (use >= bestUse) {
      best = &tile;
      bestUse = use;
    }
  }
  return *best;
}

/// Blocks that share each output tile, splitting k, when the tiles alone
/// leave multiprocessors idle: about two blocks per multiprocessor, each
/// still summing at least 256 of k (a shorter run spends more on its
/// prologue and its partials than it saves). A 20 x 768 product with k = 30522
/// gets 24 tiles of 32x32 in 11 splits.
static int64_t splitK(int64_t blocks, int64_t k, int64_t smCount) {
  constexpr int64_t kMinSplitLength = 256;
  if (blocks >= smCount)
    return 1;
  int64_t wanted = llvm::divideCeil(2 * smCount, blocks);
  return std::max<int64_t>(1, std::min(wanted, k / kMinSplitLength));
}

/// A cp.async ring for a block's k loop of `steps` steps of `stageBytes`
/// of shared tiles: the most stages, up to 4, that fit in the 48 KiB of
/// static shared memory a block gets, and no more than the block has steps
/// (at least 2); 0 (staging through registers) if not even 2 fit.
static int64_t ringStages(int64_t stageBytes, int64_t steps) {
  constexpr int64_t kSharedBytes = 48 * 1024, kMaxStages = 4;
  int64_t stages = std::min(kMaxStages, kSharedBytes / stageBytes);
  stages = std::min(stages, std::max<int64_t>(steps, 2));
  return stages >= 2 ? stages : 0;
}

/// Steps of `tileK` in a block's run of `k` split `splitK` ways.
static int64_t stepsPerBlock(int64_t k, int64_t splitK, int64_t tileK) {
  return llvm::divideCeil(llvm::divideCeil(k, splitK), tileK);
}

/// Strategy of a tensor-core kernel's ring (`ringStages`): k in steps of
/// 16 instead of 32 where that fits more stages and 32 fits fewer than 3
/// (latency hidden over two steps).
static void chooseStages(TensorCoreTile &tile, int64_t k) {
  constexpr int64_t kMaxSteps = std::numeric_limits<int64_t>::max();
  int64_t stages = ringStages(tile.stageBytes(), kMaxSteps);
  TensorCoreTile half = tile;
  half.k = 16;
  // Each thread must still copy whole groups of 4 of both tiles.
  int64_t groups = 4 * tile.threads();
  if (stages < 3 && tile.k > half.k &&
      ringStages(half.stageBytes(), kMaxSteps) > stages &&
      half.m * half.k % groups == 0 && half.n * half.k % groups == 0)
    tile.k = half.k;
  tile.stages =
      ringStages(tile.stageBytes(), stepsPerBlock(k, tile.splitK, tile.k));
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
    if (!tensorCorePrecision()) {
      getOperation().emitError("xla-gpu-map-linalg: unknown tensor-cores '")
          << tensorCores << "' (expected tf32, tf32x3 or nothing)";
      return signalPassFailure();
    }
    if (!libraryGemm.empty() && libraryGemm != "cublas") {
      getOperation().emitError("xla-gpu-map-linalg: unknown library-gemm '")
          << libraryGemm << "' (expected cublas or nothing)";
      return signalPassFailure();
    }
    // The calls do not change here: their buffers are looked at once.
    markDistinctBufferArguments(getOperation());
    for (func::FuncOp func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || !func->hasAttr("xla.fusion_kind"))
        continue;
      if (rowFusion && mapRowFusion(func)) {
        func.walk([](gpu::LaunchOp launch) { sinkConstants(launch); });
        continue;
      }
      SmallVector<linalg::LinalgOp> ops;
      func.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
      absorbed.clear();
      for (linalg::LinalgOp op : ops)
        if (!absorbed.contains(op))
          mapOp(func, op);
      func.walk([](gpu::LaunchOp launch) { sinkConstants(launch); });
    }
    for (func::FuncOp func : getOperation().getOps<func::FuncOp>())
      func->removeAttr(kDistinctBufferArguments);
  }

private:
  /// Ops of the current function that an earlier op's kernel took in
  /// (erased; compared by address only).
  DenseSet<Operation *> absorbed;

  /// The epilogue the kernel of `op` applies, if `enabled` (for a
  /// contraction: its epilogues are on, or its k is split, whose sum of
  /// the splits' partials applies it).
  std::optional<OutputEpilogue> epilogueOf(linalg::LinalgOp op,
                                           bool enabled) {
    if (!enabled)
      return std::nullopt;
    FailureOr<OutputEpilogue> epilogue = matchOutputEpilogue(op);
    if (failed(epilogue))
      return std::nullopt;
    absorbed.insert(epilogue->op);
    return *epilogue;
  }

  /// The prologues of `op`'s operands (with `contraction-prologues`) that
  /// its kernel computes as it stages them, held in `storage`; the kernel
  /// runs where `epilogue` puts it, if any. A body of at most 32 ops:
  /// each staged element is recomputed by every block that reads it (24
  /// times for a 128 x 768 lhs times 768 x 768 in 32 x 32 tiles), against
  /// at least 32 multiply-adds per staged element.
  OperandPrologues
  prologuesOf(linalg::LinalgOp op, const OutputEpilogue *epilogue,
              std::array<std::optional<OperandPrologue>, 2> &storage) {
    constexpr int64_t kMaxBodyOps = 32;
    OperandPrologues prologues;
    if (!contractionPrologues)
      return prologues;
    Operation *place = epilogue ? epilogue->place : op.getOperation();
    for (unsigned index : {0u, 1u}) {
      FailureOr<OperandPrologue> prologue =
          matchOperandPrologue(op, op.getDpsInputOperand(index), place,
                               epilogue, kMaxBodyOps);
      if (failed(prologue))
        continue;
      storage[index] = *prologue;
      (index == 0 ? prologues.lhs : prologues.rhs) = &*storage[index];
    }
    return prologues;
  }

  std::optional<TensorCorePrecision> tensorCorePrecision() const {
    return llvm::StringSwitch<std::optional<TensorCorePrecision>>(tensorCores)
        .Case("", TensorCorePrecision::None)
        .Case("tf32", TensorCorePrecision::TF32)
        .Case("tf32x3", TensorCorePrecision::TF32x3)
        .Default(std::nullopt);
  }

  /// Neighbouring f32 columns a thread reads as one vector (a power of 2).
  int64_t f32Width() const {
    return vectorBytes >= 16 ? 4 : vectorBytes >= 8 ? 2 : 1;
  }

  /// A fusion of row ops as one kernel, in groups of 4 neighbouring
  /// columns (16 bytes of f32) where 4 divides the row (else 2, 1). A row
  /// of up to `row-warp-length` columns gets a lane per group, rounded up
  /// to a power of two, up to a warp, and several rows share a block (up
  /// to 256 threads, fewer while that leaves multiprocessors without a
  /// block): its reductions are shuffles alone. A longer row gets a block
  /// of about 8 columns per thread (32 to 1024 threads) and reductions
  /// through shared memory. At most 32 columns per thread (registers).
  bool mapRowFusion(func::FuncOp func) {
    FailureOr<RowFusion> fusion = matchRowFusion(func);
    if (failed(fusion))
      return false;
    int64_t width = f32Width();
    while (width > 1 && fusion->length % width)
      width /= 2;
    int64_t threads, rowsPerBlock = 1;
    // A warp holds at most 32 x 32 columns (32 registers per row value).
    constexpr int64_t kWarp = 32, kBlock = 256, kMaxSlots = 32;
    if (fusion->length <= std::min<int64_t>(rowWarpLength, kWarp * kMaxSlots)) {
      threads = std::min<int64_t>(
          kWarp,
          llvm::PowerOf2Ceil(llvm::divideCeil(fusion->length, width)));
      int64_t rows = 1;
      for (int64_t size : fusion->rowShape)
        rows *= size;
      rowsPerBlock = std::clamp<int64_t>(
          int64_t(llvm::bit_floor(uint64_t(
              std::max<int64_t>(rows / std::max<int64_t>(smCount, 1), 1)))),
          kWarp / threads, kBlock / threads);
    } else {
      threads = std::clamp<int64_t>(
          llvm::PowerOf2Ceil(llvm::divideCeil(fusion->length, 8)), 32, 1024);
    }
    if (width * llvm::divideCeil(fusion->length, threads * width) > kMaxSlots)
      return false;
    OpBuilder b(func);
    emitRowFusionKernel(b, func, *fusion, threads, rowsPerBlock, width,
                        nextKernelName(func));
    return true;
  }

  /// A GEMM of the library's, if it is one and both sides of its output
  /// have `minSide` elements (a matrix times a vector is a row reduction).
  bool mapLibraryGemm(func::FuncOp func, linalg::LinalgOp op,
                      int64_t minSide) {
    if (libraryGemm.empty() || !op.hasPureBufferSemantics() ||
        op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
        !linalg::isaContractionOpInterface(op) ||
        ShapedType::isDynamicShape(op.getStaticLoopRanges()))
      return false;
    for (AffineMap map : op.getIndexingMapsArray())
      if (!map.isProjectedPermutation())
        return false;
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    SmallVector<int64_t> sizes = op.getStaticLoopRanges();
    if (failed(dims) || dims->m.empty() || dims->n.empty() ||
        dims->k.empty() || product(sizes, dims->m) < minSide ||
        product(sizes, dims->n) < minSide)
      return false;
    FailureOr<LibraryGemm> gemm = matchLibraryGemm(op, *dims);
    if (failed(gemm))
      return false;
    OpBuilder b(op);
    emitLibraryGemm(b, op, *gemm, nextKernelName(func) + "_cublas");
    return true;
  }

  /// A product of at most 32 rows, bound by reading its rhs once (tensor
  /// cores would not help it):
  /// - a rhs contiguous along n, at least 512 columns: each thread a group
  ///   of columns of all rows, as wide as the rhs's vector loads allow
  ///   while a thread holds at most 64 accumulators;
  /// - both operands contiguous along k, at least 2 rows (one is the row
  ///   reduction's) and 256 columns: a warp per 4, 2 or 1 rows of the rhs
  ///   (at most 64 accumulators per lane), 8 warps a block.
  bool mapSkinnyProduct(func::FuncOp func, linalg::LinalgOp op,
                        const linalg::ContractionDimensions &dims) {
    constexpr int64_t kMaxRows = 32, kMaxAccumulators = 64;
    SmallVector<int64_t> sizes = op.getStaticLoopRanges();
    int64_t batch = product(sizes, dims.batch), m = product(sizes, dims.m),
            n = product(sizes, dims.n), k = product(sizes, dims.k);
    if (m > kMaxRows)
      return false;
    OpBuilder b(op);
    int64_t width = skinnyRhsWidth(op, dims, vectorBytes);
    if (width > 0 && n >= 512) {
      constexpr int64_t kThreads = 256, kUnroll = 4;
      while (width > 1 && m * width > kMaxAccumulators)
        width /= 2;
      SkinnyTile tile{kThreads, width, kUnroll};
      tile.splitK = splitK(batch * llvm::divideCeil(n, kThreads * width), k,
                           smCount);
      std::optional<OutputEpilogue> epilogue =
          epilogueOf(op, contractionEpilogues || tile.splitK > 1);
      emitSkinnyContractionKernel(b, op, dims, tile, nextKernelName(func),
                                  epilogue ? &*epilogue : nullptr);
      return true;
    }
    int64_t kWidth = skinnyKWidth(op, dims, vectorBytes);
    if (kWidth == 0 || m < 2 || n < 256)
      return false;
    constexpr int64_t kWarps = 8;
    int64_t rows = 4;
    while (rows > 1 && m * rows > kMaxAccumulators)
      rows /= 2;
    SkinnyDotTile tile{kWarps, rows, kWidth};
    tile.splitK =
        splitK(batch * llvm::divideCeil(n, kWarps * rows), k, smCount);
    std::optional<OutputEpilogue> epilogue =
        epilogueOf(op, contractionEpilogues || tile.splitK > 1);
    emitSkinnyDotKernel(b, op, dims, tile, nextKernelName(func),
                        epilogue ? &*epilogue : nullptr);
    return true;
  }

  void mapOp(func::FuncOp func, linalg::LinalgOp op) {
    // A times B transposed (k contiguous in both operands) also matches the
    // row reduction, whose kernel reads an operand row once per output:
    // only a product with a side of a few rows (a matrix times a vector)
    // is better off that way.
    constexpr int64_t kMinTiledSide = 16;
    if (mapLibraryGemm(func, op, kMinTiledSide))
      return;
    OpBuilder b(op);
    if (transposeTiles && op.getNumReductionLoops() == 0) {
      // 32 x 32 tiles, 8 rows of a tile per pass: 256 threads, each
      // moving 4 elements of each transposed input.
      constexpr int64_t kTile = 32, kRowsPerPass = 8;
      FailureOr<TransposeTiles> tiles = matchTranspose(op, kMinTiledSide);
      if (succeeded(tiles))
        emitTransposeKernel(b, op, *tiles, kTile, kRowsPerPass,
                            nextKernelName(func));
      return;
    }
    FailureOr<linalg::ContractionDimensions> dims = matchContraction(op);
    SmallVector<int64_t> sizes = op.getStaticLoopRanges();
    bool tiled = succeeded(dims) &&
                 product(sizes, dims->m) >= kMinTiledSide &&
                 product(sizes, dims->n) >= kMinTiledSide;
    if (succeeded(dims) && skinnyProducts && mapSkinnyProduct(func, op, *dims))
      return;
    FailureOr<SmallVector<ReductionCombiner>> combiners = matchRowReduction(op);
    int64_t length = op.getNumLoops() ? sizes.back() : int64_t(0);
    if (!tiled && succeeded(combiners) && !ShapedType::isDynamic(length)) {
      int64_t threads =
          threadsPerRow(length, std::max<int64_t>(reductionChain, 1));
      if (threads >= 2) {
        // 16-byte loads of f32 where every thread still gets a group.
        int64_t width = f32Width();
        while (width > 1 && (length % width || length < width * threads))
          width /= 2;
        // Eight 16-byte groups per input in flight per thread.
        constexpr int64_t kUnroll = 8;
        std::optional<OutputEpilogue> epilogue =
            epilogueOf(op, reductionEpilogues);
        emitRowReductionKernel(b, op, *combiners, threads, width, kUnroll,
                               nextKernelName(func),
                               epilogue ? &*epilogue : nullptr);
        return;
      }
    }
    if (failed(dims)) {
      // Other reductions: one thread per output, accumulating in registers.
      std::optional<OutputEpilogue> epilogue =
          epilogueOf(op, reductionEpilogues && op.getNumReductionLoops());
      if (failed(emitSerialReductionKernel(b, op, nextKernelName(func),
                                           epilogue ? &*epilogue : nullptr)) &&
          epilogue)
        absorbed.erase(epilogue->op);
      return;
    }
    int64_t batch = product(sizes, dims->batch), m = product(sizes, dims->m),
            n = product(sizes, dims->n);
    int64_t k = product(sizes, dims->k);
    std::optional<TensorCorePrecision> precision = tensorCorePrecision();
    if (precision && *precision != TensorCorePrecision::None &&
        tensorCoreCompatible(op)) {
      static const TensorCoreTile candidates[] = {
          {128, 128, 32, 64, 32}, {64, 64, 32, 32, 32}, {32, 32, 32, 16, 16}};
      TensorCoreTile tile = chooseTile<TensorCoreTile>(candidates, batch, m,
                                                       n, smCount);
      tile.splitK = splitK(batch * llvm::divideCeil(m, tile.m) *
                               llvm::divideCeil(n, tile.n),
                           k, smCount);
      tile.minBlocks = std::max<int64_t>(contractionBlocks, 1);
      if (asyncCopies)
        chooseStages(tile, k);
      std::optional<OutputEpilogue> epilogue =
          epilogueOf(op, contractionEpilogues || tile.splitK > 1);
      std::array<std::optional<OperandPrologue>, 2> storage;
      OperandPrologues prologues =
          prologuesOf(op, epilogue ? &*epilogue : nullptr, storage);
      emitTensorCoreContractionKernel(b, op, *dims, tile, *precision,
                                      nextKernelName(func),
                                      epilogue ? &*epilogue : nullptr,
                                      prologues);
      return;
    }
    // 256 threads, each staging one group of 4 of each operand per step.
    static const ContractionTile candidates[] = {
        {128, 128, 8, 8, 8}, {64, 64, 16, 4, 4}, {32, 32, 32, 2, 2}};
    ContractionTile tile =
        chooseTile<ContractionTile>(candidates, batch, m, n, smCount);
    int64_t blocks = batch * llvm::divideCeil(m, tile.m) *
                     llvm::divideCeil(n, tile.n);
    tile.splitK = splitK(blocks, k, smCount);
    tile.minBlocks = std::max<int64_t>(contractionBlocks, 1);
    // Through registers, a step's loads have only its arithmetic to hide
    // behind: 64 FMAs a thread in a 32x32 tile, whose blocks (a 128 x 768
    // output with k = 768: 96 tiles in 3 splits of 8 steps) then wait out
    // most of the loads' latency at every step.
    if (asyncCopies) {
      int64_t bytes = 0;
      for (OpOperand *input : op.getDpsInputOperands())
        bytes = std::max<int64_t>(
            bytes,
            getElementTypeOrSelf(input->get().getType()).getIntOrFloatBitWidth() /
                8);
      tile.stages = ringStages(tile.stageBytes(bytes),
                               stepsPerBlock(k, tile.splitK, tile.k));
    }
    std::optional<OutputEpilogue> epilogue =
        epilogueOf(op, contractionEpilogues || tile.splitK > 1);
    // The 128 x 128 tile's 64 accumulators take all of the 128 registers
    // that two blocks per multiprocessor leave: a prologue's loads and
    // arithmetic where the tile is stored spill there (96 to 356 bytes in
    // ptxas 13), while its separate kernel costs such a product about 1%
    // (a round trip of an operand it reads 24 or more times).
    std::array<std::optional<OperandPrologue>, 2> storage;
    OperandPrologues prologues;
    if (tile.threadM * tile.threadN < 64 || tile.minBlocks < 2)
      prologues = prologuesOf(op, epilogue ? &*epilogue : nullptr, storage);
    emitTiledContractionKernel(b, op, *dims, tile, nextKernelName(func),
                               epilogue ? &*epilogue : nullptr, prologues);
  }
};

} // namespace
