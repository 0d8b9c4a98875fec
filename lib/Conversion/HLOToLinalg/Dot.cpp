//===- Dot.cpp - dot and dot_general to linalg ----------------------------===//
//
// A contraction iterates over (batch..., lhs free..., rhs free...,
// contracting...) and accumulates into a zero-filled output. The canonical
// layouts become named ops (matmul, batch_matmul, matvec, vecmat, dot) so
// later tiling, packing and vectorization can recognize them. Transposed
// matmul and batch_matmul layouts stay named ops too: linalg.matmul and
// linalg.batch_matmul take explicit indexing maps, which avoids
// materializing a transposed copy and keeps the contraction visible to the
// vectorizer (it becomes a vector.contract with the transposed maps).
// Everything else (several batch or contracting dimensions, batch
// dimensions not in front, i1, complex, element types whose conversion the
// named ops' built-in cast would get wrong) is a linalg.generic with the
// same maps.
//
// precision_config and algorithm are ignored: the CPU always computes in
// the accumulation type below, which is at least as precise as any
// precision the attributes can ask for. f16 and bf16 results accumulate in
// f32 and are rounded once at the end.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "ScalarOps.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

struct ContractionDims {
  ArrayRef<int64_t> lhsBatch, rhsBatch, lhsContracting, rhsContracting;
};

/// Indexing maps over the loops (batch..., lhs free..., rhs free...,
/// contracting...) for lhs, rhs and the result.
SmallVector<AffineMap> contractionMaps(MLIRContext *context, int64_t lhsRank,
                                       int64_t rhsRank,
                                       const ContractionDims &dims,
                                       int64_t &numParallel) {
  int64_t numBatch = dims.lhsBatch.size();
  int64_t lhsFree = lhsRank - numBatch - dims.lhsContracting.size();
  int64_t rhsFree = rhsRank - numBatch - dims.rhsContracting.size();
  numParallel = numBatch + lhsFree + rhsFree;
  int64_t numLoops = numParallel + dims.lhsContracting.size();
  auto operandMap = [&](int64_t rank, ArrayRef<int64_t> batch,
                        ArrayRef<int64_t> contracting, int64_t freeStart) {
    SmallVector<int64_t> loops;
    int64_t nextFree = freeStart;
    for (int64_t d = 0; d < rank; ++d) {
      if (const auto *it = llvm::find(batch, d); it != batch.end())
        loops.push_back(it - batch.begin());
      else if (const auto *it = llvm::find(contracting, d);
               it != contracting.end())
        loops.push_back(numParallel + (it - contracting.begin()));
      else
        loops.push_back(nextFree++);
    }
    return selectDims(context, numLoops, loops);
  };
  SmallVector<int64_t> resultLoops =
      llvm::to_vector(llvm::seq<int64_t>(0, numParallel));
  return {operandMap(lhsRank, dims.lhsBatch, dims.lhsContracting, numBatch),
          operandMap(rhsRank, dims.rhsBatch, dims.rhsContracting,
                     numBatch + lhsFree),
          selectDims(context, numLoops, resultLoops)};
}

/// Builds the named op for the canonical layouts; returns null if none fits.
Value buildNamedContraction(OpBuilder &b, Location loc, Value lhs, Value rhs,
                            Value init, ArrayRef<AffineMap> maps,
                            const ContractionDims &dims,
                            linalg::TypeFn castFn) {
  int64_t lhsRank = cast<ShapedType>(lhs.getType()).getRank();
  int64_t rhsRank = cast<ShapedType>(rhs.getType()).getRank();
  if (dims.lhsContracting.size() != 1)
    return Value();
  SmallVector<NamedAttribute> attrs;
  if (castFn != linalg::TypeFn::cast_signed)
    attrs.push_back(b.getNamedAttr(
        "cast", linalg::TypeFnAttr::get(b.getContext(), castFn)));
  Type resultType = init.getType();
  ArrayAttr mapsAttr = b.getAffineMapArrayAttr(maps);
  if (dims.lhsBatch.empty() && lhsRank == 2 && rhsRank == 2) {
    auto op = linalg::MatmulOp::create(b, loc, resultType, {lhs, rhs}, init,
                                       attrs);
    op.setIndexingMapsAttr(mapsAttr);
    return op.getResult(0);
  }
  if (dims.lhsBatch.size() == 1 && lhsRank == 3 && rhsRank == 3 &&
      dims.lhsBatch[0] == 0 && dims.rhsBatch[0] == 0) {
    auto op = linalg::BatchMatmulOp::create(b, loc, resultType, {lhs, rhs},
                                            init, attrs);
    op.setIndexingMapsAttr(mapsAttr);
    return op.getResult(0);
  }
  // matvec, vecmat and dot have fixed maps and always cast signed.
  if (!dims.lhsBatch.empty() || castFn != linalg::TypeFn::cast_signed)
    return Value();
  if (lhsRank == 2 && rhsRank == 1 && dims.lhsContracting[0] == 1)
    return linalg::MatvecOp::create(b, loc, resultType, {lhs, rhs}, init)
        .getResult(0);
  if (lhsRank == 1 && rhsRank == 2 && dims.rhsContracting[0] == 0)
    return linalg::VecmatOp::create(b, loc, resultType, {lhs, rhs}, init)
        .getResult(0);
  if (lhsRank == 1 && rhsRank == 1)
    return linalg::DotOp::create(b, loc, resultType, {lhs, rhs}, init)
        .getResult(0);
  return Value();
}

