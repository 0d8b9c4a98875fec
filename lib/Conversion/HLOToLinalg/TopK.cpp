//===- TopK.cpp - chlo.top_k to hloext.sort -------------------------------===//
//
// top_k sorts each last-dimension vector together with its positions (an
// iota), in descending order, and keeps the first k of both; the stable
// sort keeps equal elements in their original order, as top_k requires.
// Like CHLO's own decomposition, floats compare in total order (NaN above
// +inf) and integers by their signedness. The comparator is written as an
// hlo body on 0-d tensors and turned into scalar code like any other, so
// compare semantics live in one place (ScalarOps.h).
//
//===----------------------------------------------------------------------===//

#include "HLOExtRegion.h"
#include "Rewriters.h"
#include "ScalarUtils.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

/// Builds `(lhs, rhs, lhs_index, rhs_index) -> lhs > rhs` on 0-d tensors of
/// hlo element type `element` as the body of a detached op (a region needs
/// a parent to be walked), which the caller erases.
scf::ExecuteRegionOp buildGreaterThanBody(MLIRContext *context, Location loc,
                                          Type element) {
  OpBuilder b(context);
  auto holder = scf::ExecuteRegionOp::create(b, loc, TypeRange());
  auto scalar = RankedTensorType::get({}, element);
  auto index = RankedTensorType::get({}, b.getI32Type());
  Block *block =
      b.createBlock(&holder.getRegion(), {}, {scalar, scalar, index, index},
                    {loc, loc, loc, loc});
  ComparisonType type = isa<FloatType>(element) ? ComparisonType::TOTALORDER
                        : isUnsignedInt(element) || element.isInteger(1)
                            ? ComparisonType::UNSIGNED
                            : ComparisonType::SIGNED;
  Value greater = CompareOp::create(
      b, loc, block->getArgument(0), block->getArgument(1),
      ComparisonDirectionAttr::get(context, ComparisonDirection::GT),
      ComparisonTypeAttr::get(context, type));
  ReturnOp::create(b, loc, greater);
  return holder;
}

struct TopKToHLOExt : OpConversionPattern<TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto hloType = cast<RankedTensorType>(op.getOperand().getType());
    if (!hloType.hasStaticShape() || hloType.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "needs a static shape");
    Value operand = adaptor.getOperand();
    auto type = cast<RankedTensorType>(operand.getType());
    int64_t rank = type.getRank();

    auto indexType = RankedTensorType::get(type.getShape(),
                                           rewriter.getI32Type());
    Value positions =
        linalg::GenericOp::create(
            rewriter, loc, indexType, ValueRange{},
            tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                    rewriter.getI32Type())
                .getResult(),
            rewriter.getMultiDimIdentityMap(rank),
            SmallVector<utils::IteratorType>(rank,
                                             utils::IteratorType::parallel),
            [&](OpBuilder &b, Location loc, ValueRange) {
              Value position = linalg::IndexOp::create(b, loc, rank - 1);
              Value index = arith::IndexCastOp::create(
                  b, loc, b.getI32Type(), position);
              linalg::YieldOp::create(b, loc, index);
            })
            .getResult(0);

    auto sort = hloext::SortOp::create(
        rewriter, loc, TypeRange{type, indexType},
        ValueRange{operand, positions}, rank - 1);
    scf::ExecuteRegionOp comparator = buildGreaterThanBody(
        rewriter.getContext(), loc, hloType.getElementType());
    llvm::scope_exit eraseComparator([&] { comparator->erase(); });
    if (failed(buildHLOExtRegion(rewriter, loc, comparator.getRegion(),
                                 sort.getComparator()))) {
      rewriter.eraseOp(sort);
      return op.emitOpError("has no scalar comparison for ")
             << hloType.getElementType();
    }

    // The first k of every vector.
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes = getAsIndexOpFoldResult(
        rewriter.getContext(), type.getShape());
    sizes.back() = rewriter.getIndexAttr(op.getK());
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<Value> results;
    for (Value sorted : sort.getResults())
      results.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, sorted, offsets, sizes, strides));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateTopKToHLOExtPatterns(MLIRContext *context,
                                  const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<TopKToHLOExt>(converter, context);
}

} // namespace xla::hlo::detail
