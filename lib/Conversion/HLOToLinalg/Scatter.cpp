//===- Scatter.cpp - hlo.scatter to hloext.scatter ------------------------===//
//
// hlo.scatter becomes hloext.scatter with the same dimension numbers and
// the update computation turned into scalar code (ScalarOps.h), so the
// side dialect never sees hlo. Operands and updates are converted to the
// computation's (possibly promoted) types. Indices are normalized in one
// linalg.generic, because hloext.scatter reads them as signed and has no
// batching dimensions:
//  - unsigned indices narrower than 64 bits are zero-extended to i64;
//  - batching dimensions become extra index-vector components: the position
//    along each scatter_indices_batching_dim is appended to the index vector
//    and addresses the matching input_batching_dim, which is then an
//    inserted window dimension like any other indexed one.
//
//===----------------------------------------------------------------------===//

#include "HLOExtRegion.h"
#include "Rewriters.h"
#include "ScalarUtils.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// Builds i64 indices for hloext.scatter from the converted `indices`
/// (whose hlo element type `hloType` gives the signedness): index vectors
/// along `indexVectorDim` (a trailing one is implicit) extended by the
/// positions along `batchingDims`. Returns the new index_vector_dim too.
std::pair<Value, int64_t> buildIndices(OpBuilder &b, Location loc,
                                       Value indices, Type hloType,
                                       int64_t indexVectorDim,
                                       ArrayRef<int64_t> batchingDims) {
  auto type = cast<RankedTensorType>(indices.getType());
  int64_t rank = type.getRank();
  bool hasVectorDim = indexVectorDim < rank;
  int64_t depth = hasVectorDim ? type.getDimSize(indexVectorDim) : 1;
  SmallVector<int64_t> shape(type.getShape());
  if (hasVectorDim)
    shape[indexVectorDim] = depth + batchingDims.size();
  else if (!batchingDims.empty())
    shape.push_back(depth + batchingDims.size());
  bool newHasVectorDim = indexVectorDim < static_cast<int64_t>(shape.size());

  Type i64 = b.getI64Type();
  auto resultType = RankedTensorType::get(shape, i64);
  Value init = tensor::EmptyOp::create(b, loc, shape, i64);
  int64_t newRank = resultType.getRank();
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, ValueRange{}, init,
      b.getMultiDimIdentityMap(newRank),
      SmallVector<utils::IteratorType>(newRank,
                                       utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange) {
        SmallVector<Value> position;
        for (int64_t d = 0; d < newRank; ++d)
          position.push_back(linalg::IndexOp::create(b, loc, d));
        // Batching components force an explicit vector dimension.
        Value component = newHasVectorDim ? position[indexVectorDim] : Value();
        // Read the original component (clamped, as the batching components
        // lie past the end of the original vector).
        SmallVector<Value> source(position);
        if (hasVectorDim)
          source[indexVectorDim] = arith::MinUIOp::create(
              b, loc, component,
              arith::ConstantIndexOp::create(b, loc, depth - 1));
        else if (newHasVectorDim)
          source.pop_back();
        Value value = tensor::ExtractOp::create(b, loc, indices, source);
        if (value.getType() != i64)
          value = isUnsignedInt(hloType)
                      ? arith::ExtUIOp::create(b, loc, i64, value).getResult()
                      : arith::ExtSIOp::create(b, loc, i64, value).getResult();
        for (auto [i, dim] : llvm::enumerate(batchingDims)) {
          Value isBatch = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq, component,
              arith::ConstantIndexOp::create(b, loc, depth + i));
          Value batchIndex =
              arith::IndexCastOp::create(b, loc, i64, position[dim]);
          value = arith::SelectOp::create(b, loc, isBatch, batchIndex, value);
        }
        linalg::YieldOp::create(b, loc, value);
      });
  return {generic.getResult(0), indexVectorDim};
}

/// `tensor` with its elements converted from hlo type `from` to `to`.
Value convertTensor(OpBuilder &b, Location loc, Value tensor, Type from,
                    Type to) {
  if (from == to)
    return tensor;
  auto type = cast<RankedTensorType>(tensor.getType());
  int64_t rank = type.getRank();
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(),
                                       convertElementType(to));
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), tensor, init, maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(b, loc,
                                emitConvert(b, loc, args[0], from, to));
      });
  return generic.getResult(0);
}

struct ScatterToHLOExt : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    for (Type type : op->getOperandTypes())
      if (!cast<ShapedType>(type).hasStaticShape())
        return rewriter.notifyMatchFailure(op, "needs static shapes");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return failure();

    ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
    Value indices = adaptor.getScatterIndices();
    int64_t indexVectorDim = dims.getIndexVectorDim();
    Type indexType = getElementTypeOrSelf(op.getScatterIndices().getType());
    bool narrowUnsigned =
        isUnsignedInt(indexType) && indexType.getIntOrFloatBitWidth() < 64;
    ArrayRef<int64_t> batchingDims = dims.getScatterIndicesBatchingDims();
    if (narrowUnsigned || !batchingDims.empty())
      std::tie(indices, indexVectorDim) = buildIndices(
          rewriter, loc, indices, indexType, indexVectorDim, batchingDims);

    SmallVector<int64_t> toOperand(dims.getScatterDimsToOperandDims());
    llvm::append_range(toOperand, dims.getInputBatchingDims());
    SmallVector<int64_t> inserted(dims.getInsertedWindowDims());
    llvm::append_range(inserted, dims.getInputBatchingDims());
    llvm::sort(inserted);

    // The update computation may work in wider types than the operands
    // (the spec's promotion); the results have its types. Operands and
    // updates are converted up front so hloext.scatter sees one type each.
    SmallVector<Value> inputs, updates;
    for (auto [input, update, hloInput, hloUpdate, result] :
         llvm::zip(adaptor.getInputs(), adaptor.getUpdates(), op.getInputs(),
                   op.getUpdates(), op.getResults())) {
      Type to = getElementTypeOrSelf(result.getType());
      inputs.push_back(convertTensor(rewriter, loc, input,
                                     getElementTypeOrSelf(hloInput.getType()),
                                     to));
      updates.push_back(convertTensor(
          rewriter, loc, update, getElementTypeOrSelf(hloUpdate.getType()),
          to));
    }
    auto scatter = hloext::ScatterOp::create(
        rewriter, loc, resultTypes, indices, updates, inputs,
        dims.getUpdateWindowDims(), inserted, toOperand,
        indexVectorDim, op.getUniqueIndices());
    if (failed(buildHLOExtRegion(rewriter, loc, op.getUpdateComputation(),
                                 scatter.getCombiner()))) {
      rewriter.eraseOp(scatter);
      // No other pattern can lower this op: say why.
      return op.emitOpError("update_computation must be elementwise code on "
                            "0-d tensors to be lowered");
    }
    rewriter.replaceOp(op, scatter.getResults());
    return success();
  }
};

} // namespace

void populateScatterToHLOExtPatterns(MLIRContext *context,
                                     const TypeConverter &converter,
                                     RewritePatternSet &patterns) {
  patterns.add<ScatterToHLOExt>(converter, context);
}

} // namespace xla::hlo::detail
