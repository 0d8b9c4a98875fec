//===- PlanFusion.cpp - priority fusion of hlo ops ------------------------===//
//
// The strategy of fusion, in the style of XLA's priority fusion. Every op of
// a block starts as its own group (a kernel). Three merges are candidates:
//   - producer into consumer: the two groups become one kernel, which still
//     writes the producer's values that others read (multi-output);
//   - duplication: a single-op group is copied into every group that reads
//     it and disappears (a broadcast or a cheap elementwise op recomputed
//     by each consumer instead of stored);
//   - siblings: two groups that read the same value and iterate over the
//     same shape become one kernel that reads it once;
//   - rematerialization (option `rematerialize`: off for this pass alone,
//     on in the compile driver's pipelines), once the other merges
//     are done: a value a kernel writes only for other kernels, when it is
//     a short chain of elementwise ops (or broadcasts, reshapes, and
//     transposes of the function's arguments, which only move data) from
//     values the kernel writes or reads anyway, is recomputed by each
//     reader instead (a gradient reads
//     an activation's pre-activation and recomputes the activation's
//     pieces, as XLA fuses a cheap producer into every consumer). It
//     trades time for memory: its benefit counts the freed bytes as worth
//     two passes over them.
// The benefit of a merge is the estimated time of the groups before minus
// after (FusionCostModel). The largest benefit is applied first, benefits
// are recomputed as groups change, and merging stops when no candidate has
// a positive benefit. A merge that would create a cycle between kernels is
// refused, and so is one past `max-fusion-ops`. The decisions are recorded
// as `xla.fusion_groups` (FusionPlan.h); hlo-form-fusions carries them out.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"
#include "xla-mlir/Transforms/FusionCostModel.h"
#include "xla-mlir/Transforms/FusionPlan.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"

#include <queue>

/// How many passes over a value's bytes its recomputation may cost, when
/// it takes the value out of memory.
static constexpr double kRematerializePasses = 2.0;

namespace xla {
#define GEN_PASS_DEF_HLOPLANFUSIONPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;
using namespace xla;

static bool hasStaticTensorTypes(TypeRange types) {
  return llvm::all_of(types, [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.hasStaticShape();
  });
}

bool xla::isFusible(Operation *op) {
  if (!isa_and_nonnull<hlo::HLODialect>(op->getDialect()) ||
      op->getNumResults() == 0 || !isMemoryEffectFree(op) ||
      !hasStaticTensorTypes(op->getOperandTypes()) ||
      !hasStaticTensorTypes(op->getResultTypes()))
    return false;
  if (isa<hlo::ConstantOp, hlo::BitcastConvertOp>(op))
    return false;
  if (hlo::isElementwise(op))
    return true;
  return isa<hlo::BroadcastInDimOp, hlo::ReshapeOp, hlo::TransposeOp,
             hlo::SliceOp, hlo::ConcatenateOp, hlo::PadOp, hlo::IotaOp,
             hlo::ReverseOp, hlo::ReduceOp, hlo::DotGeneralOp, hlo::DotOp,
             hlo::ConvolutionOp>(op);
}

bool xla::isFusionBlock(Block &block) {
  Operation *parent = block.getParentOp();
  return parent && (isa<FunctionOpInterface>(parent) ||
                    isa<hlo::WhileOp, hlo::IfOp, hlo::CaseOp>(parent));
}

namespace {

static bool isContraction(Operation *op) {
  return isa<hlo::DotGeneralOp, hlo::DotOp, hlo::ConvolutionOp>(op);
}

/// One kernel while planning: its ops, in no particular order.
struct Group {
  llvm::SmallSetVector<Operation *, 8> ops;
  bool fusible = true;
  bool alive = true;
  /// Changes with the group's ops and with those of the groups that read
  /// its values (what an estimate involving the group depends on), so a
  /// candidate evaluated at the same versions still has its benefit.
  unsigned version = 0;
  double seconds = 0;
};

/// A merge under consideration.
struct Candidate {
  enum Kind { ProducerConsumer, Duplicate, Siblings, Rematerialize } kind;
  double benefit;
  unsigned a, b; // producer and consumer, the duplicated group, siblings
  unsigned versionA, versionB;
  Operation *op = nullptr; // the rematerialized op (of group a)
  bool operator<(const Candidate &other) const {
    // Ties go to the earlier groups, so the plan is deterministic.
    if (benefit != other.benefit)
      return benefit < other.benefit;
    return std::tie(other.a, other.b) < std::tie(a, b);
  }
};

class Planner {
public:
  Planner(Block &block, const FusionCostModel &model, int64_t maxOps,
          bool merge, bool rematerialize)
      : block(block), model(model), facts(block), maxOps(maxOps),
        merge(merge), rematerialize(rematerialize) {}

