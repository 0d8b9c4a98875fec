//===- SplitReductions.cpp - floating-point sums as trees of short chains -===//
//
// A linalg reduction adds its elements one at a time into one accumulator,
// in loop order, however it is later tiled or vectorized along its parallel
// dimensions. The rounding error of such a chain grows like its length: a
// column sum of 512 rows is ~10x less accurate than XLA's, which rewrites
// every reduction into a tree of windows of 32 (TreeReductionRewriter).
//
// This pass does the same on linalg ops on tensors, before tiling, so it
// holds on every later path (vectorized or scalar, threaded or not). A
// floating-point add reduction of more than `block-size` elements per
// result becomes
//
//   partial = reduce blocks of at most `block-size` elements (init -0.0)
//   result  = reduce partial into the original init
//
// and `result` is split again until no chain is longer than the block, a
// tree of depth ceil(log_B n). The init value still enters every result
// once. Which blocks:
//   - if the innermost reduction loop is longer than the block, it is split
//     into (outer, inner) with an inner trip count of `block-size` (or of a
//     divisor of the trip count between half of it and it): operands
//     indexed by it are reshaped (tensor.expand_shape), so indexing maps
//     stay projected permutations the vectorizer accepts. A remainder that
//     is not a whole block is reduced by its own op and added last;
//   - otherwise the innermost reduction loops whose product fits in a block
//     are reduced first and the others later;
//   - with `vector-bits` (the CPU pipeline), a single reduction loop along
//     the contiguous dimension of its inputs, a multiple of the vector
//     lanes long, is split lane-strided instead (splitLoop, combineLanes):
//     each partial sums elements one vector apart, so a vector of partials
//     adds lane by lane, and the lanes are reduced across once per result.
//
// Only adds are split: max, min and integer adds are exact in any order,
// and the rounding error of a product does not depend on the order. Ops
// that reuse their inputs (contractions, convolutions, overlapping windows)
// are left alone: see partialsFitInputs. Contractions and the convolutions
// xla-tile-and-vectorize register-tiles never split at all, whatever their
// sizes: they accumulate along k in registers, as XLA's GEMM and
// convolution kernels do, and a split one (a 1x1 convolution that narrows
// 32 channels to 16 passes partialsFitInputs) would be a generic the
// register tiles do not handle, left to scalar loops.
//
//===----------------------------------------------------------------------===//

#include "PlanTiling.h"
#include "VectorizeContraction.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

namespace xla {
#define GEN_PASS_DEF_SPLITREDUCTIONSPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;

namespace {

/// An add reduction this pass may restructure.
struct AddReduction {
  linalg::LinalgOp op;
  SmallVector<int64_t> ranges;
  SmallVector<unsigned> reductionDims; // in loop order
  int64_t volume = 1;                  // elements per result
};

} // namespace

static std::optional<AddReduction> matchAddReduction(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op->getNumResults() != 1 || op->getNumRegions() != 1 ||
      linalg::isaContractionOpInterface(op) ||
      xla::registerTileConvolutionDims(op))
    return std::nullopt;
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  if (!isa<FloatType>(element))
    return std::nullopt;
  SmallVector<Operation *> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1 || !isa<arith::AddFOp>(combiners.front()))
    return std::nullopt;
  AddReduction match{op, op.getStaticLoopRanges(), {}, 1};
  if (llvm::any_of(match.ranges, ShapedType::isDynamic))
    return std::nullopt;
  op.getReductionDims(match.reductionDims);
  llvm::sort(match.reductionDims);
  for (unsigned dim : match.reductionDims)
    match.volume *= match.ranges[dim];
  return match;
}

/// True if the partials of one level (volume / block per result) take no
/// more elements than the largest input: the op reads each input element
/// about once, as a reduce does. Convolutions, and windows that overlap
/// (a cumulative sum as a reduce_window), reuse their inputs many times;
/// their partials would be many times larger than anything the program
/// holds, so they keep one chain per result, as XLA's convolution and GEMM
/// kernels do along k.
static bool partialsFitInputs(AddReduction &red, int64_t block) {
  int64_t results = 1;
  for (auto [dim, range] : llvm::enumerate(red.ranges))
    if (!llvm::is_contained(red.reductionDims, dim))
      results *= range;
  int64_t largest = 0;
  for (Value input : red.op.getDpsInputs())
    if (auto type = dyn_cast<RankedTensorType>(input.getType());
        type && type.hasStaticShape())
      largest = std::max(largest, type.getNumElements());
  return results * llvm::divideCeilSigned(red.volume, block) <= largest;
}

