//===- PlanKernelBlocks.cpp - which kernels run as one loop over blocks ---===//
//
// The strategy of block fusion (the mechanism is xla-tile-and-fuse-blocks).
// After lowering, a kernel is a sequence of loop nests, one per linalg op,
// each over the whole tensors: softmax's max, exp-and-sum and divide each
// stream the 64 MB matrix from memory, and the exponentials make a round
// trip through it. Where every op of the kernel is parallel along some
// loops of its last op (the rows of softmax or layernorm), the kernel can
// instead run one loop over blocks of those loops, each block computing
// all ops on data that fits in L2. This pass decides which kernels, and
// the block, and records it on the last op as `xla.block_tiles` (one size
// per loop, 0 = the whole loop).
//
// Which loops may be blocked follows from the ops' indexing maps: loops and
// tensor dimensions that the maps identify form classes (union-find over
// the kernel's ops and reshapes); a class may be blocked if no op reduces
// over it and no reshape splits or merges it. Blocking pays when the
// kernel's intermediate values or repeated reads exceed L2.
//
//===----------------------------------------------------------------------===//

#include "BlockFusion.h"
#include "PlanTiling.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace xla {
#define GEN_PASS_DEF_PLANKERNELBLOCKSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// A loop of an op, or a dimension of a tensor value.
using DimKey = std::pair<const void *, unsigned>;

/// The classes of loops and dimensions that must be blocked alike.
class DimClasses {
public:
  static DimKey dim(Value value, unsigned d) {
    return {value.getAsOpaquePointer(), d};
  }
  static DimKey loop(Operation *op, unsigned l) { return {op, l}; }

  void link(DimKey a, DimKey b) { classes.unionSets(a, b); }
  /// `key` may not be blocked, nor anything in its class.
  void forbid(DimKey key) {
    classes.insert(key);
    forbidden.push_back(key);
  }
  void forbidAll(Value value) {
    if (auto type = dyn_cast<RankedTensorType>(value.getType()))
      for (unsigned d = 0; d < type.getRank(); ++d)
        forbid(dim(value, d));
  }

  void add(Operation *op) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      return addLinalg(linalgOp);
    if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op))
      return addReshape(expand.getSrc(), expand.getResult(),
                        expand.getReassociationIndices());
    if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(op))
      return addReshape(collapse.getResult(), collapse.getSrc(),
                        collapse.getReassociationIndices());
    if (isa<tensor::EmptyOp, arith::ConstantOp>(op))
      return;
    // Anything else (a pad, a slice, a sort) is a barrier.
    for (Value value : op->getOperands())
      forbidAll(value);
    for (Value value : op->getResults())
      forbidAll(value);
  }

  /// The representative of `key`'s class, if the class may be blocked.
  std::optional<DimKey> blockable(DimKey key) {
    if (forbiddenLeaders.empty())
      for (DimKey bad : forbidden)
        forbiddenLeaders.insert(classes.getLeaderValue(bad));
    DimKey leader = classes.getOrInsertLeaderValue(key);
    if (forbiddenLeaders.contains(leader))
      return std::nullopt;
    return leader;
  }
  DimKey leader(DimKey key) { return classes.getOrInsertLeaderValue(key); }

private:
  void addLinalg(linalg::LinalgOp op) {
    Operation *raw = op.getOperation();
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    llvm::SmallBitVector written(iterators.size());
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<RankedTensorType>(operand.get().getType()))
        continue;
      AffineMap map = op.getMatchingIndexingMap(&operand);
      bool init = op.isDpsInit(&operand);
      for (auto [i, expr] : llvm::enumerate(map.getResults())) {
        auto loopExpr = dyn_cast<AffineDimExpr>(expr);
        if (!loopExpr) {
          forbid(dim(operand.get(), i));
          continue;
        }
        unsigned l = loopExpr.getPosition();
        link(dim(operand.get(), i), loop(raw, l));
        if (init) {
          written.set(l);
          link(dim(op.getTiedOpResult(&operand), i), loop(raw, l));
        }
      }
    }
    // A reduced loop, or a parallel one that no result is indexed by.
    for (auto [l, iterator] : llvm::enumerate(iterators))
      if (iterator != utils::IteratorType::parallel || !written.test(l))
        forbid(loop(raw, l));
  }

  /// `wide` has the dimensions in groups, `narrow` one per group.
  void addReshape(Value narrow, Value wide,
                  ArrayRef<ReassociationIndices> groups) {
    auto wideType = cast<RankedTensorType>(wide.getType());
    for (auto [n, group] : llvm::enumerate(groups)) {
      SmallVector<int64_t> nonUnit;
      for (int64_t w : group)
        if (wideType.getDimSize(w) != 1)
          nonUnit.push_back(w);
      if (nonUnit.size() == 1) {
        link(dim(narrow, n), dim(wide, nonUnit.front()));
        continue;
      }
      // A dimension split into several (a sum tree's blocks): blocking it
      // would need blocks along the outer part only; not done.
      forbid(dim(narrow, n));
      for (int64_t w : group)
        forbid(dim(wide, w));
    }
  }

  llvm::EquivalenceClasses<DimKey> classes;
  SmallVector<DimKey> forbidden;
  llvm::DenseSet<DimKey> forbiddenLeaders;
};

