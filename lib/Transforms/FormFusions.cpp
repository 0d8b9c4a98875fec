//===- FormFusions.cpp - build the hlo.fusion ops of a fusion plan --------===//
//
// The mechanism of fusion: carries out the `xla.fusion_groups` plan
// (FusionPlan.h) and decides nothing. Each group becomes one hlo.fusion
// that clones the group's ops in block order. Its operands are the values
// the ops read from outside the group; splat constants are cloned in
// instead. Its results are the values of the group's ops that someone
// outside reads from memory: an unplanned op, or a group without its own
// copy of the producer, reads them from the producer's first group. The
// block is then sorted topologically, because a fusion sits where its last
// op was and some of its users may have come earlier.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Transforms/FusionCostModel.h"
#include "xla-mlir/Transforms/FusionPlan.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

namespace xla {
#define GEN_PASS_DEF_HLOFORMFUSIONSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;
using namespace xla;

static ArrayRef<int64_t> getGroups(Operation *op) {
  if (auto attr = op->getAttrOfType<DenseI64ArrayAttr>(kFusionGroupsAttrName))
    return attr.asArrayRef();
  return {};
}

/// `<kind>_<hero>_fusion`, after the contraction or reduce that leads the
/// kernel, else its last op (XLA's convention).
static std::string getFusionName(ArrayRef<Operation *> ops,
                                 hlo::FusionKind kind) {
  Operation *hero = ops.back();
  for (Operation *op : ops)
    if (isa<hlo::ReduceOp>(op))
      hero = op;
  for (Operation *op : ops)
    if (isa<hlo::DotGeneralOp, hlo::DotOp, hlo::ConvolutionOp>(op))
      hero = op;
  return (hlo::stringifyFusionKind(kind) + "_" +
          hero->getName().stripDialect() + "_fusion")
      .str();
}

namespace {

class FusionBuilder {
public:
  FusionBuilder(Block &block, llvm::StringSet<> &names)
      : block(block), names(names) {}
  LogicalResult run();

private:
  /// True if `use` reads its value from memory: its user is not planned,
  /// or one of the user's groups does not compute the producer itself.
  bool readsMemory(OpOperand &use);
  void build(int64_t id, ArrayRef<Operation *> ops);

  Block &block;
  llvm::StringSet<> &names;
  /// Per planned op and result: the fusion result that provides it.
  llvm::DenseMap<Value, Value> provided;
};

} // namespace

bool FusionBuilder::readsMemory(OpOperand &use) {
  Operation *user = block.findAncestorOpInBlock(*use.getOwner());
  Operation *producer = use.get().getDefiningOp();
  ArrayRef<int64_t> userGroups = user ? getGroups(user) : ArrayRef<int64_t>();
  if (userGroups.empty())
    return true;
  ArrayRef<int64_t> producerGroups = getGroups(producer);
  return llvm::any_of(userGroups, [&](int64_t g) {
    return !llvm::is_contained(producerGroups, g);
  });
}

void FusionBuilder::build(int64_t id, ArrayRef<Operation *> ops) {
  llvm::SmallPtrSet<Operation *, 16> members(ops.begin(), ops.end());
  SmallVector<Value> inputs, outputs;
  llvm::SmallPtrSet<Value, 16> seen;
  SmallVector<Operation *> clonedConstants;
  auto addInput = [&](Value value) {
    Operation *def = value.getDefiningOp();
    if ((def && members.contains(def)) || !seen.insert(value).second)
      return;
    if (FusionCostModel::isFreeValue(value))
      clonedConstants.push_back(def);
    else
      inputs.push_back(value);
  };
  for (Operation *op : ops) {
    for (Value operand : op->getOperands())
      addInput(operand);
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(op->getRegions(), captured);
    for (Value value : captured)
      addInput(value);
    if (getGroups(op).front() != id)
      continue;
    for (OpResult result : op->getResults())
      if (llvm::any_of(result.getUses(), [&](OpOperand &use) {
            return readsMemory(use);
          }))
        outputs.push_back(result);
  }

  OpBuilder builder(ops.back());
  SmallVector<Type> resultTypes;
  for (Value value : outputs)
    resultTypes.push_back(value.getType());
  Location loc = ops.size() == 1
                     ? ops.front()->getLoc()
                     : builder.getFusedLoc(llvm::map_to_vector(
                           ops, [](Operation *op) { return op->getLoc(); }));
  auto fusion = hlo::FusionOp::create(builder, loc, resultTypes, inputs,
                                      /*name=*/"", hlo::FusionKind::loop);
  Block *body = builder.createBlock(&fusion.getBody());
  IRMapping map;
  for (Value input : inputs)
    map.map(input, body->addArgument(input.getType(), input.getLoc()));
  for (Operation *constant : clonedConstants)
    builder.clone(*constant, map);
  for (Operation *op : ops) {
    Operation *clone = builder.clone(*op, map);
    clone->removeAttr(kFusionGroupsAttrName);
  }
  SmallVector<Value> returned =
      llvm::map_to_vector(outputs, [&](Value v) { return map.lookup(v); });
  hlo::ReturnOp::create(builder, loc, returned);

  hlo::FusionKind kind = hlo::FusionOp::inferKind(*body, outputs.size());
  std::string name = getFusionName(ops, kind);
  std::string unique = name;
  for (unsigned i = 1; !names.insert(unique).second; ++i)
    unique = name + "_" + std::to_string(i);
  fusion.setName(unique);
  fusion.setKind(kind);
  for (auto [value, result] : llvm::zip(outputs, fusion.getResults()))
    provided[value] = result;
}

LogicalResult FusionBuilder::run() {
  llvm::MapVector<int64_t, SmallVector<Operation *>> groups;
  SmallVector<Operation *> planned;
  for (Operation &op : block) {
    ArrayRef<int64_t> ids = getGroups(&op);
    if (ids.empty())
      continue;
    if (!isFusible(&op))
      return op.emitOpError("is planned into a fusion but cannot be fused");
    planned.push_back(&op);
    for (int64_t id : ids)
      groups[id].push_back(&op);
  }
  if (planned.empty())
    return success();
  for (auto &[id, ops] : groups)
    build(id, ops);
  // Every use left outside the planned ops reads from the provider.
  llvm::SmallPtrSet<Operation *, 32> plannedSet(planned.begin(),
                                                planned.end());
  for (Operation *op : planned)
    for (OpResult result : op->getResults()) {
      Value provider = provided.lookup(result);
      result.replaceUsesWithIf(provider, [&](OpOperand &use) {
        Operation *user = block.findAncestorOpInBlock(*use.getOwner());
        return !user || !plannedSet.contains(user);
      });
    }
  for (Operation *op : llvm::reverse(planned)) {
    if (!op->use_empty())
      return op->emitOpError("is planned into a fusion, but a use of it is "
                             "left without a provider");
    op->erase();
  }
  if (!sortTopologically(&block))
    return block.getParentOp()->emitOpError(
        "fusion plan makes a cycle between kernels");
  return success();
}

namespace {

struct HLOFormFusionsPass
    : xla::impl::HLOFormFusionsPassBase<HLOFormFusionsPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) {
      if (isFusionBlock(*block))
        blocks.push_back(block);
    });
    llvm::StringSet<> names;
    getOperation()->walk([&](hlo::FusionOp fusion) {
      names.insert(fusion.getName());
    });
    for (Block *block : blocks)
      if (failed(FusionBuilder(*block, names).run()))
        return signalPassFailure();
  }
};

} // namespace
