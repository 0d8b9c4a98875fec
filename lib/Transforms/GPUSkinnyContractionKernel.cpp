//===- GPUSkinnyContractionKernel.cpp - products of a few rows ------------===//
//
// A product with a few rows (the masked positions of a BERT step times a
// vocabulary's projection, a decoder's step at a small batch) reads its
// large operand once and is bound by that read. The tiled kernel gives it
// 32-row tiles, mostly padding, and keeps few loads in flight (two
// elements per thread and step, two barriers a step): 12% of the H200's
// bandwidth on 20 x 30522 x 768 (0.165 ms). Here each thread owns a group
// of neighbouring columns of the output for all of its rows: it streams
// its column group of the rhs down k (vector loads, several steps in
// flight) and takes the lhs's few values at each k from the cache, the
// same address across the block, so the rhs crosses the memory bus once
// and nothing goes through shared memory.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace xla::gpu_kernels;

static Value constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// Whether `map` (of `operand`) reads along the last loop of `loops` in its
/// contiguous dimension, and `width` neighbours there, starting at a
/// multiple of `width`, are one aligned vector load; that loop's size must
/// be a multiple of `width`, so a group never straddles its end.
static bool vectorAlong(linalg::LinalgOp op, OpOperand *operand,
                        ArrayRef<unsigned> loops, int64_t width,
                        int64_t vectorBytes) {
  AffineMap map = op.getMatchingIndexingMap(operand);
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  return width == 1 ||
         (last && last.getPosition() == loops.back() &&
          op.getStaticLoopRanges()[loops.back()] % width == 0 &&
          vectorAlignment(operand->get(), width, vectorBytes) > 0);
}

/// The `width` elements of `group`, a vector of them (or one element).
static SmallVector<Value> elements(OpBuilder &b, Location loc, Value group,
                                   int64_t width) {
  SmallVector<Value> values;
  for (int64_t l = 0; l < width; ++l)
    values.push_back(
        width > 1 ? vector::ExtractOp::create(b, loc, group, l).getResult()
                  : group);
  return values;
}

int64_t xla::gpu_kernels::skinnyRhsWidth(
    linalg::LinalgOp op, const linalg::ContractionDimensions &dims,
    int64_t vectorBytes) {
  OpOperand *rhs = op.getDpsInputOperand(1);
  AffineMap map = op.getMatchingIndexingMap(rhs);
  auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
  if (!last || last.getPosition() != dims.n.back())
    return 0;
  for (int64_t width = 4; width > 1; width /= 2)
    if (vectorAlong(op, rhs, dims.n, width, vectorBytes))
      return width;
  return 1;
}

