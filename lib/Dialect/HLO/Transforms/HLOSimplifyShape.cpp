//===- HLOSimplifyShape.cpp - identity shape ops and compositions ---------===//
//
// Shape ops that move no element (an identity permutation, a full slice, no
// padding, ...) are replaced by their operand, and chains of reshapes or
// transposes become one op. An identity op is only removed when its result
// type is exactly its operand's, so a refined result type (a static size for
// a dynamic one, bounds, quantization parameters) is never lost.
//
//===----------------------------------------------------------------------===//

#include "HLOSimplify.h"

#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace xla::hlo;
using xla::hlo::simplify::replaceWith;

namespace {

/// `dims` is [0, 1, ..., dims.size() - 1].
bool isIota(ArrayRef<int64_t> dims) {
  return llvm::equal(dims, llvm::seq<int64_t>(0, dims.size()));
}

bool isAllZero(ArrayRef<int64_t> values) {
  return llvm::all_of(values, [](int64_t v) { return v == 0; });
}

/// Replaces an op that moves no element by its first operand, when the
/// types agree exactly (see replaceWith).
template <typename OpTy>
struct IdentityShapeOp : OpRewritePattern<OpTy> {
  using Predicate = bool (*)(OpTy);
  IdentityShapeOp(MLIRContext *ctx, Predicate isIdentityOp)
      : OpRewritePattern<OpTy>(ctx), isIdentityOp(isIdentityOp) {}
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!isIdentityOp(op))
      return failure();
    return replaceWith(rewriter, op, op->getOperand(0));
  }
  Predicate isIdentityOp;
};

/// reshape(x) with the type of x.
bool isIdentity(ReshapeOp) { return true; }

/// transpose(x) by [0, 1, ..., rank - 1].
bool isIdentity(TransposeOp op) { return isIota(op.getPermutation()); }

/// broadcast_in_dim(x) with dims [0, ..., rank - 1] (other dims of the same
/// type permute x).
bool isIdentity(BroadcastInDimOp op) {
  return isIota(op.getBroadcastDimensions());
}

/// slice(x) [0:size(x, d):1 for every d].
bool isIdentity(SliceOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  return type.hasStaticShape() && isAllZero(op.getStartIndices()) &&
         op.getLimitIndices() == type.getShape() &&
         llvm::all_of(op.getStrides(), [](int64_t s) { return s == 1; });
}

/// pad(x) with no edge or interior padding.
bool isIdentity(PadOp op) {
  return isAllZero(op.getEdgePaddingLow()) &&
         isAllZero(op.getEdgePaddingHigh()) &&
         isAllZero(op.getInteriorPadding());
}

/// reverse(x) along no dimension, or only along dimensions of size 1.
bool isIdentity(ReverseOp op) {
  auto type = cast<RankedTensorType>(op.getOperand().getType());
  return llvm::all_of(op.getDimensions(),
                      [&](int64_t d) { return type.getDimSize(d) == 1; });
}

/// concatenate(x) of a single input.
bool isIdentity(ConcatenateOp op) { return op.getInputs().size() == 1; }

/// reshape(reshape(x)) = reshape(x): both keep the row-major element order.
struct ReshapeOfReshape : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(),
                                           inner.getOperand());
    return success();
  }
};

/// broadcast_in_dim(broadcast_in_dim(x, inner), outer) = broadcast_in_dim(x,
/// composed): operand dimension i goes to inner's dims[i], and that one to
/// outer's dims[inner's dims[i]]. Not part of hlo-simplify (it would change
/// what fusion planning sees); hlo-normalize-fusions uses it inside fusions.
struct BroadcastOfBroadcast : OpRewritePattern<BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<BroadcastInDimOp>();
    if (!inner)
      return failure();
    ArrayRef<int64_t> outerDims = op.getBroadcastDimensions();
    SmallVector<int64_t> composed = llvm::map_to_vector(
        inner.getBroadcastDimensions(),
        [&](int64_t d) { return outerDims[d]; });
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(op, op.getType(),
                                                  inner.getOperand(), composed);
    return success();
  }
};

/// transpose(transpose(x, inner), outer) = transpose(x, composed): result
/// dimension i is inner's dimension outer[i], which is x's dimension
/// inner[outer[i]].
struct TransposeOfTranspose : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<TransposeOp>();
    if (!inner)
      return failure();
    ArrayRef<int64_t> innerPerm = inner.getPermutation();
    SmallVector<int64_t> composed = llvm::map_to_vector(
        op.getPermutation(), [&](int64_t d) { return innerPerm[d]; });
    rewriter.replaceOpWithNewOp<TransposeOp>(op, op.getType(),
                                             inner.getOperand(), composed);
    return success();
  }
};

} // namespace

template <typename OpTy>
static void addIdentity(RewritePatternSet &patterns) {
  patterns.add<IdentityShapeOp<OpTy>>(patterns.getContext(),
                                      static_cast<bool (*)(OpTy)>(isIdentity));
}

void xla::hlo::simplify::populateShapePatterns(RewritePatternSet &patterns) {
  addIdentity<ReshapeOp>(patterns);
  addIdentity<TransposeOp>(patterns);
  addIdentity<BroadcastInDimOp>(patterns);
  addIdentity<SliceOp>(patterns);
  addIdentity<PadOp>(patterns);
  addIdentity<ReverseOp>(patterns);
  addIdentity<ConcatenateOp>(patterns);
  patterns.add<ReshapeOfReshape, TransposeOfTranspose>(patterns.getContext());
}

void xla::hlo::populateHLOShapeChainPatterns(RewritePatternSet &patterns) {
  addIdentity<ReshapeOp>(patterns);
  patterns.add<ReshapeOfReshape, BroadcastOfBroadcast>(patterns.getContext());
}
