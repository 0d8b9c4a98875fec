//===- Sort.cpp - hlo.sort to hloext.sort ---------------------------------===//
//
// hlo.sort becomes hloext.sort on the converted inputs, which it sorts in
// place (bufferization copies them where they are still needed). The
// comparator becomes scalar code (ScalarOps.h); its arguments keep hlo's
// order (lhs0, rhs0, lhs1, rhs1, ...). hloext.sort is always stable, which
// is also a valid answer when `is_stable` is false.
//
//===----------------------------------------------------------------------===//

#include "HLOExtRegion.h"
#include "Rewriters.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

struct SortToHLOExt : OpConversionPattern<SortOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getInputs().front().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return failure();
    int64_t dimension = op.getDimension();
    if (dimension < 0)
      dimension += type.getRank();

    auto sort = hloext::SortOp::create(rewriter, loc, resultTypes,
                                       adaptor.getInputs(), dimension);
    if (failed(buildHLOExtRegion(rewriter, loc, op.getComparator(),
                                 sort.getComparator()))) {
      rewriter.eraseOp(sort);
      // No other pattern can lower this op: say why.
      return op.emitOpError("comparator must be elementwise code on 0-d "
                            "tensors to be lowered");
    }
    rewriter.replaceOp(op, sort.getResults());
    return success();
  }
};

} // namespace

void populateSortToHLOExtPatterns(MLIRContext *context,
                                  const TypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<SortToHLOExt>(converter, context);
}

} // namespace xla::hlo::detail