void xla::gpu_kernels::emitSkinnyContractionKernel(
    OpBuilder &b, linalg::LinalgOp op,
    const linalg::ContractionDimensions &dims, const SkinnyTile &tile,
    StringRef name, const OutputEpilogue *epilogue) {
  Location loc = op.getLoc();
  ContractionRoles roles = beginContractionKernel(b, op, dims, epilogue);
  int64_t batchCount = roles.product(dims.batch);
  int64_t sizeM = roles.product(dims.m), sizeN = roles.product(dims.n),
          sizeK = roles.product(dims.k);
  int64_t columns = tile.threads * tile.width;
  int64_t groupsN = llvm::divideCeil(sizeN, columns);
  KSplit split(sizeK, tile.unroll, tile.splitK);
  linalg::FillOp fill = foldableOutputFill(op);
  SplitPartials partials = allocateSplitPartials(b, loc, roles, split.splits);

  OpOperand *lhs = op.getDpsInputOperand(0), *rhs = op.getDpsInputOperand(1);
  AffineMap lhsMap = op.getMatchingIndexingMap(lhs);
  AffineMap rhsMap = op.getMatchingIndexingMap(rhs);
  // The lhs's values of an unrolled run of k as one load where they are
  // neighbours (16 bytes of f32 at most); a run then never straddles the
  // end of k or of a split (both multiples of the run).
  int64_t lhsWidth = tile.unroll;
  while (lhsWidth > 1 && !vectorAlong(op, lhs, dims.k, lhsWidth, 16))
    lhsWidth /= 2;
  Type outElement =
      getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());

  gpu::LaunchOp launch = createNamedLaunch(
      b, loc, name, constant(b, loc, split.splits * batchCount * groupsN),
      constant(b, loc, tile.threads));
  b.setInsertionPointToStart(&launch.getBody().front());
  ContractionBlock block = contractionBlock(
      b, loc, roles, launch.getBlockIds().x, split, sizeM, columns);
  ArrayRef<Value> batch = block.batch;
  Value kEnd = block.kEnd;
  // This thread's columns: `width` neighbours from `first`.
  Value first = arith::AddIOp::create(
      b, loc, block.n0,
      arith::MulIOp::create(b, loc, launch.getThreadIds().x,
                            constant(b, loc, tile.width)));
  int64_t rhsAlignment =
      tile.width > 1 ? vectorAlignment(rhs->get(), tile.width, 16) : 0;
  int64_t lhsAlignment =
      lhsWidth > 1 ? vectorAlignment(lhs->get(), lhsWidth, 16) : 0;

  // Runs of k never cross the end of k or of a split when k is a multiple
  // of the run (splits are): no load then needs a guard on k.
  bool wholeRuns = sizeK % tile.unroll == 0;
  Value always = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value firstOk = lessThan(b, loc, first, sizeN);

  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(outElement));
  SmallVector<Value> initial(sizeM * tile.width, zero);
  auto loop = scf::ForOp::create(
      b, loc, block.kBegin, kEnd, constant(b, loc, tile.unroll), initial,
      [&](OpBuilder &nb, Location nloc, Value k0, ValueRange accIn) {
        // The rhs's groups of the whole run first: all in flight at once.
        SmallVector<SmallVector<Value>> rhsValues;
        for (int64_t u = 0; u < tile.unroll; ++u) {
          Value k = arith::AddIOp::create(nb, nloc, k0, constant(nb, nloc, u));
          auto [indices, ok] = roles.operandElement(
              nb, nloc, batch, rhsMap, /*isLhs=*/false, first, sizeN, k, kEnd);
          rhsValues.push_back(elements(
              nb, nloc,
              guardedLoad(nb, nloc, wholeRuns ? firstOk : ok, rhs->get(),
                          indices, tile.width,
                          rhsAlignment),
              tile.width));
        }
        SmallVector<Value> acc(accIn);
        for (int64_t i = 0; i < sizeM; ++i) {
          Value row = constant(nb, nloc, i);
          SmallVector<Value> lhsValues;
          for (int64_t u = 0; u < tile.unroll; u += lhsWidth) {
            Value k =
                arith::AddIOp::create(nb, nloc, k0, constant(nb, nloc, u));
            auto [indices, ok] = roles.operandElement(
                nb, nloc, batch, lhsMap, /*isLhs=*/true, row, sizeM, k, kEnd);
            llvm::append_range(
                lhsValues,
                elements(nb, nloc,
                         guardedLoad(nb, nloc, wholeRuns ? always : ok,
                                     lhs->get(), indices, lhsWidth,
                                     lhsAlignment),
                         lhsWidth));
          }
          for (int64_t u = 0; u < tile.unroll; ++u)
            for (int64_t j = 0; j < tile.width; ++j) {
              Value &accumulator = acc[i * tile.width + j];
              accumulator = cloneBody(
                  nb, op, {lhsValues[u], rhsValues[u][j], accumulator}, {})[0];
            }
        }
        scf::YieldOp::create(nb, nloc, acc);
      });

  SmallVector<Value> rows, rowOk, cols, colOk;
  for (int64_t i = 0; i < sizeM; ++i) {
    rows.push_back(constant(b, loc, i));
    rowOk.push_back(always);
  }
  for (int64_t j = 0; j < tile.width; ++j) {
    cols.push_back(arith::AddIOp::create(b, loc, first, constant(b, loc, j)));
    colOk.push_back(lessThan(b, loc, cols.back(), sizeN));
  }
  addAccumulators(b, loc, op, roles, batch, rows, rowOk, cols, colOk,
                  loop.getResults(), partials, block.split,
                  fill ? fill.getInputs()[0] : Value(), epilogue);
  contractMultiplyAdds(loop);
  finishContractionKernel(b, launch, op, roles, partials, fill, epilogue);
}

//===----------------------------------------------------------------------===//
// A rhs contiguous along k: a warp per few rows of it
//===----------------------------------------------------------------------===//

int64_t xla::gpu_kernels::skinnyKWidth(
    linalg::LinalgOp op, const linalg::ContractionDimensions &dims,
    int64_t vectorBytes) {
  for (OpOperand *operand :
       {op.getDpsInputOperand(0), op.getDpsInputOperand(1)}) {
    auto last = dyn_cast<AffineDimExpr>(
        op.getMatchingIndexingMap(operand).getResults().back());
    if (!last || last.getPosition() != dims.k.back())
      return 0;
  }
  for (int64_t width = 4; width > 1; width /= 2)
    if (vectorAlong(op, op.getDpsInputOperand(0), dims.k, width,
                    vectorBytes) &&
        vectorAlong(op, op.getDpsInputOperand(1), dims.k, width,
                    vectorBytes))
      return width;
  return 1;
}