/// A tensor of `shape` filled with -0.0, the identity of floating add.
static Value identityTensor(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                            Type element) {
  Value empty = tensor::EmptyOp::create(b, loc, shape, element);
  Value zero =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(element, -0.0));
  return linalg::FillOp::create(b, loc, ValueRange{zero}, ValueRange{empty})
      .getResult(0);
}

/// A generic over `op`'s body with new operands, maps and iterators; the
/// body is cloned, and `remapIndex(builder, dim)` gives the value that
/// replaces each `linalg.index dim` of the original loops.
static linalg::GenericOp
cloneWithIterationSpace(OpBuilder &b, linalg::LinalgOp op, ValueRange inputs,
                        Value init, ArrayRef<AffineMap> maps,
                        ArrayRef<utils::IteratorType> iterators,
                        function_ref<Value(OpBuilder &, unsigned)> remapIndex) {
  auto generic = linalg::GenericOp::create(
      b, op.getLoc(), TypeRange{init.getType()}, inputs, ValueRange{init},
      maps, iterators);
  IRMapping mapping;
  op->getRegion(0).cloneInto(&generic.getRegion(), mapping);
  SmallVector<linalg::IndexOp> indices;
  generic.getRegion().walk([&](linalg::IndexOp index) {
    indices.push_back(index);
  });
  for (linalg::IndexOp index : indices) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(index);
    index.replaceAllUsesWith(remapIndex(b, index.getDim()));
    index.erase();
  }
  return generic;
}

/// result = init + sum of `partial` over the loops marked reduction in
/// `iterators`; `partial` is indexed by all loops, `init` by `initMap`.
static linalg::GenericOp combine(OpBuilder &b, Location loc, Value partial,
                                 Value init, AffineMap initMap,
                                 ArrayRef<utils::IteratorType> iterators) {
  MLIRContext *context = b.getContext();
  SmallVector<AffineMap> maps = {
      AffineMap::getMultiDimIdentityMap(iterators.size(), context), initMap};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{partial}, ValueRange{init},
      maps, iterators, [](OpBuilder &nested, Location loc, ValueRange args) {
        Value sum = arith::AddFOp::create(nested, loc, args[1], args[0]);
        linalg::YieldOp::create(nested, loc, sum);
      });
  return generic;
}

/// `map` with the loops in `dims` removed (they must not occur in it).
static AffineMap dropLoops(AffineMap map, ArrayRef<unsigned> dims) {
  llvm::SmallBitVector unused(map.getNumDims());
  for (unsigned dim : dims)
    unused.set(dim);
  return compressDims(map, unused);
}

/// The map from `numLoops` loops to a partial tensor indexed by every loop
/// except those in `reduced`, in loop order.
static AffineMap partialMap(unsigned numLoops, ArrayRef<unsigned> reduced,
                            MLIRContext *context) {
  llvm::SmallBitVector drop(numLoops);
  for (unsigned dim : reduced)
    drop.set(dim);
  return AffineMap::getMultiDimIdentityMap(numLoops, context).dropResults(drop);
}

/// The values of `all` except the positions in `dims`.
template <typename T>
static SmallVector<T> dropPositions(ArrayRef<T> all, ArrayRef<unsigned> dims) {
  SmallVector<T> kept;
  for (auto [i, value] : llvm::enumerate(all))
    if (!llvm::is_contained(dims, i))
      kept.push_back(value);
  return kept;
}

