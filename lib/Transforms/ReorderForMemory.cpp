//===- ReorderForMemory.cpp - shorten the live ranges of large values -----===//
//
// The program runs its kernels in block order, and a value's buffer lives
// from its producer to its last reader (buffers are freed after their last
// use). The order a framework emits is not chosen for memory: a gradient
// accumulator's zeros may be produced at the start of the backward pass
// and first read at its end, holding their buffer all the way. Like XLA's
// memory-minimizing schedulers, but greedily and only downwards: a side
// effect free op moves to just before its first reader when its results
// are larger (by at least 64 KiB) than the operands whose lives that
// extends (operands it reads last, other than arguments and constants,
// which hold no pool memory; returned results count for nothing, they are
// written into the caller's buffers).
// Between the old and the new place every live set then shrinks, so the
// peak never grows. Ops are visited from the end, so each is judged
// against the final places of its readers. Single ops only: a chain of
// kernels that would have to move together stays (after fusion, chains
// of cheap ops are mostly one kernel already).
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Transforms/FusionCostModel.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace xla {
#define GEN_PASS_DEF_HLOREORDERFORMEMORYPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// Bytes of `value`, or nullopt when it is a tensor of unknown size.
static std::optional<int64_t> knownBytes(Value value) {
  auto shaped = dyn_cast<ShapedType>(value.getType());
  if (shaped && !shaped.hasStaticShape())
    return std::nullopt;
  return xla::FusionCostModel::getBytes(value);
}

/// True for values that hold no buffer of the program's own.
static bool holdsNoBuffer(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner()->isEntryBlock() &&
           isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return value.getDefiningOp<xla::hlo::ConstantOp>() != nullptr;
}

/// The first op of `op`'s block that uses one of its results (itself or
/// through a nested op), or null.
static Operation *firstReader(Operation *op) {
  Block *block = op->getBlock();
  Operation *first = nullptr;
  for (Value result : op->getResults())
    for (Operation *user : result.getUsers()) {
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (ancestor && (!first || ancestor->isBeforeInBlock(first)))
        first = ancestor;
    }
  return first;
}

/// Below this many bytes saved, an op stays where it is: the runtime takes
/// such small buffers from malloc's arenas, not from its pool, and the
/// order of the program (its profiles, its dumps) is worth more.
static constexpr int64_t kMinSaving = 64 << 10;

/// Whether moving `op` to just before `to` shrinks what is live in between.
static bool sinkingSaves(Operation *op, Operation *to) {
  int64_t saved = 0;
  for (Value result : op->getResults()) {
    std::optional<int64_t> bytes = knownBytes(result);
    if (!bytes)
      return false;
    // A result the function returns is written into the caller's buffer,
    // which lives through the whole call wherever its producer runs.
    bool returned = llvm::any_of(result.getUsers(), [](Operation *user) {
      return user->hasTrait<OpTrait::ReturnLike>();
    });
    if (!returned)
      saved += *bytes;
  }
  Block *block = op->getBlock();
  int64_t extended = 0;
  llvm::SmallPtrSet<Value, 4> seen;
  for (Value operand : op->getOperands()) {
    if (!seen.insert(operand).second || holdsNoBuffer(operand))
      continue;
    // Live until `to` anyway if another op reads it there or later.
    bool readLater = llvm::any_of(operand.getUsers(), [&](Operation *user) {
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      return ancestor != op && (!ancestor || !ancestor->isBeforeInBlock(to));
    });
    if (readLater)
      continue;
    std::optional<int64_t> bytes = knownBytes(operand);
    if (!bytes)
      return false;
    extended += *bytes;
  }
  return saved - extended >= kMinSaving;
}

namespace {

struct HLOReorderForMemoryPass
    : xla::impl::HLOReorderForMemoryPassBase<HLOReorderForMemoryPass> {
  void runOnOperation() override {
    getOperation()->walk([](Block *block) {
      if (!isa<FunctionOpInterface>(block->getParentOp()))
        return;
      SmallVector<Operation *> ops;
      for (Operation &op : *block)
        if (!op.hasTrait<OpTrait::IsTerminator>() && op.getNumResults() &&
            isMemoryEffectFree(&op))
          ops.push_back(&op);
      for (Operation *op : llvm::reverse(ops)) {
        Operation *to = firstReader(op);
        if (to && op->getNextNode() != to && sinkingSaves(op, to))
          op->moveBefore(to);
      }
    });
  }
};

} // namespace
