//===- VectorizeContraction.cpp - register tiles of contractions ----------===//
//
// The upstream vectorizer turns a linalg.generic contraction into broadcast
// reads of every operand to the full iteration shape, a multiply and a
// multi-reduction, which the contraction lowerings then cannot recognize as
// a matmul: LLVM ends up with one horizontal reduction per element. With the
// contracting loops tiled by 1, a register tile is exactly an outer
// product, which lowers to one broadcast and FMA per accumulator row.
//
//===----------------------------------------------------------------------===//

#include "VectorizeContraction.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

/// True if the body is exactly `out + lhs * rhs`, all three of one type
/// (no casts between them).
static bool isPlainMulAdd(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return false;
  Block *body = op.getBlock();
  if (body->getOperations().size() != 3 ||
      !llvm::all_equal(body->getArgumentTypes()))
    return false;
  return linalg::detail::isContractionBody(
      *body, [](Operation *mul, Operation *add) {
        return (isa<arith::MulFOp>(mul) && isa<arith::AddFOp>(add)) ||
               (isa<arith::MulIOp>(mul) && isa<arith::AddIOp>(add));
      });
}

/// The result position of loop `dim` in `map`, if it is indexed directly.
static std::optional<unsigned> resultPosition(AffineMap map, unsigned dim) {
  return map.getResultPosition(getAffineDimExpr(dim, map.getContext()));
}

namespace {
/// The two loops of a register tile that are not 1: `rows` (indexed by the
/// lhs and the output) and `lanes` (by the rhs and the output, and with
/// `depthwise` by the lhs too).
struct RegisterTileLoops {
  unsigned rows, lanes;
  bool depthwise;
};
} // namespace

static std::optional<RegisterTileLoops> registerTileLoops(linalg::LinalgOp op) {
  if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (failed(dims) || dims->m.empty() || dims->n.empty())
      return std::nullopt;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    return RegisterTileLoops{xla::registerTileLoop(dims->m, ranges),
                             xla::registerTileLoop(dims->n, ranges), false};
  }
  std::optional<linalg::ConvolutionDimensions> dims =
      xla::registerTileConvolutionDims(op);
  if (!dims)
    return std::nullopt;
  // Depthwise: the lanes run along the channels, in all three operands.
  bool depthwise = !dims->depth.empty();
  return RegisterTileLoops{dims->outputImage.back(),
                           depthwise ? dims->depth.back()
                                     : dims->outputChannel.back(),
                           depthwise};
}

unsigned xla::registerTileLoop(ArrayRef<unsigned> loops,
                               ArrayRef<int64_t> ranges) {
  auto longer = llvm::find_if(llvm::reverse(loops),
                              [&](unsigned d) { return ranges[d] != 1; });
  return longer != llvm::reverse(loops).end() ? *longer : loops.back();
}

std::optional<linalg::ConvolutionDimensions>
xla::registerTileConvolutionDims(linalg::LinalgOp op) {
  if (!linalg::isaConvolutionOpInterface(op) || !isPlainMulAdd(op))
    return std::nullopt;
  FailureOr<linalg::ConvolutionDimensions> dims =
      linalg::inferConvolutionDims(op);
  if (failed(dims) || dims->outputImage.empty())
    return std::nullopt;
  bool outerProduct = dims->depth.empty() && !dims->outputChannel.empty() &&
                      !dims->inputChannel.empty();
  bool depthwise = !dims->depth.empty() && dims->inputChannel.empty();
  if (!outerProduct && !depthwise)
    return std::nullopt;
  return *dims;
}