/// Reduces the loops in `group` first into a partial tensor indexed by all
/// other loops, then the other reduction loops of `red`. Returns the op that
/// reduces the partial into the init.
static linalg::GenericOp splitGroup(RewriterBase &rewriter,
                                    const AddReduction &red,
                                    ArrayRef<unsigned> group) {
  linalg::LinalgOp op = red.op;
  Location loc = op.getLoc();
  MLIRContext *context = rewriter.getContext();
  unsigned numLoops = red.ranges.size();
  SmallVector<utils::IteratorType> iterators(numLoops,
                                             utils::IteratorType::parallel);
  for (unsigned dim : group)
    iterators[dim] = utils::IteratorType::reduction;
  SmallVector<int64_t> partialShape =
      dropPositions(ArrayRef<int64_t>(red.ranges), group);
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  Value partialInit = identityTensor(rewriter, loc, partialShape, element);
  SmallVector<AffineMap> maps;
  for (OpOperand *input : op.getDpsInputOperands())
    maps.push_back(op.getMatchingIndexingMap(input));
  maps.push_back(partialMap(numLoops, group, context));
  auto stage = cloneWithIterationSpace(
      rewriter, op, op.getDpsInputs(), partialInit, maps, iterators,
      [&](OpBuilder &b, unsigned dim) -> Value {
        return linalg::IndexOp::create(b, loc, dim);
      });

  OpOperand *out = op.getDpsInitOperand(0);
  SmallVector<utils::IteratorType> restIterators = dropPositions(
      ArrayRef<utils::IteratorType>(op.getIteratorTypesArray()), group);
  return combine(rewriter, loc, stage.getResult(0), out->get(),
                 dropLoops(op.getMatchingIndexingMap(out), group),
                 restIterators);
}

/// `value` sliced to [offset, offset + size) along `dim`.
static Value sliceDim(OpBuilder &b, Location loc, Value value, unsigned dim,
                      int64_t offset, int64_t size) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
  for (int64_t extent : type.getShape())
    sizes.push_back(b.getIndexAttr(extent));
  offsets[dim] = b.getIndexAttr(offset);
  sizes[dim] = b.getIndexAttr(size);
  return tensor::ExtractSliceOp::create(b, loc, value, offsets, sizes, strides);
}

/// The position of the result of `map` that is exactly loop `dim`, if that
/// is the only result that uses `dim`; -1 if no result uses it; nullopt if
/// `dim` occurs inside a compound expression or twice.
static std::optional<int64_t> plainPosition(AffineMap map, unsigned dim) {
  int64_t found = -1;
  for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
    if (!expr.isFunctionOfDim(dim))
      continue;
    auto plain = dyn_cast<AffineDimExpr>(expr);
    if (!plain || found >= 0)
      return std::nullopt;
    found = pos;
  }
  return found;
}

/// The partials of a lane-strided split of loop `dim` (the only reduction
/// loop of `red`), indexed by every other loop, then outer and lane, into
/// the init of `red`: first the outer blocks, lane by lane (further split
/// if they are many, vectorized along the lanes), then the lanes, once per
/// result. One op if there is one outer block.
static SmallVector<linalg::GenericOp>
combineLanes(RewriterBase &rewriter, const AddReduction &red, unsigned dim,
             Value partial, OpOperand *out) {
  linalg::LinalgOp op = red.op;
  Location loc = op.getLoc();
  MLIRContext *context = rewriter.getContext();
  unsigned numLoops = red.ranges.size();
  auto partialType = cast<RankedTensorType>(partial.getType());
  int64_t blocks = partialType.getDimSize(dim);
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  AffineMap initMap = op.getMatchingIndexingMap(out);
  if (blocks == 1) {
    // Loops: the original ones with lane after `dim`, both reduced.
    iterators.insert(iterators.begin() + dim + 1,
                     utils::IteratorType::reduction);
    SmallVector<AffineExpr> renumber;
    for (unsigned i = 0; i < numLoops; ++i)
      renumber.push_back(getAffineDimExpr(i < dim ? i : i + 1, context));
    AffineMap map = initMap.replaceDimsAndSymbols(renumber, {}, numLoops + 1, 0);
    return {combine(rewriter, loc, partial, out->get(), map, iterators)};
  }
  SmallVector<utils::IteratorType> outerIterators = iterators;
  outerIterators.insert(outerIterators.begin() + dim + 1,
                        utils::IteratorType::parallel);
  SmallVector<int64_t> laneShape(partialType.getShape());
  laneShape.erase(laneShape.begin() + dim);
  SmallVector<unsigned> outer = {dim};
  linalg::GenericOp byLane = combine(
      rewriter, loc, partial,
      identityTensor(rewriter, loc, laneShape, partialType.getElementType()),
      partialMap(numLoops + 1, outer, context), outerIterators);
  return {byLane, combine(rewriter, loc, byLane.getResult(0), out->get(),
                          initMap, iterators)};
}

