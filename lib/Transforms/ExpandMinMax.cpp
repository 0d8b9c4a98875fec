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

/// `select(isnan(t), t, select(t > c, t, c))` (`<` for a minimum), with
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
  auto type = cast<FloatType>(getElementTypeOrSelf(tested.getType()));
  Value nan =
      createScalarOrSplatConstant(b, loc, tested.getType(),
                                  APFloat::getQNaN(type.getFloatSemantics()));
  Value result = arith::SelectOp::create(b, loc, isNaN, nan, picked);
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

struct ExpandMinMaxPass
    : xla::impl::ExpandMinMaxPassBase<ExpandMinMaxPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (!isa<arith::MaximumFOp, arith::MinimumFOp>(op))
        return;
      // Exactly one carried operand: otherwise upstream's order is as
      // good, and with a constant right operand its NaN test folds away.
      if (isLoopCarried(op->getOperand(0)) != isLoopCarried(op->getOperand(1)))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto max = dyn_cast<arith::MaximumFOp>(op))
        expand(max, arith::CmpFPredicate::OGT);
      else
        expand(cast<arith::MinimumFOp>(op), arith::CmpFPredicate::OLT);
    }
  }
};

} // namespace
