//===- ExpandMinMax.cpp - NaN-propagating min/max off the carried chain ---===//
//
// See Passes.td. Upstream's arith-expand tests the right operand for NaN;
// in a max reduction that operand is the accumulator, so the test sits on
// the chain every iteration waits for.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace xla {
#define GEN_PASS_DEF_EXPANDMINMAXPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// Whether `value` is what a loop carries from one iteration to the next,
/// or a part or reshaping of it (the vectorizer carries a reduction's
/// accumulator as vector<1xNxf32> and extracts the row).
bool isLoopCarried(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<vector::ExtractOp, vector::ShapeCastOp,
             vector::ExtractStridedSliceOp>(def))
      return false;
    value = def->getOperand(0);
  }
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return false;
  auto loop = dyn_cast<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
  return loop && llvm::is_contained(loop.getRegionIterArgs(), arg);
}

/// A quiet NaN of `type` (a float or a vector of floats).
Value createNaN(OpBuilder &b, Location loc, Type type) {
  auto element = cast<FloatType>(getElementTypeOrSelf(type));
  return createScalarOrSplatConstant(
      b, loc, type, APFloat::getQNaN(element.getFloatSemantics()));
}

/// `select(isnan(t), NaN, select(t > c, t, c))` (`<` for a minimum), with
/// `c` the carried operand: NaN in either propagates (a NaN `c` fails the
/// compare), and the chain through `c` is a compare-select, which x86
/// selects as one `maxps`/`minps`, then a blend on a mask computed off
/// the chain. Signed zeros are ordered as loosely as upstream's expansion.
template <typename OpTy>
void expand(OpTy op, arith::CmpFPredicate better) {
  Value tested = op.getLhs(), carried = op.getRhs();
  if (isLoopCarried(tested))
    std::swap(tested, carried);
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value wins = arith::CmpFOp::create(b, loc, better, tested, carried);
  Value picked = arith::SelectOp::create(b, loc, wins, tested, carried);
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                      tested, tested);
  // A NaN constant, not `tested`: LLVM would merge two selects of the
  // same value into one select on `wins | isNaN`, back on the chain.
  Value result = arith::SelectOp::create(
      b, loc, isNaN, createNaN(b, loc, tested.getType()), picked);
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

/// `vector.reduction <maximumf|minimumf>` of a 1-D vector whose length is a
/// power of two: one NaN test of all lanes, and a tree of compare-selects
/// over halves (`maxps` on x86, shuffles between them). LLVM expands
/// `llvm.vector.reduce.fmaximum` with a NaN and signed-zero fixup at every
/// level, about 70 instructions for 64 lanes; an attention softmax's rows
/// of 128 take 8 vectors of the loop above and then this.
void expandReduction(vector::ReductionOp op, arith::CmpFPredicate better) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value tree = op.getVector();
  int64_t lanes = op.getSourceVectorType().getNumElements();
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                      tree, tree);
  Value anyNaN =
      vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, isNaN);
  for (int64_t half = lanes / 2; half >= 1; half /= 2) {
    Value low = vector::ExtractStridedSliceOp::create(b, loc, tree, {0},
                                                      {half}, {1});
    Value high = vector::ExtractStridedSliceOp::create(b, loc, tree, {half},
                                                       {half}, {1});
    Value wins = arith::CmpFOp::create(b, loc, better, low, high);
    tree = arith::SelectOp::create(b, loc, wins, low, high);
  }
  Value result = vector::ExtractOp::create(b, loc, tree, int64_t(0));
  if (Value acc = op.getAcc()) {
    Value wins = arith::CmpFOp::create(b, loc, better, result, acc);
    result = arith::SelectOp::create(b, loc, wins, result, acc);
    Value accNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                         acc, acc);
    anyNaN = arith::OrIOp::create(b, loc, anyNaN, accNaN);
  }
  result = arith::SelectOp::create(
      b, loc, anyNaN, createNaN(b, loc, result.getType()), result);
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

struct ExpandMinMaxPass
    : xla::impl::ExpandMinMaxPassBase<ExpandMinMaxPass> {
  void runOnOperation() override {
    constexpr auto gt = arith::CmpFPredicate::OGT;
    constexpr auto lt = arith::CmpFPredicate::OLT;
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (auto reduction = dyn_cast<vector::ReductionOp>(op)) {
        vector::CombiningKind kind = reduction.getKind();
        VectorType type = reduction.getSourceVectorType();
        if ((kind == vector::CombiningKind::MAXIMUMF ||
             kind == vector::CombiningKind::MINIMUMF) &&
            type.getRank() == 1 && !type.isScalable() &&
            type.getNumElements() >= 2 &&
            llvm::isPowerOf2_64(type.getNumElements()) &&
            !reduction.isMasked())
          ops.push_back(op);
        return;
      }
      // Exactly one carried operand: otherwise upstream's order is as
      // good, and with a constant right operand its NaN test folds away.
      if (isa<arith::MaximumFOp, arith::MinimumFOp>(op) &&
          isLoopCarried(op->getOperand(0)) !=
              isLoopCarried(op->getOperand(1)))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto reduction = dyn_cast<vector::ReductionOp>(op))
        expandReduction(reduction, reduction.getKind() ==
                                           vector::CombiningKind::MAXIMUMF
                                       ? gt
                                       : lt);
      else if (auto max = dyn_cast<arith::MaximumFOp>(op))
        expand(max, gt);
      else
        expand(cast<arith::MinimumFOp>(op), lt);
    }
  }
};

} // namespace
