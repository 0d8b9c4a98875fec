//===- MergeSiblings.cpp - sibling elementwise ops as one multi-result op -===//
//
// Producer-consumer fusion (xla-fuse-elementwise) leaves siblings apart:
// the Adam update of one weight is three elementwise ops over the same
// shape, the new m, the new v and the new weight, each reading the
// gradient and some of the same state, each a loop nest of its own that
// reads those inputs again. This pass merges such ops into one
// linalg.generic with several results, so that the kernel makes one pass
// over memory; CSE then shares the computations their bodies repeat (the
// new weight recomputes the new m and v).
//
// Two ops merge when they are all-parallel generics over the same loop
// ranges with identity output maps and inits they do not read, they read
// at least one common value (otherwise merging saves no memory traffic),
// neither depends on the other, and the merged op can sit where the later
// one is: every reader of the earlier one comes after it.
//
//===----------------------------------------------------------------------===//

#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace xla {
#define GEN_PASS_DEF_MERGESIBLINGSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

/// An elementwise op the merge handles: all loops parallel, static ranges,
/// each result written through the identity map into an init it does not
/// read.
static bool isMergeable(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.hasIndexSemantics() ||
      op.getNumLoops() == 0 ||
      op.getNumParallelLoops() != op.getNumLoops() ||
      ShapedType::isDynamicShape(op.getStaticLoopRanges()))
    return false;
  return llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
    return op.getMatchingIndexingMap(&init).isIdentity() &&
           !op.payloadUsesValueFromOperand(&init);
  });
}

/// Whether `a` and `b` (mergeable, `a` before `b` in one block) can become
/// one op placed at `b`.
static bool canMerge(linalg::GenericOp a, linalg::GenericOp b) {
  if (a.getStaticLoopRanges() != b.getStaticLoopRanges())
    return false;
  // Siblings: a value both read.
  llvm::SmallPtrSet<Value, 8> aInputs;
  for (Value v : a.getDpsInputs())
    aInputs.insert(v);
  if (llvm::none_of(b.getDpsInputs(),
                    [&](Value v) { return aInputs.contains(v); }))
    return false;
  // Every reader of `a` comes after `b`.
  for (Operation *user : a->getUsers()) {
    Operation *ancestor = b->getBlock()->findAncestorOpInBlock(*user);
    if (!ancestor || !b->isBeforeInBlock(ancestor))
      return false;
  }
  // `b` does not depend on `a`, through the ops between them.
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) {
    return op->getBlock() == b->getBlock() && !op->isBeforeInBlock(a);
  };
  SetVector<Operation *> slice;
  if (failed(getBackwardSlice(b.getOperation(), &slice, options)))
    return false;
  return !slice.contains(a.getOperation());
}

/// One generic computing the results of `a` and then those of `b`, at `b`.
/// A value both read through the same map is one input.
static linalg::GenericOp merge(RewriterBase &rewriter, linalg::GenericOp a,
                               linalg::GenericOp b) {
  SmallVector<Value> inputs, inits;
  SmallVector<AffineMap> maps;
  // For each op, the merged input of each of its inputs.
  SmallVector<SmallVector<unsigned>, 2> inputIndex(2);
  for (auto [k, op] : llvm::enumerate(std::array{a, b}))
    for (OpOperand *operand : op.getDpsInputOperands()) {
      AffineMap map = op.getMatchingIndexingMap(operand);
      unsigned index = inputs.size();
      for (unsigned i = 0; i < inputs.size(); ++i)
        if (inputs[i] == operand->get() && maps[i] == map)
          index = i;
      if (index == inputs.size()) {
        inputs.push_back(operand->get());
        maps.push_back(map);
      }
      inputIndex[k].push_back(index);
    }
  for (linalg::GenericOp op : {a, b})
    for (OpOperand &operand : op.getDpsInitsMutable()) {
      inits.push_back(operand.get());
      maps.push_back(op.getMatchingIndexingMap(&operand));
    }

  rewriter.setInsertionPoint(b);
  auto merged = linalg::GenericOp::create(
      rewriter, b.getLoc(), TypeRange(ValueRange(inits)), inputs, inits, maps,
      b.getIteratorTypesArray(),
      [&](OpBuilder &builder, Location loc, ValueRange args) {
        ValueRange outs = args.drop_front(inputs.size());
        SmallVector<Value> results;
        for (auto [k, op] : llvm::enumerate(std::array{a, b})) {
          IRMapping mapping;
          Block *body = op.getBody();
          for (auto [i, index] : llvm::enumerate(inputIndex[k]))
            mapping.map(body->getArgument(i), args[index]);
          unsigned numInputs = op.getNumDpsInputs();
          for (unsigned i = 0, e = op.getNumDpsInits(); i < e; ++i)
            mapping.map(body->getArgument(numInputs + i), outs[i]);
          outs = outs.drop_front(op.getNumDpsInits());
          for (Operation &nested : body->without_terminator())
            builder.clone(nested, mapping);
          for (Value yielded : body->getTerminator()->getOperands())
            results.push_back(mapping.lookupOrDefault(yielded));
        }
        linalg::YieldOp::create(builder, loc, results);
      });
  merged->setDiscardableAttrs(b->getDiscardableAttrDictionary());
  unsigned numA = a->getNumResults();
  rewriter.replaceOp(a, merged->getResults().take_front(numA));
  rewriter.replaceOp(b, merged->getResults().drop_front(numA));
  return merged;
}

namespace {

struct MergeSiblingsPass
    : xla::impl::MergeSiblingsPassBase<MergeSiblingsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks) {
      // Each merge replaces two ops by one; start again after each.
      bool changed = true;
      while (changed) {
        changed = false;
        SmallVector<linalg::GenericOp> ops;
        for (Operation &op : *block)
          if (auto generic = dyn_cast<linalg::GenericOp>(op);
              generic && isMergeable(generic))
            ops.push_back(generic);
        for (unsigned i = 0; i < ops.size() && !changed; ++i)
          for (unsigned j = i + 1; j < ops.size() && !changed; ++j)
            if (canMerge(ops[i], ops[j])) {
              merge(rewriter, ops[i], ops[j]);
              changed = true;
            }
      }
    }
  }
};

} // namespace
