//===- HLOFoldConstants.cpp - evaluate elementwise ops on constants -------===//
//
// Folds are exact: float arithmetic is done in the element type's own
// semantics (APFloat), integers wrap like the hardware, and whatever the
// spec leaves to the implementation (integer division by zero, signed
// overflow in division, out-of-range float-to-int conversion, NaN to int) is
// not folded.
//
//===----------------------------------------------------------------------===//

#include "HLOFoldConstants.h"

#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"

namespace xla::hlo {
#define GEN_PASS_DEF_HLOFOLDCONSTANTSPASS
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace xla::hlo

using namespace mlir;
using namespace xla::hlo;
using llvm::APFloat;
using llvm::APInt;
using xla::hlo::fold::foldableResultType;

namespace {

constexpr auto kRound = APFloat::rmNearestTiesToEven;

/// An element of a constant: the integer or float value.
using IntFn = std::function<std::optional<APInt>(ArrayRef<APInt>, bool)>;
using FloatFn = std::function<std::optional<APFloat>(ArrayRef<APFloat>)>;

/// All operands as dense constants of the result's shape.
std::optional<SmallVector<DenseElementsAttr>> constantOperands(Operation *op) {
  SmallVector<DenseElementsAttr> attrs;
  for (Value v : op->getOperands()) {
    DenseElementsAttr attr;
    if (!matchPattern(v, m_Constant(&attr)))
      return std::nullopt;
    attrs.push_back(attr);
  }
  return attrs;
}

/// Elementwise evaluation of an op whose operands and result share the
/// element type. `intFn`/`floatFn` return nullopt to refuse an element.
struct ElementwiseFolder : RewritePattern {
  ElementwiseFolder(StringRef opName, MLIRContext *ctx, int64_t maxElements,
                    IntFn intFn, FloatFn floatFn, bool allowPred = false)
      : RewritePattern(opName, /*benefit=*/1, ctx), maxElements(maxElements),
        intFn(std::move(intFn)), floatFn(std::move(floatFn)),
        allowPred(allowPred) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = foldableResultType(op, maxElements);
    auto operands = constantOperands(op);
    if (!type || !operands)
      return failure();
    Type element = type.getElementType();
    // Operands of another element type (abs of a complex number is real)
    // are not handled here.
    if (llvm::any_of(*operands, [&](DenseElementsAttr a) {
          return a.getElementType() != element;
        }))
      return failure();
    int64_t n = type.getNumElements();
    DenseElementsAttr result;
    if (isa<FloatType>(element) && floatFn) {
      SmallVector<SmallVector<APFloat>> in;
      for (DenseElementsAttr a : *operands)
        in.push_back(llvm::to_vector(a.getValues<APFloat>()));
      SmallVector<APFloat> out;
      for (int64_t i = 0; i < n; ++i) {
        SmallVector<APFloat> args;
        for (auto &vals : in)
          args.push_back(vals[vals.size() == 1 ? 0 : i]);
        std::optional<APFloat> r = floatFn(args);
        if (!r)
          return failure();
        out.push_back(*r);
      }
      result = DenseElementsAttr::get(type, out);
    } else if (isa<IntegerType>(element) && intFn &&
               (allowPred || !element.isInteger(1))) {
      bool isUnsigned = element.isUnsignedInteger() || element.isInteger(1);
      SmallVector<SmallVector<APInt>> in;
      for (DenseElementsAttr a : *operands)
        in.push_back(llvm::to_vector(a.getValues<APInt>()));
      SmallVector<APInt> out;
      for (int64_t i = 0; i < n; ++i) {
        SmallVector<APInt> args;
        for (auto &vals : in)
          args.push_back(vals[vals.size() == 1 ? 0 : i]);
        std::optional<APInt> r = intFn(args, isUnsigned);
        if (!r)
          return failure();
        out.push_back(*r);
      }
      result = DenseElementsAttr::get(type, out);
    } else {
      return failure();
    }
    rewriter.replaceOpWithNewOp<ConstantOp>(op, result);
    return success();
  }

  int64_t maxElements;
  IntFn intFn;
  FloatFn floatFn;
  bool allowPred;
};

std::optional<APInt> intDivOrRem(const APInt &a, const APInt &b, bool isUnsigned,
                                 bool rem) {
  if (b.isZero())
    return std::nullopt;
  if (isUnsigned)
    return rem ? a.urem(b) : a.udiv(b);
  if (a.isMinSignedValue() && b.isAllOnes())
    return std::nullopt;
  return rem ? a.srem(b) : a.sdiv(b);
}

struct FoldCompare : OpRewritePattern<CompareOp> {
  FoldCompare(MLIRContext *ctx, int64_t maxElements)
      : OpRewritePattern(ctx), maxElements(maxElements) {}