FailureOr<Value> xla::vectorizeContractionTile(RewriterBase &rewriter,
                                               linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || !isPlainMulAdd(op))
    return failure();
  std::optional<RegisterTileLoops> loops = registerTileLoops(op);
  if (!loops)
    return failure();
  unsigned mDim = loops->rows, nDim = loops->lanes;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [d, range] : llvm::enumerate(ranges))
    if (d != mDim && d != nDim && range != 1)
      return failure();

  OpOperand *lhs = op.getDpsInputOperand(0), *rhs = op.getDpsInputOperand(1);
  OpOperand *out = op.getDpsInitOperand(0);
  AffineMap lhsMap = op.getMatchingIndexingMap(lhs);
  std::optional<unsigned> lhsM = resultPosition(lhsMap, mDim);
  std::optional<unsigned> lhsN = resultPosition(lhsMap, nDim);
  std::optional<unsigned> rhsN =
      resultPosition(op.getMatchingIndexingMap(rhs), nDim);
  AffineMap outMap = op.getMatchingIndexingMap(out);
  std::optional<unsigned> outM = resultPosition(outMap, mDim);
  std::optional<unsigned> outN = resultPosition(outMap, nDim);
  if (!rhsN || !outM || !outN || (loops->depthwise && !lhsN))
    return failure();

  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  Type element = getElementTypeOrSelf(out->get().getType());
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  auto zeros = [&](Value source) {
    return SmallVector<Value>(cast<ShapedType>(source.getType()).getRank(),
                              zero);
  };
  auto rank = [](Value source) {
    return cast<ShapedType>(source.getType()).getRank();
  };
  // The transfers select one dimension of an operand and drop the unit
  // ones; each tile starts at 0 in its slice.
  auto read1DAt = [&](Value source, unsigned position, int64_t size,
                      ValueRange indices) -> Value {
    AffineMap map = AffineMap::get(rank(source), 0,
                                   getAffineDimExpr(position, context));
    return vector::TransferReadOp::create(
        rewriter, loc, VectorType::get({size}, element), source, indices,
        std::nullopt, map, ArrayRef<bool>{true});
  };
  auto read1D = [&](Value source, unsigned position, int64_t size) {
    return read1DAt(source, position, size, zeros(source));
  };
  // Row i of the lhs is where the map puts the point with every loop 0 but
  // the row loop, i; for a convolution's lhs (its input) that is an
  // expression of the row loop (`ow * stride + kw * dilation`).
  auto lhsRow = [&](int64_t row) {
    SmallVector<int64_t> point(ranges.size(), 0);
    point[mDim] = row;
    SmallVector<Value> indices;
    for (int64_t index : lhsMap.compose(point))
      indices.push_back(arith::ConstantIndexOp::create(rewriter, loc, index));
    return indices;
  };
  int64_t numRows = ranges[mDim], numLanes = ranges[nDim];
  auto accType = VectorType::get({numRows, numLanes}, element);
  std::function<Value(Value)> update;
  if (loops->depthwise) {
    // Elementwise along the lanes: each lhs row times the rhs vector.
    Value lhsRows = arith::ConstantOp::create(rewriter, loc, accType,
                                              rewriter.getZeroAttr(accType));
    for (int64_t i = 0; i < numRows; ++i)
      lhsRows = vector::InsertOp::create(
          rewriter, loc, read1DAt(lhs->get(), *lhsN, numLanes, lhsRow(i)),
          lhsRows, i);
    Value rhsRows = vector::BroadcastOp::create(
        rewriter, loc, accType, read1D(rhs->get(), *rhsN, numLanes));
    update = [&, lhsRows, rhsRows](Value acc) -> Value {
      if (isa<FloatType>(element))
        return vector::FMAOp::create(rewriter, loc, lhsRows, rhsRows, acc);
      Value product = arith::MulIOp::create(rewriter, loc, lhsRows, rhsRows);
      return arith::AddIOp::create(rewriter, loc, product, acc);
    };
  } else {
    // An outer product broadcasts each lhs element anyway, so unless the
    // rows are contiguous (a transposed lhs: one vector load), they are read
    // one element at a time (a load-broadcast each). A strided 1-D
    // transfer_read would lower to a loop of inserts at dynamic positions,
    // which only LLVM's unroller makes straight.
    Value lhsVector;
    if (lhsM && *lhsM == rank(lhs->get()) - 1) {
      lhsVector = read1D(lhs->get(), *lhsM, numRows);
    } else {
      SmallVector<Value> rows;
      for (int64_t i = 0; i < numRows; ++i)
        rows.push_back(
            tensor::ExtractOp::create(rewriter, loc, lhs->get(), lhsRow(i)));
      lhsVector = vector::FromElementsOp::create(
          rewriter, loc, VectorType::get({numRows}, element), rows);
    }
    Value rhsVector = read1D(rhs->get(), *rhsN, numLanes);
    update = [&, lhsVector, rhsVector](Value acc) -> Value {
      return vector::OuterProductOp::create(rewriter, loc, accType, lhsVector,
                                            rhsVector, acc);
    };
  }

  Value init = out->get();
  if (*outM < *outN) {
    // The accumulator is the whole output tile, unit dimensions included,
    // so that the write folds into the loop-carried tensor (a rank-reducing
    // write does not) and the tile can be hoisted out of the k loop.
    auto tileType = cast<RankedTensorType>(init.getType());
    auto fullType = VectorType::get(tileType.getShape(), element);
    SmallVector<bool> inBounds(tileType.getRank(), true);
    Value tile = vector::TransferReadOp::create(
        rewriter, loc, fullType, init, zeros(init), std::nullopt, inBounds);
    Value acc = vector::ShapeCastOp::create(rewriter, loc, accType, tile);
    Value result =
        vector::ShapeCastOp::create(rewriter, loc, fullType, update(acc));
    return vector::TransferWriteOp::create(rewriter, loc, result, init,
                                           zeros(init), inBounds)
        .getResult();
  }
  AffineMap accMap = AffineMap::get(rank(init), 0,
                                    {getAffineDimExpr(*outM, context),
                                     getAffineDimExpr(*outN, context)},
                                    context);
  Value acc = vector::TransferReadOp::create(
      rewriter, loc, accType, init, zeros(init), std::nullopt, accMap,
      ArrayRef<bool>{true, true});
  return vector::TransferWriteOp::create(rewriter, loc, update(acc), init,
                                         zeros(init), accMap,
                                         ArrayRef<bool>{true, true})
      .getResult();
}

