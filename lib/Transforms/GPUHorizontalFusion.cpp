//===- GPUHorizontalFusion.cpp - independent kernels as one launch --------===//
//
// Strategy of horizontal fusion: which launches of a block of host code run
// as one (the mechanism is GPUMergeLaunches.cpp), from the dependences of
// the block's ops on values and buffers. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringSet.h"

#include <set>

namespace xla {
#define GEN_PASS_DEF_GPUHORIZONTALFUSIONPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;
using namespace xla::gpu_kernels;

static bool isAllocation(Value value) {
  return isa_and_nonnull<memref::AllocOp, memref::AllocaOp, gpu::AllocOp>(
      value.getDefiningOp());
}

namespace {

/// Which buffers of a function may be one another. Allocations are their
/// own; globals are the module's own, one per name; the arguments of a
/// private function are distinct but where a call passes one buffer for
/// several of them; anything else may be anything.
class BufferAliases {
public:
  /// `users`: the module's symbol users, found once for all functions.
  BufferAliases(func::FuncOp func, const SymbolUserMap &users)
      : entry(&func.getBody().front()) {
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      classes.insert(i);
    argumentsKnown = func.isPrivate();
    if (!argumentsKnown)
      return;
    for (Operation *user : users.getUsers(func)) {
      auto call = dyn_cast<func::CallOp>(user);
      if (!call) {
        argumentsKnown = false;
        break;
      }
      DenseMap<Value, unsigned> first;
      for (auto [i, operand] : llvm::enumerate(call.getOperands())) {
        if (!isa<BaseMemRefType>(operand.getType()))
          continue;
        auto [it, inserted] = first.try_emplace(bufferRoot(operand), i);
        if (!inserted)
          classes.unionSets(it->second, unsigned(i));
      }
    }
  }

  bool mayAlias(Value a, Value b) const {
    if (a == b)
      return true;
    auto globalA = a.getDefiningOp<memref::GetGlobalOp>();
    auto globalB = b.getDefiningOp<memref::GetGlobalOp>();
    bool argumentA = isArgument(a), argumentB = isArgument(b);
    // A buffer of unknown origin (an if's or a loop's result, a select)
    // may be any buffer.
    if (!(isAllocation(a) || globalA || argumentA) ||
        !(isAllocation(b) || globalB || argumentB))
      return true;
    if (isAllocation(a) || isAllocation(b))
      return false;
    if (globalA && globalB)
      return globalA.getName() == globalB.getName();
    if (globalA || globalB)
      return false;
    if (argumentsKnown)
      return classes.isEquivalent(cast<BlockArgument>(a).getArgNumber(),
                                  cast<BlockArgument>(b).getArgNumber());
    return true;
  }

private:
  bool isArgument(Value value) const {
    auto argument = dyn_cast<BlockArgument>(value);
    return argument && argument.getOwner() == entry;
  }

  Block *entry;
  llvm::EquivalenceClasses<unsigned> classes;
  bool argumentsKnown = false;
};

/// The buffers an op reads and writes (`bufferRoot`s), or that it may
/// touch anything.
struct Footprint {
  SmallVector<Value, 4> reads, writes;
  bool unknown = false;

  bool touchesMemory() const {
    return unknown || !reads.empty() || !writes.empty();
  }
};

/// Whether `value` is made inside `scope`.
static bool isInside(Value value, Operation *scope) {
  Operation *owner = isa<BlockArgument>(value)
                         ? cast<BlockArgument>(value).getOwner()->getParentOp()
                         : value.getDefiningOp();
  return owner && scope->isAncestor(owner);
}

/// Whether `root`, made inside `scope`, is a buffer of `scope` alone: an
/// allocation there, a global (read-only constants) or a kernel's
/// attribution. Anything else made there (a loop's memref argument, a
/// select or an if of buffers) may be any buffer.
static bool isOwnBuffer(Value root) {
  if (isAllocation(root) || root.getDefiningOp<memref::GetGlobalOp>())
    return true;
  auto argument = dyn_cast<BlockArgument>(root);
  return argument && isa<gpu::LaunchOp>(argument.getOwner()->getParentOp());
}

static bool hasMemRefOperand(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), llvm::IsaPred<BaseMemRefType>);
}

static Footprint footprintOf(Operation *top) {
  Footprint footprint;
  top->walk([&](Operation *op) {
    if (footprint.unknown || isa<ViewLikeOpInterface>(op) ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return;
    // In a kernel, an op on no buffer (a barrier, a shuffle) orders only
    // the kernel's own threads.
    bool inKernel = op->getParentOfType<gpu::LaunchOp>() != nullptr;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      footprint.unknown |= !inKernel || hasMemRefOperand(op);
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (isa<MemoryEffects::Allocate>(instance.getEffect()))
        continue;
      Value value = instance.getValue();
      if (!value) {
        footprint.unknown |= !inKernel || hasMemRefOperand(op);
        continue;
      }
      Value root = bufferRoot(value);
      if (isInside(root, top)) {
        footprint.unknown |= !isOwnBuffer(root);
        continue;
      }
      (isa<MemoryEffects::Read>(instance.getEffect()) ? footprint.reads
                                                      : footprint.writes)
          .push_back(root);
    }
  });
  return footprint;
}

