//===- HLOFoldConstantsShape.cpp - data movement of constants -------------===//
//
// Ops that only move elements (broadcast_in_dim, reshape, transpose, slice,
// concatenate, reverse) and iota are evaluated when their operands are
// constants and the result has at most `maxElements` elements. Each result
// element is copied from one element of one input, so the folds are exact
// for every element type with a dense representation (integers and floats;
// reshape also takes complex numbers).
//
// Like XLA, an op that makes a constant bigger than its inputs (iota,
// broadcast_in_dim to a non-splat result) is folded only where every user
// is itself evaluated on constants (all its operands are computed from
// constants): a lone iota feeding run-time values would turn a cheap loop
// into a stored table.
//
//===----------------------------------------------------------------------===//

#include "HLOFoldConstants.h"

#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace xla::hlo;
using xla::hlo::fold::foldableResultType;
using llvm::APFloat;
using llvm::APInt;

namespace {

/// Where result element `index` comes from: an input and its linear index.
using SourceFn = function_ref<std::pair<unsigned, int64_t>(ArrayRef<int64_t>)>;

int64_t linearize(ArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  int64_t linear = 0;
  for (auto [i, size] : llvm::zip_equal(index, shape))
    linear = linear * size + i;
  return linear;
}

/// Advances `index` to the next one in row-major order.
void increment(MutableArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (++index[d] < shape[d])
      return;
    index[d] = 0;
  }
}

template <typename T>
DenseElementsAttr gatherAs(ArrayRef<DenseElementsAttr> inputs,
                           RankedTensorType type, SourceFn source) {
  // Random access into the attributes: a slice of a big constant does not
  // copy the whole input.
  SmallVector<decltype(inputs[0].getValues<T>().begin())> begins;
  for (DenseElementsAttr input : inputs)
    begins.push_back(input.getValues<T>().begin());
  SmallVector<T> out;
  out.reserve(type.getNumElements());
  SmallVector<int64_t> index(type.getRank(), 0);
  for (int64_t i = 0, n = type.getNumElements(); i < n; ++i) {
    auto [input, linear] = source(index);
    out.push_back(*(begins[input] + linear));
    increment(index, type.getShape());
  }
  return DenseElementsAttr::get(type, out);
}

/// The constant of `type` whose elements are read from `inputs` as `source`
/// says; null for element types without an integer or float value.
DenseElementsAttr gather(ArrayRef<DenseElementsAttr> inputs,
                         RankedTensorType type, SourceFn source) {
  Type element = type.getElementType();
  if (element.isIntOrIndex())
    return gatherAs<APInt>(inputs, type, source);
  if (isa<FloatType>(element))
    return gatherAs<APFloat>(inputs, type, source);
  return {};
}

/// Sets the index of the input element that result element `index` reads.
using InputIndexFn =
    function_ref<void(ArrayRef<int64_t> index, MutableArrayRef<int64_t> in)>;

/// The constant of `type` read from the single `input` as `inputIndex`
/// says; a splat stays a splat.
DenseElementsAttr moveElements(DenseElementsAttr input, RankedTensorType type,
                               InputIndexFn inputIndex) {
  if (input.isSplat())
    return input.resizeSplat(type);
  ArrayRef<int64_t> inShape = input.getType().getShape();
  SmallVector<int64_t> in(inShape.size());
  return gather(input, type, [&](ArrayRef<int64_t> index) {
    inputIndex(index, in);
    return std::make_pair(0u, linearize(in, inShape));
  });
}

/// Ops that populateHLOConstantFoldPatterns evaluates on constants.
bool isFoldCandidate(Operation *op) {
  return isa<AddOp, SubtractOp, MulOp, DivOp, RemOp, MaxOp, MinOp, AndOp, OrOp,
             XorOp, NotOp, NegOp, AbsOp, CompareOp, SelectOp, ConvertOp,
             BroadcastInDimOp, ReshapeOp, TransposeOp, SliceOp, ConcatenateOp,
             ReverseOp, IotaOp>(op);
}

/// `v` is computed from constants by fold candidates alone, so folding
/// will (usually) make it a constant. Looks at most at 256 ops upwards.
bool isConstantComputable(Value v) {
  SmallVector<Value> worklist = {v};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (matchPattern(next, m_Constant()))
      continue;
    Operation *def = next.getDefiningOp();
    if (!def || !isFoldCandidate(def))
      return false;
    if (!seen.insert(def).second)
      continue;
    if (seen.size() > 256)
      return false;
    llvm::append_range(worklist, def->getOperands());
  }
  return true;
}

/// `op` (which makes its input bigger) feeds only ops that will be
/// evaluated on constants: fold candidates whose operands are all
/// computed from constants.
bool feedsOnlyFoldedOps(Operation *op) {
  for (Operation *user : op->getUsers()) {
    if (!isFoldCandidate(user) ||
        !llvm::all_of(user->getOperands(), isConstantComputable))
      return false;
    // A broadcast is itself folded only under the same condition.
    if (isa<BroadcastInDimOp>(user) && !feedsOnlyFoldedOps(user))
      return false;
  }
  return true;
}