std::optional<SmallVector<int64_t>>
xla::rhsRelayoutPermutation(ArrayRef<AffineMap> maps, ArrayRef<int64_t> ranges,
                            ShapedType rhsType, int64_t matmulRows) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(maps);
  if (failed(dims) || dims->m.empty() || dims->n.empty())
    return std::nullopt;
  // With a single row tile every rhs element is read once either way.
  int64_t rows = 1;
  for (unsigned m : dims->m)
    rows *= ranges[m];
  if (rows <= matmulRows)
    return std::nullopt;
  std::optional<unsigned> position =
      resultPosition(maps[1], registerTileLoop(dims->n, ranges));
  int64_t rank = rhsType.getRank();
  if (!position || *position == rank - 1 || !rhsType.hasStaticShape())
    return std::nullopt;
  SmallVector<int64_t> permutation;
  for (int64_t d = 0; d < rank; ++d)
    if (d != *position)
      permutation.push_back(d);
  permutation.push_back(*position);
  return permutation;
}

FailureOr<linalg::GenericOp> xla::toGeneric(RewriterBase &rewriter,
                                           linalg::LinalgOp op) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return generic;
  rewriter.setInsertionPoint(op);
  return linalg::generalizeNamedOp(rewriter, op);
}

/// Replaces input `index` of the contraction `op` by a `linalg.transpose`
/// copy with its dimensions in `permutation` order and returns the
/// rewritten (generic) op.
static FailureOr<linalg::LinalgOp>
relayoutInput(RewriterBase &rewriter, linalg::LinalgOp op, unsigned index,
              ArrayRef<int64_t> permutation) {
  OpOperand *input = op.getDpsInputOperand(index);
  auto type = cast<RankedTensorType>(input->get().getType());
  AffineMap map = op.getMatchingIndexingMap(input);
  SmallVector<int64_t> shape = applyPermutation(type.getShape(), permutation);
  SmallVector<AffineExpr> results =
      applyPermutation(map.getResults(), permutation);

  // Generalizing erases a named `op`: read its operands from the generic.
  FailureOr<linalg::GenericOp> asGeneric = xla::toGeneric(rewriter, op);
  if (failed(asGeneric))
    return failure();
  linalg::GenericOp generic = *asGeneric;
  rewriter.setInsertionPoint(generic);
  Location loc = generic.getLoc();
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, shape, type.getElementType());
  Value transposed =
      linalg::TransposeOp::create(rewriter, loc,
                                  generic.getDpsInputOperand(index)->get(),
                                  empty, permutation)
          ->getResult(0);
  SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
  maps[index] =
      AffineMap::get(map.getNumDims(), 0, results, generic.getContext());
  rewriter.modifyOpInPlace(generic, [&] {
    generic->setOperand(index, transposed);
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
  });
  return cast<linalg::LinalgOp>(generic.getOperation());
}