  /// Plans the block and records the groups, numbered from `firstId`.
  /// Returns the next free id.
  int64_t run(int64_t firstId);

private:
  // The graph.
  unsigned newGroup(ArrayRef<Operation *> ops, bool fusible);
  void addOp(Operation *op, unsigned group);
  SmallVector<unsigned> consumers(unsigned g);
  SmallVector<unsigned> producers(unsigned g);
  bool reaches(ArrayRef<unsigned> from, unsigned to);
  ArrayRef<unsigned> cachedConsumers(unsigned g);
  void collectAffected(unsigned g, llvm::DenseSet<unsigned> &affected);

  // The model.
  double estimate(unsigned g) { return estimate(groups[g].ops.getArrayRef()); }
  double estimate(ArrayRef<Operation *> ops);
  bool isLegal(ArrayRef<Operation *> ops);
  std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
  getIterationSpace(ArrayRef<Operation *> ops);

  // The candidates.
  SmallVector<Operation *> unite(unsigned a, unsigned b);
  std::optional<double> evaluate(const Candidate &c);
  std::optional<SmallVector<Operation *>> rematerializedOps(unsigned g,
                                                            Operation *op);
  bool readsFromMemory(OpOperand &use);
  bool isReadFromMemory(Operation *op);
  bool writesNothing(unsigned g);
  std::optional<SmallVector<unsigned>> memoryReaders(Operation *op);
  std::optional<double> evaluateRematerialize(const Candidate &c);
  void push(Candidate::Kind kind, unsigned a, unsigned b,
            Operation *op = nullptr);
  void pushAround(unsigned g);
  void apply(const Candidate &c);
  void drain();

