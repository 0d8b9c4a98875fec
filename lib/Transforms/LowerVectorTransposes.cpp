//===- LowerVectorTransposes.cpp - 16x16 transposes as shuffles -----------===//
//
// See Passes.td. Only the transposes that exist when the pass starts are
// rewritten (strict greedy driver), so the extracts and shuffles the
// lowering creates are not lowered again, and transposes of other shapes
// keep the default lowering.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xla {
#define GEN_PASS_DEF_LOWERVECTORTRANSPOSESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// Whether upstream's Shuffle16x16 lowering applies: a 2-D transpose of
/// 16x16 elements of 32 bits once unit dimensions are dropped. (For other
/// shapes that lowering falls back to one flat shuffle of the whole tile.)
bool is16x16Transpose(vector::TransposeOp op) {
  VectorType type = op.getSourceVectorType();
  if (type.isScalable() || !type.getElementType().isIntOrFloat() ||
      type.getElementTypeBitWidth() != 32)
    return false;
  SmallVector<int64_t> shape;
  for (int64_t size : type.getShape())
    if (size != 1)
      shape.push_back(size);
  return shape == SmallVector<int64_t>{16, 16};
}

/// Whether `op` is a 2-D transpose of 32-bit elements with one side of 16
/// and more than 64 elements (a packed panel of a product whose k is not
/// a multiple of 16: 16 rows of 10). Element by element, it takes about
/// one shuffle per element; padded to 16x16, the network's 64 and one
/// per row to pad.
bool isPaddableTranspose(vector::TransposeOp op) {
  VectorType type = op.getSourceVectorType();
  if (type.isScalable() || type.getRank() != 2 ||
      !type.getElementType().isIntOrFloat() ||
      type.getElementTypeBitWidth() != 32)
    return false;
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  return std::max(rows, columns) == 16 && std::min(rows, columns) < 16 &&
         rows * columns > 64;
}

/// Row `i` of the 2-D vector `v`: the value a chain of `vector.insert`s put
/// there, else an extract.
Value getRow(IRRewriter &rewriter, Location loc, Value v, int64_t i) {
  Value chain = v;
  while (auto insert = chain.getDefiningOp<vector::InsertOp>()) {
    ArrayRef<int64_t> position = insert.getStaticPosition();
    if (position.size() != 1 || ShapedType::isDynamic(position[0]))
      break;
    if (position[0] == i)
      return insert.getValueToStore();
    chain = insert.getDest();
  }
  return vector::ExtractOp::create(rewriter, loc, v, ArrayRef<int64_t>{i});
}

/// Whether `transfer` reads or writes one unmasked, in-bounds row of a
/// memref whose elements are contiguous: a masked load or store of 16 lanes
/// at the same indices touches the same elements.
bool isContiguousRowTransfer(VectorTransferOpInterface transfer) {
  auto memref = dyn_cast<MemRefType>(transfer.getBase().getType());
  return memref && memref.isLastDimUnitStride() && !transfer.getMask() &&
         transfer.getVectorType().getRank() == 1 &&
         transfer.getPermutationMap().isMinorIdentity() &&
         transfer.getInBoundsValues() == SmallVector<bool>{true};
}

/// A constant mask of the first `lanes` of 16.
Value getLaneMask(OpBuilder &rewriter, Location loc, int64_t lanes) {
  return vector::ConstantMaskOp::create(
      rewriter, loc, VectorType::get({16}, rewriter.getI1Type()),
      ArrayRef<int64_t>{lanes});
}

/// `row` in 16 lanes, the rest poison: a row read from memory is read in 16
/// lanes under a mask. Rows of 10 would be vectors of 10 lanes, which LLVM's
/// x86 back end widens and then combines shuffle by shuffle through the
/// network (a fifth of the MLP step's instruction selection).
Value widenRow(IRRewriter &rewriter, Location loc, Value row) {
  auto type = cast<VectorType>(row.getType());
  auto wide = VectorType::get({16}, type.getElementType());
  auto read = row.getDefiningOp<vector::TransferReadOp>();
  if (!read || !isContiguousRowTransfer(read)) {
    Value padding = ub::PoisonOp::create(rewriter, loc, wide);
    return vector::InsertStridedSliceOp::create(
        rewriter, loc, row, padding, ArrayRef<int64_t>{0},
        ArrayRef<int64_t>{1});
  }
  // At the read: its indices may be defined just before it.
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(read);
  Value padding = ub::PoisonOp::create(rewriter, loc, wide);
  Value mask = getLaneMask(rewriter, loc, type.getDimSize(0));
  return vector::MaskedLoadOp::create(rewriter, loc, wide, read.getBase(),
                                      read.getIndices(), mask, padding);
}

