//===- Map.cpp - map to linalg.generic ------------------------------------===//
//
// hlo.map applies its computation to every element: a parallel
// linalg.generic with identity maps whose body is the computation's scalar
// code. The verifier guarantees `dimensions` is [0, ..., rank - 1]. A
// generic rather than linalg.map so that elementwise fusion sees it.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

struct MapToLinalg : OpConversionPattern<MapOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!resultType || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    Region &body = op.getComputation();
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    SmallVector<AffineMap> maps(adaptor.getInputs().size() + 1,
                                rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, adaptor.getInputs(),
        emptyTensor(rewriter, loc, resultType), maps, iterators);
    auto bindArgs = [](Block *block) {
      return SmallVector<Value>(block->getArguments().drop_back());
    };
    if (failed(buildScalarBody(rewriter, op, generic, body, bindArgs)))
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateMapToLinalgPatterns(MLIRContext *context,
                                 const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<MapToLinalg>(converter, context);
}

} // namespace xla::hlo::detail