  LogicalResult matchAndRewrite(CompareOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = foldableResultType(op, maxElements);
    auto operands = constantOperands(op);
    if (!type || !operands ||
        op.getCompareType() == ComparisonType::TOTALORDER)
      return failure();
    ComparisonDirection dir = op.getComparisonDirection();
    Type element = (*operands)[0].getElementType();
    SmallVector<bool> out;
    if (isa<FloatType>(element)) {
      auto l = (*operands)[0].getValues<APFloat>();
      auto r = (*operands)[1].getValues<APFloat>();
      for (auto [a, b] : llvm::zip(l, r)) {
        APFloat::cmpResult c = a.compare(b);
        bool lt = c == APFloat::cmpLessThan, gt = c == APFloat::cmpGreaterThan,
             eq = c == APFloat::cmpEqual;
        out.push_back(evaluate(dir, lt, eq, gt, c == APFloat::cmpUnordered));
      }
    } else if (isa<IntegerType>(element)) {
      bool isUnsigned = element.isUnsignedInteger() || element.isInteger(1);
      auto l = (*operands)[0].getValues<APInt>();
      auto r = (*operands)[1].getValues<APInt>();
      for (auto [a, b] : llvm::zip(l, r)) {
        int c = isUnsigned ? (a.ult(b) ? -1 : a == b ? 0 : 1)
                           : (a.slt(b) ? -1 : a == b ? 0 : 1);
        out.push_back(evaluate(dir, c < 0, c == 0, c > 0, false));
      }
    } else {
      return failure();
    }
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, ArrayRef<bool>(out)));
    return success();
  }

  static bool evaluate(ComparisonDirection dir, bool lt, bool eq, bool gt,
                       bool unordered) {
    switch (dir) {
    case ComparisonDirection::EQ:
      return eq;
    case ComparisonDirection::NE:
      return !eq || unordered;
    case ComparisonDirection::LT:
      return lt;
    case ComparisonDirection::LE:
      return lt || eq;
    case ComparisonDirection::GT:
      return gt;
    case ComparisonDirection::GE:
      return gt || eq;
    }
    llvm_unreachable("unknown comparison direction");
  }

  int64_t maxElements;
};

struct FoldSelect : OpRewritePattern<SelectOp> {
  FoldSelect(MLIRContext *ctx, int64_t maxElements)
      : OpRewritePattern(ctx), maxElements(maxElements) {}

  LogicalResult matchAndRewrite(SelectOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = foldableResultType(op, maxElements);
    auto operands = constantOperands(op);
    if (!type || !operands)
      return failure();
    auto pred = llvm::to_vector((*operands)[0].getValues<bool>());
    auto onTrue = llvm::to_vector((*operands)[1].getValues<Attribute>());
    auto onFalse = llvm::to_vector((*operands)[2].getValues<Attribute>());
    SmallVector<Attribute> out;
    for (int64_t i = 0, n = type.getNumElements(); i < n; ++i)
      out.push_back(pred[pred.size() == 1 ? 0 : i] ? onTrue[i] : onFalse[i]);
    rewriter.replaceOpWithNewOp<ConstantOp>(
        op, DenseElementsAttr::get(type, out));
    return success();
  }

  int64_t maxElements;
};

struct FoldConvert : OpRewritePattern<ConvertOp> {
  FoldConvert(MLIRContext *ctx, int64_t maxElements)
      : OpRewritePattern(ctx), maxElements(maxElements) {}

  LogicalResult matchAndRewrite(ConvertOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = foldableResultType(op, maxElements);
    auto operands = constantOperands(op);
    if (!type || !operands)
      return failure();
    FailureOr<DenseElementsAttr> result =
        xla::hlo::fold::convertElements((*operands)[0], type);
    if (failed(result))
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(op, *result);
    return success();
  }

  int64_t maxElements;
};

struct HLOFoldConstantsPass
    : xla::hlo::impl::HLOFoldConstantsPassBase<HLOFoldConstantsPass> {
  using HLOFoldConstantsPassBase::HLOFoldConstantsPassBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateHLOConstantFoldPatterns(patterns, maxElements);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

RankedTensorType xla::hlo::fold::foldableResultType(Operation *op,
                                                    int64_t maxElements) {
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape() || type.getNumElements() > maxElements)
    return {};
  return type;
}