static bool conflict(const Footprint &a, const Footprint &b,
                     const BufferAliases &aliases) {
  if (!a.touchesMemory() || !b.touchesMemory())
    return false;
  if (a.unknown || b.unknown)
    return true;
  auto overlaps = [&](ArrayRef<Value> xs, ArrayRef<Value> ys) {
    return llvm::any_of(xs, [&](Value x) {
      return llvm::any_of(ys, [&](Value y) { return aliases.mayAlias(x, y); });
    });
  };
  return overlaps(a.writes, b.reads) || overlaps(a.writes, b.writes) ||
         overlaps(b.writes, a.reads);
}

/// Bytes of kernel parameters a captured value becomes (a memref, its
/// descriptor: two pointers, an offset, sizes and strides).
static int64_t parameterBytes(Value value) {
  if (auto memref = dyn_cast<MemRefType>(value.getType()))
    return 8 * (3 + 2 * memref.getRank());
  // An unranked memref: its rank and a pointer to a descriptor.
  return isa<UnrankedMemRefType>(value.getType()) ? 16 : 8;
}

/// Launches that become one, with what the limits need.
struct Group {
  SmallVector<unsigned> members;
  SmallVector<LaunchShape> shapes;
  SmallVector<bool> synchronizes;
  llvm::SetVector<Value> captured;
  llvm::BitVector memberBits;
};

struct GPUHorizontalFusionPass
    : xla::impl::GPUHorizontalFusionPassBase<GPUHorizontalFusionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxKernels < 2)
      return;
    ModuleOp module = getOperation();
    if (inlineFusions)
      inlineFusionCalls(module);
    minBlocks = module->getAttrOfType<DictionaryAttr>(kKernelMinBlocks);
    // Symbol users in one walk, not one per function (1.6 s of the BERT
    // step's compile); merging launches leaves the calls as they are.
    SymbolTableCollection tables;
    SymbolUserMap users(tables, module);
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      BufferAliases aliases(func, users);
      processRegion(func.getBody(), aliases);
    }
  }