/// Lowers a contraction of `lhs` and `rhs` (codegen values) whose hlo
/// types are those of `op`'s operands and result.
LogicalResult lowerContraction(Operation *op, Value lhs, Value rhs,
                               const ContractionDims &dims,
                               ConversionPatternRewriter &rewriter) {
  auto hloResultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  auto lhsHloType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhsHloType = cast<RankedTensorType>(op->getOperand(1).getType());
  if (!hloResultType || !hloResultType.hasStaticShape() ||
      !lhsHloType.hasStaticShape() || !rhsHloType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "needs static shapes");
  Location loc = op->getLoc();
  MLIRContext *context = rewriter.getContext();
  Type lhsElem = lhsHloType.getElementType();
  Type rhsElem = rhsHloType.getElementType();
  Type resultElem = hloResultType.getElementType();
  Type accElem = accumulatorType(resultElem);
  auto accTensorType = RankedTensorType::get(hloResultType.getShape(),
                                             convertElementType(accElem));

  Value zero = emitScalarConstant(rewriter, loc,
                                  accTensorType.getElementType(), 0.0);
  Value init = filledTensor(rewriter, loc, accTensorType, zero);
  int64_t numParallel;
  SmallVector<AffineMap> maps = contractionMaps(
      context, lhsHloType.getRank(), rhsHloType.getRank(), dims, numParallel);

  Value result;
  if (std::optional<linalg::TypeFn> castFn =
          namedOpCast(lhsElem, rhsElem, accElem))
    result = buildNamedContraction(rewriter, loc, lhs, rhs, init, maps, dims,
                                   *castFn);
  if (!result) {
    int64_t numLoops = maps.front().getNumDims();
    SmallVector<utils::IteratorType> iterators(numLoops,
                                               utils::IteratorType::reduction);
    std::fill_n(iterators.begin(), numParallel,
                utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, accTensorType, ValueRange{lhs, rhs}, init, maps,
        iterators, [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          linalg::YieldOp::create(
              b, nestedLoc,
              emitMultiplyAdd(b, nestedLoc, args[0], args[1], args[2],
                              lhsElem, rhsElem, accElem));
        });
    result = generic.getResult(0);
  }
  if (accElem != resultElem)
    result = convertTensor(rewriter, loc, result, accElem, resultElem);
  rewriter.replaceOp(op, result);
  return success();
}

struct DotGeneralToLinalg : OpConversionPattern<DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DotDimensionNumbersAttr numbers = op.getDotDimensionNumbers();
    // The contracting loops go in the lhs's dimension order, whatever order
    // the op lists them in (the sum's order is the implementation's): the
    // innermost loop then walks the lhs's innermost contracting dimension,
    // and adjacent dimensions of a row-major operand nest like one k loop.
    SmallVector<std::pair<int64_t, int64_t>> pairs;
    for (auto [l, r] : llvm::zip_equal(numbers.getLhsContractingDimensions(),
                                       numbers.getRhsContractingDimensions()))
      pairs.push_back({l, r});
    llvm::sort(pairs);
    SmallVector<int64_t> lhsContracting, rhsContracting;
    for (auto [l, r] : pairs) {
      lhsContracting.push_back(l);
      rhsContracting.push_back(r);
    }
    ContractionDims dims{numbers.getLhsBatchingDimensions(),
                         numbers.getRhsBatchingDimensions(), lhsContracting,
                         rhsContracting};
    return lowerContraction(op, adaptor.getLhs(), adaptor.getRhs(), dims,
                            rewriter);
  }
};

/// dot contracts the last dimension of lhs with the first of rhs.
struct DotToLinalg : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t lhsLast = cast<RankedTensorType>(op.getLhs().getType()).getRank() - 1;
    int64_t rhsFirst = 0;
    ContractionDims dims{{}, {}, lhsLast, rhsFirst};
    return lowerContraction(op, adaptor.getLhs(), adaptor.getRhs(), dims,
                            rewriter);
  }
};

} // namespace

void populateDotToLinalgPatterns(MLIRContext *context,
                                 const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<DotGeneralToLinalg, DotToLinalg>(converter, context);
}

} // namespace xla::hlo::detail