/// Splits reduction loop `dim` into (outer, inner) loops with `block` inner
/// iterations: the blocks are reduced into a partial indexed by every other
/// loop and the outer one, which is then reduced into the init. A remainder
/// of fewer than `block` iterations is reduced on its own and added last.
///
/// With `lanes` > 1 (which must leave no remainder), into (outer, inner,
/// lane) loops, element (outer * block + inner) * lanes + lane: a block is
/// `block` elements `lanes` apart, so the partials of consecutive elements
/// are consecutive and a vector of them adds lane by lane. Contiguous
/// blocks would need a reduction across the lanes of every vector (softmax's
/// sum spent more time there than in its adds). The chains are as long
/// either way. See combineLanes for the rest of the tree.
///
/// Returns the ops that reduce the partials into the init, the last one
/// last. Fails (changing nothing) if an operand indexes `dim` in a compound
/// expression and the block does not divide the loop.
static FailureOr<SmallVector<linalg::GenericOp>>
splitLoop(RewriterBase &rewriter, const AddReduction &red, unsigned dim,
          int64_t block, int64_t lanes = 1) {
  linalg::LinalgOp op = red.op;
  Location loc = op.getLoc();
  MLIRContext *context = rewriter.getContext();
  unsigned numLoops = red.ranges.size();
  int64_t extent = red.ranges[dim];
  int64_t span = block * lanes;
  int64_t blocks = extent / span, whole = blocks * span;
  int64_t remainder = extent - whole;
  if (lanes > 1 && remainder)
    return failure();
  // The loops `dim` becomes: outer, inner and, with lanes, lane.
  unsigned split = lanes > 1 ? 3 : 2;
  unsigned added = split - 1;

  SmallVector<std::optional<int64_t>> positions;
  for (OpOperand *input : op.getDpsInputOperands()) {
    positions.push_back(
        plainPosition(op.getMatchingIndexingMap(input), dim));
    if (!positions.back() && remainder)
      return failure();
  }

  // Loops of the blocked op: those before `dim`, the split ones, the rest.
  auto d = [&](unsigned i) { return getAffineDimExpr(i, context); };
  AffineExpr element = d(dim) * block + d(dim + 1);
  if (lanes > 1)
    element = element * lanes + d(dim + 2);
  SmallVector<AffineExpr> renumber;
  for (unsigned i = 0; i < numLoops; ++i)
    renumber.push_back(i < dim ? d(i) : i == dim ? element : d(i + added));
  SmallVector<int64_t> splitShape = {blocks, block};
  if (lanes > 1)
    splitShape.push_back(lanes);
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (auto [input, position] :
       llvm::zip(op.getDpsInputOperands(), positions)) {
    AffineMap map = op.getMatchingIndexingMap(input);
    Value value = input->get();
    if (!position || *position < 0) {
      maps.push_back(
          map.replaceDimsAndSymbols(renumber, {}, numLoops + added, 0));
      inputs.push_back(value);
      continue;
    }
    int64_t pos = *position;
    if (remainder)
      value = sliceDim(rewriter, loc, value, pos, 0, whole);
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + pos);
    shape.insert(shape.begin() + pos, splitShape.begin(), splitShape.end());
    SmallVector<ReassociationIndices> groups;
    for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
      if (i < pos)
        groups.push_back({i});
      else if (i == pos)
        groups.push_back(llvm::to_vector(llvm::seq<int64_t>(i, i + split)));
      else
        groups.push_back({i + added});
    }
    inputs.push_back(tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
        value, groups));
    SmallVector<AffineExpr> results;
    for (auto [i, expr] : llvm::enumerate(map.getResults())) {
      if (static_cast<int64_t>(i) == pos) {
        for (unsigned l = 0; l < split; ++l)
          results.push_back(d(dim + l));
      } else {
        results.push_back(expr.replaceDimsAndSymbols(renumber, {}));
      }
    }
    maps.push_back(AffineMap::get(numLoops + added, 0, results, context));
  }
  SmallVector<utils::IteratorType> iterators(numLoops + added,
                                             utils::IteratorType::parallel);
  iterators[dim + 1] = utils::IteratorType::reduction;
  SmallVector<int64_t> partialShape(red.ranges);
  partialShape[dim] = blocks;
  if (lanes > 1)
    partialShape.insert(partialShape.begin() + dim + 1, lanes);
  maps.push_back(partialMap(numLoops + added, {dim + 1}, context));
  Type elementType = getElementTypeOrSelf(op->getResult(0).getType());
  Value partialInit = identityTensor(rewriter, loc, partialShape, elementType);
  auto blocked = cloneWithIterationSpace(
      rewriter, op, inputs, partialInit, maps, iterators,
      [&](OpBuilder &b, unsigned i) -> Value {
        if (i < dim)
          return linalg::IndexOp::create(b, loc, i);
        if (i > dim)
          return linalg::IndexOp::create(b, loc, i + added);
        // (outer * block + inner) * lanes + lane.
        Value index = linalg::IndexOp::create(b, loc, dim);
        for (auto [l, size] : llvm::enumerate(ArrayRef(splitShape).drop_front())) {
          Value next = linalg::IndexOp::create(b, loc, dim + 1 + l);
          Value scale = arith::ConstantIndexOp::create(b, loc, size);
          index = arith::AddIOp::create(
              b, loc, arith::MulIOp::create(b, loc, index, scale), next);
        }
        return index;
      });
  OpOperand *out = op.getDpsInitOperand(0);
  if (lanes > 1)
    return combineLanes(rewriter, red, dim, blocked.getResult(0), out);
  SmallVector<utils::IteratorType> originalIterators =
      op.getIteratorTypesArray();
  linalg::GenericOp result =
      combine(rewriter, loc, blocked.getResult(0), out->get(),
              op.getMatchingIndexingMap(out), originalIterators);
  if (!remainder)
    return SmallVector<linalg::GenericOp>{result};

  // The remainder: the original op on the last `remainder` iterations of
  // `dim`, reducing only `dim`, added to the result.
  SmallVector<Value> tailInputs;
  SmallVector<AffineMap> tailMaps;
  for (auto [input, position] :
       llvm::zip(op.getDpsInputOperands(), positions)) {
    Value value = input->get();
    if (*position >= 0)
      value = sliceDim(rewriter, loc, value, *position, whole, remainder);
    tailInputs.push_back(value);
    tailMaps.push_back(op.getMatchingIndexingMap(input));
  }
  SmallVector<unsigned> justDim = {dim};
  tailMaps.push_back(partialMap(numLoops, justDim, context));
  SmallVector<utils::IteratorType> tailIterators(
      numLoops, utils::IteratorType::parallel);
  tailIterators[dim] = utils::IteratorType::reduction;
  SmallVector<int64_t> tailShape =
      dropPositions(ArrayRef<int64_t>(red.ranges), justDim);
  auto tail = cloneWithIterationSpace(
      rewriter, op, tailInputs,
      identityTensor(rewriter, loc, tailShape, elementType), tailMaps,
      tailIterators, [&](OpBuilder &b, unsigned i) -> Value {
        Value index = linalg::IndexOp::create(b, loc, i);
        if (i != dim)
          return index;
        Value offset = arith::ConstantIndexOp::create(b, loc, whole);
        return arith::AddIOp::create(b, loc, index, offset);
      });
  linalg::GenericOp last = combine(
      rewriter, loc, tail.getResult(0), result.getResult(0),
      dropLoops(op.getMatchingIndexingMap(out), justDim),
      dropPositions(ArrayRef<utils::IteratorType>(originalIterators), justDim));
  return SmallVector<linalg::GenericOp>{result, last};
}

