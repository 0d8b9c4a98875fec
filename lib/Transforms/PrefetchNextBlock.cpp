//===- PrefetchNextBlock.cpp - prefetch the next parallel iteration -------===//
//
// See Passes.td. Mechanism only: which reads prefetch is decided by
// xla-plan-block-prefetch (PlanBlockPrefetch.cpp).
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace xla {
#define GEN_PASS_DEF_PREFETCHNEXTBLOCKPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// One prefetch per cache line the read covers.
constexpr int64_t kLineBytes = 64;

/// The last value of `loop`'s induction variable, when its bounds are
/// constants and its trip count is a multiple of its step, at least 2:
/// then every iteration reads the same shape, and the next one's reads are
/// inside the buffers whenever this one's are.
std::optional<int64_t> lastIteration(scf::ParallelOp loop) {
  if (loop.getNumLoops() != 1)
    return std::nullopt;
  std::optional<int64_t> lower =
      getConstantIntValue(loop.getLowerBound().front());
  std::optional<int64_t> upper =
      getConstantIntValue(loop.getUpperBound().front());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep().front());
  if (!lower || !upper || !step || *step <= 0 || *upper - *lower < 2 * *step ||
      (*upper - *lower) % *step != 0)
    return std::nullopt;
  return *upper - *step;
}

/// Whether the ops between `read` and `loop` are sequential loops whose
/// bounds are the same in every iteration of `loop`: the read then runs
/// over the same indices one iteration later.
bool hasInvariantNest(vector::TransferReadOp read, scf::ParallelOp loop,
                      xla::NextIteration &later) {
  // An inner loop's induction variable depends on `loop`'s exactly when
  // its bounds do.
  for (Operation *op = read->getParentOp(); op != loop;
       op = op->getParentOp()) {
    auto inner = dyn_cast<scf::ForOp>(op);
    if (!inner || later.dependsOnIV(inner.getInductionVar()))
      return false;
  }
  return true;
}

/// Prefetches, before `read`, every line it reads one iteration of `loop`
/// later; nothing when that address cannot be computed (pure address ops
/// cloned on the way may stay, unused).
void prefetchNext(vector::TransferReadOp read, scf::ParallelOp loop,
                  xla::NextIteration &later, unsigned locality) {
  if (!hasInvariantNest(read, loop, later))
    return;
  OpBuilder b(read);
  IRMapping cloned;
  Value base = later.at(b, read.getBase(), cloned);
  SmallVector<Value> indices;
  for (Value index : read.getIndices())
    indices.push_back(base ? later.at(b, index, cloned) : Value());
  if (!base || llvm::is_contained(indices, Value()))
    return;
  VectorType type = read.getVectorType();
  int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  int64_t bytes = type.getNumElements() * elementBytes;
  int64_t lineElements = std::max<int64_t>(1, kLineBytes / elementBytes);
  Location loc = read.getLoc();
  Value innermost = indices.back();
  for (int64_t offset = 0; offset < bytes; offset += kLineBytes) {
    if (offset != 0)
      indices.back() = arith::AddIOp::create(
          b, loc, innermost,
          arith::ConstantIndexOp::create(
              b, loc, offset / kLineBytes * lineElements));
    memref::PrefetchOp::create(b, loc, base, indices, /*isWrite=*/false,
                               locality, /*isDataCache=*/true);
  }
}

struct PrefetchNextBlockPass
    : xla::impl::PrefetchNextBlockPassBase<PrefetchNextBlockPass> {

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    // Marked reads by loop, in program order.
    llvm::MapVector<Operation *, SmallVector<vector::TransferReadOp>> reads;
    function.walk([&](vector::TransferReadOp read) {
      if (!read->hasAttr(xla::kPrefetchNextBlockAttrName))
        return;
      // The distributed blocks: a parallel loop in no other.
      auto loop = read->getParentOfType<scf::ParallelOp>();
      if (loop && !loop->getParentOfType<scf::ParallelOp>() &&
          xla::isContiguousTransfer(read))
        reads[loop].push_back(read);
    });
    for (auto &[op, marked] : reads) {
      auto loop = cast<scf::ParallelOp>(op);
      std::optional<int64_t> last = lastIteration(loop);
      if (!last)
        continue;
      Value iv = loop.getInductionVars().front();
      xla::NextIteration later(loop.getRegion(), iv, loop.getStep().front(),
                               *last);
      for (vector::TransferReadOp read : marked) {
        auto locality = read->getAttrOfType<IntegerAttr>(
            xla::kPrefetchNextBlockAttrName);
        if (locality && locality.getInt() >= 0 && locality.getInt() <= 3)
          prefetchNext(read, loop, later, locality.getInt());
      }
    }
    function.walk([](vector::TransferReadOp read) {
      read->removeAttr(xla::kPrefetchNextBlockAttrName);
    });
  }
};

} // namespace
