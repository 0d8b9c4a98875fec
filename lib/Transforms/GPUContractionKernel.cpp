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

namespace {

/// Index arithmetic of one contraction: loop sizes by role, and the full
/// iteration vector of a (batch, m, n, k) position with each role's loops
/// flattened in loop order.
struct Roles {
  linalg::ContractionDimensions dims;
  SmallVector<int64_t> loopSizes;

  int64_t product(ArrayRef<unsigned> loops) const {
    int64_t result = 1;
    for (unsigned d : loops)
      result *= loopSizes[d];
    return result;
  }

  void assign(OpBuilder &b, Location loc, ArrayRef<unsigned> loops,
              Value linear, SmallVectorImpl<Value> &ivs) const {
    SmallVector<Value> sizes;
    for (unsigned d : loops)
      sizes.push_back(arith::ConstantIndexOp::create(b, loc, loopSizes[d]));
    for (auto [d, index] : llvm::zip(loops, delinearize(b, loc, linear, sizes)))
      ivs[d] = index;
  }

  SmallVector<Value> ivs(OpBuilder &b, Location loc, ArrayRef<Value> batch,
                         Value m, Value n, Value k) const {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> result(loopSizes.size(), zero);
    for (auto [d, index] : llvm::zip(dims.batch, batch))
      result[d] = index;
    if (m)
      assign(b, loc, dims.m, m, result);
    if (n)
      assign(b, loc, dims.n, n, result);
    if (k)
      assign(b, loc, dims.k, k, result);
    return result;
  }
};

} // namespace

static Value constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// `load` if `inBounds`, else zero of the memref's element type.
static Value guardedLoad(OpBuilder &b, Location loc, Value inBounds,
                         Value memref, ValueRange indices) {
  Type element = cast<MemRefType>(memref.getType()).getElementType();
  auto branch = scf::IfOp::create(b, loc, element, inBounds,
                                  /*withElseRegion=*/true);
  OpBuilder then = branch.getThenBodyBuilder();
  scf::YieldOp::create(then, loc,
                       memref::LoadOp::create(then, loc, memref, indices)
                           .getResult());
  OpBuilder otherwise = branch.getElseBodyBuilder();
  scf::YieldOp::create(otherwise, loc,
                       arith::ConstantOp::create(otherwise, loc,
                                                 otherwise.getZeroAttr(element))
                           .getResult());
  return branch.getResult(0);
}