/// Whether every input that loop `dim` indexes has it as its contiguous
/// (last) dimension, and nowhere else.
static bool readsAlongContiguousDim(const AddReduction &red, unsigned dim) {
  linalg::LinalgOp op = red.op;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    std::optional<int64_t> position = plainPosition(map, dim);
    if (!position ||
        (*position >= 0 && *position != int64_t(map.getNumResults()) - 1))
      return false;
  }
  return true;
}

/// One step of the tree: splits off the innermost blocks of `red` and
/// returns the ops that reduce what is left, which may need splitting
/// again, the one that yields the result last; failure if `red` is left as
/// it is. `lanes` > 1: a loop along the contiguous dimension of its inputs
/// whose length is a multiple of `lanes` is split in lane-strided blocks.
static FailureOr<SmallVector<linalg::GenericOp>>
splitOnce(RewriterBase &rewriter, const AddReduction &red, int64_t block,
          int64_t lanes) {
  unsigned innermost = red.reductionDims.back();
  int64_t extent = red.ranges[innermost];
  if (extent > block && lanes > 1 && extent % lanes == 0 &&
      red.reductionDims.size() == 1 &&
      readsAlongContiguousDim(red, innermost)) {
    // Vectors per row: all of them in one block if they fit, else a block
    // of at least half the size that divides them.
    int64_t vectors = extent / lanes;
    for (int64_t candidate = std::min(block, vectors); 2 * candidate >= block ||
                                                      candidate == vectors;
         --candidate)
      if (vectors % candidate == 0)
        return splitLoop(rewriter, red, innermost, candidate, lanes);
  }
  if (extent > block) {
    // A block of at least half the size that divides the loop saves the
    // ops that reduce a remainder.
    int64_t size = block;
    for (int64_t candidate = block; 2 * candidate >= block; --candidate) {
      if (extent % candidate == 0) {
        size = candidate;
        break;
      }
    }
    return splitLoop(rewriter, red, innermost, size);
  }
  SmallVector<unsigned> group;
  int64_t volume = 1;
  for (unsigned dim : llvm::reverse(red.reductionDims)) {
    if (volume * red.ranges[dim] > block)
      break;
    volume *= red.ranges[dim];
    group.push_back(dim);
  }
  return SmallVector<linalg::GenericOp>{splitGroup(rewriter, red, group)};
}