  Block &block;
  const FusionCostModel &model;
  /// The cost model's facts of the block's ops, computed once: planning
  /// estimates tens of thousands of candidate kernels, and computing them
  /// for each was two thirds of its time.
  FusionCostModel::FactTable facts;
  int64_t maxOps;
  bool merge;
  bool rematerialize;
  /// Seconds a rematerialization may cost per byte it takes out of memory
  /// (0 until the merges are done; see run()).
  double memoryCredit = 0;
  std::vector<Group> groups;
  llvm::DenseMap<Operation *, SmallVector<unsigned, 1>> groupsOf;
  std::priority_queue<Candidate> queue;
  // consumers() of the groups the cycle check visits: it walks most of the
  // graph downstream of every merge, and a merge changes few of them.
  llvm::DenseMap<unsigned, SmallVector<unsigned>> consumerCache;
  /// Duplicate candidates: the estimate of a consumer (at its version) with
  /// its own copy of the producer; nothing if that kernel is illegal.
  struct CopyEstimate {
    unsigned version;
    std::optional<double> seconds;
  };
  llvm::DenseMap<std::pair<Operation *, unsigned>, CopyEstimate>
      duplicateCache;
};

} // namespace

unsigned Planner::newGroup(ArrayRef<Operation *> ops, bool fusible) {
  unsigned id = groups.size();
  groups.emplace_back();
  groups[id].fusible = fusible;
  for (Operation *op : ops)
    addOp(op, id);
  return id;
}

void Planner::addOp(Operation *op, unsigned group) {
  groups[group].ops.insert(op);
  SmallVector<unsigned, 1> &list = groupsOf[op];
  if (!llvm::is_contained(list, group))
    list.push_back(group);
}

SmallVector<unsigned> Planner::consumers(unsigned g) {
  llvm::SetVector<unsigned> result;
  for (Operation *op : groups[g].ops)
    for (OpOperand &use : op->getUses()) {
      // A user duplicated into several kernels is read by each copy, even
      // when one copy is in `g` itself.
      Operation *user = block.findAncestorOpInBlock(*use.getOwner());
      if (!user)
        continue;
      for (unsigned h : groupsOf[user])
        if (h != g && !groups[h].ops.contains(op))
          result.insert(h);
    }
  return result.takeVector();
}

SmallVector<unsigned> Planner::producers(unsigned g) {
  llvm::SetVector<unsigned> result;
  for (Operation *op : groups[g].ops) {
    auto visit = [&](Value value) {
      Operation *def = value.getDefiningOp();
      if (!def || def->getBlock() != &block || groups[g].ops.contains(def))
        return;
      result.insert(groupsOf[def].front());
    };
    for (Value operand : op->getOperands())
      visit(operand);
    // Values that regions of non-fused ops capture.
    op->walk([&](Operation *nested) {
      if (nested != op)
        for (Value operand : nested->getOperands())
          visit(operand);
    });
  }
  return result.takeVector();
}

ArrayRef<unsigned> Planner::cachedConsumers(unsigned g) {
  auto it = consumerCache.find(g);
  if (it == consumerCache.end())
    it = consumerCache.try_emplace(g, consumers(g)).first;
  return it->second;
}

/// Adds the groups whose consumers() may change when the ops of group `g`
/// move or are copied: `g`, the groups that hold one of its ops, and those
/// that hold a producer of one (their consumers are found through the
/// groups of these ops).
void Planner::collectAffected(unsigned g,
                              llvm::DenseSet<unsigned> &affected) {
  affected.insert(g);
  auto addGroupsOf = [&](Value value) {
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != &block)
      return;
    auto it = groupsOf.find(def);
    if (it != groupsOf.end())
      affected.insert(it->second.begin(), it->second.end());
  };
  for (Operation *op : groups[g].ops) {
    affected.insert(groupsOf[op].begin(), groupsOf[op].end());
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        addGroupsOf(operand);
    });
  }
}

/// True if a path of kernels leads from one of `from` to `to`.
bool Planner::reaches(ArrayRef<unsigned> from, unsigned to) {
  llvm::DenseSet<unsigned> seen;
  SmallVector<unsigned> stack;
  for (unsigned g : from)
    if (g != to && seen.insert(g).second)
      stack.push_back(g);
  while (!stack.empty()) {
    unsigned g = stack.pop_back_val();
    for (unsigned next : cachedConsumers(g)) {
      if (next == to)
        return true;
      if (seen.insert(next).second)
        stack.push_back(next);
    }
  }
  return false;
}

/// A user whose groups all hold their own copy of the producer does not
/// read it from memory.
bool Planner::readsFromMemory(OpOperand &use) {
  Operation *user = block.findAncestorOpInBlock(*use.getOwner());
  if (!user)
    return true;
  auto it = groupsOf.find(user);
  if (it == groupsOf.end())
    return false;
  Operation *producer = use.get().getDefiningOp();
  return llvm::any_of(it->second, [&](unsigned h) {
    return !groups[h].ops.contains(producer);
  });
}

double Planner::estimate(ArrayRef<Operation *> ops) {
  return model
      .estimate(
          ops, [&](OpOperand &use) { return readsFromMemory(use); }, &facts)
      .seconds;
}

/// The shape a reduction iterates over and its (sorted) reduced dimensions.
using IterationSpace = std::pair<SmallVector<int64_t>, SmallVector<int64_t>>;

