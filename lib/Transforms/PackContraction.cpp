//===- PackContraction.cpp - rhs panels of contractions -------------------===//
//
// See PackContraction.h. The plan (maps and ranges of the packed op) is a
// function of the indexing maps only, shared by the strategy, which tiles
// the packed op before it exists, and the mechanism, which builds it.
//
//===----------------------------------------------------------------------===//

#include "PackContraction.h"
#include "VectorizeContraction.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;

std::optional<xla::RhsPacking>
xla::planRhsPacking(ArrayRef<AffineMap> maps, ArrayRef<int64_t> ranges,
                    ArrayRef<utils::IteratorType> iterators, int64_t panel) {
  if (maps.size() != 3 || panel <= 0 ||
      !llvm::all_of(maps, [](AffineMap m) { return m.isProjectedPermutation(); }))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(maps);
  if (failed(dims) || dims->m.empty() || dims->n.empty())
    return std::nullopt;
  unsigned n = xla::registerTileLoop(dims->n, ranges);
  if (ShapedType::isDynamic(ranges[n]) || ranges[n] < panel)
    return std::nullopt;
  MLIRContext *context = maps.front().getContext();
  AffineExpr nExpr = getAffineDimExpr(n, context);
  AffineMap rhsMap = maps[1], outMap = maps[2];
  std::optional<unsigned> rhsDim = rhsMap.getResultPosition(nExpr);
  if (!rhsDim || outMap.getNumResults() == 0 ||
      outMap.getResults().back() != nExpr)
    return std::nullopt;

  RhsPacking packing;
  packing.nLoop = n;
  packing.rhsDim = *rhsDim;
  packing.panel = panel;
  unsigned numLoops = ranges.size();
  AffineExpr inPanel = getAffineDimExpr(numLoops, context);
  auto isContracting = [&](AffineExpr e) {
    return llvm::is_contained(dims->k, cast<AffineDimExpr>(e).getPosition());
  };
  // The expanded rhs: the n dimension followed by the position in a panel.
  SmallVector<AffineExpr> expanded;
  for (auto [i, e] : llvm::enumerate(rhsMap.getResults())) {
    expanded.push_back(e);
    if (i == *rhsDim)
      expanded.push_back(inPanel);
  }
  unsigned inPanelDim = *rhsDim + 1;
  for (unsigned d = 0; d < expanded.size(); ++d)
    if (d != inPanelDim && !isContracting(expanded[d]))
      packing.permutation.push_back(d);
  for (unsigned d = 0; d < expanded.size(); ++d)
    if (d != inPanelDim && isContracting(expanded[d]))
      packing.permutation.push_back(d);
  packing.permutation.push_back(inPanelDim);

  SmallVector<AffineExpr> packedRhs, out(outMap.getResults());
  for (int64_t d : packing.permutation)
    packedRhs.push_back(expanded[d]);
  out.push_back(inPanel);
  packing.maps = {AffineMap::get(numLoops + 1, 0, maps[0].getResults(), context),
                  AffineMap::get(numLoops + 1, 0, packedRhs, context),
                  AffineMap::get(numLoops + 1, 0, out, context)};
  packing.ranges.assign(ranges.begin(), ranges.end());
  packing.ranges[n] = ranges[n] / panel;
  packing.ranges.push_back(panel);
  packing.iterators.assign(iterators.begin(), iterators.end());
  packing.iterators.push_back(utils::IteratorType::parallel);
  return packing;
}

/// `value` with dimension `dim` split into (size / panel, panel).
static Value splitDimension(RewriterBase &rewriter, Location loc, Value value,
                            unsigned dim, int64_t panel) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
    int64_t next = shape.size();
    if (d == dim) {
      shape.append({type.getDimSize(d) / panel, panel});
      groups.push_back({next, next + 1});
    } else {
      shape.push_back(type.getDimSize(d));
      groups.push_back({next});
    }
  }
  return tensor::ExpandShapeOp::create(rewriter, loc, type.clone(shape), value,
                                       groups);
}

FailureOr<xla::PackedContraction>
xla::packContractionRhs(RewriterBase &rewriter, linalg::LinalgOp op,
                        int64_t panel) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op.hasIndexSemantics() ||
      !linalg::isaContractionOpInterface(op))
    return failure();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return failure();
  std::optional<RhsPacking> packing =
      planRhsPacking(op.getIndexingMapsArray(), ranges,
                     op.getIteratorTypesArray(), panel);
  if (!packing)
    return failure();

  PackedContraction result;
  unsigned n = packing->nLoop;
  int64_t whole = ranges[n] / panel * panel;
  rewriter.setInsertionPoint(op);
  if (whole < ranges[n]) {
    auto [main, rest] =
        linalg::splitOp(rewriter, cast<TilingInterface>(op.getOperation()), n,
                        rewriter.getIndexAttr(whole));
    op = cast<linalg::LinalgOp>(main.getOperation());
    result.remainder = cast<linalg::LinalgOp>(rest.getOperation());
    rewriter.setInsertionPoint(op);
  }

  Location loc = op.getLoc();
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  Value init = op.getDpsInitOperand(0)->get();
  auto initType = cast<RankedTensorType>(init.getType());
  Value expandedRhs =
      splitDimension(rewriter, loc, rhs, packing->rhsDim, panel);
  SmallVector<int64_t> packedShape(
      cast<RankedTensorType>(expandedRhs.getType()).getShape());
  applyPermutationToVector(packedShape, packing->permutation);
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, packedShape,
      cast<RankedTensorType>(rhs.getType()).getElementType());
  auto copy = linalg::TransposeOp::create(rewriter, loc, expandedRhs, empty,
                                          packing->permutation);
  Value expandedInit =
      splitDimension(rewriter, loc, init, initType.getRank() - 1, panel);
  auto packed = linalg::GenericOp::create(
      rewriter, loc, TypeRange{expandedInit.getType()},
      ValueRange{lhs, copy->getResult(0)}, ValueRange{expandedInit},
      packing->maps, packing->iterators);
  rewriter.cloneRegionBefore(op->getRegion(0), packed.getRegion(),
                             packed.getRegion().end());
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0, e = initType.getRank() - 1; d < e; ++d)
    groups.push_back({d});
  groups.push_back({initType.getRank() - 1, initType.getRank()});
  Value collapsed = tensor::CollapseShapeOp::create(
      rewriter, loc, initType, packed.getResult(0), groups);
  rewriter.replaceOp(op, collapsed);
  result.op = cast<linalg::LinalgOp>(packed.getOperation());
  result.copy = cast<linalg::LinalgOp>(copy.getOperation());
  return result;
}