private:
  DictionaryAttr minBlocks;

  /// Replaces each call of a fusion's function (host code: its kernels'
  /// launches, allocations, copies) by the function's body, so that the
  /// kernels of neighbouring fusions can merge too. The launches of a
  /// second and later call get names of their own (`<kernel>_call<k>`),
  /// with their generators' wishes copied.
  void inlineFusionCalls(ModuleOp module) {
    SymbolTable symbols(module);
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      // Not a call of the function it is in: its body would grow while
      // it is copied.
      if (callee && !callee.isExternal() && callee.isPrivate() &&
          callee->hasAttr("xla.fusion_kind") &&
          callee.getBody().hasOneBlock() && call->getNumResults() == 0 &&
          !callee->isProperAncestor(call))
        calls.push_back(call);
    });
    if (calls.empty())
      return;
    auto wishes = module->getAttrOfType<DictionaryAttr>(kKernelMinBlocks);
    NamedAttrList newWishes(wishes ? wishes.getValue()
                                   : ArrayRef<NamedAttribute>{});
    llvm::StringSet<> names;
    module.walk([&](gpu::LaunchOp launch) {
      if (std::optional<StringRef> name = launch.getFunction())
        names.insert(*name);
    });
    DenseMap<Operation *, unsigned> inlined;
    SetVector<Operation *> callees;
    for (func::CallOp call : calls) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      unsigned copy = inlined[callee]++;
      callees.insert(callee);
      IRMapping map;
      map.map(callee.getArguments(), call.getOperands());
      OpBuilder b(call);
      for (Operation &op : callee.getBody().front().without_terminator()) {
        Operation *clone = b.clone(op, map);
        if (!copy)
          continue;
        clone->walk([&](gpu::LaunchOp launch) {
          std::optional<StringRef> name = launch.getFunction();
          if (!name)
            return;
          std::string unique;
          for (unsigned k = copy;; ++k) {
            unique = (*name + "_call" + Twine(k)).str();
            if (names.insert(unique).second)
              break;
          }
          if (wishes)
            if (Attribute wish = wishes.get(*name))
              newWishes.set(unique, wish);
          launch.setFunctionAttr(FlatSymbolRefAttr::get(
              launch.getContext(), unique));
          launch.setModuleAttr(FlatSymbolRefAttr::get(
              launch.getContext(), unique + "_module"));
        });
      }
      call.erase();
    }
    // A kernel may share a function's name (`fusion_1`'s kernel 3 and
    // the function `fusion_3`): only calls count as uses.
    SymbolTableCollection tables;
    SymbolUserMap users(tables, module);
    SmallVector<Operation *> unused;
    for (Operation *callee : callees)
      if (llvm::none_of(users.getUsers(callee), [](Operation *user) {
            return isa<CallOpInterface>(user);
          }))
        unused.push_back(callee);
    // Erased after the queries: the map holds the users inside them.
    for (Operation *callee : unused)
      callee->erase();
    if (wishes)
      module->setAttr(kKernelMinBlocks,
                      newWishes.getDictionary(module.getContext()));
  }

  void processRegion(Region &region, const BufferAliases &aliases) {
    for (Block &block : region) {
      for (Operation &op : block)
        if (!isa<gpu::LaunchOp>(op))
          for (Region &nested : op.getRegions())
            processRegion(nested, aliases);
      processBlock(block, aliases);
    }
  }

  /// The shape of `launch` if it may join a group.
  std::optional<LaunchShape> candidateShape(gpu::LaunchOp launch) {
    // The kernel's own wishes (registers) are keyed by its name.
    if (std::optional<StringRef> name = launch.getFunction();
        !name || (minBlocks && minBlocks.get(*name)))
      return std::nullopt;
    FailureOr<LaunchShape> shape = mergeableShape(launch);
    if (failed(shape) || shape->blocks * shape->threads > maxComponentThreads)
      return std::nullopt;
    return *shape;
  }

  /// Whether `group` can take one more launch of `shape`.
  bool fits(const Group &group, LaunchShape shape, bool synchronizes,
            const llvm::SetVector<Value> &captured) const {
    if (int64_t(group.members.size()) >= maxKernels)
      return false;
    int64_t threads = shape.threads;
    for (LaunchShape other : group.shapes)
      threads = std::max(threads, other.threads);
    if (synchronizes && shape.threads < threads)
      return false;
    for (auto [other, sync] : llvm::zip(group.shapes, group.synchronizes))
      if (sync && other.threads < threads)
        return false;
    int64_t bytes = 0;
    for (Value value : group.captured)
      bytes += parameterBytes(value);
    for (Value value : captured)
      if (!group.captured.contains(value))
        bytes += parameterBytes(value);
    return bytes <= maxParameterBytes;
  }

  /// The block's ops in windows of at most `kWindow`, each reordered in
  /// place: the analysis is quadratic in the ops it looks at.
  void processBlock(Block &block, const BufferAliases &aliases) {
    if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
      return;
    constexpr size_t kWindow = 4096;
    SmallVector<Operation *> all;
    for (Operation &op : block.without_terminator())
      all.push_back(&op);
    for (size_t start = 0; start < all.size(); start += kWindow) {
      size_t end = std::min(all.size(), start + kWindow);
      Operation *anchor = end < all.size() ? all[end] : block.getTerminator();
      processWindow(ArrayRef(all).slice(start, end - start), anchor,
                    aliases);
    }
  }

  /// Groups the launches of `ops` (consecutive ops of a block, followed by
  /// `anchor`) and reorders them before `anchor`.
  void processWindow(ArrayRef<Operation *> ops, Operation *anchor,
                     const BufferAliases &aliases) {
    Block &block = *anchor->getBlock();
    unsigned n = ops.size();
    SmallVector<std::optional<LaunchShape>> shapes(n);
    unsigned candidates = 0;
    for (auto [i, op] : llvm::enumerate(ops))
      if (auto launch = dyn_cast<gpu::LaunchOp>(op))
        candidates += (shapes[i] = candidateShape(launch)).has_value();
    if (candidates < 2)
      return;

    // Dependences: values (used directly or inside regions) and buffers.
    DenseMap<Operation *, unsigned> indexOf;
    for (auto [i, op] : llvm::enumerate(ops))
      indexOf[op] = i;
    SmallVector<Footprint> footprints;
    for (Operation *op : ops)
      footprints.push_back(footprintOf(op));
    SmallVector<SmallVector<unsigned>> successors(n);
    for (auto [j, op] : llvm::enumerate(ops)) {
      llvm::SetVector<Value> used(op->operand_begin(), op->operand_end());
      for (Region &region : op->getRegions())
        getUsedValuesDefinedAbove(region, used);
      llvm::SmallDenseSet<unsigned> preds;
      for (Value value : used)
        if (Operation *def = value.getDefiningOp())
          if (Operation *ancestor = block.findAncestorOpInBlock(*def))
            if (auto it = indexOf.find(ancestor); it != indexOf.end())
              preds.insert(it->second);
      for (unsigned i = 0; i < j; ++i)
        if (preds.contains(i) ||
            conflict(footprints[i], footprints[j], aliases))
          successors[i].push_back(j);
    }
    // reach[i]: the ops that depend on op i, directly or not.
    SmallVector<llvm::BitVector> reach(n, llvm::BitVector(n));
    for (unsigned i = n; i-- > 0;)
      for (unsigned s : successors[i]) {
        reach[i].set(s);
        reach[i] |= reach[s];
      }

    // Greedy groups in program order: a launch joins the first group it
    // fits that no path of dependences connects it to.
    SmallVector<Group, 4> groups;
    for (unsigned i = 0; i < n; ++i) {
      if (!shapes[i])
        continue;
      auto launch = cast<gpu::LaunchOp>(ops[i]);
      bool synchronizes = synchronizesThreads(launch);
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(launch.getBody(), captured);
      Group *joined = nullptr;
      for (Group &group : groups) {
        bool connected = reach[i].anyCommon(group.memberBits) ||
                         llvm::any_of(group.members, [&](unsigned m) {
                           return reach[m].test(i);
                         });
        if (!connected && fits(group, *shapes[i], synchronizes, captured)) {
          joined = &group;
          break;
        }
      }
      if (!joined) {
        joined = &groups.emplace_back();
        joined->memberBits.resize(n);
      }
      joined->members.push_back(i);
      joined->shapes.push_back(*shapes[i]);
      joined->synchronizes.push_back(synchronizes);
      joined->captured.insert(captured.begin(), captured.end());
      joined->memberBits.set(i);
      if (joined->members.size() < 2)
        continue;
      // The group is now one node: what reaches a member reaches all that
      // any member reaches.
      llvm::BitVector below(n);
      for (unsigned m : joined->members)
        below |= reach[m];
      for (unsigned m : joined->members)
        reach[m] = below;
      below |= joined->memberBits;
      for (unsigned x = 0; x < n; ++x)
        if (!joined->memberBits.test(x) &&
            reach[x].anyCommon(joined->memberBits))
          reach[x] |= below;
    }
    if (llvm::none_of(groups,
                      [](const Group &g) { return g.members.size() > 1; }))
      return;
    if (!reorder(anchor, ops, successors, groups)) {
      ops.front()->emitError("xla-gpu-horizontal-fusion: no order of the "
                             "block's ops makes each group one launch");
      signalPassFailure();
    }
  }

  /// Moves `ops` before `anchor` in a stable topological order of their
  /// dependences in which each group is one launch; false (and nothing
  /// changed) if there is none.
  bool reorder(Operation *anchor, ArrayRef<Operation *> ops,
               ArrayRef<SmallVector<unsigned>> successors,
               ArrayRef<Group> groups) {
    unsigned n = ops.size();
    // Node of each op: itself, or n + its group's index.
    SmallVector<unsigned> node(n);
    for (unsigned i = 0; i < n; ++i)
      node[i] = i;
    for (auto [g, group] : llvm::enumerate(groups))
      if (group.members.size() > 1)
        for (unsigned m : group.members)
          node[m] = n + g;
    unsigned nodes = n + groups.size();
    SmallVector<unsigned> first(nodes, ~0u), pending(nodes, 0);
    for (unsigned i = 0; i < n; ++i)
      first[node[i]] = std::min(first[node[i]], i);
    SmallVector<llvm::SmallDenseSet<unsigned>> edges(nodes);
    for (unsigned i = 0; i < n; ++i)
      for (unsigned s : successors[i])
        if (node[i] != node[s] && edges[node[i]].insert(node[s]).second)
          ++pending[node[s]];
    std::set<std::pair<unsigned, unsigned>> ready;
    for (unsigned v = 0; v < nodes; ++v)
      if (first[v] != ~0u && !pending[v])
        ready.insert({first[v], v});
    SmallVector<unsigned> order;
    while (!ready.empty()) {
      unsigned v = ready.begin()->second;
      ready.erase(ready.begin());
      order.push_back(v);
      for (unsigned s : edges[v])
        if (!--pending[s])
          ready.insert({first[s], s});
    }
    // The groups' members are pairwise unconnected, so the contracted
    // graph has no cycle and every node is ordered; if not, change nothing.
    if (order.size() != unsigned(llvm::count_if(
                            first, [](unsigned f) { return f != ~0u; })))
      return false;
    for (unsigned v : order) {
      if (v < n) {
        ops[v]->moveBefore(anchor);
        continue;
      }
      const Group &group = groups[v - n];
      SmallVector<gpu::LaunchOp> launches;
      for (unsigned m : group.members)
        launches.push_back(cast<gpu::LaunchOp>(ops[m]));
      OpBuilder b(anchor);
      mergeLaunches(b, launches, group.shapes,
                    *launches.front().getFunction());
      for (gpu::LaunchOp launch : launches)
        launch.erase();
    }
    return true;
  }
};

} // namespace
