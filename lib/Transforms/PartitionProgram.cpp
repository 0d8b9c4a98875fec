//===- PartitionProgram.cpp - the LLVM-dialect program in parts -----------===//
//
// Splitting before translation rather than after it (llvm::SplitModule)
// lets each part be translated on its own thread into its own LLVMContext:
// there is no serial translation of the whole program, no split of the
// LLVM module and no bitcode round trip between contexts (BERT step, batch
// 8: 0.07 s of translation and 0.05 s of splitting, both on one thread).
//
// Functions move rather than being cloned. A part gets a declaration of
// each function or global it uses from another part. Other top-level ops
// (OpenMP reduction declarations, global constructors, aliases) are not
// split: such a program is compiled as one module.
//
// Kernels that contain the same parallel region (a producer fused into
// several consumers, computed alike in each) go to the same part, where
// translation outlines each region into a function of its own and the
// driver merges the identical ones (ParallelCodeGen.cpp): the BERT step's
// and the flax decoder step's kernels repeated 13% and 10% of their code
// this way.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/PartitionProgram.h"

#include "OpsHash.h"
#include "xla-mlir/ABI/EntryABI.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/EquivalenceClasses.h"

#include <numeric>

using namespace mlir;
using namespace xla;

/// The symbols `op` names in its attributes, directly or in an array. The
/// LLVM and OpenMP dialects name symbols nowhere else, and a walk of every
/// nested attribute (SymbolTable::getSymbolUses) costs several times as
/// much.
static void collectSymbolUses(Operation *op, DenseSet<StringAttr> &uses) {
  auto add = [&](Attribute attr) {
    if (auto ref = dyn_cast<SymbolRefAttr>(attr))
      uses.insert(ref.getRootReference());
  };
  for (NamedAttribute attr : op->getAttrs()) {
    add(attr.getValue());
    if (auto array = dyn_cast<ArrayAttr>(attr.getValue()))
      llvm::for_each(array, add);
  }
}

namespace {
/// What partitioning does with a top-level op.
enum class Placement {
  /// A function with a body: moves to one part.
  Function,
  /// A global: moves to the first part that uses it, is declared in the
  /// others.
  Global,
  /// A function declaration: copied into each part that uses it.
  Copied,
};
} // namespace

static FailureOr<Placement> classify(Operation &op) {
  if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op))
    return func.isExternal() ? Placement::Copied : Placement::Function;
  if (auto global = dyn_cast<LLVM::GlobalOp>(op)) {
    // An initializer region may name other symbols; a comdat ties
    // globals together.
    if (!global.getInitializerRegion().empty() || global.getComdat())
      return failure();
    return Placement::Global;
  }
  return failure();
}

/// A hash of what `parallel` computes: its ops' names, attributes and
/// types in order, not which values they use or where they come from.
/// Equal regions hash alike; a collision only puts two kernels in one part.
static llvm::hash_code hashRegion(omp::ParallelOp parallel) {
  return hashRegionOps(parallel.getRegion(),
                       OperationEquivalence::computeHash(
                           parallel, OperationEquivalence::ignoreHashValue,
                           OperationEquivalence::ignoreHashValue,
                           OperationEquivalence::IgnoreLocations));
}

/// The functions of each group, in module order, and the groups in the
/// order of their first function: functions that contain parallel regions
/// of equal hash (hashRegion) share a group, the others are alone.
static SmallVector<SmallVector<unsigned>>
groupSharedRegions(ArrayRef<LLVM::LLVMFuncOp> functions) {
  llvm::EquivalenceClasses<unsigned> classes;
  DenseMap<llvm::hash_code, unsigned> firstWith;
  for (unsigned index = 0; index < functions.size(); ++index) {
    classes.insert(index);
    LLVM::LLVMFuncOp func = functions[index];
    func.walk([&](omp::ParallelOp parallel) {
      auto found = firstWith.try_emplace(hashRegion(parallel), index);
      if (!found.second)
        classes.unionSets(found.first->second, index);
      return WalkResult::skip();
    });
  }
  SmallVector<SmallVector<unsigned>> groups;
  DenseMap<unsigned, unsigned> groupOfLeader;
  for (unsigned index = 0; index < functions.size(); ++index) {
    unsigned leader = classes.getLeaderValue(index);
    auto [it, inserted] = groupOfLeader.try_emplace(leader, groups.size());
    if (inserted)
      groups.emplace_back();
    groups[it->second].push_back(index);
  }
  return groups;
}

/// Largest first, each to the part with the fewest ops so far (ties to
/// the lower index, groups of equal size in order): depends on the
/// program only.
static SmallVector<unsigned> assignParts(ArrayRef<size_t> sizes,
                                         unsigned count,
                                         SmallVectorImpl<size_t> &loads) {
  SmallVector<unsigned> order(sizes.size());
  std::iota(order.begin(), order.end(), 0u);
  llvm::stable_sort(
      order, [&](unsigned a, unsigned b) { return sizes[a] > sizes[b]; });
  loads.assign(count, 0);
  SmallVector<unsigned> part(sizes.size());
  for (unsigned group : order) {
    unsigned lightest = std::min_element(loads.begin(), loads.end()) -
                        loads.begin();
    part[group] = lightest;
    loads[lightest] += sizes[group];
  }
  return part;
}

static bool isLocal(LLVM::Linkage linkage) {
  return linkage == LLVM::Linkage::Private ||
         linkage == LLVM::Linkage::Internal;
}