/// The iteration space all reductions among `ops` share (nothing if there
/// are none), or failure if they disagree.
static FailureOr<std::optional<IterationSpace>>
getReductionSpace(ArrayRef<Operation *> ops) {
  std::optional<IterationSpace> space;
  for (Operation *op : ops) {
    auto reduce = dyn_cast<hlo::ReduceOp>(op);
    if (!reduce)
      continue;
    IterationSpace own(
        llvm::to_vector(
            cast<RankedTensorType>(reduce.getInputs().front().getType())
                .getShape()),
        llvm::to_vector(reduce.getDimensions()));
    llvm::sort(own.second);
    if (space && *space != own)
      return failure();
    space = std::move(own);
  }
  return space;
}

/// The iteration space of a kernel without a contraction: that of its
/// reductions, else the shape of its largest value.
std::optional<IterationSpace>
Planner::getIterationSpace(ArrayRef<Operation *> ops) {
  if (llvm::any_of(ops, isContraction))
    return std::nullopt;
  FailureOr<std::optional<IterationSpace>> reductions = getReductionSpace(ops);
  if (failed(reductions))
    return std::nullopt;
  if (*reductions)
    return **reductions;
  RankedTensorType largest;
  for (Operation *op : ops)
    for (Type type : op->getResultTypes()) {
      auto tensor = cast<RankedTensorType>(type);
      if (!largest || tensor.getNumElements() > largest.getNumElements())
        largest = tensor;
    }
  return IterationSpace(llvm::to_vector(largest.getShape()), {});
}

/// What one kernel can hold: at most `maxOps` ops, at most one contraction
/// (the hero of an output fusion) and then no reduction, and reductions
/// that all iterate over the same shape.
bool Planner::isLegal(ArrayRef<Operation *> ops) {
  if (static_cast<int64_t>(ops.size()) > maxOps)
    return false;
  FailureOr<std::optional<IterationSpace>> reductions = getReductionSpace(ops);
  if (failed(reductions))
    return false;
  int64_t contractions = llvm::count_if(ops, isContraction);
  return contractions <= 1 && !(contractions && *reductions);
}

SmallVector<Operation *> Planner::unite(unsigned a, unsigned b) {
  llvm::SmallSetVector<Operation *, 16> ops(groups[a].ops.begin(),
                                            groups[a].ops.end());
  ops.insert(groups[b].ops.begin(), groups[b].ops.end());
  return ops.takeVector();
}

