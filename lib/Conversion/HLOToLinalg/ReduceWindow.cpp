//===- ReduceWindow.cpp - reduce_window to linalg.generic -----------------===//
//
// Like the linalg.pooling_* ops: one linalg.generic over (output dims...,
// window dims...) with a shape-only window tensor whose map makes the
// window loops' bounds known; input element (o, w) is
// `o * stride + w * window_dilation` of the padded input. The padded input
// has the init value in the padding and, for base dilations, between the
// original elements (interior padding), exactly as the spec defines the
// windows; each output starts filled with its init value.
//
// Variadic reduce_window (several inputs and inits) is one generic with
// several outputs. Inputs narrower than their accumulator (promotable
// types) are converted before padding so the padding holds the init value
// itself.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

SmallVector<int64_t> valuesOr(std::optional<ArrayRef<int64_t>> values,
                              int64_t rank, int64_t fallback) {
  if (values)
    return llvm::to_vector(*values);
  return SmallVector<int64_t>(rank, fallback);
}

struct ReduceWindowToLinalg : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    int64_t numInputs = op.getInputs().size();
    auto inputType = cast<RankedTensorType>(op.getInputs()[0].getType());
    int64_t rank = inputType.getRank();
    SmallVector<Type> resultTypes;
    if (failed(convertToStaticTensorTypes(*getTypeConverter(),
                                          op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "needs static result shapes");
    if (!inputType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static input shapes");
    Region &body = op.getBody();

    ArrayRef<int64_t> window = op.getWindowDimensions();
    SmallVector<int64_t> strides = valuesOr(op.getWindowStrides(), rank, 1);
    SmallVector<int64_t> baseDilations =
        valuesOr(op.getBaseDilations(), rank, 1);
    SmallVector<int64_t> windowDilations =
        valuesOr(op.getWindowDilations(), rank, 1);
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior;
    if (auto padding = op.getPaddingAttr()) {
      auto values = llvm::to_vector(padding.getValues<int64_t>());
      for (int64_t d = 0; d < rank; ++d) {
        low[d] = values[2 * d];
        high[d] = values[2 * d + 1];
      }
    }
    for (int64_t dilation : baseDilations)
      interior.push_back(dilation - 1);

    // Loops: output dims d0..d{rank-1}, then window dims.
    SmallVector<AffineExpr> inputExprs;
    for (int64_t d = 0; d < rank; ++d)
      inputExprs.push_back(getAffineDimExpr(d, context) * strides[d] +
                           getAffineDimExpr(rank + d, context) *
                               windowDilations[d]);
    AffineMap inputMap = AffineMap::get(2 * rank, 0, inputExprs, context);
    AffineMap windowMap = selectDims(
        context, 2 * rank, llvm::to_vector(llvm::seq<int64_t>(rank, 2 * rank)));
    AffineMap outputMap = selectDims(
        context, 2 * rank, llvm::to_vector(llvm::seq<int64_t>(0, rank)));

    SmallVector<Value> inputs, outputs;
    SmallVector<AffineMap> maps;
    for (int64_t i = 0; i < numInputs; ++i) {
      Value init = extractScalar(rewriter, loc, adaptor.getInitValues()[i]);
      Value input = adaptor.getInputs()[i];
      Type from = getElementTypeOrSelf(op.getInputs()[i].getType());
      Type to = getElementTypeOrSelf(op.getInitValues()[i].getType());
      if (from != to)
        input = convertTensor(rewriter, loc, input, from, to);
      inputs.push_back(
          padTensor(rewriter, loc, input, init, low, high, interior));
      outputs.push_back(filledTensor(
          rewriter, loc, cast<RankedTensorType>(resultTypes[i]), init));
      maps.push_back(inputMap);
    }
    Type windowElement = getElementTypeOrSelf(outputs.front().getType());
    inputs.push_back(emptyTensor(
        rewriter, loc, RankedTensorType::get(window, windowElement)));
    maps.push_back(windowMap);
    maps.append(numInputs, outputMap);

    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(rank, utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(rewriter, loc, resultTypes,
                                             inputs, outputs, maps, iterators);
    // hlo body: (accumulators..., window elements...).
    auto bindArgs = [&](Block *block) {
      SmallVector<Value> args(block->getArguments().take_back(numInputs));
      llvm::append_range(args, block->getArguments().take_front(numInputs));
      return args;
    };
    if (failed(buildScalarBody(rewriter, op, generic, body, bindArgs)))
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateReduceWindowToLinalgPatterns(MLIRContext *context,
                                          const TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<ReduceWindowToLinalg>(converter, context);
}

} // namespace xla::hlo::detail