/// Whether `op` is a contraction on tensors with two inputs.
static bool isTensorContraction(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && linalg::isaContractionOpInterface(op) &&
         op.getNumDpsInputs() == 2;
}

FailureOr<linalg::LinalgOp>
xla::relayoutContractionRhs(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!isTensorContraction(op))
    return failure();
  std::optional<SmallVector<int64_t>> permutation = rhsRelayoutPermutation(
      op.getIndexingMapsArray(), op.getStaticLoopRanges(),
      cast<ShapedType>(op.getDpsInputOperand(1)->get().getType()),
      /*matmulRows=*/0);
  if (!permutation)
    return failure();
  return relayoutInput(rewriter, op, 1, *permutation);
}

std::optional<SmallVector<int64_t>>
xla::lhsRelayoutPermutation(ArrayRef<AffineMap> maps, ShapedType lhsType) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(maps);
  if (failed(dims) || dims->m.empty() || dims->k.empty() ||
      !lhsType.hasStaticShape() || !maps[0].isProjectedPermutation())
    return std::nullopt;
  auto isK = [&](AffineExpr e) {
    return llvm::is_contained(dims->k, cast<AffineDimExpr>(e).getPosition());
  };
  ArrayRef<AffineExpr> results = maps[0].getResults();
  if (results.empty() || isK(results.back()))
    return std::nullopt;
  SmallVector<int64_t> permutation;
  for (bool k : {false, true})
    for (auto [d, e] : llvm::enumerate(results))
      if (isK(e) == k)
        permutation.push_back(d);
  return permutation;
}

FailureOr<linalg::LinalgOp>
xla::relayoutContractionLhs(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!isTensorContraction(op))
    return failure();
  std::optional<SmallVector<int64_t>> permutation = lhsRelayoutPermutation(
      op.getIndexingMapsArray(),
      cast<ShapedType>(op.getDpsInputOperand(0)->get().getType()));
  if (!permutation)
    return failure();
  return relayoutInput(rewriter, op, 0, *permutation);
}

/// Whether `copy` (one input, one init: a tensor.empty of its own) is a
/// permuted copy of `source` and `source` the one result of an elementwise
/// generic that only `copy` reads, in `copy`'s block: the conditions of
/// areElementwiseOpsFusable that hold before `copy` is a generic (a
/// permuted copy reads as many dimensions as the producer has loops when
/// the producer writes a permutation of them), and those of moving the
/// copy up to the producer.
static bool isCopyOfElementwise(linalg::LinalgOp copy, Value source) {
  if (copy.getNumDpsInputs() != 1 || copy.getNumDpsInits() != 1 ||
      !copy.hasPureTensorSemantics() ||
      !copy.getMatchingIndexingMap(copy.getDpsInputOperand(0)).isPermutation())
    return false;
  auto producer = source.getDefiningOp<linalg::GenericOp>();
  if (!producer || !source.hasOneUse() || producer->getNumResults() != 1 ||
      !producer.hasPureTensorSemantics() ||
      producer.getNumParallelLoops() != producer.getNumLoops() ||
      producer.payloadUsesValueFromOperand(producer.getDpsInitOperand(0)) ||
      !producer.getMatchingIndexingMap(producer.getDpsInitOperand(0))
           .isPermutation())
    return false;
  auto init =
      copy.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>();
  return producer->getBlock() == copy->getBlock() && init &&
         init->getBlock() == copy->getBlock() && init->hasOneUse() &&
         init.getDynamicSizes().empty();
}