/// The benefit of `c` now, or nothing if it is illegal.
std::optional<double> Planner::evaluate(const Candidate &c) {
  Group &a = groups[c.a];
  if (!a.alive || !a.fusible)
    return std::nullopt;
  if (c.kind == Candidate::Rematerialize)
    return evaluateRematerialize(c);
  if (c.kind == Candidate::Duplicate) {
    if (a.ops.size() != 1 || groupsOf[a.ops.front()].size() != 1)
      return std::nullopt;
    SmallVector<unsigned> users = consumers(c.a);
    if (users.empty())
      return std::nullopt;
    // Every use must be by a fused group; the block's terminator or an
    // unfused op would still need the value in memory.
    for (OpOperand &use : a.ops.front()->getUses()) {
      Operation *user = block.findAncestorOpInBlock(*use.getOwner());
      if (!user || llvm::any_of(groupsOf[user], [&](unsigned h) {
            return !groups[h].fusible;
          }))
        return std::nullopt;
    }
    // Each consumer's estimate with its copy depends only on the two
    // groups (versions change with a group's ops and its readers), so a
    // producer read by many kernels is estimated again only where one
    // changed.
    Operation *op = a.ops.front();
    double before = a.seconds;
    SmallVector<unsigned> unknown;
    for (unsigned h : users) {
      auto it = duplicateCache.find({op, h});
      if (it == duplicateCache.end() ||
          it->second.version != groups[h].version) {
        if (!isLegal(unite(h, c.a))) {
          duplicateCache[{op, h}] = {groups[h].version, std::nullopt};
          return std::nullopt;
        }
        unknown.push_back(h);
      } else if (!it->second.seconds) {
        return std::nullopt;
      }
      before += groups[h].seconds;
    }
    // Estimated as if applied, so that no consumer counts the others as
    // readers of the producer's memory.
    for (unsigned h : users)
      groups[h].ops.insert(op);
    SmallVector<unsigned, 1> saved = groupsOf[op];
    groupsOf[op].assign(users.begin(), users.end());
    for (unsigned h : unknown)
      duplicateCache[{op, h}] = {groups[h].version, estimate(h)};
    groupsOf[op] = saved;
    for (unsigned h : users)
      groups[h].ops.remove(op);
    double after = 0;
    for (unsigned h : users)
      after += *duplicateCache[{op, h}].seconds;
    return before - after;
  }
  Group &b = groups[c.b];
  if (!b.alive || !b.fusible || c.a == c.b)
    return std::nullopt;
  SmallVector<Operation *> ops = unite(c.a, c.b);
  if (!isLegal(ops))
    return std::nullopt;
  if (c.kind == Candidate::Siblings) {
    auto spaceA = getIterationSpace(a.ops.getArrayRef());
    auto spaceB = getIterationSpace(b.ops.getArrayRef());
    if (!spaceA || !spaceB || *spaceA != *spaceB)
      return std::nullopt;
  }
  return a.seconds + b.seconds - estimate(ops);
}

/// Ops that a reader may recompute instead of loading their value: cheap
/// per element, no regions. A transpose of a function argument too: the
/// reader reads the argument, live anyway, in another order (a tied
/// embedding's transpose, kept for the backward pass, was 89 MiB of the
/// BERT step's peak). Not of other values: it would extend their lives,
/// and recompute what made them (a softmax's exponentials, in attention).
static bool isRecomputable(Operation *op) {
  if (auto transpose = dyn_cast<hlo::TransposeOp>(op)) {
    auto argument = dyn_cast<BlockArgument>(transpose.getOperand());
    return argument && argument.getOwner()->isEntryBlock() &&
           isa<FunctionOpInterface>(argument.getOwner()->getParentOp());
  }
  return op->getNumRegions() == 0 &&
         (hlo::isElementwise(op) ||
          isa<hlo::BroadcastInDimOp, hlo::ReshapeOp, hlo::IotaOp>(op));
}

/// The ops of group `g` a reader needs to recompute `op`'s value: `op`
/// and, back through its operands, the ops of `g` whose values `g` does
/// not write anyway (values other kernels read from memory stop the
/// chain, as do the group's inputs). Nothing if one is not recomputable.
std::optional<SmallVector<Operation *>>
Planner::rematerializedOps(unsigned g, Operation *op) {
  Group &group = groups[g];
  llvm::SmallSetVector<Operation *, 8> slice;
  SmallVector<Operation *> stack{op};
  while (!stack.empty()) {
    Operation *next = stack.pop_back_val();
    if (!slice.insert(next))
      continue;
    if (!isRecomputable(next) || slice.size() > 16)
      return std::nullopt;
    for (Value operand : next->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && group.ops.contains(def) && !slice.contains(def) &&
          !isReadFromMemory(def))
        stack.push_back(def);
    }
  }
  return slice.takeVector();
}

/// Someone outside the kernels that hold a copy of `op` reads its value.
bool Planner::isReadFromMemory(Operation *op) {
  return llvm::any_of(op->getUses(),
                      [&](OpOperand &use) { return readsFromMemory(use); });
}

/// Group `g` writes no value any more: every reader recomputes its own.
bool Planner::writesNothing(unsigned g) {
  return llvm::none_of(groups[g].ops,
                       [&](Operation *op) { return isReadFromMemory(op); });
}

