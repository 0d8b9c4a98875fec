//===- BlockFusion.cpp - shared by the two halves of block fusion ---------===//

#include "BlockFusion.h"

using namespace mlir;

bool xla::isContractionLike(linalg::LinalgOp op) {
  if (linalg::isaContractionOpInterface(op) ||
      linalg::isaConvolutionOpInterface(op))
    return true;
  SmallVector<unsigned> reductionDims, parallelDims;
  op.getReductionDims(reductionDims);
  op.getParallelDims(parallelDims);
  SmallVector<AffineMap> reduced;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (llvm::any_of(reductionDims,
                     [&](unsigned l) { return map.isFunctionOfDim(l); }))
      reduced.push_back(map);
  }
  auto hasOwnParallel = [&](AffineMap a, AffineMap b) {
    return llvm::any_of(parallelDims, [&](unsigned l) {
      return a.isFunctionOfDim(l) && !b.isFunctionOfDim(l);
    });
  };
  for (unsigned i = 0; i < reduced.size(); ++i)
    for (unsigned j = i + 1; j < reduced.size(); ++j)
      if (hasOwnParallel(reduced[i], reduced[j]) &&
          hasOwnParallel(reduced[j], reduced[i]))
        return true;
  return false;
}

llvm::SetVector<Operation *>
xla::contractionOperandProducers(const llvm::SetVector<Operation *> &chain) {
  llvm::SetVector<Operation *> producers;
  if (chain.empty())
    return producers;
  Block *block = chain.front()->getBlock();
  BackwardSliceOptions options;
  options.filter = [block](Operation *op) { return op->getBlock() == block; };
  options.omitBlockArguments = true;
  for (Operation *op : chain) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !isContractionLike(linalgOp))
      continue;
    for (OpOperand *input : linalgOp.getDpsInputOperands())
      if (Operation *def = input->get().getDefiningOp();
          def && def->getBlock() == block) {
        (void)getBackwardSlice(def, &producers, options);
        producers.insert(def);
      }
  }
  return producers;
}
