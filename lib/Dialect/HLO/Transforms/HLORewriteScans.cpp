//===- HLORewriteScans.cpp - scans as trees of short windows ---------------===//
//
// Frameworks write a cumulative reduction (`jnp.cumsum`, `cumprod`,
// `cummax`, `lax.cumlogsumexp`) as a reduce_window whose window is the
// whole scanned dimension, padded by n - 1 on one side. Evaluated as
// written, each of the n results folds its prefix in one chain: O(n^2)
// work, and rounding error that grows with the prefix length.
//
// Blocked scan, as XLA's ReduceWindowRewriter: the dimension is split into
// blocks of `block` elements; a short scan inside each block, a scan of the
// block totals (recursively, so the depth is log_block(n)), and each
// element combined with the totals of the blocks before it:
//
//   x: [.., n, ..] --pad, reshape--> [.., m, block, ..]
//   inner  = scan of each block (window `block`)
//   totals = last column of inner (first for reverse scans) : [.., m, ..]
//   before = totals scanned, shifted by one block (the init value first)
//   result = body(before, inner) --reshape, slice--> [.., n, ..]
//
// The spec lets a reduction apply its init value any number of times at
// any positions (reduce's `schedule`), and keeps the elements in order,
// so the rewrite is legal for every body, commutative or not: the earlier
// elements always stay on the left.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla::hlo {
#define GEN_PASS_DEF_HLOREWRITESCANSPASS
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace xla::hlo

using namespace mlir;
using namespace xla::hlo;

namespace {

/// A reduce_window that is an inclusive scan along `dim`.
struct Scan {
  int64_t dim;
  bool reverse;
};

std::optional<Scan> matchScan(ReduceWindowOp op) {
  if (op.getInputs().size() != 1)
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
      op.getResult(0).getType() != type)
    return std::nullopt;
  auto allOnes = [](std::optional<ArrayRef<int64_t>> values) {
    return !values || llvm::all_of(*values, [](int64_t v) { return v == 1; });
  };
  if (!allOnes(op.getWindowStrides()) || !allOnes(op.getBaseDilations()) ||
      !allOnes(op.getWindowDilations()) || !op.getPaddingAttr())
    return std::nullopt;
  auto padding = llvm::to_vector(op.getPaddingAttr().getValues<int64_t>());
  ArrayRef<int64_t> window = op.getWindowDimensions();
  if (padding.size() != 2 * window.size() ||
      window.size() != static_cast<size_t>(type.getRank()))
    return std::nullopt;
  std::optional<Scan> scan;
  for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
    int64_t n = type.getDimSize(d), low = padding[2 * d],
            high = padding[2 * d + 1];
    if (window[d] == 1 && low == 0 && high == 0)
      continue;
    if (scan || n < 2 || window[d] != n ||
        !((low == n - 1 && high == 0) || (low == 0 && high == n - 1)))
      return std::nullopt;
    scan = Scan{d, high != 0};
  }
  return scan;
}

class ScanBuilder {
public:
  ScanBuilder(PatternRewriter &rewriter, ReduceWindowOp op, int64_t block)
      : b(rewriter), loc(op.getLoc()), op(op), block(block),
        init(op.getInitValues()[0]) {}

  /// The inclusive scan of `x` along `dim`.
  Value scan(Value x, int64_t dim, bool reverse) {
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank(), n = type.getDimSize(dim);
    if (n <= block)
      return window(x, dim, n, reverse);

    // Pad to whole blocks; forward scans pad at the end, reverse ones at
    // the start, so the padding never precedes a kept element.
    int64_t m = llvm::divideCeil(n, block), extra = m * block - n;
    if (extra)
      x = pad(x, dim, reverse ? extra : 0, reverse ? 0 : extra);

    SmallVector<int64_t> blocked(type.getShape());
    blocked[dim] = m;
    blocked.insert(blocked.begin() + dim + 1, block);
    Value inner =
        window(reshape(x, blocked, type.getElementType()), dim + 1, block,
               reverse);

    // Block totals: the last prefix of each block, or the first suffix.
    SmallVector<int64_t> start(rank + 1, 0), limit(blocked), step(rank + 1, 1);
    start[dim + 1] = reverse ? 0 : block - 1;
    limit[dim + 1] = start[dim + 1] + 1;
    SmallVector<int64_t> totalsShape(type.getShape());
    totalsShape[dim] = m;
    Value totals = reshape(SliceOp::create(b, loc, inner, start, limit, step),
                           totalsShape, type.getElementType());

    // What comes before each block: the scanned totals moved one block on.
    Value before = scan(totals, dim, reverse);
    before = reverse ? pad(before, dim, -1, 1) : pad(before, dim, 1, -1);
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d <= rank; ++d)
      if (d != dim + 1)
        dims.push_back(d);
    Value spread = BroadcastInDimOp::create(
        b, loc, RankedTensorType::get(blocked, type.getElementType()), before,
        dims);
    Value combined = reverse ? combine(inner, spread) : combine(spread, inner);

