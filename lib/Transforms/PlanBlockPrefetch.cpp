//===- PlanBlockPrefetch.cpp - which reads prefetch the next block --------===//
//
// See Passes.td. Strategy only: the prefetches are added by
// xla-prefetch-next-block (PrefetchNextBlock.cpp).
//
//===----------------------------------------------------------------------===//

#include "BlockFootprint.h"
#include "MemoryAccess.h"
#include "xla-mlir/Target/TargetDescription.h"
#include "xla-mlir/Transforms/FusionCostModel.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace xla {
#define GEN_PASS_DEF_PLANBLOCKPREFETCHPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;
using xla::FusionCostModel;

namespace {

/// Instructions per vector register of a transcendental function (our
/// exp is a polynomial of about 22) and of a division or square root
/// (vdivps issues about once per 8 cycles), against 1 for other arithmetic.
constexpr double kTranscendentalInstructions = 20;
constexpr double kDivisionInstructions = 8;

struct Limits {
  int64_t minBytes;
  int64_t l1Bytes;
  /// One core's share of the memory bandwidth, bytes per second, and the
  /// vector instructions it issues per second (about one per cycle).
  double coreBytesPerSecond;
  double instructionsPerSecond;
  int64_t vectorBits;
};

/// The buffers defined outside `loop` that `op` reads from (through views,
/// taken back to the buffer they view).
SmallVector<Value> outerBuffersRead(Operation *op, scf::ParallelOp loop) {
  SmallVector<Value> buffers;
  op->walk([&](MemoryEffectOpInterface effects) {
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      auto memref = dyn_cast_or_null<MemrefValue>(instance.getValue());
      if (!memref || !isa<MemoryEffects::Read>(instance.getEffect()))
        continue;
      Value root = memref::skipViewLikeOps(memref);
      if (!loop.getRegion().isAncestor(root.getParentRegion()) &&
          !llvm::is_contained(buffers, root))
        buffers.push_back(root);
    }
  });
  return buffers;
}

/// Vector instructions one execution of `op` issues: its registers' worth
/// of arithmetic on data (index arithmetic is free), weighted by kind.
double instructions(Operation *op, int64_t vectorBits) {
  if (op->getNumResults() != 1 ||
      !isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return 0;
  Type type = op->getResult(0).getType();
  Type element = getElementTypeOrSelf(type);
  if (!element.isIntOrFloat())
    return 0;
  double registers = 1;
  if (auto vector = dyn_cast<VectorType>(type))
    registers = std::ceil(double(vector.getNumElements()) *
                          element.getIntOrFloatBitWidth() / vectorBits);
  if (isa<arith::DivFOp, arith::RemFOp, math::SqrtOp, math::RsqrtOp>(op))
    return registers * kDivisionInstructions;
  if (isa<math::MathDialect>(op->getDialect()) &&
      !isa<math::AbsFOp, math::AbsIOp, math::FmaOp, math::CopySignOp,
           math::FloorOp, math::CeilOp, math::RoundOp, math::RoundEvenOp,
           math::TruncOp>(op))
    return registers * kTranscendentalInstructions;
  return registers;
}

/// Vector instructions of one execution of `phase`: each op's times the
/// trip counts of the loops around it inside `phase` (1 when not constant).
double phaseInstructions(Operation *phase, int64_t vectorBits) {
  double total = 0;
  phase->walk([&](Operation *op) {
    double count = instructions(op, vectorBits);
    if (count == 0)
      return;
    for (Operation *parent = op->getParentOp(); parent != phase->getParentOp();
         parent = parent->getParentOp())
      if (auto inner = dyn_cast<scf::ForOp>(parent))
        if (std::optional<APInt> trips = inner.getStaticTripCount())
          count *= double(trips->getZExtValue());
    total += count;
  });
  return total;
}

/// The footprint of all of `phase`'s reads of `buffer` (through views), or
/// none when one of them has none or they move differently with the loop.
std::optional<xla::Footprint> phaseFootprint(Operation *phase, Value buffer,
                                             Value iv) {
  std::optional<xla::Footprint> hull;
  bool known = true;
  phase->walk([&](MemoryEffectOpInterface effects) {
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      auto memref = dyn_cast_or_null<MemrefValue>(instance.getValue());
      if (!memref || !isa<MemoryEffects::Read>(instance.getEffect()) ||
          memref::skipViewLikeOps(memref) != buffer)
        continue;
      std::optional<xla::Footprint> read =
          xla::readFootprint(effects.getOperation(), iv);
      if (!read || (hull && hull->perIteration != read->perIteration)) {
        known = false;
        return WalkResult::interrupt();
      }
      hull = hull ? xla::Footprint{read->perIteration,
                                   std::min(hull->low, read->low),
                                   std::max(hull->high, read->high)}
                  : *read;
    }
    return WalkResult::advance();
  });
  return known ? hull : std::nullopt;
}