void xla::gpu_kernels::emitSkinnyDotKernel(
    OpBuilder &b, linalg::LinalgOp op,
    const linalg::ContractionDimensions &dims, const SkinnyDotTile &tile,
    StringRef name, const OutputEpilogue *epilogue) {
  Location loc = op.getLoc();
  ContractionRoles roles = beginContractionKernel(b, op, dims, epilogue);
  int64_t batchCount = roles.product(dims.batch);
  int64_t sizeM = roles.product(dims.m), sizeN = roles.product(dims.n),
          sizeK = roles.product(dims.k);
  constexpr int64_t kWarp = 32;
  int64_t rowsPerBlock = tile.warps * tile.rowsPerWarp;
  int64_t groupsN = llvm::divideCeil(sizeN, rowsPerBlock);
  // A warp's lanes take neighbouring groups of `width`: each step of the
  // loop reads 32 * width of k, and splits are whole steps.
  int64_t step = kWarp * tile.width;
  KSplit split(sizeK, step, tile.splitK);
  linalg::FillOp fill = foldableOutputFill(op);
  SplitPartials partials = allocateSplitPartials(b, loc, roles, split.splits);

  OpOperand *lhs = op.getDpsInputOperand(0), *rhs = op.getDpsInputOperand(1);
  AffineMap lhsMap = op.getMatchingIndexingMap(lhs);
  AffineMap rhsMap = op.getMatchingIndexingMap(rhs);
  int64_t lhsAlignment =
      tile.width > 1 ? vectorAlignment(lhs->get(), tile.width, 16) : 0;
  int64_t rhsAlignment =
      tile.width > 1 ? vectorAlignment(rhs->get(), tile.width, 16) : 0;
  Type outElement =
      getElementTypeOrSelf(op.getDpsInitOperand(0)->get().getType());

  gpu::LaunchOp launch = createNamedLaunch(
      b, loc, name, constant(b, loc, split.splits * batchCount * groupsN),
      constant(b, loc, tile.warps * kWarp));
  b.setInsertionPointToStart(&launch.getBody().front());
  ContractionBlock block = contractionBlock(
      b, loc, roles, launch.getBlockIds().x, split, sizeM, rowsPerBlock);
  ArrayRef<Value> batch = block.batch;
  auto [warp, lane] =
      splitIndex(b, loc, launch.getThreadIds().x, kWarp, 1, 1);
  Value firstRow = arith::AddIOp::create(
      b, loc, block.n0,
      arith::MulIOp::create(b, loc, warp, constant(b, loc, tile.rowsPerWarp)));
  SmallVector<Value> cols, colOk;
  for (int64_t r = 0; r < tile.rowsPerWarp; ++r) {
    cols.push_back(
        arith::AddIOp::create(b, loc, firstRow, constant(b, loc, r)));
    colOk.push_back(lessThan(b, loc, cols.back(), sizeN));
  }
  // Every k the loop visits starts a whole group before kEnd: k and kEnd
  // are multiples of the width, so no load needs a guard on k.
  Value kStart = arith::AddIOp::create(
      b, loc, block.kBegin,
      arith::MulIOp::create(b, loc, lane, constant(b, loc, tile.width)));
  Value always = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(outElement));
  SmallVector<Value> initial(sizeM * tile.rowsPerWarp, zero);
  auto loop = scf::ForOp::create(
      b, loc, kStart, block.kEnd, constant(b, loc, step), initial,
      [&](OpBuilder &nb, Location nloc, Value k, ValueRange accIn) {
        SmallVector<SmallVector<Value>> rhsValues;
        for (int64_t r = 0; r < tile.rowsPerWarp; ++r) {
          SmallVector<Value> indices =
              roles.operandElement(nb, nloc, batch, rhsMap, /*isLhs=*/false,
                                   cols[r], sizeN, k, block.kEnd)
                  .first;
          rhsValues.push_back(elements(
              nb, nloc,
              guardedLoad(nb, nloc, colOk[r], rhs->get(), indices, tile.width,
                          rhsAlignment),
              tile.width));
        }
        SmallVector<Value> acc(accIn);
        for (int64_t i = 0; i < sizeM; ++i) {
          SmallVector<Value> indices =
              roles.operandElement(nb, nloc, batch, lhsMap, /*isLhs=*/true,
                                   constant(nb, nloc, i), sizeM, k,
                                   block.kEnd)
                  .first;
          SmallVector<Value> lhsValues = elements(
              nb, nloc,
              guardedLoad(nb, nloc, always, lhs->get(), indices, tile.width,
                          lhsAlignment),
              tile.width);
          for (int64_t r = 0; r < tile.rowsPerWarp; ++r)
            for (int64_t l = 0; l < tile.width; ++l) {
              Value &accumulator = acc[i * tile.rowsPerWarp + r];
              accumulator = cloneBody(
                  nb, op, {lhsValues[l], rhsValues[r][l], accumulator}, {})[0];
            }
        }
        scf::YieldOp::create(nb, nloc, acc);
      });

  // The lanes' partial sums, added across the warp; lane 0 writes.
  SmallVector<Value> sums;
  for (Value partial : loop.getResults())
    sums.push_back(reduceAcrossThreads(b, loc, partial,
                                       gpu::AllReduceOperation::ADD, kWarp));
  Value isFirstLane = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            lane, constant(b, loc, 0));
  SmallVector<Value> rows, rowOk;
  for (int64_t i = 0; i < sizeM; ++i) {
    rows.push_back(constant(b, loc, i));
    rowOk.push_back(isFirstLane);
  }
  addAccumulators(b, loc, op, roles, batch, rows, rowOk, cols, colOk, sums,
                  partials, block.split, fill ? fill.getInputs()[0] : Value(),
                  epilogue);
  contractMultiplyAdds(loop);
  finishContractionKernel(b, launch, op, roles, partials, fill, epilogue);
}