/// Common checks of the patterns below: a small static result and constant
/// operands.
template <typename OpTy>
struct ShapeFolder : OpRewritePattern<OpTy> {
  ShapeFolder(MLIRContext *ctx, int64_t maxElements)
      : OpRewritePattern<OpTy>(ctx), maxElements(maxElements) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = foldableResultType(op, maxElements);
    if (!type)
      return failure();
    SmallVector<DenseElementsAttr> inputs;
    for (Value v : op->getOperands()) {
      DenseElementsAttr attr;
      if (!matchPattern(v, m_Constant(&attr)))
        return failure();
      inputs.push_back(attr);
    }
    DenseElementsAttr result = evaluate(op, inputs, type);
    if (!result)
      return failure();
    rewriter.replaceOpWithNewOp<ConstantOp>(op, result);
    return success();
  }

  DenseElementsAttr evaluate(OpTy op, ArrayRef<DenseElementsAttr> inputs,
                             RankedTensorType type) const;

  int64_t maxElements;
};

template <>
DenseElementsAttr ShapeFolder<ReshapeOp>::evaluate(
    ReshapeOp, ArrayRef<DenseElementsAttr> inputs,
    RankedTensorType type) const {
  // Row-major order is kept, so the data is reused as it is.
  return DenseElementsAttr(inputs[0]).reshape(type);
}

template <>
DenseElementsAttr ShapeFolder<BroadcastInDimOp>::evaluate(
    BroadcastInDimOp op, ArrayRef<DenseElementsAttr> inputs,
    RankedTensorType type) const {
  if (!inputs[0].isSplat() && !feedsOnlyFoldedOps(op))
    return {};
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  ArrayRef<int64_t> inShape = inputs[0].getType().getShape();
  return moveElements(inputs[0], type, [&](auto index, auto in) {
    for (auto [i, d] : llvm::enumerate(dims))
      in[i] = inShape[i] == 1 ? 0 : index[d];
  });
}

template <>
DenseElementsAttr ShapeFolder<TransposeOp>::evaluate(
    TransposeOp op, ArrayRef<DenseElementsAttr> inputs,
    RankedTensorType type) const {
  ArrayRef<int64_t> perm = op.getPermutation();
  return moveElements(inputs[0], type, [&](auto index, auto in) {
    // Result dimension i is input dimension perm[i].
    for (auto [i, p] : llvm::enumerate(perm))
      in[p] = index[i];
  });
}

template <>
DenseElementsAttr
ShapeFolder<SliceOp>::evaluate(SliceOp op, ArrayRef<DenseElementsAttr> inputs,
                               RankedTensorType type) const {
  ArrayRef<int64_t> start = op.getStartIndices(), strides = op.getStrides();
  return moveElements(inputs[0], type, [&](auto index, auto in) {
    for (size_t d = 0; d < in.size(); ++d)
      in[d] = start[d] + index[d] * strides[d];
  });
}

template <>
DenseElementsAttr ShapeFolder<ReverseOp>::evaluate(
    ReverseOp op, ArrayRef<DenseElementsAttr> inputs,
    RankedTensorType type) const {
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<bool> reversed(shape.size(), false);
  for (int64_t d : op.getDimensions())
    reversed[d] = true;
  return moveElements(inputs[0], type, [&](auto index, auto in) {
    for (size_t d = 0; d < in.size(); ++d)
      in[d] = reversed[d] ? shape[d] - 1 - index[d] : index[d];
  });
}

template <>
DenseElementsAttr ShapeFolder<ConcatenateOp>::evaluate(
    ConcatenateOp op, ArrayRef<DenseElementsAttr> inputs,
    RankedTensorType type) const {
  int64_t dim = op.getDimension();
  SmallVector<int64_t> in(type.getRank());
  return gather(inputs, type, [&](ArrayRef<int64_t> index) {
    llvm::copy(index, in.begin());
    unsigned input = 0;
    while (in[dim] >= inputs[input].getType().getDimSize(dim))
      in[dim] -= inputs[input++].getType().getDimSize(dim);
    return std::make_pair(input,
                          linearize(in, inputs[input].getType().getShape()));
  });
}

/// iota is the converted index along its dimension, as the lowering
/// computes it: an i64 converted with hlo.convert's rules.
template <>
DenseElementsAttr
ShapeFolder<IotaOp>::evaluate(IotaOp op, ArrayRef<DenseElementsAttr>,
                              RankedTensorType type) const {
  if (type.getNumElements() > 1 && type.getDimSize(op.getIotaDimension()) > 1 &&
      !feedsOnlyFoldedOps(op))
    return {};
  auto indexType = RankedTensorType::get(
      type.getShape(), IntegerType::get(op.getContext(), 64));
  uint64_t dim = op.getIotaDimension();
  SmallVector<APInt> values;
  values.reserve(type.getNumElements());
  SmallVector<int64_t> index(type.getRank(), 0);
  for (int64_t i = 0, n = type.getNumElements(); i < n; ++i) {
    values.push_back(APInt(64, index[dim], /*isSigned=*/true));
    increment(index, type.getShape());
  }
  FailureOr<DenseElementsAttr> converted = xla::hlo::fold::convertElements(
      DenseElementsAttr::get(indexType, values), type);
  return succeeded(converted) ? *converted : DenseElementsAttr();
}

} // namespace

void xla::hlo::fold::populateShapeFoldPatterns(RewritePatternSet &patterns,
                                               int64_t maxElements) {
  patterns.add<ShapeFolder<ReshapeOp>, ShapeFolder<BroadcastInDimOp>,
               ShapeFolder<TransposeOp>, ShapeFolder<SliceOp>,
               ShapeFolder<ReverseOp>, ShapeFolder<ConcatenateOp>,
               ShapeFolder<IotaOp>>(patterns.getContext(), maxElements);
}