bool xla::fuseProducerIntoCopy(RewriterBase &rewriter,
                               linalg::LinalgOp &copy) {
  if (copy.getNumDpsInputs() != 1)
    return false;
  Value source = copy.getDpsInputOperand(0)->get();
  if (!isCopyOfElementwise(copy, source))
    return false;
  auto producer = source.getDefiningOp<linalg::GenericOp>();
  // The copy moves up to the producer, so that the producer's reads stay
  // where they were: ops between the two may write over an argument they
  // read (an xla.in_place result). Its destination, the tensor.empty
  // relayoutInput made for it, goes along.
  auto init =
      copy.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>();
  copy->moveAfter(producer);
  init->moveBefore(copy);
  FailureOr<linalg::GenericOp> generic = toGeneric(rewriter, copy);
  if (failed(generic))
    return false;
  copy = cast<linalg::LinalgOp>(generic->getOperation());
  OpOperand *operand = generic->getDpsInputOperand(0);
  if (!linalg::areElementwiseOpsFusable(operand))
    return false;
  FailureOr<linalg::ElementwiseOpFusionResult> fused =
      linalg::fuseElementwiseOps(rewriter, operand);
  if (failed(fused))
    return false;
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
      return use.getOwner() != producer.getOperation();
    });
  rewriter.eraseOp(*generic);
  rewriter.eraseOp(producer);
  copy = cast<linalg::LinalgOp>(fused->fusedOp);
  return true;
}

/// Whether `op` reads, directly or through a reshape or slice of it, an
/// argument of its function that the function may overwrite in place (an
/// input of an xla.in_place pair).
static bool readsInPlaceArgument(linalg::LinalgOp op) {
  auto func = op->getParentOfType<func::FuncOp>();
  auto pairs =
      func ? func->getAttrOfType<DenseI64ArrayAttr>(xla::kInPlaceAttrName)
           : DenseI64ArrayAttr();
  if (!pairs)
    return false;
  return llvm::any_of(op.getDpsInputs(), [&](Value value) {
    while (Operation *def = value.getDefiningOp()) {
      if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
               tensor::ExtractSliceOp, tensor::CastOp>(def))
        return false;
      value = def->getOperand(0);
    }
    auto argument = cast<BlockArgument>(value);
    if (argument.getOwner() != &func.getBody().front())
      return false;
    for (int64_t i = 0; i + 1 < pairs.size(); i += 2)
      if (pairs[i] == argument.getArgNumber())
        return true;
    return false;
  });
}

/// The map `op` reads `operand` with once its constant indices, each 0 into
/// a unit dimension (keepdims' [8, 128, 1] read at (d0, d1, 0)), are
/// dropped, and the groups of a collapse_shape that drops those dimensions;
/// nullopt for another constant.
static std::optional<std::pair<AffineMap, SmallVector<ReassociationIndices>>>
withoutUnitIndices(linalg::LinalgOp op, OpOperand *operand) {
  AffineMap map = op.getMatchingIndexingMap(operand);
  auto type = dyn_cast<RankedTensorType>(operand->get().getType());
  SmallVector<AffineExpr> kept;
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices leading;
  for (auto [d, e] : llvm::enumerate(map.getResults())) {
    auto constant = dyn_cast<AffineConstantExpr>(e);
    if (!constant) {
      kept.push_back(e);
      groups.push_back(leading);
      leading.clear();
      groups.back().push_back(d);
      continue;
    }
    if (constant.getValue() != 0 || !type || type.getDimSize(d) != 1)
      return std::nullopt;
    (groups.empty() ? leading : groups.back()).push_back(d);
  }
  return std::make_pair(
      AffineMap::get(map.getNumDims(), 0, kept, op.getContext()),
      std::move(groups));
}