/// Marks, in `loop`'s body, the reads of each large outer buffer in the
/// second of the body's top-level ops (phases) that read it, where they
/// read again what the first one read: the first phase brings the block
/// in from memory, the second works on it in the cache while the
/// prefetches bring the next iteration's block.
void planLoop(scf::ParallelOp loop, const Limits &limits) {
  llvm::MapVector<Value, SmallVector<Operation *>> phasesReading;
  for (Operation &phase : loop.getBody()->without_terminator())
    for (Value buffer : outerBuffersRead(&phase, loop))
      phasesReading[buffer].push_back(&phase);
  Value iv = loop.getInductionVars().front();
  for (auto &entry : phasesReading) {
    Value buffer = entry.first;
    ArrayRef<Operation *> phases = entry.second;
    auto type = dyn_cast<MemRefType>(buffer.getType());
    if (!type || phases.size() < 2 ||
        FusionCostModel::getBytes(buffer) < limits.minBytes)
      continue;
    // The block: what the first phase reads in one iteration, somewhere
    // else in the next.
    std::optional<xla::Footprint> block =
        phaseFootprint(phases[0], buffer, iv);
    if (!block || block->perIteration == 0)
      continue;
    int64_t blockBytes = (block->high - block->low + 1) *
                         type.getElementTypeBitWidth() / 8;
    // Worth it when the phases from the second on compute at least as long
    // as the block takes to come from memory: the next block's lines then
    // arrive while they compute instead of after.
    double compute = 0;
    for (Operation *phase = phases[1]; phase != loop.getBody()->getTerminator();
         phase = phase->getNextNode())
      compute += phaseInstructions(phase, limits.vectorBits);
    if (compute / limits.instructionsPerSecond <
        blockBytes / limits.coreBytesPerSecond)
      continue;
    // To L1 when it leaves room for the block being worked on, else to L2.
    unsigned locality = blockBytes <= limits.l1Bytes / 2 ? 3 : 2;
    phases[1]->walk([&](vector::TransferReadOp read) {
      if (!xla::isContiguousTransfer(read) ||
          memref::skipViewLikeOps(cast<MemrefValue>(read.getBase())) !=
              buffer)
        return;
      std::optional<xla::Footprint> again = xla::readFootprint(read, iv);
      if (again && again->perIteration == block->perIteration &&
          again->low >= block->low && again->high <= block->high)
        read->setAttr(xla::kPrefetchNextBlockAttrName,
                      OpBuilder(read).getI32IntegerAttr(locality));
    });
  }
}

struct PlanBlockPrefetchPass
    : xla::impl::PlanBlockPrefetchPassBase<PlanBlockPrefetchPass> {
  using PlanBlockPrefetchPassBase::PlanBlockPrefetchPassBase;

  void runOnOperation() override {
    func::FuncOp function = getOperation();
    std::optional<Limits> limits = decideLimits(function);
    if (!limits)
      return;
    // Outermost one-dimensional parallel loops: the distributed blocks.
    function.walk([&](scf::ParallelOp loop) {
      if (loop.getNumLoops() == 1 &&
          !loop->getParentOfType<scf::ParallelOp>())
        planLoop(loop, *limits);
    });
  }

  /// The options and the module's target (the defaults of
  /// TargetDescription without one); none for a GPU.
  std::optional<Limits> decideLimits(func::FuncOp function) {
    xla::TargetDescription target;
    auto module = function->getParentOfType<ModuleOp>();
    if (module && module->hasAttr(xla::TargetDescription::kAttrName)) {
      llvm::Expected<xla::TargetDescription> attached =
          xla::TargetDescription::fromModule(module);
      if (!attached) {
        function.emitError(llvm::toString(attached.takeError()));
        signalPassFailure();
        return std::nullopt;
      }
      target = *attached;
    }
    if (!target.gpu.empty())
      return std::nullopt;
    // Smaller buffers may stay in the cores' private caches from one call
    // to the next.
    Limits limits{minBytes > 0 ? int64_t(minBytes)
                               : target.cores * target.l2Bytes,
                  l1Bytes > 0 ? int64_t(l1Bytes) : target.l1Bytes,
                  target.bandwidthGBps * 1e9 / target.cores,
                  target.clockGHz * 1e9, target.vectorBits};
    return limits;
  }
};

} // namespace