/// True if `red` is an f32 sum of one loop, its last, which indexes the
/// contiguous dimension of every input it reads along: a row that several
/// threads read interleaved (see the row-threads option).
static bool isContiguousRow(const AddReduction &red) {
  // Such threads exchange partial sums as 32-bit floats; other types keep
  // the plain tree.
  if (!getElementTypeOrSelf(red.op->getResult(0).getType()).isF32())
    return false;
  unsigned last = red.ranges.size() - 1;
  if (red.reductionDims.size() != 1 || red.reductionDims[0] != last)
    return false;
  linalg::LinalgOp op = red.op;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!isa<ShapedType>(input->get().getType()) || !map.isFunctionOfDim(last))
      continue;
    auto innermost = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!innermost || innermost.getPosition() != last)
      return false;
  }
  return true;
}

namespace {

struct SplitReductionsPass
    : xla::impl::SplitReductionsPassBase<SplitReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 2)
      return;
    int64_t vectorBits = this->vectorBits;
    if (vectorBits > 0) {
      xla::TilingTarget target;
      target.vectorBits = vectorBits;
      if (failed(xla::applyModuleTarget(getOperation(), target)))
        return signalPassFailure();
      vectorBits = target.vectorBits;
    }
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> worklist;
    getOperation()->walk(
        [&](linalg::LinalgOp op) { worklist.push_back(op); });
    while (!worklist.empty()) {
      linalg::LinalgOp op = worklist.pop_back_val();
      std::optional<AddReduction> red = matchAddReduction(op);
      if (!red)
        continue;
      int64_t block = blockSize;
      if (isContiguousRow(*red))
        block *= std::max<int64_t>(rowThreads, 1);
      if (red->volume <= block || !partialsFitInputs(*red, block))
        continue;
      rewriter.setInsertionPoint(op);
      int64_t lanes = 1;
      if (vectorBits > 0)
        lanes = vectorBits / getElementTypeOrSelf(op->getResult(0).getType())
                                 .getIntOrFloatBitWidth();
      FailureOr<SmallVector<linalg::GenericOp>> rest =
          splitOnce(rewriter, *red, block, lanes);
      if (failed(rest))
        continue;
      rewriter.replaceOp(op, rest->back().getResult(0));
      // The partials may still be reduced by chains longer than a block.
      llvm::append_range(worklist, *rest);
    }
  }
};

} // namespace