/// Whether `op`'s input maps are projected permutations once their unit
/// indices are dropped (see withoutUnitIndices); its init map is one
/// already (isCopyOfElementwise).
static bool isPermutedWithoutUnitIndices(linalg::GenericOp op) {
  return llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *operand) {
    auto dropped = withoutUnitIndices(op, operand);
    return dropped && dropped->first.isProjectedPermutation();
  });
}

/// `op` reading each input with constant unit indices through a
/// collapse_shape that drops them.
static linalg::GenericOp dropUnitIndices(RewriterBase &rewriter,
                                         linalg::GenericOp op) {
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  rewriter.setInsertionPoint(op);
  for (OpOperand *operand : op.getDpsInputOperands()) {
    auto [map, groups] = *withoutUnitIndices(op, operand);
    Value input = operand->get();
    if (map != op.getMatchingIndexingMap(operand)) {
      auto type = cast<RankedTensorType>(input.getType());
      input = tensor::CollapseShapeOp::create(
          rewriter, op.getLoc(),
          tensor::CollapseShapeOp::inferCollapsedType(type, groups), input,
          groups);
    }
    inputs.push_back(input);
    maps.push_back(map);
  }
  if (llvm::equal(maps, ArrayRef(op.getIndexingMapsArray())
                            .take_front(op.getNumDpsInputs())))
    return op;
  for (OpOperand &init : op.getDpsInitsMutable())
    maps.push_back(op.getMatchingIndexingMap(&init));
  auto dropped = linalg::GenericOp::create(
      rewriter, op.getLoc(), op->getResultTypes(), inputs, op.getDpsInits(),
      maps, op.getIteratorTypesArray());
  rewriter.inlineRegionBefore(op.getRegion(), dropped.getRegion(),
                              dropped.getRegion().begin());
  rewriter.replaceOp(op, dropped->getResults());
  return dropped;
}

bool xla::fuseProducerIntoPacking(
    RewriterBase &rewriter, linalg::LinalgOp &copy,
    llvm::function_ref<void(Operation *)> forget) {
  if (copy.getNumDpsInputs() != 1)
    return false;
  auto split =
      copy.getDpsInputOperand(0)->get().getDefiningOp<tensor::ExpandShapeOp>();
  if (!split || !split->hasOneUse() ||
      !isCopyOfElementwise(copy, split.getSrc()))
    return false;
  auto producer = split.getSrc().getDefiningOp<linalg::GenericOp>();
  // What upstream's expansion asks (its checks, on static shapes), once a
  // broadcast along a unit dimension reads without it.
  if (readsInPlaceArgument(producer) || !isPermutedWithoutUnitIndices(producer))
    return false;
  forget(producer);
  producer = dropUnitIndices(rewriter, producer);
  // The producer computes the split shape itself (its n loop split in two,
  // its inputs reshaped alike), so that the copy reads it directly.
  RewritePatternSet patterns(rewriter.getContext());
  linalg::populateFoldReshapeOpsByExpansionPatterns(
      patterns,
      [&](OpOperand *operand) { return operand->getOwner() == split; });
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  bool changed = false;
  if (failed(applyOpPatternsGreedily({split.getOperation()},
                                     std::move(patterns), config, &changed)) ||
      !changed)
    return false;
  // The pattern leaves the expanded result collapsed back for the old
  // producer's uses, of which there were none.
  Value expanded = copy.getDpsInputOperand(0)->get();
  for (Operation *user : llvm::make_early_inc_range(expanded.getUsers()))
    if (isa<tensor::CollapseShapeOp>(user) && user->use_empty())
      rewriter.eraseOp(user);
  // The checks above hold for the expanded producer too, so the copy
  // computes it.
  return fuseProducerIntoCopy(rewriter, copy);
}
