//===- PlanStreamingStores.cpp - which outputs to stream ------------------===//
//
// See Passes.td. Strategy only: the stores are rewritten by
// xla-streaming-stores (StreamingStores.cpp).
//
//===----------------------------------------------------------------------===//

#include "MemoryAccess.h"
#include "xla-mlir/Target/TargetDescription.h"
#include "xla-mlir/Transforms/FusionCostModel.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "llvm/TargetParser/Triple.h"

namespace xla {
#define GEN_PASS_DEF_PLANSTREAMINGSTORESPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;
using xla::FusionCostModel;

namespace {

struct Thresholds {
  int64_t minBytes;
  int64_t reuseBytes;
};

/// The buffers each op of a function's entry block uses, in program order,
/// each view taken back to the buffer it views.
class EntryBlock {
public:
  explicit EntryBlock(Block &block) : block(block) {
    for (Operation &op : block) {
      position[&op] = uses.size();
      SetVector<Value> buffers;
      op.walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          if (auto memref = dyn_cast<MemrefValue>(operand))
            buffers.insert(memref::skipViewLikeOps(memref));
      });
      uses.push_back({&op, buffers.takeVector()});
    }
  }

  /// Whether `buffer`, written by `call` (an op of the block), would have
  /// left the caches before anything reads it: nothing after `call` uses it
  /// but a dealloc, or the ops before its next use touch at least
  /// `reuseBytes` of other buffers.
  bool outlivesCaches(Operation *call, Value buffer,
                      const Thresholds &limits) const {
    DenseSet<Value> touched;
    int64_t distance = 0;
    for (size_t i = position.lookup(call) + 1; i < uses.size(); ++i) {
      if (distance >= limits.reuseBytes)
        return true;
      const auto &[op, buffers] = uses[i];
      if (llvm::is_contained(buffers, buffer))
        return isa<memref::DeallocOp>(op);
      for (Value other : buffers)
        if (touched.insert(other).second)
          distance += FusionCostModel::getBytes(other);
    }
    return true;
  }

  Block &block;

private:
  DenseMap<Operation *, size_t> position;
  std::vector<std::pair<Operation *, SmallVector<Value>>> uses;
};

/// Whether `kernel` stores into its argument `index` (through views): only
/// outputs are marked.
bool writesArgument(func::FuncOp kernel, unsigned index) {
  return llvm::any_of(xla::usesThroughViews(kernel.getArgument(index)),
                      xla::isStore);
}

struct PlanStreamingStoresPass
    : xla::impl::PlanStreamingStoresPassBase<PlanStreamingStoresPass> {
  using PlanStreamingStoresPassBase::PlanStreamingStoresPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<Thresholds> limits = decideThresholds(module);
    if (!limits)
      return;
    SymbolTable symbols(module);
    // (kernel, argument) -> whether every call so far qualifies.
    DenseMap<std::pair<Operation *, unsigned>, bool> verdicts;
    for (auto caller : module.getOps<func::FuncOp>()) {
      if (caller.isExternal())
        continue;
      EntryBlock entry(caller.getBody().front());
      // Calls in nested regions (a loop in the caller) read and write their
      // buffers again on the next trip: never streamed.
      caller.walk([&](func::CallOp call) {
        auto kernel = symbols.lookup<func::FuncOp>(call.getCallee());
        if (!kernel || kernel.isExternal())
          return;
        bool top = call->getBlock() == &entry.block;
        for (auto [index, operand] : llvm::enumerate(call.getOperands())) {
          if (!isa<MemRefType>(operand.getType()) ||
              !writesArgument(kernel, index))
            continue;
          bool qualifies =
              top && FusionCostModel::getBytes(operand) >= limits->minBytes &&
              entry.outlivesCaches(
                  call, memref::skipViewLikeOps(cast<MemrefValue>(operand)),
                  *limits);
          auto [it, inserted] = verdicts.try_emplace(
              std::make_pair(kernel.getOperation(), unsigned(index)),
              qualifies);
          if (!inserted)
            it->second = it->second && qualifies;
        }
      });
    }
    for (auto [key, qualifies] : verdicts)
      if (qualifies)
        cast<func::FuncOp>(key.first)
            .setArgAttr(key.second, xla::kStreamingStoreAttrName,
                        UnitAttr::get(&getContext()));
  }

  /// The options, or what the module's target says; none when the target
  /// is not an x86 CPU or nothing says.
  std::optional<Thresholds> decideThresholds(ModuleOp module) {
    Thresholds limits{minBytes, reuseBytes};
    if (module->hasAttr(xla::TargetDescription::kAttrName)) {
      llvm::Expected<xla::TargetDescription> target =
          xla::TargetDescription::fromModule(module);
      if (!target) {
        module.emitError(llvm::toString(target.takeError()));
        signalPassFailure();
        return std::nullopt;
      }
      if (!llvm::Triple(target->triple).isX86() || !target->gpu.empty())
        return std::nullopt;
      if (limits.minBytes <= 0)
        limits.minBytes = target->streamingStoreBytes();
      if (limits.reuseBytes <= 0)
        limits.reuseBytes = target->l3Bytes;
    }
    if (limits.minBytes <= 0 || limits.reuseBytes <= 0)
      return std::nullopt;
    return limits;
  }
};

} // namespace
