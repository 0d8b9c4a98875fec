//===- NormalizeFusions.cpp - one spelling per computation ---------------===//
//
// Gives fusions that compute the same thing the same body, so that
// `hlo-outline-fusions` shares their kernel. Fusion planning sees a layer's
// ops in the order and shapes the rest of the program left them: two layers
// of one model differ in where a bias was reshaped (inside the fusion, or
// by the kernel that produced it), in the order of independent ops, and in
// the order of the fusion's operands. Each difference costs a kernel that
// every later stage compiles again (a sixth of the BERT step's machine
// code was such duplicates).
//
// For each fusion, in this order:
//  - broadcast_in_dim of a broadcast_in_dim, and reshape of a reshape,
//    become one op (the simplifier's patterns,
//    populateHLOShapeChainPatterns);
//  - an operand passed twice is passed once, an unused one not at all;
//  - an operand whose only use is a reshape is reshaped by the caller
//    instead (a reshape outside a kernel is a view of the same buffer);
//  - an operand with unit dimensions that is only broadcast loses them
//    (also reshaped by the caller), so that the bias of one layer as
//    1x1xN and of the next as N read alike;
//  - the body's ops are put in post-order of a depth-first walk from the
//    results (operands left to right), and the operands in the order that
//    walk first reads them.
// None of it changes what the fusion computes: no element moves, and
// every op keeps its operands. Ops that compute no result of the fusion
// are erased (a fusion's ops have no side effects).
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace xla {
#define GEN_PASS_DEF_HLONORMALIZEFUSIONSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;
using xla::hlo::BroadcastInDimOp;
using xla::hlo::FusionOp;
using xla::hlo::ReshapeOp;

namespace {

/// A reshape of `operand` to `type` before `fusion`, through a reshape that
/// produced it.
Value reshapeBefore(FusionOp fusion, Value operand, Type type) {
  if (auto producer = operand.getDefiningOp<ReshapeOp>())
    operand = producer.getOperand();
  if (operand.getType() == type)
    return operand;
  OpBuilder builder(fusion);
  return ReshapeOp::create(builder, fusion.getLoc(), type, operand);
}

/// The type of argument `arg` once the fusion's caller reshapes it, if it
/// is only reshaped, or only broadcast and has unit dimensions; rewrites
/// its uses for that type.
Type retypeArgument(BlockArgument arg) {
  auto type = dyn_cast<RankedTensorType>(arg.getType());
  if (!type || !type.hasStaticShape() || arg.use_empty())
    return {};
  if (arg.hasOneUse())
    if (auto reshape = dyn_cast<ReshapeOp>(*arg.user_begin())) {
      auto result = dyn_cast<RankedTensorType>(reshape.getType());
      if (!result || !result.hasStaticShape())
        return {};
      arg.setType(result);
      reshape.replaceAllUsesWith(arg);
      reshape.erase();
      return result;
    }
  if (!llvm::is_contained(type.getShape(), 1) ||
      !llvm::all_of(arg.getUsers(), llvm::IsaPred<BroadcastInDimOp>))
    return {};
  SmallVector<int64_t> shape;
  for (int64_t size : type.getShape())
    if (size != 1)
      shape.push_back(size);
  for (Operation *user : llvm::to_vector(arg.getUsers())) {
    auto broadcast = cast<BroadcastInDimOp>(user);
    SmallVector<int64_t> dims;
    for (auto [i, d] : llvm::enumerate(broadcast.getBroadcastDimensions()))
      if (type.getDimSize(i) != 1)
        dims.push_back(d);
    broadcast.setBroadcastDimensions(dims);
  }
  auto result = RankedTensorType::get(shape, type.getElementType(),
                                      type.getEncoding());
  arg.setType(result);
  return result;
}

/// The body's ops in post-order of a depth-first walk from the results,
/// and the arguments in the order the walk reaches them. Ops it does not
/// reach compute nothing the fusion returns (and have no side effects).
void orderByUse(Block &body, SmallVectorImpl<Operation *> &ops,
                llvm::SetVector<BlockArgument> &args) {
  llvm::DenseSet<Operation *> visited;
  std::function<void(Value)> visitValue;
  std::function<void(Operation *)> visitOp = [&](Operation *op) {
    if (!visited.insert(op).second)
      return;
    for (Value operand : op->getOperands())
      visitValue(operand);
    // Values of the body read inside a nested region (a reduction's
    // computation) count where the op reads them.
    op->walk([&](Operation *nested) {
      if (nested != op)
        for (Value operand : nested->getOperands())
          if (operand.getParentBlock() == &body)
            visitValue(operand);
    });
    ops.push_back(op);
  };
  visitValue = [&](Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == &body)
        args.insert(arg);
      return;
    }
    Operation *def = value.getDefiningOp();
    if (def->getBlock() == &body)
      visitOp(def);
  };
  for (Value result : body.getTerminator()->getOperands())
    visitValue(result);
}

void normalize(FusionOp fusion, const FrozenRewritePatternSet &chains) {
  Block &body = fusion.getBlock();
  // Only the chains: no folding, no merged constants, and the region left
  // as it is (the walk below orders it).
  GreedyRewriteConfig config;
  config.enableFolding(false).enableConstantCSE(false);
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  (void)applyPatternsGreedily(fusion.getBody(), chains, config);
  SmallVector<Value> inputs(fusion.getInputs());
  // Operands passed twice: the later argument's uses go to the first.
  for (unsigned i = 0; i < inputs.size(); ++i)
    for (unsigned j = 0; j < i; ++j)
      if (inputs[j] == inputs[i]) {
        body.getArgument(i).replaceAllUsesWith(body.getArgument(j));
        break;
      }
  for (auto [i, arg] : llvm::enumerate(body.getArguments()))
    if (Type type = retypeArgument(arg))
      inputs[i] = reshapeBefore(fusion, inputs[i], type);

  SmallVector<Operation *> ops;
  llvm::SetVector<BlockArgument> order;
  orderByUse(body, ops, order);
  Operation *terminator = body.getTerminator();
  // What the walk did not reach is read only by ops it did not reach
  // either: erased users first.
  llvm::DenseSet<Operation *> reached(ops.begin(), ops.end());
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (&op != terminator && !reached.contains(&op))
      op.erase();
  for (Operation *op : ops)
    op->moveBefore(terminator);
  // Unused arguments (reached by no op) are dropped with their operands.
  SmallVector<Value> newInputs;
  unsigned numOld = body.getNumArguments();
  for (BlockArgument arg : order) {
    newInputs.push_back(inputs[arg.getArgNumber()]);
    arg.replaceAllUsesWith(body.addArgument(arg.getType(), arg.getLoc()));
  }
  body.eraseArguments(0, numOld);
  fusion.getInputsMutable().assign(newInputs);
  fusion.setKind(FusionOp::inferKind(body, fusion.getNumResults()));
}

struct HLONormalizeFusionsPass
    : xla::impl::HLONormalizeFusionsPassBase<HLONormalizeFusionsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet patterns(context);
    xla::hlo::populateHLOShapeChainPatterns(patterns);
    chains = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    getOperation().walk([&](FusionOp fusion) { normalize(fusion, chains); });
  }

  FrozenRewritePatternSet chains;
};

} // namespace
