//===- LowerVectorTransposes.cpp - 16x16 transposes as shuffles -----------===//
//
// See Passes.td. Only the transposes that exist when the pass starts are
// rewritten (strict greedy driver), so the extracts and shuffles the
// lowering creates are not lowered again, and transposes of other shapes
// keep the default lowering.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

/// `op` as a 16x16 transpose of its operand padded with zeros, of which
/// the result is the top left corner; returns the 16x16 transpose.
Operation *padTo16x16(IRRewriter &rewriter, vector::TransposeOp op) {
  VectorType type = op.getSourceVectorType();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto square = VectorType::get({16, 16}, type.getElementType());
  Value zero = arith::ConstantOp::create(rewriter, loc, square,
                                         rewriter.getZeroAttr(square));
  Value padded = vector::InsertStridedSliceOp::create(
      rewriter, loc, op.getVector(), zero, ArrayRef<int64_t>{0, 0},
      ArrayRef<int64_t>{1, 1});
  auto transposed = vector::TransposeOp::create(rewriter, loc, padded,
                                                ArrayRef<int64_t>{1, 0});
  Value corner = vector::ExtractStridedSliceOp::create(
      rewriter, loc, transposed, ArrayRef<int64_t>{0, 0},
      op.getResultVectorType().getShape(), ArrayRef<int64_t>{1, 1});
  rewriter.replaceOp(op, corner);
  return transposed;
}

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
  }
};

} // namespace