/// The kernels that read `op`'s value from memory (they hold no copy of
/// it); nothing if the block's terminator or an unfused op reads it.
std::optional<SmallVector<unsigned>> Planner::memoryReaders(Operation *op) {
  SmallVector<unsigned> readers;
  for (OpOperand &use : op->getUses()) {
    Operation *user = block.findAncestorOpInBlock(*use.getOwner());
    if (!user)
      return std::nullopt;
    for (unsigned h : groupsOf[user]) {
      if (!groups[h].fusible)
        return std::nullopt;
      if (!groups[h].ops.contains(op) && !llvm::is_contained(readers, h))
        readers.push_back(h);
    }
  }
  return readers;
}

/// The benefit of giving every kernel that reads `c.op` from memory its own
/// copy of the ops that compute it, so that group `c.a` need not write it.
std::optional<double> Planner::evaluateRematerialize(const Candidate &c) {
  Operation *op = c.op;
  if (!groups[c.a].ops.contains(op))
    return std::nullopt;
  std::optional<SmallVector<unsigned>> readers = memoryReaders(op);
  if (!readers || readers->empty())
    return std::nullopt;
  std::optional<SmallVector<Operation *>> slice = rematerializedOps(c.a, op);
  if (!slice)
    return std::nullopt;
  double before = groups[c.a].seconds;
  for (unsigned h : *readers) {
    llvm::SmallSetVector<Operation *, 16> ops(groups[h].ops.begin(),
                                              groups[h].ops.end());
    ops.insert(slice->begin(), slice->end());
    if (!isLegal(ops.getArrayRef()))
      return std::nullopt;
    before += groups[h].seconds;
  }
  // Estimated as if applied, then undone.
  SmallVector<std::pair<Operation *, unsigned>> added;
  for (unsigned h : *readers)
    for (Operation *copy : *slice)
      if (groups[h].ops.insert(copy)) {
        groupsOf[copy].push_back(h);
        added.push_back({copy, h});
      }
  // A kernel left writing nothing disappears.
  double after = writesNothing(c.a) ? 0 : estimate(c.a);
  for (unsigned h : *readers)
    after += estimate(h);
  for (auto [copy, h] : llvm::reverse(added)) {
    groups[h].ops.remove(copy);
    groupsOf[copy].pop_back();
  }
  // Nobody reads the value from memory any more: its buffer is gone for
  // its whole live range. (The recomputation's inputs may live longer
  // instead, which this does not see: on the BERT-like step, allowing
  // three passes instead of two took two more GELU derivatives, 1.4 ms of
  // recomputation each, and raised the peak.)
  return before - after +
         memoryCredit * FusionCostModel::getBytes(op->getResult(0));
}

void Planner::push(Candidate::Kind kind, unsigned a, unsigned b,
                   Operation *op) {
  bool single = kind == Candidate::Duplicate ||
                kind == Candidate::Rematerialize;
  Candidate c{kind, 0, a, b, groups[a].version,
              single ? 0 : groups[b].version, op};
  std::optional<double> benefit = evaluate(c);
  if (!benefit || *benefit <= 0)
    return;
  c.benefit = *benefit;
  queue.push(c);
}

