//===- VectorizeContraction.cpp - register tiles of contractions ----------===//
//
// The upstream vectorizer turns a linalg.generic contraction into broadcast
// reads of every operand to the full iteration shape, a multiply and a
// multi-reduction, which the contraction lowerings then cannot recognize as
// a matmul: LLVM ends up with one horizontal reduction per element. With the
// contracting loops tiled by 1, a register tile is exactly an outer
// product, which lowers to one broadcast and FMA per accumulator row.
//
//===----------------------------------------------------------------------===//

#include "VectorizeContraction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

/// True if the body is exactly `out + lhs * rhs`, all three of one type
/// (no casts between them).
static bool isPlainMulAdd(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return false;
  Block *body = op.getBlock();
  if (body->getOperations().size() != 3 ||
      !llvm::all_equal(body->getArgumentTypes()))
    return false;
  return linalg::detail::isContractionBody(
      *body, [](Operation *mul, Operation *add) {
        return (isa<arith::MulFOp>(mul) && isa<arith::AddFOp>(add)) ||
               (isa<arith::MulIOp>(mul) && isa<arith::AddIOp>(add));
      });
}

/// The result position of loop `dim` in `map`, if it is indexed directly.
static std::optional<unsigned> resultPosition(AffineMap map, unsigned dim) {
  return map.getResultPosition(getAffineDimExpr(dim, map.getContext()));
}

FailureOr<Value> xla::vectorizeContractionTile(RewriterBase &rewriter,
                                               linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || !isPlainMulAdd(op))
    return failure();
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.empty() || dims->n.empty())
    return failure();
  unsigned mDim = dims->m.back(), nDim = dims->n.back();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [d, range] : llvm::enumerate(ranges))
    if (d != mDim && d != nDim && range != 1)
      return failure();

  OpOperand *lhs = op.getDpsInputOperand(0), *rhs = op.getDpsInputOperand(1);
  OpOperand *out = op.getDpsInitOperand(0);
  std::optional<unsigned> lhsM =
      resultPosition(op.getMatchingIndexingMap(lhs), mDim);
  std::optional<unsigned> rhsN =
      resultPosition(op.getMatchingIndexingMap(rhs), nDim);
  AffineMap outMap = op.getMatchingIndexingMap(out);
  std::optional<unsigned> outM = resultPosition(outMap, mDim);
  std::optional<unsigned> outN = resultPosition(outMap, nDim);
  if (!lhsM || !rhsN || !outM || !outN)
    return failure();

  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  Type element = getElementTypeOrSelf(out->get().getType());
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  auto zeros = [&](Value source) {
    return SmallVector<Value>(cast<ShapedType>(source.getType()).getRank(),
                              zero);
  };
  auto rank = [](Value source) {
    return cast<ShapedType>(source.getType()).getRank();
  };
  // Each tile starts at 0 in its slice; the transfers select the m and n
  // dimensions of the operands and drop the unit ones.
  auto read1D = [&](Value source, unsigned position, int64_t size) -> Value {
    AffineMap map = AffineMap::get(rank(source), 0,
                                   getAffineDimExpr(position, context));
    return vector::TransferReadOp::create(
        rewriter, loc, VectorType::get({size}, element), source,
        zeros(source), std::nullopt, map, ArrayRef<bool>{true});
  };
  Value lhsVector = read1D(lhs->get(), *lhsM, ranges[mDim]);
  Value rhsVector = read1D(rhs->get(), *rhsN, ranges[nDim]);

  Value init = out->get();
  auto accType = VectorType::get({ranges[mDim], ranges[nDim]}, element);
  if (*outM < *outN) {
    // The accumulator is the whole output tile, unit dimensions included,
    // so that the write folds into the loop-carried tensor (a rank-reducing
    // write does not) and the tile can be hoisted out of the k loop.
    auto tileType = cast<RankedTensorType>(init.getType());
    auto fullType = VectorType::get(tileType.getShape(), element);
    SmallVector<bool> inBounds(tileType.getRank(), true);
    Value tile = vector::TransferReadOp::create(
        rewriter, loc, fullType, init, zeros(init), std::nullopt, inBounds);
    Value acc = vector::ShapeCastOp::create(rewriter, loc, accType, tile);
    Value update = vector::OuterProductOp::create(rewriter, loc, accType,
                                                  lhsVector, rhsVector, acc);
    Value result = vector::ShapeCastOp::create(rewriter, loc, fullType, update);
    return vector::TransferWriteOp::create(rewriter, loc, result, init,
                                           zeros(init), inBounds)
        .getResult();
  }
  AffineMap accMap = AffineMap::get(rank(init), 0,
                                    {getAffineDimExpr(*outM, context),
                                     getAffineDimExpr(*outN, context)},
                                    context);
  Value acc = vector::TransferReadOp::create(
      rewriter, loc, accType, init, zeros(init), std::nullopt, accMap,
      ArrayRef<bool>{true, true});
  Value update = vector::OuterProductOp::create(rewriter, loc, accType,
                                                lhsVector, rhsVector, acc);
  return vector::TransferWriteOp::create(rewriter, loc, update, init,
                                         zeros(init), accMap,
                                         ArrayRef<bool>{true, true})
      .getResult();
}