void xla::gpu_kernels::emitTiledContractionKernel(
    OpBuilder &b, linalg::LinalgOp op, const linalg::ContractionDimensions &dims,
    const ContractionTile &tile, StringRef name) {
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  Roles roles{dims, op.getStaticLoopRanges()};
  int64_t batchCount = roles.product(dims.batch);
  int64_t sizeM = roles.product(dims.m), sizeN = roles.product(dims.n),
          sizeK = roles.product(dims.k);
  int64_t tilesM = llvm::divideCeil(sizeM, tile.m);
  int64_t tilesN = llvm::divideCeil(sizeN, tile.n);
  int64_t threads = tile.threads();

  OpOperand *lhs = op.getDpsInputOperand(0), *rhs = op.getDpsInputOperand(1);
  OpOperand *out = op.getDpsInitOperand(0);
  AffineMap lhsMap = op.getMatchingIndexingMap(lhs);
  AffineMap rhsMap = op.getMatchingIndexingMap(rhs);
  AffineMap outMap = op.getMatchingIndexingMap(out);
  Type lhsElement = getElementTypeOrSelf(lhs->get().getType());
  Type rhsElement = getElementTypeOrSelf(rhs->get().getType());

  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto sharedType = [&](int64_t width, Type element) {
    return MemRefType::get({tile.k, width + kSharedPad}, element,
                           MemRefLayoutAttrInterface(), workgroup);
  };
  gpu::LaunchOp launch = createNamedLaunch(
      b, loc, name, constant(b, loc, batchCount * tilesM * tilesN),
      constant(b, loc, threads),
      {sharedType(tile.m, lhsElement), sharedType(tile.n, rhsElement)});
  Value lhsTile = launch.getWorkgroupAttributions()[0];
  Value rhsTile = launch.getWorkgroupAttributions()[1];

  b.setInsertionPointToStart(&launch.getBody().front());
  Value tid = launch.getThreadIds().x;
  SmallVector<Value> tileIndex =
      delinearize(b, loc, launch.getBlockIds().x,
                  {constant(b, loc, batchCount), constant(b, loc, tilesM),
                   constant(b, loc, tilesN)});
  SmallVector<Value> batchSizes;
  for (unsigned d : dims.batch)
    batchSizes.push_back(constant(b, loc, roles.loopSizes[d]));
  SmallVector<Value> batch = delinearize(b, loc, tileIndex[0], batchSizes);
  Value m0 = arith::MulIOp::create(b, loc, tileIndex[1], constant(b, loc, tile.m));
  Value n0 = arith::MulIOp::create(b, loc, tileIndex[2], constant(b, loc, tile.n));
  Value threadsN = constant(b, loc, tile.n / tile.threadN);
  Value rowBase = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, tid, threadsN),
      constant(b, loc, tile.threadM));
  Value colBase = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, tid, threadsN),
      constant(b, loc, tile.threadN));
  auto less = [&](Value a, int64_t bound) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, a,
                                 constant(b, loc, bound))
        .getResult();
  };

  // This thread's outputs: (row i, column j) at i * threadN + j.
  SmallVector<Value> rows, cols, rowOk, colOk;
  for (int64_t i = 0; i < tile.threadM; ++i) {
    rows.push_back(arith::AddIOp::create(
        b, loc, m0,
        arith::AddIOp::create(b, loc, rowBase, constant(b, loc, i))));
    rowOk.push_back(less(rows.back(), sizeM));
  }
  for (int64_t j = 0; j < tile.threadN; ++j) {
    cols.push_back(arith::AddIOp::create(
        b, loc, n0,
        arith::AddIOp::create(b, loc, colBase, constant(b, loc, j))));
    colOk.push_back(less(cols.back(), sizeN));
  }
  SmallVector<Value> initial;
  for (int64_t i = 0; i < tile.threadM; ++i)
    for (int64_t j = 0; j < tile.threadN; ++j) {
      Value ok = arith::AndIOp::create(b, loc, rowOk[i], colOk[j]);
      SmallVector<Value> ivs = roles.ivs(b, loc, batch, rows[i], cols[j], {});
      initial.push_back(guardedLoad(b, loc, ok, out->get(),
                                    applyMap(b, loc, outMap, ivs)));
    }

  // Copies the tile of one operand (`width` elements of its m or n role by
  // tile.k of k) into shared memory, reading along its contiguous
  // dimension.
  auto stage = [&](OpBuilder &nb, Location nloc, OpOperand *operand,
                   AffineMap map, Value shared, int64_t width, Value base,
                   int64_t size, bool isLhs, Value k0) {
    auto innermost = cast<AffineDimExpr>(map.getResults().back());
    bool kFastest = llvm::is_contained(dims.k, innermost.getPosition());
    for (int64_t e = 0; e < width * tile.k / threads; ++e) {
      Value idx = arith::AddIOp::create(nb, nloc, tid,
                                        constant(nb, nloc, e * threads));
      Value fast = constant(nb, nloc, kFastest ? tile.k : width);
      Value minor = arith::RemUIOp::create(nb, nloc, idx, fast);
      Value major = arith::DivUIOp::create(nb, nloc, idx, fast);
      Value kk = kFastest ? minor : major, ww = kFastest ? major : minor;
      Value w = arith::AddIOp::create(nb, nloc, base, ww);
      Value k = arith::AddIOp::create(nb, nloc, k0, kk);
      Value ok = arith::AndIOp::create(
          nb, nloc,
          arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ult, w,
                                constant(nb, nloc, size)),
          arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ult, k,
                                constant(nb, nloc, sizeK)));
      SmallVector<Value> ivs = isLhs ? roles.ivs(nb, nloc, batch, w, {}, k)
                                     : roles.ivs(nb, nloc, batch, {}, w, k);
      Value value = guardedLoad(nb, nloc, ok, operand->get(),
                                applyMap(nb, nloc, map, ivs));
      memref::StoreOp::create(nb, nloc, value, shared, ValueRange{kk, ww});
    }
  };

  auto loop = scf::ForOp::create(
      b, loc, constant(b, loc, 0), constant(b, loc, sizeK),
      constant(b, loc, tile.k), initial,
      [&](OpBuilder &nb, Location nloc, Value k0, ValueRange accumulators) {
        stage(nb, nloc, lhs, lhsMap, lhsTile, tile.m, m0, sizeM, true, k0);
        stage(nb, nloc, rhs, rhsMap, rhsTile, tile.n, n0, sizeN, false, k0);
        gpu::BarrierOp::create(nb, nloc);
        SmallVector<Value> acc(accumulators);
        // Unrolled: the accumulators stay in registers and the loads of a
        // step are independent of the previous step's arithmetic.
        for (int64_t kk = 0; kk < tile.k; ++kk) {
          Value kkValue = constant(nb, nloc, kk);
          // This thread's row (or column) fragment of a shared tile.
          auto fragment = [&](Value shared, Value base, int64_t count) {
            SmallVector<Value> values;
            for (int64_t i = 0; i < count; ++i)
              values.push_back(memref::LoadOp::create(
                  nb, nloc, shared,
                  ValueRange{kkValue, arith::AddIOp::create(
                                          nb, nloc, base,
                                          constant(nb, nloc, i))}));
            return values;
          };
          SmallVector<Value> a = fragment(lhsTile, rowBase, tile.threadM);
          SmallVector<Value> bv = fragment(rhsTile, colBase, tile.threadN);
          for (int64_t i = 0; i < tile.threadM; ++i)
            for (int64_t j = 0; j < tile.threadN; ++j) {
              Value &slot = acc[i * tile.threadN + j];
              slot = cloneBody(nb, op, {a[i], bv[j], slot}, {})[0];
            }
        }
        gpu::BarrierOp::create(nb, nloc);
        scf::YieldOp::create(nb, nloc, acc);
      });

  for (int64_t i = 0; i < tile.threadM; ++i)
    for (int64_t j = 0; j < tile.threadN; ++j) {
      Value ok = arith::AndIOp::create(b, loc, rowOk[i], colOk[j]);
      auto guard = scf::IfOp::create(b, loc, ok, /*withElse=*/false);
      OpBuilder then = guard.getThenBodyBuilder();
      SmallVector<Value> ivs = roles.ivs(then, loc, batch, rows[i], cols[j], {});
      memref::StoreOp::create(then, loc,
                              loop.getResult(i * tile.threadN + j),
                              out->get(), applyMap(then, loc, outMap, ivs));
    }
  // Each multiply-add becomes one fma, as in a GEMM library: NVPTX keeps
  // a separate mul.rn and add.rn (which ptxas may not fuse) otherwise.
  launch.getBody().walk([](Operation *nested) {
    auto arith = dyn_cast<arith::ArithFastMathInterface>(nested);
    if (!arith || !isa<arith::MulFOp, arith::AddFOp>(nested))
      return;
    arith::FastMathFlags flags = arith::FastMathFlags::contract;
    if (arith::FastMathFlagsAttr old = arith.getFastMathFlagsAttr())
      flags = flags | old.getValue();
    nested->setAttr(arith.getFastMathAttrName(),
                    arith::FastMathFlagsAttr::get(nested->getContext(), flags));
  });
  op->erase();
}