static int64_t staticBytes(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return 0;
  return type.getNumElements() *
         llvm::divideCeil(type.getElementTypeBitWidth(), 8);
}

/// An output fusion (a contraction and its epilogue): the blocks are the
/// contraction's register tiles, in its tile loop order, so that each
/// block computes one accumulator tile, applies the epilogue to it and
/// stores only the result (the fill of the accumulator and the round trip
/// of the product through memory disappear). Only where the contraction's
/// plan is one distributed level of register tiles that divide its loops:
/// a packed rhs is prepared once for all tiles (a relaid-out one is made
/// before the blocks, xla.block_relayout_rhs), cache tiles split k (the
/// epilogue needs the whole sum), and a partial block would not have a
/// static shape.
static bool tryEpilogueBlocks(linalg::LinalgOp root,
                              linalg::LinalgOp contraction,
                              DimClasses &classes,
                              const xla::TilingTarget &target,
                              int64_t minBlockElements = 0) {
  if (root == contraction)
    return false;
  std::optional<xla::TilingPlan> plan = xla::decideTiling(contraction, target);
  if (!plan || !plan->vectorize || !plan->distribute || plan->packRhs ||
      !plan->cacheTileSizes.empty() || plan->tileSizes.empty())
    return false;
  unsigned numLoops = contraction.getNumLoops();
  auto identity = [](unsigned n) {
    return llvm::to_vector(llvm::seq<int64_t>(0, n));
  };
  // Tile entries index the interchanged loops: interchanged loop i is the
  // op's loop order[i].
  SmallVector<int64_t> order =
      plan->interchange.empty() ? identity(numLoops) : plan->interchange;
  SmallVector<int64_t> tileOrder = plan->tileInterchange.empty()
                                       ? identity(numLoops)
                                       : plan->tileInterchange;
  SmallVector<int64_t> ranges = contraction.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators =
      contraction.getIteratorTypesArray();
  unsigned rootLoops = root.getNumLoops();
  SmallVector<int64_t> rootRanges = root.getStaticLoopRanges();
  SmallVector<int64_t> sizes(rootLoops, 0), blockOrder;
  int64_t blockElements = 1;
  for (int64_t p : tileOrder) {
    unsigned l = order[p];
    int64_t size = plan->tileSizes[p];
    if (iterators[l] != utils::IteratorType::parallel)
      continue;
    bool whole = size == 0 || size >= ranges[l];
    // A whole dynamic loop counts as large enough.
    if (!ShapedType::isDynamic(ranges[l]))
      blockElements *= whole ? ranges[l] : size;
    if (whole)
      continue;
    if (ShapedType::isDynamic(ranges[l]) || ranges[l] % size)
      return false;
    std::optional<DimKey> cls =
        classes.blockable(DimClasses::loop(contraction, l));
    if (!cls)
      return false;
    std::optional<unsigned> rootLoop;
    for (unsigned r = 0; r < rootLoops; ++r) {
      if (classes.blockable(DimClasses::loop(root, r)) != cls)
        continue;
      if (rootLoop)
        return false;
      rootLoop = r;
    }
    if (!rootLoop || rootRanges[*rootLoop] != ranges[l])
      return false;
    sizes[*rootLoop] = size;
    blockOrder.push_back(*rootLoop);
  }
  if (blockOrder.empty() || blockElements < minBlockElements)
    return false;
  for (unsigned r = 0; r < rootLoops; ++r)
    if (!llvm::is_contained(blockOrder, r))
      blockOrder.push_back(r);
  MLIRContext *context = root->getContext();
  // A transposed copy of the rhs, made once before the blocks: within a
  // block it would be made again for every block of rows.
  if (plan->relayoutRhs)
    contraction->setAttr(xla::kBlockRelayoutRhsAttr, UnitAttr::get(context));
  root->setAttr(xla::kBlockTilesAttr, DenseI64ArrayAttr::get(context, sizes));
  root->setAttr(xla::kBlockInterchangeAttr,
                DenseI64ArrayAttr::get(context, blockOrder));
  return true;
}

