//===- HLOSimplifyReduce.cpp - reductions that combine one element --------===//
//
// A reduce whose reduced dimensions all have size 1 combines each output
// with exactly one input element: it is a reshape, combined with the init
// value. A batch of 1 makes many of them: at batch 1 a BERT training step
// sums 42 gradients over unit dimensions (a bias gradient over [batch,
// position] of a 1 x 1 x 768 tensor). Left as reductions, each is a kernel
// of its own on the GPU, with a buffer filled with the init and copied per
// reduction; as elementwise ops they fuse with their users.
//
// Bit-exact, like every hlo-simplify rewrite: the body is applied once, to
// the init and the element (op(x, init)); where the init is the body's exact
// identity (-0.0 for a float sum, 1 for a product, -inf for a maximum, ...)
// only the reshape stays. XLA drops the init whatever it is; `x + 0.0` is
// not `x` for x = -0.0, so a sum from +0.0 keeps its add, which fuses.
//
//===----------------------------------------------------------------------===//

#include "HLOSimplify.h"

#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLORegionOps.h"
#include "xla-mlir/Dialect/HLO/IR/HLOShapeOps.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace xla::hlo;
using namespace xla::hlo::simplify;

Operation *xla::hlo::simplify::singleOpReducer(Region &body) {
  if (!body.hasOneBlock())
    return nullptr;
  Block &block = body.front();
  if (block.getNumArguments() != 2 || !llvm::hasNItems(block, 2))
    return nullptr;
  Operation &inner = block.front();
  auto ret = dyn_cast<ReturnOp>(block.back());
  if (!isa<AddOp, MulOp, MaxOp, MinOp, AndOp, OrOp, XorOp>(inner) || !ret ||
      ret->getNumOperands() != 1 || ret->getOperand(0) != inner.getResult(0))
    return nullptr;
  Value a = block.getArgument(0), b = block.getArgument(1);
  Value lhs = inner.getOperand(0), rhs = inner.getOperand(1);
  return (lhs == a && rhs == b) || (lhs == b && rhs == a) ? &inner : nullptr;
}

namespace {

/// Whether `init` is a constant that `reducer` (of singleOpReducer) leaves
/// every element unchanged with, bit for bit.
bool isExactIdentity(Operation *reducer, Value init) {
  std::optional<Attribute> splat = splatOf(init);
  if (!splat)
    return false;
  if (auto f = dyn_cast<FloatAttr>(*splat)) {
    const APFloat &x = f.getValue();
    if (isa<AddOp>(reducer))
      return x.isZero() && x.isNegative();
    if (isa<MulOp>(reducer))
      return x.isExactlyValue(1.0);
    if (isa<MaxOp, MinOp>(reducer))
      return x.isInfinity() && x.isNegative() == isa<MaxOp>(reducer);
    return false;
  }
  auto i = dyn_cast<IntegerAttr>(*splat);
  if (!i)
    return false;
  const APInt &x = i.getValue();
  unsigned bits = x.getBitWidth();
  // i1 is a boolean here: true is its only "1", and its maximum.
  bool isUnsigned = i.getType().isUnsignedInteger() || bits == 1;
  if (isa<AddOp, OrOp, XorOp>(reducer))
    return x.isZero();
  if (isa<AndOp>(reducer))
    return x.isAllOnes();
  if (isa<MulOp>(reducer))
    return bits == 1 ? x.isAllOnes() : x.isOne();
  APInt lowest = isUnsigned ? APInt::getMinValue(bits)
                            : APInt::getSignedMinValue(bits);
  APInt highest = isUnsigned ? APInt::getMaxValue(bits)
                             : APInt::getSignedMaxValue(bits);
  return x == (isa<MaxOp>(reducer) ? lowest : highest);
}

/// reduce(x, init) over dimensions of size 1 only (or none): reshape(x),
/// combined with init by the body's op unless init is its identity.
struct ReduceOfUnitDimensions : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce.getInputs().size() != 1)
      return failure();
    Operation *reducer = singleOpReducer(reduce.getBody());
    auto inputType =
        dyn_cast<RankedTensorType>(reduce.getInputs().front().getType());
    auto resultType = dyn_cast<RankedTensorType>(reduce.getResult(0).getType());
    if (!reducer || !inputType || !resultType || inputType.getEncoding() ||
        resultType.getEncoding() || !inputType.hasStaticShape() ||
        !resultType.hasStaticShape() ||
        inputType.getElementType() != resultType.getElementType())
      return failure();
    if (llvm::any_of(reduce.getDimensions(), [&](int64_t dim) {
          return inputType.getDimSize(dim) != 1;
        }))
      return failure();
    Location loc = reduce.getLoc();
    Value result = reduce.getInputs().front();
    if (inputType != resultType)
      result = ReshapeOp::create(rewriter, loc, resultType, result);
    Value init = reduce.getInitValues().front();
    if (!isExactIdentity(reducer, init)) {
      Value inits =
          BroadcastInDimOp::create(rewriter, loc, resultType, init,
                                   ArrayRef<int64_t>{});
      OperationState state(loc, reducer->getName());
      state.addOperands({result, inits});
      state.addTypes(resultType);
      result = rewriter.create(state)->getResult(0);
    }
    rewriter.replaceOp(reduce, result);
    return success();
  }
};

} // namespace

void xla::hlo::simplify::populateReducePatterns(RewritePatternSet &patterns) {
  patterns.add<ReduceOfUnitDimensions>(patterns.getContext());
}
