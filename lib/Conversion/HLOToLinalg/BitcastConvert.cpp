//===- BitcastConvert.cpp - bitcast_convert between element widths -------===//
//
// Same-width bitcasts are pointwise (`lowerPointwise`). When the widths differ
// the shape changes: a wide element splits into `k` narrow ones along a new
// minor dimension, or `k` narrow ones along the minor dimension join into
// one. Parts are ordered little-endian (part 0 holds the lowest bits), as
// XLA does on the CPU.
//
//===----------------------------------------------------------------------===//

#include "Rewriters.h"
#include "ScalarUtils.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace xla::hlo::detail {
namespace {

Value toBits(OpBuilder &b, Location loc, Value v) {
  Type type = v.getType();
  if (isa<IntegerType>(type))
    return v;
  return arith::BitcastOp::create(
      b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), v);
}

Value fromBits(OpBuilder &b, Location loc, Value bits, Type type) {
  if (bits.getType() == type)
    return bits;
  return arith::BitcastOp::create(b, loc, type, bits);
}

struct BitcastConvertToLinalg : OpConversionPattern<BitcastConvertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto outType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!outType || !inType.hasStaticShape() || !outType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Type inElem = inType.getElementType();
    Type outElem = outType.getElementType();
    // i1 counts as one bit: 64 x i1 <-> i64, element j is bit j.
    if (!isLowerableBitcast(op))
      return rewriter.notifyMatchFailure(op, "needs int or float elements");
    unsigned inWidth = inElem.getIntOrFloatBitWidth();
    unsigned outWidth = outElem.getIntOrFloatBitWidth();
    if (inWidth == outWidth)
      return lowerPointwise(op, adaptor.getOperands(), *getTypeConverter(),
                            rewriter);
    Location loc = op.getLoc();
    int64_t rank = outType.getRank();
    Value init = tensor::EmptyOp::create(rewriter, loc, outType.getShape(),
                                         outElem);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Type outBitsType = rewriter.getIntegerType(outWidth);
    Type inBitsType = rewriter.getIntegerType(inWidth);
    linalg::GenericOp generic;
    if (inWidth > outWidth) {
      // Split: out[..., j] = bits(in[...]) >> (j * outWidth).
      SmallVector<AffineExpr> dims;
      for (int64_t i = 0; i + 1 < rank; ++i)
        dims.push_back(rewriter.getAffineDimExpr(i));
      AffineMap inMap = AffineMap::get(rank, 0, dims, rewriter.getContext());
      generic = linalg::GenericOp::create(
          rewriter, loc, outType, adaptor.getOperand(), init,
          {inMap, rewriter.getMultiDimIdentityMap(rank)}, iterators,
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value bits = toBits(b, l, args[0]);
            Value part = arith::IndexCastUIOp::create(
                b, l, inBitsType, linalg::IndexOp::create(b, l, rank - 1));
            Value shift = arith::MulIOp::create(
                b, l, part,
                arith::ConstantOp::create(
                    b, l, IntegerAttr::get(inBitsType, outWidth)));
            Value shifted = arith::ShRUIOp::create(b, l, bits, shift);
            Value narrow = arith::TruncIOp::create(b, l, outBitsType, shifted);
            linalg::YieldOp::create(b, l, fromBits(b, l, narrow, outElem));
          });
    } else {
      // Join: out[...] = OR_j zext(bits(in[..., j])) << (j * inWidth).
      int64_t parts = outWidth / inWidth;
      Value input = adaptor.getOperand();
      generic = linalg::GenericOp::create(
          rewriter, loc, outType, ValueRange(), init,
          {rewriter.getMultiDimIdentityMap(rank)}, iterators,
          [&](OpBuilder &b, Location l, ValueRange) {
            SmallVector<Value> indices;
            for (int64_t i = 0; i < rank; ++i)
              indices.push_back(linalg::IndexOp::create(b, l, i));
            indices.push_back(Value());
            Value acc = arith::ConstantOp::create(
                b, l, IntegerAttr::get(outBitsType, 0));
            for (int64_t j = 0; j < parts; ++j) {
              indices.back() = arith::ConstantIndexOp::create(b, l, j);
              Value element = tensor::ExtractOp::create(b, l, input, indices);
              Value wide = arith::ExtUIOp::create(b, l, outBitsType,
                                                  toBits(b, l, element));
              Value shifted = arith::ShLIOp::create(
                  b, l, wide,
                  arith::ConstantOp::create(
                      b, l, IntegerAttr::get(outBitsType, j * inWidth)));
              acc = arith::OrIOp::create(b, l, acc, shifted);
            }
            linalg::YieldOp::create(b, l, fromBits(b, l, acc, outElem));
          });
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateBitcastConvertToLinalgPatterns(MLIRContext *context,
                                            const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<BitcastConvertToLinalg>(converter, context);
}

} // namespace xla::hlo::detail