/// `op` as a 16x16 transpose of its operand padded with poison, of which
/// the result is the top left corner; returns the 16x16 transpose. The
/// corner reads no padding. Zeros there were constants that LLVM's x86
/// shuffle combining followed through the whole network: a third of the
/// MLP step's instruction selection went to one 16x10 panel. Rows shorter
/// than 16 are read and written in 16 lanes under a mask where they meet
/// memory (WriteRowUnderMask), for the same reason.
Operation *padTo16x16(IRRewriter &rewriter, vector::TransposeOp op) {
  VectorType type = op.getSourceVectorType();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto square = VectorType::get({16, 16}, type.getElementType());
  Value padded = ub::PoisonOp::create(rewriter, loc, square);
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  for (int64_t i = 0; i < rows; ++i) {
    Value row = getRow(rewriter, loc, op.getVector(), i);
    if (columns < 16)
      row = widenRow(rewriter, loc, row);
    padded = vector::InsertOp::create(rewriter, loc, row, padded,
                                      ArrayRef<int64_t>{i});
  }
  auto transposed = vector::TransposeOp::create(rewriter, loc, padded,
                                                ArrayRef<int64_t>{1, 0});
  // The corner row by row, so that a write of a row finds its 16 lanes.
  Value corner = ub::PoisonOp::create(rewriter, loc, op.getResultVectorType());
  for (int64_t j = 0; j < columns; ++j) {
    Value row = vector::ExtractOp::create(rewriter, loc, transposed,
                                          ArrayRef<int64_t>{j});
    if (rows < 16)
      row = vector::ExtractStridedSliceOp::create(
          rewriter, loc, row, ArrayRef<int64_t>{0}, ArrayRef<int64_t>{rows},
          ArrayRef<int64_t>{1});
    corner = vector::InsertOp::create(rewriter, loc, row, corner,
                                      ArrayRef<int64_t>{j});
  }
  rewriter.replaceOp(op, corner);
  return transposed;
}

/// A write of the first lanes of a 16-lane row, as a masked write of the
/// row: no vector of 10 lanes for LLVM to widen again.
struct WriteRowUnderMask : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    auto slice =
        write.getVector().getDefiningOp<vector::ExtractStridedSliceOp>();
    if (!slice || !isContiguousRowTransfer(write) ||
        slice.getSourceVectorType().getShape() != ArrayRef<int64_t>{16} ||
        !llvm::all_of(slice.getOffsets(), [](Attribute offset) {
          return cast<IntegerAttr>(offset).getInt() == 0;
        }))
      return failure();
    Value mask = getLaneMask(rewriter, write.getLoc(),
                             write.getVectorType().getDimSize(0));
    rewriter.replaceOpWithNewOp<vector::MaskedStoreOp>(
        write, write.getBase(), write.getIndices(), mask, slice.getSource());
    return success();
  }
};

struct LowerVectorTransposesPass
    : xla::impl::LowerVectorTransposesPassBase<LowerVectorTransposesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> targets;
    SmallVector<vector::TransposeOp> paddable;
    getOperation()->walk([&](vector::TransposeOp op) {
      if (is16x16Transpose(op))
        targets.push_back(op);
      else if (isPaddableTranspose(op))
        paddable.push_back(op);
    });
    // Corners with rows shorter than 16 (the padded ops are erased below).
    bool shortRows = llvm::any_of(paddable, [](vector::TransposeOp op) {
      return op.getResultVectorType().getDimSize(1) < 16;
    });
    IRRewriter rewriter(&getContext());
    for (vector::TransposeOp op : paddable)
      targets.push_back(padTo16x16(rewriter, op));
    if (targets.empty())
      return;
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::Shuffle16x16);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(targets, std::move(patterns), config);
    // The corners' short rows reach their writes once the extracts of
    // the corners fold.
    if (shortRows) {
      RewritePatternSet writes(&getContext());
      writes.add<WriteRowUnderMask>(&getContext());
      (void)applyPatternsGreedily(getOperation(), std::move(writes));
    }
  }
};

} // namespace
