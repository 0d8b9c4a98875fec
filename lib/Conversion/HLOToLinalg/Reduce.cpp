//===- Reduce.cpp - reduce to linalg.reduce -------------------------------===//
//
// hlo.reduce becomes one linalg.reduce over all its inputs. Each output
// starts as a tensor filled with its init value, so the init value enters
// every result exactly once however the reduction is later split or tiled;
// the body then combines one element of every input into the accumulators.
// Variadic reductions (argmax: values and indices reduced together) are one
// linalg.reduce with several inputs and inits.
//
// hlo bodies take (accumulators..., inputs...), linalg.reduce bodies
// (inputs..., accumulators...); inputs whose element type is narrower than
// the accumulator's (the spec's promotable types) are converted first.
//
//===----------------------------------------------------------------------===//

#include "LinalgBuilders.h"
#include "Rewriters.h"
#include "ScalarOps.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

struct ReduceToLinalg : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t numInputs = op.getInputs().size();
    SmallVector<Type> resultTypes;
    if (failed(convertToStaticTensorTypes(*getTypeConverter(),
                                          op.getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "needs static result shapes");
    for (Value input : op.getInputs())
      if (!cast<RankedTensorType>(input.getType()).hasStaticShape())
        return rewriter.notifyMatchFailure(op, "needs static input shapes");
    Region &body = op.getBody();

    SmallVector<Value> inits;
    for (auto [type, init] : llvm::zip(resultTypes, adaptor.getInitValues()))
      inits.push_back(filledTensor(rewriter, loc,
                                   cast<RankedTensorType>(type),
                                   extractScalar(rewriter, loc, init)));
    SmallVector<int64_t> dims = llvm::to_vector(op.getDimensions());
    llvm::sort(dims);
    auto reduce = linalg::ReduceOp::create(rewriter, loc, resultTypes,
                                           adaptor.getInputs(), inits, dims);

    auto bindArgs = [&](Block *block) {
      // hlo bodies take (accumulators..., inputs...), promoting inputs.
      SmallVector<Value> args(block->getArguments().drop_front(numInputs));
      for (int64_t i = 0; i < numInputs; ++i) {
        Type from = getElementTypeOrSelf(op.getInputs()[i].getType());
        Type to = getElementTypeOrSelf(body.getArgument(numInputs + i));
        Value value = block->getArgument(i);
        args.push_back(from == to
                           ? value
                           : emitConvert(rewriter, loc, value, from, to));
      }
      return args;
    };
    if (failed(buildScalarBody(rewriter, op, reduce, body, bindArgs)))
      return failure();
    rewriter.replaceOp(op, reduce.getResults());
    return success();
  }
};

} // namespace

void populateReduceToLinalgPatterns(MLIRContext *context,
                                    const TypeConverter &converter,
                                    RewritePatternSet &patterns) {
  patterns.add<ReduceToLinalg>(converter, context);
}

} // namespace xla::hlo::detail