    SmallVector<int64_t> padded(type.getShape());
    padded[dim] = m * block;
    Value result = reshape(combined, padded, type.getElementType());
    if (!extra)
      return result;
    SmallVector<int64_t> keepStart(rank, 0), keepLimit(padded),
        keepStep(rank, 1);
    keepStart[dim] = reverse ? extra : 0;
    keepLimit[dim] = keepStart[dim] + n;
    return SliceOp::create(b, loc, result, keepStart, keepLimit, keepStep);
  }

private:
  /// A reduce_window scanning `size` elements along `dim` of `x`.
  Value window(Value x, int64_t dim, int64_t size, bool reverse) {
    auto type = cast<RankedTensorType>(x.getType());
    int64_t rank = type.getRank();
    SmallVector<int64_t> dims(rank, 1), padding(2 * rank, 0);
    dims[dim] = size;
    padding[2 * dim + (reverse ? 1 : 0)] = size - 1;
    auto paddingType =
        RankedTensorType::get({rank, 2}, b.getIntegerType(64));
    auto scan = ReduceWindowOp::create(
        b, loc, TypeRange{type}, ValueRange{x}, ValueRange{init},
        b.getDenseI64ArrayAttr(dims), /*window_strides=*/nullptr,
        /*base_dilations=*/nullptr, /*window_dilations=*/nullptr,
        DenseIntElementsAttr::get(paddingType, ArrayRef<int64_t>(padding)));
    cloneBody(scan.getBody());
    return scan.getResult(0);
  }

  /// body(lhs, rhs) elementwise.
  Value combine(Value lhs, Value rhs) {
    auto type = cast<RankedTensorType>(lhs.getType());
    SmallVector<int64_t> dims =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    auto map = MapOp::create(b, loc, type, ValueRange{lhs, rhs}, dims);
    cloneBody(map.getComputation());
    return map.getResult();
  }

  Value pad(Value x, int64_t dim, int64_t low, int64_t high) {
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    SmallVector<int64_t> lows(rank, 0), highs(rank, 0), interior(rank, 0);
    lows[dim] = low;
    highs[dim] = high;
    return PadOp::create(b, loc, x, init, lows, highs, interior);
  }

  Value reshape(Value x, ArrayRef<int64_t> shape, Type elementType) {
    return ReshapeOp::create(b, loc, RankedTensorType::get(shape, elementType),
                             x);
  }

  void cloneBody(Region &into) {
    IRMapping mapping;
    op.getBody().cloneInto(&into, mapping);
  }

  PatternRewriter &b;
  Location loc;
  ReduceWindowOp op;
  int64_t block;
  Value init;
};

struct RewriteScan : OpRewritePattern<ReduceWindowOp> {
  RewriteScan(MLIRContext *context, int64_t block)
      : OpRewritePattern(context), block(block) {}

  LogicalResult matchAndRewrite(ReduceWindowOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<Scan> scan = matchScan(op);
    if (!scan)
      return rewriter.notifyMatchFailure(op, "not a scan");
    auto type = cast<RankedTensorType>(op.getInputs()[0].getType());
    if (type.getDimSize(scan->dim) <= block)
      return rewriter.notifyMatchFailure(op, "scan fits in one block");
    ScanBuilder builder(rewriter, op, block);
    rewriter.replaceOp(
        op, builder.scan(op.getInputs()[0], scan->dim, scan->reverse));
    return success();
  }

  int64_t block;
};

struct HLORewriteScansPass
    : xla::hlo::impl::HLORewriteScansPassBase<HLORewriteScansPass> {
  using HLORewriteScansPassBase::HLORewriteScansPassBase;

  void runOnOperation() override {
    if (blockSize < 2) {
      getOperation()->emitError("hlo-rewrite-scans: block-size must be at "
                                "least 2, got ")
          << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populateHLORewriteScansPatterns(patterns, blockSize);
    // The rewrite creates only scans of at most `blockSize` elements, so
    // one walk over the existing ops is enough.
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      return signalPassFailure();
  }
};

} // namespace

void xla::hlo::populateHLORewriteScansPatterns(RewritePatternSet &patterns,
                                               int64_t blockSize) {
  patterns.add<RewriteScan>(patterns.getContext(), blockSize);
}