FailureOr<DenseElementsAttr>
xla::hlo::fold::convertElements(DenseElementsAttr in, RankedTensorType type) {
  Type from = in.getElementType(), to = type.getElementType();
  auto fromInt = dyn_cast<IntegerType>(from);
  auto toInt = dyn_cast<IntegerType>(to);
  auto toFloat = dyn_cast<FloatType>(to);
  bool fromUnsigned = from.isUnsignedInteger() || from.isInteger(1);
  SmallVector<Attribute> out;
  if (fromInt) {
    for (APInt v : in.getValues<APInt>()) {
      if (toInt) {
        APInt r = to.isInteger(1) ? APInt(1, !v.isZero())
                  : fromUnsigned  ? v.zextOrTrunc(toInt.getWidth())
                                  : v.sextOrTrunc(toInt.getWidth());
        out.push_back(IntegerAttr::get(to, r));
      } else if (toFloat) {
        APFloat f(toFloat.getFloatSemantics());
        f.convertFromAPInt(v, /*isSigned=*/!fromUnsigned, kRound);
        out.push_back(FloatAttr::get(to, f));
      } else {
        return failure();
      }
    }
  } else if (isa<FloatType>(from)) {
    for (APFloat v : in.getValues<APFloat>()) {
      if (toFloat) {
        bool losesInfo;
        v.convert(toFloat.getFloatSemantics(), kRound, &losesInfo);
        out.push_back(FloatAttr::get(to, v));
      } else if (toInt && to.isInteger(1)) {
        out.push_back(IntegerAttr::get(to, APInt(1, !v.isZero())));
      } else if (toInt) {
        // Only in-range, non-NaN values: the rest is implementation-defined.
        llvm::APSInt r(toInt.getWidth(), to.isUnsignedInteger());
        bool exact;
        if (v.convertToInteger(r, APFloat::rmTowardZero, &exact) &
            APFloat::opInvalidOp)
          return failure();
        out.push_back(IntegerAttr::get(to, r));
      } else {
        return failure();
      }
    }
  } else {
    return failure();
  }
  return DenseElementsAttr::get(type, out);
}

void xla::hlo::populateHLOConstantFoldPatterns(RewritePatternSet &patterns,
                                               int64_t maxElements) {
  MLIRContext *ctx = patterns.getContext();
  auto add = [&](StringRef name, IntFn i, FloatFn f, bool allowPred = false) {
    patterns.add<ElementwiseFolder>(name, ctx, maxElements, std::move(i),
                                    std::move(f), allowPred);
  };
  using Ints = ArrayRef<APInt>;
  using Floats = ArrayRef<APFloat>;
  auto binary = [](APFloat::opStatus (APFloat::*fn)(const APFloat &,
                                                    APFloat::roundingMode)) {
    return [fn](Floats a) -> std::optional<APFloat> {
      APFloat r = a[0];
      (r.*fn)(a[1], kRound);
      return r;
    };
  };
  add(AddOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return a[0] + a[1]; },
      binary(&APFloat::add));
  add(SubtractOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return a[0] - a[1]; },
      binary(&APFloat::subtract));
  add(MulOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return a[0] * a[1]; },
      binary(&APFloat::multiply));
  add(DivOp::getOperationName(),
      [](Ints a, bool u) { return intDivOrRem(a[0], a[1], u, /*rem=*/false); },
      binary(&APFloat::divide));
  add(RemOp::getOperationName(),
      [](Ints a, bool u) { return intDivOrRem(a[0], a[1], u, /*rem=*/true); },
      [](Floats a) -> std::optional<APFloat> {
        APFloat r = a[0];
        r.mod(a[1]);
        return r;
      });
  add(MaxOp::getOperationName(),
      [](Ints a, bool u) -> std::optional<APInt> {
        return u ? llvm::APIntOps::umax(a[0], a[1])
                 : llvm::APIntOps::smax(a[0], a[1]);
      },
      [](Floats a) -> std::optional<APFloat> {
        return llvm::maximum(a[0], a[1]);
      },
      /*allowPred=*/true);
  add(MinOp::getOperationName(),
      [](Ints a, bool u) -> std::optional<APInt> {
        return u ? llvm::APIntOps::umin(a[0], a[1])
                 : llvm::APIntOps::smin(a[0], a[1]);
      },
      [](Floats a) -> std::optional<APFloat> {
        return llvm::minimum(a[0], a[1]);
      },
      /*allowPred=*/true);
  add(AndOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return a[0] & a[1]; }, {},
      /*allowPred=*/true);
  add(OrOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return a[0] | a[1]; }, {},
      /*allowPred=*/true);
  add(XorOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return a[0] ^ a[1]; }, {},
      /*allowPred=*/true);
  add(NotOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return ~a[0]; }, {},
      /*allowPred=*/true);
  add(NegOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return -a[0]; },
      [](Floats a) -> std::optional<APFloat> { return -a[0]; });
  add(AbsOp::getOperationName(),
      [](Ints a, bool) -> std::optional<APInt> { return a[0].abs(); },
      [](Floats a) -> std::optional<APFloat> { return llvm::abs(a[0]); });
  patterns.add<FoldCompare, FoldSelect, FoldConvert>(ctx, maxElements);
  fold::populateShapeFoldPatterns(patterns, maxElements);
}