/// Candidates that involve group `g`.
void Planner::pushAround(unsigned g) {
  if (!groups[g].fusible || !groups[g].alive)
    return;
  SmallVector<unsigned> ins = producers(g);
  for (unsigned p : ins) {
    push(Candidate::ProducerConsumer, p, g);
    push(Candidate::Duplicate, p, 0);
  }
  for (unsigned c : consumers(g))
    push(Candidate::ProducerConsumer, g, c);
  push(Candidate::Duplicate, g, 0);
  // Siblings: other readers of the values `g` reads, for values with few
  // readers (a weight read by every layer is not worth a quadratic search).
  llvm::SetVector<unsigned> siblings;
  for (Operation *op : groups[g].ops)
    for (Value operand : op->getOperands()) {
      if (FusionCostModel::isFreeValue(operand) ||
          std::distance(operand.use_begin(), operand.use_end()) > 8)
        continue;
      for (Operation *user : operand.getUsers()) {
        Operation *ancestor = block.findAncestorOpInBlock(*user);
        if (!ancestor)
          continue;
        for (unsigned h : groupsOf[ancestor])
          if (h != g)
            siblings.insert(h);
      }
    }
  for (unsigned h : siblings)
    if (!llvm::is_contained(ins, h))
      push(Candidate::Siblings, std::min(g, h), std::max(g, h));
  // Rematerialization (once the merges are done): values of a multi-op
  // kernel that others read.
  if (rematerialize && memoryCredit > 0 && groups[g].ops.size() > 1)
    for (Operation *op : groups[g].ops)
      if (isRecomputable(op) && groupsOf[op].size() == 1 &&
          llvm::any_of(op->getUsers(), [&](Operation *user) {
            Operation *ancestor = block.findAncestorOpInBlock(*user);
            return ancestor && !groups[g].ops.contains(ancestor);
          }))
        push(Candidate::Rematerialize, g, 0, op);
}

void Planner::apply(const Candidate &c) {
  // The groups whose consumers may change, before and after.
  llvm::DenseSet<unsigned> affected;
  collectAffected(c.a, affected);
  if (c.kind == Candidate::ProducerConsumer || c.kind == Candidate::Siblings)
    collectAffected(c.b, affected);
  llvm::scope_exit dropCached([&] {
    for (unsigned h : affected)
      consumerCache.erase(h);
  });
  SmallVector<unsigned> changed;
  if (c.kind == Candidate::Rematerialize) {
    SmallVector<Operation *> slice = *rematerializedOps(c.a, c.op);
    SmallVector<unsigned> readers = *memoryReaders(c.op);
    for (unsigned h : readers) {
      for (Operation *copy : slice)
        addOp(copy, h);
      changed.push_back(h);
    }
    if (writesNothing(c.a)) {
      for (Operation *op : groups[c.a].ops)
        llvm::erase(groupsOf[op], c.a);
      groups[c.a].alive = false;
      groups[c.a].ops.clear();
    } else {
      changed.push_back(c.a);
    }
  } else if (c.kind == Candidate::Duplicate) {
    Operation *op = groups[c.a].ops.front();
    SmallVector<unsigned> users = consumers(c.a);
    groups[c.a].alive = false;
    groups[c.a].ops.clear();
    groupsOf[op].clear();
    for (unsigned h : users) {
      addOp(op, h);
      changed.push_back(h);
    }
  } else {
    // b absorbs a; a's ops become b's.
    for (Operation *op : groups[c.a].ops) {
      SmallVector<unsigned, 1> &list = groupsOf[op];
      for (unsigned &h : list)
        if (h == c.a)
          h = c.b;
      // A duplicated op in both groups is listed once.
      SmallVector<unsigned, 1> unique;
      for (unsigned h : list)
        if (!llvm::is_contained(unique, h))
          unique.push_back(h);
      list = std::move(unique);
      groups[c.b].ops.insert(op);
    }
    groups[c.a].alive = false;
    groups[c.a].ops.clear();
    changed.push_back(c.b);
  }
  for (unsigned h : changed) {
    collectAffected(h, affected);
    groups[h].seconds = estimate(h);
  }
  // Their readers changed, so may their estimates.
  for (unsigned h : affected)
    ++groups[h].version;
  for (unsigned h : changed)
    pushAround(h);
}