/// The definition `op`, no longer local, as another part sees it.
static Operation *declare(Operation *op) {
  if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op)) {
    auto declaration = func.cloneWithoutRegions();
    declaration.setLinkage(LLVM::Linkage::External);
    return declaration;
  }
  auto global = cast<LLVM::GlobalOp>(op).cloneWithoutRegions();
  global.removeValueAttr();
  global.setLinkage(LLVM::Linkage::External);
  return global;
}

FailureOr<ProgramParts>
xla::partitionProgram(ModuleOp program, StringRef entry,
                      function_ref<unsigned(size_t, size_t)> getCount) {
  SmallVector<Operation *> topLevel;
  SmallVector<Placement> placements;
  SmallVector<LLVM::LLVMFuncOp> functions;
  ProgramParts parts;
  for (Operation &op : *program.getBody()) {
    FailureOr<Placement> placement = classify(op);
    if (failed(placement))
      return failure();
    topLevel.push_back(&op);
    placements.push_back(*placement);
    if (*placement == Placement::Function)
      functions.push_back(cast<LLVM::LLVMFuncOp>(op));
    if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
        func && func.isExternal() &&
        runtime::isRuntimeImport(std::string_view(func.getSymName().data(),
                                                  func.getSymName().size())))
      parts.imports.push_back(func.getSymName().str());
  }

  SmallVector<size_t> sizes;
  SmallVector<DenseSet<StringAttr>> functionUses(functions.size());
  for (auto [func, functionUse] : llvm::zip_equal(functions, functionUses)) {
    size_t size = 0;
    DenseSet<StringAttr> &used = functionUse;
    func.walk([&](Operation *op) {
      ++size;
      collectSymbolUses(op, used);
    });
    sizes.push_back(size);
  }
  size_t total = std::accumulate(sizes.begin(), sizes.end(), size_t(0));
  // Balanced by groups; a group's size counts each function whole, as if
  // its shared regions were not merged.
  SmallVector<SmallVector<unsigned>> groups = groupSharedRegions(functions);
  unsigned count = std::max<size_t>(
      1, std::min<size_t>(getCount(functions.size(), total), groups.size()));
  SmallVector<size_t> groupSizes;
  for (ArrayRef<unsigned> group : groups)
    groupSizes.push_back(std::accumulate(
        group.begin(), group.end(), size_t(0),
        [&](size_t sum, unsigned index) { return sum + sizes[index]; }));
  SmallVector<unsigned> partOfGroup =
      assignParts(groupSizes, count, parts.sizes);
  SmallVector<unsigned> partOf(functions.size());
  for (auto [group, part] : llvm::zip_equal(groups, partOfGroup))
    for (unsigned index : group)
      partOf[index] = part;

  // What each part defines and uses.
  DenseMap<StringAttr, unsigned> definedIn;
  SmallVector<DenseSet<StringAttr>> uses(count);
  for (auto [index, func] : llvm::enumerate(functions)) {
    definedIn[func.getSymNameAttr()] = partOf[index];
    uses[partOf[index]].insert(functionUses[index].begin(),
                               functionUses[index].end());
    if (func.getSymName() == entry)
      parts.entryPart = partOf[index];
  }

  for (unsigned i = 0; i < count; ++i) {
    auto module = ModuleOp::create(program.getLoc(), program.getName());
    module->setAttrs(program->getAttrDictionary());
    parts.modules.emplace_back(module);
  }
  // In module order, so that each part keeps the program's order.
  for (auto [op, placement] : llvm::zip_equal(topLevel, placements)) {
    StringAttr name = SymbolTable::getSymbolName(op);
    auto usedBy = [&](unsigned i) { return uses[i].contains(name); };
    if (placement == Placement::Copied) {
      bool used = false;
      for (unsigned i = 0; i < count; ++i)
        if (usedBy(i)) {
          parts.modules[i]->getBody()->push_back(op->clone());
          used = true;
        }
      // Declarations no part uses stay in the entry's part, where the
      // runtime imports get their slots.
      if (!used)
        parts.modules[parts.entryPart]->getBody()->push_back(op->clone());
      continue;
    }
    // A global lives in the first part that uses it, or the entry's.
    unsigned home = parts.entryPart;
    if (placement == Placement::Function)
      home = definedIn.lookup(name);
    else
      for (unsigned i = count; i-- > 0;)
        if (usedBy(i))
          home = i;
    bool shared = llvm::any_of(llvm::seq(0u, count), [&](unsigned i) {
      return i != home && usedBy(i);
    });
    // Local symbols that other parts use become hidden externals; every
    // defined function but the entry is hidden (what hideKernels does for
    // a program compiled whole).
    bool local = false;
    if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op)) {
      local = isLocal(func.getLinkage());
      if (shared && local)
        func.setLinkage(LLVM::Linkage::External);
      if ((!local || shared) && func.getSymName() != entry)
        func.setVisibility_(LLVM::Visibility::Hidden);
    } else {
      auto global = cast<LLVM::GlobalOp>(op);
      local = isLocal(global.getLinkage());
      if (shared && local) {
        global.setLinkage(LLVM::Linkage::External);
        global.setVisibility_(LLVM::Visibility::Hidden);
      }
    }
    if (shared && local)
      parts.externalized.push_back(name.str());
    for (unsigned i = 0; i < count; ++i)
      if (i != home && usedBy(i))
        parts.modules[i]->getBody()->push_back(declare(op));
    op->moveBefore(parts.modules[home]->getBody(),
                   parts.modules[home]->getBody()->end());
  }
  return std::move(parts);
}