/// The blocks of an output fusion with the target's register tile, or, if
/// its rows do not divide the output (16 pixels of a convolution in tiles
/// of AVX2's 6 rows of two vectors), the one of the most rows that does and
/// still has `matmulRows` vectors of accumulators, the independent FMA
/// chains that hide the FMA's latency (4 rows of two vectors, not 5 rows
/// of one): a block keeps the product out of memory.
static void planEpilogueBlocks(linalg::LinalgOp root,
                               linalg::LinalgOp contraction,
                               DimClasses &classes,
                               const xla::TilingTarget &target) {
  if (tryEpilogueBlocks(root, contraction, classes, target))
    return;
  auto type = dyn_cast<ShapedType>(contraction->getResult(0).getType());
  if (!type || !type.getElementType().isIntOrFloat())
    return;
  int64_t lanes = std::max<int64_t>(
      1, target.vectorBits / type.getElementType().getIntOrFloatBitWidth());
  xla::TilingTarget tile = target;
  for (int64_t rows = target.matmulRows - 1; rows > 1; --rows) {
    tile.matmulRows = rows;
    if (tryEpilogueBlocks(root, contraction, classes, tile,
                          target.matmulRows * lanes))
      return;
  }
}

/// The blocks of `func`'s kernel, set as `xla.block_tiles` on its last op.
static void planBlocks(func::FuncOp func, const xla::TilingTarget &target) {
  if (!func.getBody().hasOneBlock())
    return;
  Block &body = func.getBody().front();
  // The root: the last linalg op whose value the kernel returns.
  auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
  if (!ret)
    return;
  linalg::LinalgOp root;
  for (Operation &op : llvm::reverse(body)) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(&op);
    if (linalgOp && linalgOp.hasPureTensorSemantics() &&
        llvm::is_contained(op.getUsers(), ret.getOperation())) {
      root = linalgOp;
      break;
    }
  }
  if (!root || isa<linalg::FillOp>(root.getOperation()))
    return;

  llvm::SetVector<Operation *> chain = xla::blockChain(root);
  // What feeds a contraction's inputs runs whole before the blocks.
  llvm::SetVector<Operation *> operandProducers =
      xla::contractionOperandProducers(chain);
  int computeOps = 0;
  linalg::LinalgOp contraction;
  DimClasses classes;
  for (Operation *op : chain) {
    if (operandProducers.contains(op))
      continue;
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      if (!linalgOp.hasPureTensorSemantics())
        return;
      if (xla::isContractionLike(linalgOp)) {
        if (contraction)
          return;
        contraction = linalgOp;
      } else if (!isa<linalg::FillOp>(op)) {
        ++computeOps;
      }
    }
    classes.add(op);
  }
  if (contraction)
    return planEpilogueBlocks(root, contraction, classes, target);
  if (computeOps < 2)
    return;

  // The root's loops that may be blocked, each the only one of its class.
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  unsigned numLoops = ranges.size();
  SmallVector<std::optional<DimKey>> rootClass(numLoops);
  for (unsigned l = 0; l < numLoops; ++l)
    if (!ShapedType::isDynamic(ranges[l]) && ranges[l] > 1)
      rootClass[l] = classes.blockable(DimClasses::loop(root, l));
  for (unsigned a = 0; a < numLoops; ++a)
    for (unsigned b = a + 1; b < numLoops; ++b)
      if (rootClass[a] && rootClass[a] == rootClass[b])
        rootClass[a] = rootClass[b] = std::nullopt;
  if (llvm::none_of(rootClass, [](auto c) { return c.has_value(); }))
    return;

  // The values the blocks touch: what the chain reads and computes. A
  // value's share of a block is the blocked fraction of each of its
  // dimensions.
  llvm::SetVector<Value> values;
  llvm::DenseMap<Value, int64_t> reads;
  for (Operation *op : chain) {
    if (!isa<linalg::LinalgOp>(op))
      continue;
    for (Value operand : op->getOperands()) {
      // Reads through reshapes count as reads of the reshaped value.
      while (auto *def = operand.getDefiningOp()) {
        if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def))
          break;
        operand = def->getOperand(0);
      }
      if (isa<RankedTensorType>(operand.getType()) &&
          !operand.getDefiningOp<tensor::EmptyOp>()) {
        values.insert(operand);
        ++reads[operand];
      }
    }
    for (Value result : op->getResults())
      values.insert(result);
  }
  auto blockBytes = [&](Value value, ArrayRef<int64_t> sizes) {
    double bytes = staticBytes(value);
    auto type = cast<RankedTensorType>(value.getType());
    for (unsigned d = 0; d < type.getRank(); ++d) {
      DimKey leader = classes.leader(DimClasses::dim(value, d));
      for (unsigned l = 0; l < numLoops; ++l)
        if (rootClass[l] == leader && sizes[l])
          bytes = bytes * sizes[l] / ranges[l];
    }
    return bytes;
  };
  auto perBlock = [&](ArrayRef<int64_t> sizes) {
    double bytes = 0;
    for (Value value : values)
      bytes += blockBytes(value, sizes);
    return bytes;
  };

  // What blocking saves: the second and later reads of a value, and the
  // write and reads of an intermediate, which otherwise go to memory if
  // they do not fit in L2.
  SmallVector<int64_t> unit(numLoops, 0);
  for (unsigned l = 0; l < numLoops; ++l)
    if (rootClass[l])
      unit[l] = 1;
  double saved = 0;
  for (Value value : values) {
    int64_t bytes = staticBytes(value);
    if (blockBytes(value, unit) >= bytes)
      continue; // the same in every block
    // The root's result is written once either way; an intermediate is
    // written and read back; an input is read again.
    Operation *def = value.getDefiningOp();
    int64_t trips = 0;
    if (def != root.getOperation())
      trips = isa_and_nonnull<linalg::LinalgOp>(def)
                  ? 1 + reads.lookup(value)
                  : reads.lookup(value) - 1;
    saved += double(bytes) * std::max<int64_t>(trips, 0);
  }
  if (saved <= double(target.l2Bytes))
    return;

  // Blocks grow from the innermost blockable loop outwards while a block
  // fits in half of L2 and the cores get several blocks each; the
  // innermost loop of the result moves whole vectors.
  int64_t budget = target.l2Bytes / 2;
  int64_t minBlocks = 4 * std::max<int64_t>(target.cores, 2);
  auto blocks = [&](ArrayRef<int64_t> sizes) {
    int64_t count = 1;
    for (unsigned l = 0; l < numLoops; ++l)
      if (sizes[l])
        count *= ranges[l] / sizes[l];
    return count;
  };
  unsigned lanesLoop = numLoops;
  if (auto type = dyn_cast<RankedTensorType>(root->getResult(0).getType());
      type && type.getElementType().isIntOrFloat()) {
    AffineMap map = root.getIndexingMapMatchingResult(root->getResult(0));
    if (map.getNumResults())
      if (auto last = dyn_cast<AffineDimExpr>(map.getResults().back()))
        lanesLoop = last.getPosition();
    int64_t lanes = std::max<int64_t>(
        target.vectorBits / type.getElementTypeBitWidth(), 1);
    if (lanesLoop < numLoops && rootClass[lanesLoop]) {
      if (ranges[lanesLoop] % lanes)
        rootClass[lanesLoop] = std::nullopt, unit[lanesLoop] = 0;
      else
        unit[lanesLoop] = lanes;
    }
  }
  SmallVector<int64_t> sizes = unit;
  if (llvm::all_of(sizes, [](int64_t s) { return s == 0; }) ||
      blocks(sizes) < minBlocks)
    return;
  for (int64_t l = numLoops - 1; l >= 0; --l) {
    if (!sizes[l])
      continue;
    int64_t step = l == int64_t(lanesLoop) ? unit[l] : 1;
    for (int64_t s = sizes[l] + step; s <= ranges[l]; s += step) {
      if (ranges[l] % s)
        continue;
      SmallVector<int64_t> grown = sizes;
      grown[l] = s;
      if (perBlock(grown) > budget || blocks(grown) < minBlocks)
        break;
      sizes = grown;
    }
    if (sizes[l] != ranges[l])
      break;
  }
  // A loop blocked whole is not blocked.
  for (unsigned l = 0; l < numLoops; ++l)
    if (sizes[l] == ranges[l])
      sizes[l] = 0;
  if (llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
    return;
  root->setAttr(xla::kBlockTilesAttr,
                DenseI64ArrayAttr::get(root->getContext(), sizes));
}

struct PlanKernelBlocksPass
    : xla::impl::PlanKernelBlocksPassBase<PlanKernelBlocksPass> {
  using Base::Base;

  void runOnOperation() override {
    xla::TilingTarget target;
    target.vectorBits = vectorBits;
    target.cores = cores;
    target.l2Bytes = l2Bytes;
    target.matmulRows = matmulRows;
    target.vectorize = vectorize;
    if (failed(xla::applyModuleTarget(getOperation(), target)))
      return signalPassFailure();
    planBlocks(getOperation(), target);
  }
};

} // namespace