std::optional<SmallVector<int64_t>>
xla::rhsRelayoutPermutation(ArrayRef<AffineMap> maps, ArrayRef<int64_t> ranges,
                            ShapedType rhsType, int64_t matmulRows) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(maps);
  if (failed(dims) || dims->m.empty() || dims->n.empty())
    return std::nullopt;
  // With a single row tile every rhs element is read once either way.
  int64_t rows = 1;
  for (unsigned m : dims->m)
    rows *= ranges[m];
  if (rows <= matmulRows)
    return std::nullopt;
  std::optional<unsigned> position = resultPosition(maps[1], dims->n.back());
  int64_t rank = rhsType.getRank();
  if (!position || *position == rank - 1 || !rhsType.hasStaticShape())
    return std::nullopt;
  SmallVector<int64_t> permutation;
  for (int64_t d = 0; d < rank; ++d)
    if (d != *position)
      permutation.push_back(d);
  permutation.push_back(*position);
  return permutation;
}

FailureOr<linalg::GenericOp> xla::toGeneric(RewriterBase &rewriter,
                                           linalg::LinalgOp op) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return generic;
  rewriter.setInsertionPoint(op);
  return linalg::generalizeNamedOp(rewriter, op);
}

FailureOr<linalg::LinalgOp>
xla::relayoutContractionRhs(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || !linalg::isaContractionOpInterface(op) ||
      op.getNumDpsInputs() != 2)
    return failure();
  OpOperand *rhs = op.getDpsInputOperand(1);
  auto rhsType = cast<RankedTensorType>(rhs->get().getType());
  AffineMap rhsMap = op.getMatchingIndexingMap(rhs);
  std::optional<SmallVector<int64_t>> permutation =
      rhsRelayoutPermutation(op.getIndexingMapsArray(),
                             op.getStaticLoopRanges(), rhsType,
                             /*matmulRows=*/0);
  if (!permutation)
    return failure();
  SmallVector<int64_t> shape;
  SmallVector<AffineExpr> results;
  for (int64_t d : *permutation) {
    shape.push_back(rhsType.getDimSize(d));
    results.push_back(rhsMap.getResult(d));
  }

  // Generalizing erases a named `op`: read its operands from the generic.
  FailureOr<linalg::GenericOp> asGeneric = xla::toGeneric(rewriter, op);
  if (failed(asGeneric))
    return failure();
  linalg::GenericOp generic = *asGeneric;
  rewriter.setInsertionPoint(generic);
  Location loc = generic.getLoc();
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape,
                                        rhsType.getElementType());
  Value transposed =
      linalg::TransposeOp::create(rewriter, loc,
                                  generic.getDpsInputOperand(1)->get(), empty,
                                  *permutation)
          ->getResult(0);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  maps[1] =
      AffineMap::get(rhsMap.getNumDims(), 0, results, generic.getContext());
  rewriter.modifyOpInPlace(generic, [&] {
    generic->setOperand(1, transposed);
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  return cast<linalg::LinalgOp>(generic.getOperation());
}
