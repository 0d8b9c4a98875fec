//===- Fft.cpp - hlo.fft to hloext.fft ------------------------------------===//
//
// hlo.fft becomes hloext.fft into an empty tensor of the result type; the
// op carries the same transform kind and lengths.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

hloext::FftType convertFftType(FftType type) {
  switch (type) {
  case FftType::FFT:
    return hloext::FftType::FFT;
  case FftType::IFFT:
    return hloext::FftType::IFFT;
  case FftType::RFFT:
    return hloext::FftType::RFFT;
  case FftType::IRFFT:
    return hloext::FftType::IRFFT;
  }
  llvm_unreachable("unknown fft type");
}

struct FftToHLOExt : OpConversionPattern<FftOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    if (!resultType || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    Location loc = op.getLoc();
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType());
    auto fft = hloext::FftOp::create(rewriter, loc, resultType,
                                     adaptor.getOperand(), init,
                                     convertFftType(op.getFftType()),
                                     op.getFftLength());
    rewriter.replaceOp(op, fft.getResult());
    return success();
  }
};

} // namespace

void populateFftToHLOExtPatterns(MLIRContext *context,
                                 const TypeConverter &converter,
                                 RewritePatternSet &patterns) {
  patterns.add<FftToHLOExt>(converter, context);
}

} // namespace xla::hlo::detail
