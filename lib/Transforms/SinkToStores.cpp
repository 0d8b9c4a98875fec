//===- SinkToStores.cpp - compute each stored value next to its store -----===//
//
// See Passes.td. An epilogue applied to a register tile is unrolled op by
// op across the tile's rows: every row's add, then every row's erfc, ...,
// then the stores. Each row's temporaries are then live across all the
// other rows' work, and a tile of six rows of a GELU epilogue keeps far
// more values live than AVX2's 16 registers hold; LLVM's schedulers do not
// undo the interleaving, and the loop spilled on every step.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <queue>

namespace xla {
#define GEN_PASS_DEF_SINKTOSTORESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// Gap between the positions of neighbouring ops, so that the ops moved
/// before a store get positions of their own without renumbering.
constexpr int64_t kGap = int64_t(1) << 20;

bool isMovable(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         !op->hasTrait<OpTrait::IsTerminator>() &&
         !op->hasTrait<OpTrait::ConstantLike>();
}

/// Ops whose operands are computed next to them: those that write memory,
/// themselves or in their regions (a store under an `scf.if`, as
/// xla-streaming-stores makes).
bool isSink(Operation &op) {
  if (isMemoryEffectFree(&op))
    return false;
  WalkResult writes = op.walk([](Operation *nested) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    return effects && effects.hasEffect<MemoryEffects::Write>()
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return writes.wasInterrupted();
}

class BlockScheduler {
  using Queue = std::priority_queue<std::pair<int64_t, Operation *>>;

public:
  explicit BlockScheduler(Block &block) : block(block) {
    int64_t index = 0;
    for (Operation &op : block)
      position[&op] = ++index * kGap;
  }

  void run() {
    SmallVector<Operation *> sinks;
    for (Operation &op : block)
      if (isSink(op))
        sinks.push_back(&op);
    for (Operation *sink : sinks)
      sinkInto(sink);
  }

private:
  /// Queues the ops of this block that define what `op` uses, in its
  /// regions too.
  void pushDefinitions(Operation *op, Queue &queue) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (def && def->getBlock() == &block)
          queue.push({position.lookup(def), def});
      }
    });
  }

  /// Moves the pure ops only `sink` (and ops after it) needs to just
  /// before it, in their order.
  void sinkInto(Operation *sink) {
    int64_t sinkPosition = position.lookup(sink);
    // Users come before producers (decreasing positions), so an op's users
    // inside the slice are decided before it is.
    Queue queue;
    llvm::SmallPtrSet<Operation *, 16> visited, moving;
    SmallVector<Operation *> moved;
    pushDefinitions(sink, queue);
    while (!queue.empty()) {
      Operation *op = queue.top().second;
      queue.pop();
      if (!visited.insert(op).second || !isMovable(op))
        continue;
      // Every user is the sink (or in its regions), moves with it, or
      // comes after it.
      bool onlyLaterUsers = llvm::all_of(op->getUsers(), [&](Operation *user) {
        Operation *ancestor = block.findAncestorOpInBlock(*user);
        return !ancestor || moving.contains(ancestor) ||
               position.lookup(ancestor) >= sinkPosition;
      });
      if (!onlyLaterUsers)
        continue;
      moving.insert(op);
      moved.push_back(op);
      pushDefinitions(op, queue);
    }
    // `moved` is in decreasing positions: the last one goes first.
    int64_t next = sinkPosition - static_cast<int64_t>(moved.size());
    for (Operation *op : llvm::reverse(moved)) {
      op->moveBefore(sink);
      position[op] = next++;
    }
  }

  Block &block;
  llvm::DenseMap<Operation *, int64_t> position;
};

struct SinkToStoresPass
    : xla::impl::SinkToStoresPassBase<SinkToStoresPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      BlockScheduler(*block).run();
  }
};

} // namespace