/// Applies the candidates in the queue, best first, until none has a
/// positive benefit.
void Planner::drain() {
  while (!queue.empty()) {
    Candidate c = queue.top();
    queue.pop();
    bool single = c.kind == Candidate::Duplicate ||
                  c.kind == Candidate::Rematerialize;
    bool stale = c.versionA != groups[c.a].version ||
                 (!single && c.versionB != groups[c.b].version);
    std::optional<double> benefit =
        stale ? evaluate(c) : std::optional<double>(c.benefit);
    if (!benefit || *benefit <= 0)
      continue;
    // Benefits change as the graph does: re-rank a candidate whose
    // benefit fell below the next one's.
    if ((stale || *benefit < c.benefit) && !queue.empty() &&
        *benefit < queue.top().benefit) {
      c.benefit = *benefit;
      c.versionA = groups[c.a].version;
      if (!single)
        c.versionB = groups[c.b].version;
      queue.push(c);
      continue;
    }
    // The merged kernel must not feed itself: no path may leave a or b
    // and come back to either.
    if (!single) {
      llvm::SetVector<unsigned> outside;
      for (unsigned g : {c.a, c.b})
        for (unsigned h : consumers(g))
          if (h != c.a && h != c.b)
            outside.insert(h);
      if (reaches(outside.getArrayRef(), c.a) ||
          reaches(outside.getArrayRef(), c.b))
        continue;
    }
    apply(c);
  }
}

int64_t Planner::run(int64_t firstId) {
  for (Operation &op : block)
    newGroup({&op}, isFusible(&op));
  // Estimated once every user has a group.
  for (unsigned g = 0, e = groups.size(); g < e; ++g)
    if (groups[g].fusible)
      groups[g].seconds = estimate(g);
  if (merge) {
    for (unsigned g = 0, e = groups.size(); g < e; ++g)
      pushAround(g);
    drain();
    // Then rematerialization, which trades time for memory: recomputing a
    // value may cost up to kRematerializePasses passes over its bytes,
    // since it then leaves memory for its whole live range (a training
    // step keeps the forward pass's values until the backward pass reads
    // them). Merges it makes worthwhile follow.
    if (rematerialize) {
      memoryCredit =
          kRematerializePasses / (model.getTarget().bandwidthGBps * 1e9);
      for (unsigned g = 0, e = groups.size(); g < e; ++g)
        pushAround(g);
      drain();
    }
  }

  // Record the plan: live fusible groups, numbered in block order of their
  // first op.
  Builder builder(block.getParentOp()->getContext());
  llvm::DenseMap<unsigned, int64_t> ids;
  int64_t next = firstId;
  for (Operation &op : block) {
    auto it = groupsOf.find(&op);
    if (it == groupsOf.end() || it->second.empty() ||
        !groups[it->second.front()].fusible)
      continue;
    // A reshape alone moves no data; it stays a view.
    if (groups[it->second.front()].ops.size() == 1 && isa<hlo::ReshapeOp>(op))
      continue;
    SmallVector<int64_t> list;
    for (unsigned g : it->second) {
      auto [slot, inserted] = ids.try_emplace(g, next);
      if (inserted)
        ++next;
      list.push_back(slot->second);
    }
    op.setAttr(kFusionGroupsAttrName, builder.getDenseI64ArrayAttr(list));
  }
  return next;
}

namespace {

struct HLOPlanFusionPass
    : xla::impl::HLOPlanFusionPassBase<HLOPlanFusionPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    auto module = dyn_cast<ModuleOp>(root);
    if (!module)
      module = root->getParentOfType<ModuleOp>();
    TargetDescription target;
    if (module && module->hasAttr(TargetDescription::kAttrName)) {
      llvm::Expected<TargetDescription> attached =
          TargetDescription::fromModule(module);
      if (!attached) {
        root->emitError(llvm::toString(attached.takeError()));
        return signalPassFailure();
      }
      target = *attached;
    }
    FusionCostModel model(target);
    SmallVector<Block *> blocks;
    root->walk([&](Block *block) {
      if (isFusionBlock(*block))
        blocks.push_back(block);
    });
    int64_t next = 0;
    for (Block *block : blocks)
      next = Planner(*block, model, maxOps, fuse, rematerialize).run(next);
  }
};

} // namespace
