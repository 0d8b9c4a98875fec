//===- SelectAndScatter.cpp - hlo.select_and_scatter to hloext ------------===//
//
// hlo.select_and_scatter becomes hloext.select_and_scatter into a tensor
// filled with `init_value`; the select and scatter bodies become scalar
// code. Absent window dimensions and strides are 1, absent padding 0.
//
//===----------------------------------------------------------------------===//

#include "HLOExtRegion.h"
#include "Rewriters.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

struct SelectAndScatterToHLOExt : OpConversionPattern<SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    if (!type.hasStaticShape() ||
        !cast<ShapedType>(op.getSource().getType()).hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    auto resultType = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    int64_t rank = type.getRank();

    auto orOnes = [&](std::optional<ArrayRef<int64_t>> attr) {
      return attr ? SmallVector<int64_t>(*attr) : SmallVector<int64_t>(rank, 1);
    };
    SmallVector<int64_t> window = orOnes(op.getWindowDimensions());
    SmallVector<int64_t> strides = orOnes(op.getWindowStrides());
    SmallVector<int64_t> low(rank, 0), high(rank, 0);
    if (std::optional<DenseIntElementsAttr> padding = op.getPadding()) {
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d) {
        low[d] = values[2 * d];
        high[d] = values[2 * d + 1];
      }
    }

    Value empty = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                          resultType.getElementType());
    Value initValue =
        tensor::ExtractOp::create(rewriter, loc, adaptor.getInitValue());
    Value init =
        linalg::FillOp::create(rewriter, loc, initValue, empty).getResult(0);
    auto newOp = hloext::SelectAndScatterOp::create(
        rewriter, loc, resultType, adaptor.getOperand(), adaptor.getSource(),
        init, window, strides, low, high);
    for (auto [body, target, name] :
         {std::tuple(&op.getSelect(), &newOp.getSelect(), "select"),
          std::tuple(&op.getScatter(), &newOp.getScatter(), "scatter")}) {
      if (failed(buildHLOExtRegion(rewriter, loc, *body, *target))) {
        rewriter.eraseOp(newOp);
        // No other pattern can lower this op: say why.
        return op.emitOpError()
               << name << " must be elementwise code on 0-d tensors to be "
               << "lowered";
      }
    }
    rewriter.replaceOp(op, newOp.getResult());
    return success();
  }
};

} // namespace

void populateSelectAndScatterToHLOExtPatterns(
    MLIRContext *context, const TypeConverter &converter,
    RewritePatternSet &patterns) {
  patterns.add<SelectAndScatterToHLOExt>(converter, context);
}

} // namespace xla::hlo::detail
