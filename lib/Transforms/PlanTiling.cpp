//===- PlanTiling.cpp - decide how each linalg op is tiled ----------------===//
//
// The decisions of tiling (loop order, tile sizes, distribution over cores,
// peeling, vectorization, rhs relayout) apart from their mechanism: this
// pass only records them on each op as `xla.tiling` (PlanTiling.h), and
// `xla-tile-and-vectorize` carries them out. The decisions are made on a
// LoopNest, a description of an op's iteration space, so that they can be
// made for the op as it will be after the interchange, and for the rhs copy
// of a relayout that does not exist yet, without changing the IR.
//
//===----------------------------------------------------------------------===//

#include "PlanTiling.h"
#include "LaneAccumulators.h"
#include "PackContraction.h"
#include "VectorizeContraction.h"
#include "xla-mlir/Target/TargetDescription.h"
#include "xla-mlir/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/Builders.h"

#include <numeric>

namespace xla {
#define GEN_PASS_DEF_TILINGSTRATEGYPASS
#include "xla-mlir/Transforms/Passes.h.inc"
} // namespace xla

using namespace mlir;
using xla::TilingPlan;
using xla::TilingTarget;

//===----------------------------------------------------------------------===//
// The attribute
//===----------------------------------------------------------------------===//

DictionaryAttr TilingPlan::toAttr(MLIRContext *context) const {
  Builder b(context);
  SmallVector<NamedAttribute> entries;
  auto array = [&](StringRef name, ArrayRef<int64_t> values) {
    if (!values.empty())
      entries.push_back(b.getNamedAttr(name, b.getDenseI64ArrayAttr(values)));
  };
  auto flag = [&](StringRef name, bool value) {
    if (value)
      entries.push_back(b.getNamedAttr(name, b.getBoolAttr(true)));
  };
  array("interchange", interchange);
  array("tile_sizes", tileSizes);
  array("tile_interchange", tileInterchange);
  flag("distribute", distribute);
  flag("peel", peel);
  flag("vectorize", vectorize);
  if (relayoutRhs)
    entries.push_back(b.getNamedAttr("relayout_rhs", relayoutRhs));
  if (relayoutLhs)
    entries.push_back(b.getNamedAttr("relayout_lhs", relayoutLhs));
  if (packRhs)
    entries.push_back(b.getNamedAttr("pack_rhs", b.getI64IntegerAttr(packRhs)));
  if (packCopy)
    entries.push_back(b.getNamedAttr("pack_copy", packCopy));
  if (packRemainder)
    entries.push_back(b.getNamedAttr("pack_remainder", packRemainder));
  flag("pack_per_tile", packPerTile);
  flag("pack_per_cache_tile", packPerCacheTile);
  array("cache_tile_sizes", cacheTileSizes);
  array("cache_tile_interchange", cacheTileInterchange);
  flag("fuse_epilogue", fuseEpilogue);
  flag("epilogue_after_k_blocks", epilogueAfterKBlocks);
  flag("roll_epilogue", rollEpilogue);
  if (prefetchLhs >= 0)
    entries.push_back(
        b.getNamedAttr("prefetch_lhs", b.getI64IntegerAttr(prefetchLhs)));
  return b.getDictionaryAttr(entries);
}

FailureOr<TilingPlan> TilingPlan::fromAttr(DictionaryAttr attr, Location loc) {
  TilingPlan plan;
  for (NamedAttribute entry : attr) {
    StringRef name = entry.getName();
    Attribute value = entry.getValue();
    auto array = dyn_cast<DenseI64ArrayAttr>(value);
    auto flag = dyn_cast<BoolAttr>(value);
    if (name == "interchange" && array)
      plan.interchange = llvm::to_vector(array.asArrayRef());
    else if (name == "tile_sizes" && array)
      plan.tileSizes = llvm::to_vector(array.asArrayRef());
    else if (name == "tile_interchange" && array)
      plan.tileInterchange = llvm::to_vector(array.asArrayRef());
    else if (name == "distribute" && flag)
      plan.distribute = flag.getValue();
    else if (name == "peel" && flag)
      plan.peel = flag.getValue();
    else if (name == "vectorize" && flag)
      plan.vectorize = flag.getValue();
    else if (name == "relayout_rhs" && isa<DictionaryAttr>(value))
      plan.relayoutRhs = cast<DictionaryAttr>(value);
    else if (name == "relayout_lhs" && isa<DictionaryAttr>(value))
      plan.relayoutLhs = cast<DictionaryAttr>(value);
    else if (name == "pack_rhs" && isa<IntegerAttr>(value) &&
             cast<IntegerAttr>(value).getInt() > 0)
      plan.packRhs = cast<IntegerAttr>(value).getInt();
    else if (name == "pack_copy" && isa<DictionaryAttr>(value))
      plan.packCopy = cast<DictionaryAttr>(value);
    else if (name == "pack_remainder" && isa<DictionaryAttr>(value))
      plan.packRemainder = cast<DictionaryAttr>(value);
    else if (name == "pack_per_tile" && flag)
      plan.packPerTile = flag.getValue();
    else if (name == "pack_per_cache_tile" && flag)
      plan.packPerCacheTile = flag.getValue();
    else if (name == "cache_tile_sizes" && array)
      plan.cacheTileSizes = llvm::to_vector(array.asArrayRef());
    else if (name == "cache_tile_interchange" && array)
      plan.cacheTileInterchange = llvm::to_vector(array.asArrayRef());
    else if (name == "fuse_epilogue" && flag)
      plan.fuseEpilogue = flag.getValue();
    else if (name == "epilogue_after_k_blocks" && flag)
      plan.epilogueAfterKBlocks = flag.getValue();
    else if (name == "roll_epilogue" && flag)
      plan.rollEpilogue = flag.getValue();
    else if (name == "prefetch_lhs" && isa<IntegerAttr>(value) &&
             cast<IntegerAttr>(value).getInt() >= 0 &&
             cast<IntegerAttr>(value).getInt() <= 3)
      plan.prefetchLhs = cast<IntegerAttr>(value).getInt();
    else
      return emitError(loc) << "bad entry in " << kAttrName << ": " << name;
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// The decisions
//===----------------------------------------------------------------------===//

/// Whether `op` reduces, and each of its results with one combiner that
/// gives the same result in any order.
static bool isOrderIndependentReduction(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0 || op->getNumRegions() != 1)
    return false;
  for (unsigned i = 0, e = op.getNumDpsInits(); i < e; ++i) {
    SmallVector<Operation *> combiners;
    if (!matchReduction(op.getRegionOutputArgs(), i, combiners) ||
        combiners.size() != 1)
      return false;
    std::optional<vector::CombiningKind> kind =
        linalg::getCombinerOpKind(combiners.front());
    if (!kind || !xla::isOrderIndependent(
                     *kind, getElementTypeOrSelf(op.getDpsInits()[i])))
      return false;
  }
  return true;
}

namespace {

/// An iteration space: loop ranges and iterator types, and the indexing
/// map and type of each operand (inputs first).
struct LoopNest {
  SmallVector<int64_t> ranges;
  SmallVector<utils::IteratorType> iterators;
  SmallVector<AffineMap> maps;
  SmallVector<Type> types;
  unsigned numInputs = 0;
  bool contraction = false;
  /// Whether the upstream vectorizer accepts the op.
  bool vectorizable = false;
  /// Whether every result is a reduction whose combiner gives the same
  /// result in any order (a max, not a float sum).
  bool orderIndependent = false;

  static LoopNest of(linalg::LinalgOp op) {
    LoopNest nest;
    nest.ranges = op.getStaticLoopRanges();
    nest.iterators = op.getIteratorTypesArray();
    nest.maps = op.getIndexingMapsArray();
    for (OpOperand &operand : op->getOpOperands())
      nest.types.push_back(operand.get().getType());
    nest.numInputs = op.getNumDpsInputs();
    nest.contraction = linalg::isaContractionOpInterface(op);
    nest.vectorizable =
        succeeded(linalg::vectorizeOpPrecondition(op, {}, {},
                                                  /*vectorizeNDExtract=*/true));
    nest.orderIndependent = isOrderIndependentReduction(op);
    return nest;
  }

  /// The nest after `linalg::interchangeGenericOp(permutation)`.
  LoopNest permuted(ArrayRef<int64_t> permutation) const {
    LoopNest nest = *this;
    applyPermutationToVector(nest.ranges, permutation);
    applyPermutationToVector(nest.iterators, permutation);
    SmallVector<unsigned> perm(permutation.begin(), permutation.end());
    AffineMap inverse = inversePermutation(
        AffineMap::getPermutationMap(perm, maps.front().getContext()));
    for (AffineMap &map : nest.maps)
      map = map.compose(inverse);
    return nest;
  }

  /// The nest with loop `dim` of extent `range`, operand shapes to match.
  LoopNest withRange(unsigned dim, int64_t range) const {
    LoopNest nest = *this;
    nest.ranges[dim] = range;
    for (auto [map, type] : llvm::zip(nest.maps, nest.types)) {
      auto shaped = dyn_cast<ShapedType>(type);
      if (!shaped)
        continue;
      SmallVector<int64_t> shape(shaped.getShape());
      for (auto [i, e] : llvm::enumerate(map.getResults()))
        if (auto d = dyn_cast<AffineDimExpr>(e); d && d.getPosition() == dim)
          shape[i] = range;
      type = shaped.clone(shape);
    }
    return nest;
  }

  /// The nest with operand `i` read from a copy whose dimensions are the
  /// operand's in `permutation` order (the loops stay).
  LoopNest withOperandPermuted(unsigned i, ArrayRef<int64_t> permutation) const {
    LoopNest nest = *this;
    nest.maps[i] =
        AffineMap::get(maps[i].getNumDims(), 0,
                       applyPermutation(maps[i].getResults(), permutation),
                       maps[i].getContext());
    auto shaped = cast<ShapedType>(types[i]);
    nest.types[i] =
        shaped.clone(applyPermutation(shaped.getShape(), permutation));
    return nest;
  }

  /// The `linalg.transpose` of `source` by `permutation` (loops: the
  /// result's dimensions).
  static LoopNest transpose(ShapedType source, ArrayRef<int64_t> permutation) {
    LoopNest nest;
    MLIRContext *context = source.getContext();
    for (int64_t d : permutation)
      nest.ranges.push_back(source.getDimSize(d));
    nest.iterators.assign(permutation.size(), utils::IteratorType::parallel);
    SmallVector<unsigned> inverse;
    for (int64_t d : invertPermutationVector(permutation))
      inverse.push_back(d);
    nest.maps = {AffineMap::getPermutationMap(inverse, context),
                 AffineMap::getMultiDimIdentityMap(permutation.size(),
                                                   context)};
    nest.types = {source, source.clone(nest.ranges)};
    nest.numInputs = 1;
    nest.vectorizable = true;
    return nest;
  }
};

/// Tile sizes (0 = not tiled) and the order of the tile loops.
struct TilePlan {
  SmallVector<int64_t> sizes;
  SmallVector<int64_t> interchange;
};

} // namespace

/// Element types of tensors the vector lowering handles on every path to
/// LLVM: integers, index and the IEEE-like floats LLVM has vector types for.
/// Not i1, i2, i4, ...: a tensor of those is a byte per element in memory,
/// while LLVM stores a vector of them as packed bits. Complex and the small
/// float formats stay scalar as well.
static bool isVectorElementType(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (element.isIndex())
    return true;
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth() % 8 == 0 &&
           llvm::isPowerOf2_32(integer.getWidth());
  return element.isF16() || element.isBF16() || element.isF32() ||
         element.isF64();
}

static unsigned bitWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (element.isIndex())
    return 64;
  return std::max(8u, element.getIntOrFloatBitWidth());
}

/// Input channels of a convolution's k block (decideConvolutionKBlocks).
static constexpr int64_t kConvolutionKBlock = 256;

/// Vector lanes of elements `bits` wide.
static int64_t vectorLanes(int64_t vectorBits, unsigned bits) {
  return std::max<int64_t>(1, vectorBits / bits);
}

/// A tile of `size` along a loop of `range`; 0 (no loop) where it would
/// cover the whole loop.
static int64_t tileSize(int64_t range, int64_t size) {
  return size >= range ? 0 : size;
}

/// The lanes of a register tile along a loop of `range`: two vectors where
/// the loop is that long (two FMAs per broadcast lhs element), else one.
static int64_t panelWidth(int64_t range, int64_t lanes) {
  return range >= 2 * lanes ? 2 * lanes : lanes;
}

/// The rows of a register tile whose rows are `panel` lanes wide:
/// `matmulRows`, or fewer where the target's vector registers cannot hold
/// the accumulators (a vector per `lanes` of a row), the panel's rhs
/// vectors and the broadcast lhs element. With AVX2's 16 registers, 8 rows
/// of two vectors took all 16 for accumulators, the k loop spilled, and a
/// 2048^3 product took 231 ms; 6 rows ran it in 161 ms on the Zen 3 EPYC
/// (docs/benchmarks.md).
static int64_t registerTileRows(const TilingTarget &target, int64_t panel,
                                int64_t lanes) {
  int64_t vectors = std::max<int64_t>(1, panel / lanes);
  int64_t fit = (target.vectorRegisters - vectors - 1) / vectors;
  return std::clamp<int64_t>(fit, 1, target.matmulRows);
}

/// The loop that indexes the contiguous (last) dimension of the most
/// operands, if it is not innermost already: scalar loops then stream.
static std::optional<unsigned> bestInnermostLoop(const LoopNest &nest) {
  unsigned numLoops = nest.ranges.size();
  if (numLoops < 2)
    return std::nullopt;
  SmallVector<unsigned> score(numLoops, 0);
  for (auto [map, type] : llvm::zip(nest.maps, nest.types)) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || shaped.getRank() == 0 || shaped.getShape().back() == 1)
      continue;
    if (auto dim = dyn_cast<AffineDimExpr>(map.getResults().back()))
      ++score[dim.getPosition()];
  }
  unsigned best = numLoops - 1;
  for (unsigned d = 0; d < numLoops; ++d)
    if (score[d] > score[best])
      best = d;
  if (best == numLoops - 1)
    return std::nullopt;
  return best;
}

/// The loop order of ops with a reduction: the best innermost loop last,
/// the others in their order (on ties, the original order); empty: keep it.
/// matmul (i, j, k) becomes (i, k, j). Elementwise ops keep their order.
static SmallVector<int64_t> decideInterchange(const LoopNest &nest) {
  if (llvm::none_of(nest.iterators, linalg::isReductionIterator))
    return {};
  std::optional<unsigned> innermost = bestInnermostLoop(nest);
  if (!innermost)
    return {};
  SmallVector<int64_t> order;
  for (unsigned d = 0, e = nest.ranges.size(); d < e; ++d)
    if (d != *innermost)
      order.push_back(d);
  order.push_back(*innermost);
  return order;
}

/// The loops of `groups` (contraction dimensions), one group after another.
static SmallVector<int64_t>
concatLoops(std::initializer_list<ArrayRef<unsigned>> groups) {
  SmallVector<int64_t> loops;
  for (ArrayRef<unsigned> group : groups)
    loops.append(group.begin(), group.end());
  return loops;
}

/// Whether operand `i` of `nest` has i1 (or i2, i4...) elements and may be
/// vectorized: an input, or a result of an all-parallel nest (a reduction
/// into masks stays scalar).
static bool isVectorizableSubByte(const LoopNest &nest, unsigned i) {
  auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(nest.types[i]));
  if (!integer || integer.getWidth() >= 8)
    return false;
  return i < nest.numInputs || llvm::all_of(nest.iterators, [](auto it) {
           return linalg::isParallelIterator(it);
         });
}

/// The widest element of `nest`'s operands in bits, or nullopt if they are
/// not all vector element types or a loop is dynamic or empty. With
/// `subByte`, operands of i1 (masks) are let through (isVectorizableSubByte):
/// they are a byte per element in memory, which vector loads and stores
/// access as bytes (xla-widen-sub-byte-vector-accesses).
static std::optional<unsigned> vectorElementBits(const LoopNest &nest,
                                                 bool subByte = false) {
  unsigned widest = 8;
  for (auto [i, type] : llvm::enumerate(nest.types)) {
    if (subByte && isVectorizableSubByte(nest, i))
      continue;
    if (!isVectorElementType(type))
      return std::nullopt;
    widest = std::max(widest, bitWidth(type));
  }
  if (llvm::any_of(nest.ranges, [](int64_t r) {
        return ShapedType::isDynamic(r) || r == 0;
      }))
    return std::nullopt;
  return widest;
}

/// The register tiles of `nest`, or nullopt if it is not a candidate.
static std::optional<TilePlan> decideTiles(const LoopNest &nest,
                                           int64_t vectorBits,
                                           int64_t matmulRows) {
  if (nest.ranges.empty() || !nest.vectorizable)
    return std::nullopt;
  std::optional<unsigned> widest =
      vectorElementBits(nest, /*subByte=*/!nest.contraction);
  if (!widest)
    return std::nullopt;
  ArrayRef<int64_t> ranges = nest.ranges;

  int64_t lanes = vectorLanes(vectorBits, *widest);
  unsigned numLoops = ranges.size();
  TilePlan plan;
  plan.sizes.resize(numLoops);
  auto setTile = [&](unsigned dim, int64_t size) {
    plan.sizes[dim] = tileSize(ranges[dim], size);
  };
  for (unsigned d = 0; d < numLoops; ++d)
    setTile(d, 1);

  if (nest.contraction) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(nest.maps);
    if (succeeded(dims) && !dims->m.empty() && !dims->n.empty()) {
      setTile(xla::registerTileLoop(dims->m, ranges), matmulRows);
      setTile(xla::registerTileLoop(dims->n, ranges), lanes);
      plan.interchange =
          concatLoops({dims->batch, dims->n, dims->m, dims->k});
      if (plan.interchange.size() == numLoops)
        return plan;
      plan.interchange.clear();
    }
  }
  unsigned inner = numLoops - 1;
  setTile(inner, lanes);
  // A max along the lanes is a chain of compares through one accumulator
  // (about 6 cycles a vector with NaN checks); a tile of several vectors
  // gives the lane accumulators (LaneAccumulators.cpp) independent chains.
  // Float sums keep one: their order is xla-split-reductions' tree.
  if (nest.orderIndependent && linalg::isReductionIterator(nest.iterators[inner]))
    for (int64_t chains : {4, 2})
      if (ranges[inner] % (chains * lanes) == 0 &&
          ranges[inner] > chains * lanes) {
        setTile(inner, chains * lanes);
        break;
      }
  // A sum along a middle loop with the lanes along the innermost one (a
  // tree of chains of xla-split-reductions: [rows, chains, steps, lanes])
  // is one chain of dependent adds per tile, at the add's latency: a tile
  // of several chains (the parallel loop just outside the reduction) keeps
  // that many accumulators in flight, each chain in its own order.
  if (linalg::isParallelIterator(nest.iterators[inner])) {
    auto reduction = llvm::find_if(nest.iterators, [](auto iterator) {
      return linalg::isReductionIterator(iterator);
    });
    unsigned r = reduction - nest.iterators.begin();
    if (reduction != nest.iterators.end() && r > 0 && ranges[r] > 1 &&
        linalg::isParallelIterator(nest.iterators[r - 1]) &&
        !ShapedType::isDynamic(ranges[r - 1]))
      for (int64_t chains : {4, 2})
        if (ranges[r - 1] % chains == 0) {
          setTile(r - 1, chains);
          break;
        }
  }
  // An operand read across the lanes (a transpose) gets a square tile: one
  // vector along its own contiguous dimension per lane, transposed in
  // registers, instead of a strided element-by-element gather. An operand
  // that does not vary along the lanes at all (a row's max or mean
  // broadcast along it) is not a transpose: one element per row, splat.
  AffineExpr innerExpr = getAffineDimExpr(inner, nest.maps.front().getContext());
  for (unsigned i = 0; i < nest.numInputs; ++i) {
    auto type = dyn_cast<ShapedType>(nest.types[i]);
    if (!type || type.getRank() == 0 || type.getShape().back() == 1 ||
        !nest.maps[i].isFunctionOfDim(inner))
      continue;
    auto last = dyn_cast<AffineDimExpr>(nest.maps[i].getResults().back());
    if (last && last != innerExpr &&
        linalg::isParallelIterator(nest.iterators[last.getPosition()])) {
      setTile(last.getPosition(), lanes);
      break;
    }
  }
  return plan;
}

/// Whether the outermost tile loop becomes an scf.forall over the cores:
/// the op must have work for several cores (TargetDescription's
/// kMinParallelIterations) and that loop must be parallel.
static bool decideDistribution(const LoopNest &nest, const TilePlan &tiles,
                               const TilingTarget &target) {
  if (target.cores == 1)
    return false;
  int64_t volume = 1;
  for (int64_t range : nest.ranges)
    volume *= range;
  if (volume < xla::TargetDescription::kMinParallelIterations)
    return false;
  SmallVector<int64_t> order = tiles.interchange;
  if (order.empty())
    order = llvm::to_vector(llvm::seq<int64_t>(0, tiles.sizes.size()));
  auto outer = llvm::find_if(order, [&](int64_t d) { return tiles.sizes[d]; });
  return outer != order.end() && linalg::isParallelIterator(
                                     nest.iterators[*outer]);
}

/// The vectorized plan of `nest`, if it is a candidate.
static std::optional<TilingPlan> decideVectorTiles(const LoopNest &nest,
                                                   const TilingTarget &target) {
  std::optional<TilePlan> tiles =
      decideTiles(nest, target.vectorBits, target.matmulRows);
  if (!tiles)
    return std::nullopt;
  TilingPlan plan;
  plan.tileSizes = tiles->sizes;
  plan.tileInterchange = tiles->interchange;
  plan.distribute = decideDistribution(nest, *tiles, target);
  // Peeled remainders keep every tile static: no masked vectors.
  plan.peel = true;
  plan.vectorize = true;
  return plan;
}

/// The plan of an op with iteration space `nest`, without packing.
static std::optional<TilingPlan> decideNestTiling(LoopNest nest,
                                                  const TilingTarget &target,
                                                  MLIRContext *context) {
  TilingPlan plan;
  plan.interchange = decideInterchange(nest);
  if (!plan.interchange.empty())
    nest = nest.permuted(plan.interchange);
  if (target.vectorize) {
    if (std::optional<TilingPlan> vector = decideVectorTiles(nest, target)) {
      vector->interchange = plan.interchange;
      plan = std::move(*vector);
      // A contraction tile (the only plan with a tile loop order) whose rhs
      // is not contiguous along the lanes reads a transposed copy.
      if (!plan.tileInterchange.empty() && nest.numInputs == 2) {
        auto rhsType = cast<ShapedType>(nest.types[1]);
        if (std::optional<SmallVector<int64_t>> permutation =
                xla::rhsRelayoutPermutation(nest.maps, nest.ranges, rhsType,
                                       target.matmulRows)) {
          if (std::optional<TilingPlan> copy = decideVectorTiles(
                  LoopNest::transpose(rhsType, *permutation), target))
            plan.relayoutRhs = copy->toAttr(context);
          else
            plan.relayoutRhs = TilingPlan().toAttr(context);
        }
      }
    }
  }
  if (plan.empty())
    return std::nullopt;
  return plan;
}

/// Contractions with at least this many row tiles may pack their rhs:
/// packing is one more pass over the rhs, against one strided pass per row
/// tile.
static constexpr int64_t kPackMinRowTiles = 4;

/// Whether `rows` cache lines `pitch` bytes apart, the strip of an operand
/// that a register tile reads one line per k step, all stay in L1 at once:
/// an x86 L1D has 64 sets of 64-byte lines (a way is one 4 KiB page), so
/// rows 4 KiB apart all fall into one set and only as many of them as there
/// are ways stay in L1; rows 1 KiB apart into four sets.
static bool stripFitsL1(int64_t rows, int64_t pitch,
                        const TilingTarget &target) {
  constexpr int64_t kLineBytes = 64, kL1Sets = 64;
  int64_t ways = std::max<int64_t>(1, target.l1Bytes / (kLineBytes * kL1Sets));
  int64_t sets = kL1Sets;
  if (pitch % kLineBytes == 0) {
    int64_t step = (pitch / kLineBytes) % kL1Sets;
    sets = step == 0 ? 1 : kL1Sets / std::gcd(step, kL1Sets);
  }
  return rows <= sets * ways;
}

/// Whether the rhs of a contraction is worth packing into panels. Unpacked,
/// every row tile reads a strip of it: one vector of each of its K rows,
/// a row pitch apart. Packing pays when that strip cannot stay in cache
/// from one row tile to the next:
/// - the rhs of one batch is larger than half of L2 (with N a power of two
///   its rows fall into few L2 sets);
/// - or the strip does not fit in L1 because of its pitch (stripFitsL1).
///   Such a strip comes from L2 for every row tile, across pages, which
///   the prefetchers do not follow.
/// Measured on the Zen 5 machine (2026-11-23): packing a 2048x2048 rhs made
/// its matmul 4x faster, and the 64x128 rhs of each attention head (a strip
/// of 128 rows 256 bytes apart, 16 sets) 1.7x slower. On the Emerald
/// Rapids machine (2026-11-26, one thread): a 1024x256 by 256x1024 matmul
/// (256 rows 4 KiB apart) 6-8 ms unpacked, 3.7-4.4 ms packed; 1024x512 by
/// 512x256 (512 rows 1 KiB apart) 2.5-3.4 against 1.9-2.5 ms (the Zen 5
/// machine had measured this one 10% slower packed, before this rule);
/// attention's 128x64 rhs per head 0.64-0.73 unpacked against 0.75 ms.
static bool rhsWorthPacking(const LoopNest &nest,
                            const linalg::ContractionDimensions &dims,
                            int64_t bytes, const TilingTarget &target) {
  int64_t size = bytes;
  for (AffineExpr e : nest.maps[1].getResults()) {
    unsigned d = cast<AffineDimExpr>(e).getPosition();
    if (!llvm::is_contained(dims.batch, d))
      size *= nest.ranges[d];
  }
  if (size > target.l2Bytes / 2)
    return true;
  // The strip's rows: one per k step; their pitch: the n dimensions (the
  // rhs is [..., K, N], or relaid out so).
  int64_t rows = 1, pitch = bytes;
  for (unsigned k : dims.k)
    rows *= nest.ranges[k];
  for (unsigned n : dims.n)
    pitch *= nest.ranges[n];
  return !stripFitsL1(rows, pitch, target);
}

/// The permutation of a contraction's lhs into the copy it should read
/// (lhsRelayoutPermutation: contracting dimensions last), if its lhs has
/// them first, several column tiles read each row tile's strip of it (a
/// cache line per k step), and the strip comes from beyond L2 each time:
/// it does not stay in L1 at its pitch (stripFitsL1), and the lhs of one
/// batch is larger than half of L2. The copy is two more passes over the
/// lhs. Measured on one Emerald Rapids core (2026-11-26): the weight
/// gradients of a BERT step (lhs of 3 and 12 MiB, 1024 tokens, rows 3 or
/// 12 KiB apart) 15-20% faster with the copy, a 3072x1024 by 1024x768 one
/// 44.7 -> 36.5 ms (a plain matmul of that size: 31 ms); attention's P V
/// computed as (V^T P^T) per head (32 KiB of V, 128 tokens 512 bytes or
/// 1 KiB apart, 4 or 8 column tiles) 6-15% slower with it.
static std::optional<SmallVector<int64_t>>
decideLhsRelayout(const LoopNest &nest, const TilingTarget &target) {
  if (!target.vectorize || !nest.contraction || !nest.vectorizable ||
      nest.numInputs != 2 || nest.types.size() != 3)
    return std::nullopt;
  std::optional<unsigned> bits = vectorElementBits(nest);
  auto lhsType = dyn_cast<ShapedType>(nest.types[0]);
  if (!bits || !lhsType)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> permutation =
      xla::lhsRelayoutPermutation(nest.maps, lhsType);
  if (!permutation)
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(nest.maps);
  int64_t bytes = *bits / 8, columns = 1, rows = 1, size = bytes;
  for (unsigned n : dims->n)
    columns *= nest.ranges[n];
  for (unsigned k : dims->k)
    rows *= nest.ranges[k];
  // The strip's pitch: the lhs dimensions inside its innermost k one.
  int64_t pitch = bytes;
  ArrayRef<AffineExpr> results = nest.maps[0].getResults();
  bool inner = true;
  for (unsigned d = results.size(); d-- > 0;) {
    unsigned loop = cast<AffineDimExpr>(results[d]).getPosition();
    inner = inner && !llvm::is_contained(dims->k, loop);
    if (inner)
      pitch *= lhsType.getDimSize(d);
    if (!llvm::is_contained(dims->batch, loop))
      size *= lhsType.getDimSize(d);
  }
  int64_t panel = 2 * vectorLanes(target.vectorBits, *bits);
  if (columns <= panel || size <= target.l2Bytes / 2 ||
      stripFitsL1(rows, pitch, target))
    return std::nullopt;
  return permutation;
}

/// The plan of a contraction whose rhs is worth packing (PackContraction.h):
/// register tiles of `registerTileRows` x one panel (two vectors where the
/// output is that wide, so each k step does two FMAs per lhs element
/// loaded), loops (batch, m, n, k) so the rows of a k-block of the lhs stay
/// in L1 while the rhs panels stream from L2; cache tiles of k (a k-block
/// of the lhs rows and of one panel fill L1) and n (a k-block of the packed
/// rhs in 3/4 of L2, and a number of blocks the cores divide).
static std::optional<TilingPlan>
decidePackedContraction(const LoopNest &nest, const TilingTarget &target,
                        MLIRContext *context) {
  if (!target.vectorize || !nest.contraction || !nest.vectorizable ||
      nest.numInputs != 2 || nest.types.size() != 3)
    return std::nullopt;
  std::optional<unsigned> bits = vectorElementBits(nest);
  if (!bits)
    return std::nullopt;
  unsigned widest = *bits;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(nest.maps);
  if (failed(dims) || dims->m.empty() || dims->n.empty() || dims->k.empty())
    return std::nullopt;
  int64_t rows = 1;
  for (unsigned m : dims->m)
    rows *= nest.ranges[m];
  if (rows < kPackMinRowTiles * target.matmulRows ||
      !nest.maps[1].isProjectedPermutation() ||
      !rhsWorthPacking(nest, *dims, widest / 8, target))
    return std::nullopt;
  unsigned n = xla::registerTileLoop(dims->n, nest.ranges);
  int64_t lanes = vectorLanes(target.vectorBits, widest);
  int64_t panel = panelWidth(nest.ranges[n], lanes);
  int64_t tileRows = registerTileRows(target, panel, lanes);
  std::optional<xla::RhsPacking> packing =
      xla::planRhsPacking(nest.maps, nest.ranges, nest.iterators, panel);
  if (!packing)
    return std::nullopt;

  // The packed op's iteration space; its operand shapes follow from its
  // maps, and the expanded rhs (the copy's source) is the packed one
  // permuted back.
  auto shapeOf = [&](AffineMap map) {
    SmallVector<int64_t> shape;
    for (AffineExpr e : map.getResults())
      shape.push_back(packing->ranges[cast<AffineDimExpr>(e).getPosition()]);
    return shape;
  };
  auto rhsType = cast<ShapedType>(nest.types[1]);
  auto outType = cast<ShapedType>(nest.types[2]);
  SmallVector<int64_t> packedRhs = shapeOf(packing->maps[1]);
  SmallVector<int64_t> expandedRhs = applyPermutation(
      packedRhs, invertPermutationVector(packing->permutation));
  SmallVector<int64_t> expandedOut = shapeOf(packing->maps[2]);
  LoopNest packed;
  packed.ranges = packing->ranges;
  packed.iterators = packing->iterators;
  packed.maps = packing->maps;
  packed.types = {nest.types[0], rhsType.clone(packedRhs),
                  outType.clone(expandedOut)};
  packed.numInputs = 2;
  packed.contraction = true;
  packed.vectorizable = true;
  ArrayRef<int64_t> ranges = packed.ranges;
  unsigned numLoops = ranges.size(), inPanel = numLoops - 1;
  auto tile = [&](unsigned d, int64_t size) { return tileSize(ranges[d], size); };

  TilingPlan plan;
  plan.packRhs = panel;
  plan.peel = true;
  plan.vectorize = true;
  unsigned mLoop = xla::registerTileLoop(dims->m, nest.ranges);
  plan.tileSizes.assign(numLoops, 0);
  for (unsigned d = 0; d < inPanel; ++d)
    plan.tileSizes[d] = tile(d, 1);
  plan.tileSizes[mLoop] = tile(mLoop, tileRows);
  plan.tileInterchange = concatLoops({dims->batch, dims->m, dims->n, dims->k});
  plan.tileInterchange.push_back(inPanel);

  int64_t bytes = widest / 8;
  // A k-block of the lhs rows and of one rhs panel fill L1 together.
  int64_t kBlock = std::max<int64_t>(
      8, target.l1Bytes / ((tileRows + panel) * bytes) / 8 * 8);
  // A k block spans the innermost k loops up to kBlock steps, the outer
  // ones tiled to fit. A weight gradient x^T dy contracts over [batch,
  // tokens]: a block of all the batches too made the packed block of the
  // rhs 4x too large for L2 (and each row tile's strip of the lhs, a line
  // per k step, outgrew it), and the FFN weight gradients of a BERT step
  // ran at 60-95 GFLOP/s on one Emerald Rapids core against 140-150 for
  // its other products.
  SmallVector<int64_t> kTiles(numLoops, 0);
  int64_t kBlockUsed = 1;
  for (unsigned k : llvm::reverse(dims->k)) {
    int64_t size = std::clamp<int64_t>(kBlock / kBlockUsed, 1, ranges[k]);
    // Blocks of one size, a little smaller if need be (a multiple of 8
    // that divides k, down to 3/4 of the block): a remainder block is one
    // more copy of the packing and register tiles, which code generation
    // pays for (k = 768 in blocks of 304: a third of a BERT step's
    // contraction code).
    for (int64_t even = size / 8 * 8; even >= 8 && 4 * even >= 3 * size;
         even -= 8)
      if (ranges[k] % even == 0) {
        size = even;
        break;
      }
    kTiles[k] = tile(k, size);
    kBlockUsed *= size;
  }
  // The packed k block of the rhs takes up to 3/4 of L2. Each row tile's
  // lhs strip comes from beyond L2 once per block, so wider blocks read
  // the lhs fewer times: half of L2 gave 2048^3 8 panels per block on a
  // 512 KiB L2 (Zen 3), 3/4 gives 16, and the product ran 267 -> 256 ms on
  // one core, 148 -> 138 ms on two (medians of five alternating rounds);
  // 788x768x3072 and a BERT step's FFN products at batch 8 the same.
  int64_t maxPanels = std::max<int64_t>(
      1, target.l2Bytes * 3 / 4 / (kBlockUsed * panel * bytes));
  // A row tile's strip of the lhs comes from memory for its first panel
  // when the rows' k block is larger than L2 can keep beside the panels:
  // the register tiles prefetch the next strip into L2 (locality 2).
  // 2048^3 on one Zen 3 core: 330 -> 291 ms (medians of six alternating
  // rounds); 788x768x3072 (the strip 8 panels wide, the lhs in L3) 51.8
  // -> 50.0 ms, within noise. Into L1 (3) was no better than into L2: the
  // strip and the panel being read already fill L1.
  if (rows * kBlockUsed * bytes > target.l2Bytes / 2)
    plan.prefetchLhs = 2;
  int64_t workers = target.cores ? target.cores : 2;
  int64_t batch = 1;
  for (unsigned d : dims->batch)
    batch *= ranges[d];
  int64_t panels = ranges[n];
  // Panels per n block: at most what fits, and where the cores share the
  // blocks, preferably a divisor of the panels giving a multiple of the
  // cores, so that no block is left over for one core to run alone.
  bool shareBlocks = workers > 1 && batch < workers && panels >= workers;
  int64_t blockPanels = std::min(panels, maxPanels);
  if (shareBlocks) {
    blockPanels = std::min(blockPanels, panels / workers);
    for (int64_t size = blockPanels; size > 0; --size)
      if (panels % size == 0 && (panels / size) % workers == 0) {
        blockPanels = size;
        break;
      }
  }
  // Too few batches and panels to go round: the cores share the rows.
  bool splitRows = workers > 1 && batch < workers && !shareBlocks;
  TilePlan cache;
  cache.sizes.assign(numLoops, 0);
  for (unsigned d : dims->batch)
    cache.sizes[d] = tile(d, 1);
  cache.sizes[n] = tile(n, blockPanels);
  for (unsigned k : dims->k)
    cache.sizes[k] = kTiles[k];
  if (splitRows)
    cache.sizes[mLoop] = tile(
        mLoop, llvm::alignTo(llvm::divideCeil(ranges[mLoop], workers),
                             tileRows));
  cache.interchange = concatLoops({dims->batch, dims->n, dims->m, dims->k});
  cache.interchange.push_back(inPanel);
  // Batch tiles alone need no cache level: the register tiles have them.
  bool cacheLevel = llvm::any_of(llvm::seq<unsigned>(0, numLoops),
                                 [&](unsigned d) {
                                   return cache.sizes[d] &&
                                          !llvm::is_contained(dims->batch, d);
                                 });
  TilePlan outer = cacheLevel
                      ? cache
                      : TilePlan{plan.tileSizes, plan.tileInterchange};
  if (cacheLevel) {
    plan.cacheTileSizes = cache.sizes;
    plan.cacheTileInterchange = cache.interchange;
  }
  plan.distribute = decideDistribution(packed, outer, target);
  // Distributed over batches or blocks of panels, each tile packs the
  // panels it reads into a buffer of its own, which it reads while the
  // panels are still in cache, and the whole packed rhs never exists (the
  // tied embedding table of a language model, 89 MB for BERT, was copied
  // whole twice a step). Not when the tiles split the rows: each would
  // pack every panel.
  auto distributed = llvm::find_if(outer.interchange,
                                   [&](int64_t d) { return outer.sizes[d]; });
  plan.packPerTile = plan.distribute &&
                     distributed != outer.interchange.end() &&
                     !llvm::is_contained(dims->m, unsigned(*distributed));
  // Cache tiles are (n, k) blocks when they do not split the rows: each k
  // block of a tile's panels is packed once, just before its rows use it,
  // and stays in cache. Without cache tiles inside the distributed one,
  // the tiles inside are register tiles, which would pack the same panels
  // again for every row tile.
  plan.packPerCacheTile =
      plan.packPerTile && cacheLevel &&
      llvm::any_of(llvm::seq<unsigned>(0, numLoops),
                   [&](unsigned d) {
                     return cache.sizes[d] && int64_t(d) != *distributed;
                   }) &&
      llvm::all_of(dims->m, [&](unsigned m) { return cache.sizes[m] == 0; });

  // The register tiles can take the epilogue (decideTiling checks the
  // op's reader) when they sit directly in the distributed loop and every
  // tile is whole: nothing but that loop is tiled outside the register
  // tiles, its tiles divide it, and the panels divide the columns. Or
  // nothing but that loop and one k loop: the k blocks before the last add
  // into a product of the distributed tile's own, and the last block's
  // register tiles take the epilogue.
  if (plan.distribute && distributed != outer.interchange.end() &&
      nest.ranges[n] % panel == 0) {
    int64_t d = *distributed;
    int64_t kBlocked = 0, otherBlocked = 0;
    if (cacheLevel)
      for (int64_t l = 0; l < numLoops; ++l)
        if (l != d && cache.sizes[l])
          ++(llvm::is_contained(dims->k, unsigned(l)) ? kBlocked
                                                      : otherBlocked);
    plan.fuseEpilogue = otherBlocked == 0 && kBlocked <= 1 &&
                        ranges[d] % outer.sizes[d] == 0;
    // After k blocks, the epilogue reads the tile's product back after the
    // last block when it is still in L2 (half of it: the panels' blocks
    // share it). A BERT step's FFN layers at batch 2 (786 KB tiles): 4%
    // less compile time, the same speed; at batch 8 (3 MiB tiles, read
    // back from L3) 1-2% slower, so their last blocks keep the epilogue.
    if (plan.fuseEpilogue && kBlocked == 1) {
      int64_t productBytes = bytes;
      for (int64_t l = 0; l < numLoops; ++l)
        if (!llvm::is_contained(dims->k, unsigned(l)))
          productBytes *= l == d ? outer.sizes[d] : ranges[l];
      plan.epilogueAfterKBlocks = productBytes <= target.l2Bytes / 2;
    }
  }

  // The copy that packs the rhs, and the columns short of a panel.
  LoopNest copy =
      LoopNest::transpose(rhsType.clone(expandedRhs), packing->permutation);
  std::optional<TilingPlan> copyPlan = decideVectorTiles(copy, target);
  plan.packCopy = (copyPlan ? *copyPlan : TilingPlan()).toAttr(context);
  if (int64_t rest = nest.ranges[n] % panel) {
    std::optional<TilingPlan> restPlan =
        decideNestTiling(nest.withRange(n, rest), target, context);
    plan.packRemainder = (restPlan ? *restPlan : TilingPlan()).toAttr(context);
  }
  return plan;
}

/// Cache tiles of a convolution whose filter does not stay in L2. A panel
/// of output channels is `lanes` wide, but the filter's rows (one per
/// window position and input channel) are a whole output-channel row
/// apart: 2 KiB for 512 channels, which maps every row of a panel to the
/// same 1/32 of L2's sets. Such a panel (3x3x512 rows, 590 KiB) is then
/// fetched again from L3 for every output row (ResNet-18's 3x3x512x512
/// layer ran at 28 GFLOP/s, one of 496 channels at 85). Here the panel's
/// rows are taken in k blocks that fit in that part of L2 (one window
/// position, up to 256 input channels), each block serving every output
/// position before the next; the partial sums stay in memory between the
/// blocks, as in a packed product's k blocks. Loops: panel (distributed),
/// window, input channels, then the register tiles.
static void decideConvolutionKBlocks(const LoopNest &nest,
                                     const linalg::ConvolutionDimensions &dims,
                                     unsigned lanesLoop, unsigned bits,
                                     const TilingTarget &target,
                                     TilingPlan &plan) {
  auto filter = dyn_cast<ShapedType>(nest.types[1]);
  if (!dims.depth.empty() || !filter || !filter.hasStaticShape() ||
      dims.inputChannel.size() != 1 || !plan.distribute)
    return;
  int64_t filterBytes = filter.getNumElements() * (bits / 8);
  if (filterBytes <= target.l2Bytes / 2)
    return;
  // The panels are what the cores share: with fewer panels than cores (a
  // filter of 32 output channels is one panel, and its rows are adjacent
  // anyway) the k blocks would leave cores idle.
  int64_t panel = plan.tileSizes[lanesLoop];
  if (panel == 0 ||
      static_cast<int64_t>(llvm::divideCeil(nest.ranges[lanesLoop], panel)) <
          target.cores)
    return;
  unsigned numLoops = nest.ranges.size();
  // The panel first, then the k blocks, then the rest in their order.
  SmallVector<int64_t> order = concatLoops(
      {dims.filterLoop, dims.inputChannel, dims.batch, dims.outputImage,
       dims.outputChannel});
  llvm::erase(order, int64_t(lanesLoop));
  order.insert(order.begin(), lanesLoop);
  if (order.size() != numLoops || !isPermutationVector(order))
    return;
  unsigned inputChannel = dims.inputChannel.front();
  plan.cacheTileSizes.assign(numLoops, 0);
  plan.cacheTileSizes[lanesLoop] = panel;
  for (unsigned d : dims.filterLoop)
    plan.cacheTileSizes[d] = tileSize(nest.ranges[d], 1);
  plan.cacheTileSizes[inputChannel] =
      tileSize(nest.ranges[inputChannel], kConvolutionKBlock);
  plan.cacheTileInterchange = std::move(order);
}

/// The plan of a convolution whose register tiles vectorizeContractionTile
/// handles: `registerTileRows` positions of the innermost output image loop by
/// a panel of output channels (depthwise: of channels) of two vectors where
/// there are that many, every other loop by 1. Loops (batch, output image,
/// channels, rows, filter window, input channels): the accumulators stay in
/// registers across the whole window and all input channels, and one panel
/// of the filter serves every row tile of an output row.
static std::optional<TilingPlan>
decideConvolutionTiling(linalg::LinalgOp op, const LoopNest &nest,
                        const TilingTarget &target) {
  if (!target.vectorize || nest.numInputs != 2 || nest.types.size() != 3)
    return std::nullopt;
  std::optional<linalg::ConvolutionDimensions> dims =
      xla::registerTileConvolutionDims(op);
  std::optional<unsigned> bits = vectorElementBits(nest);
  if (!dims || !bits)
    return std::nullopt;
  ArrayRef<unsigned> image = dims->outputImage;
  // Depthwise: the lanes run along the channels, the multiplier is tiled
  // by 1.
  ArrayRef<unsigned> channel =
      dims->depth.empty() ? dims->outputChannel : dims->depth;
  ArrayRef<unsigned> multiplier =
      dims->depth.empty() ? ArrayRef<unsigned>() : dims->outputChannel;
  TilePlan tiles;
  tiles.interchange = concatLoops(
      {dims->batch, image.drop_back(), channel.drop_back(), channel.take_back(),
       multiplier, image.take_back(), dims->filterLoop, dims->inputChannel});
  unsigned numLoops = nest.ranges.size();
  if (tiles.interchange.size() != numLoops ||
      !isPermutationVector(tiles.interchange))
    return std::nullopt;
  auto tile = [&](unsigned d, int64_t size) {
    return tileSize(nest.ranges[d], size);
  };
  tiles.sizes.assign(numLoops, 0);
  for (unsigned d = 0; d < numLoops; ++d)
    tiles.sizes[d] = tile(d, 1);
  unsigned rows = image.back(), lanesLoop = channel.back();
  int64_t lanes = vectorLanes(target.vectorBits, *bits);
  int64_t panel = panelWidth(nest.ranges[lanesLoop], lanes);
  tiles.sizes[rows] = tile(rows, registerTileRows(target, panel, lanes));
  tiles.sizes[lanesLoop] = tile(lanesLoop, panel);
  TilingPlan plan;
  plan.tileSizes = tiles.sizes;
  plan.tileInterchange = tiles.interchange;
  plan.distribute = decideDistribution(nest, tiles, target);
  plan.peel = true;
  plan.vectorize = true;
  decideConvolutionKBlocks(nest, *dims, lanesLoop, *bits, target, plan);
  return plan;
}

/// The body size (scalar ops) from which an epilogue fused into register
/// tiles runs as a loop over their rows (`roll_epilogue`).
static constexpr int64_t kRollEpilogueOps = 12;

/// The only reader of `op`'s product, whose accumulators start from a
/// fill, if it is an epilogue that its register tiles can compute: an
/// all-parallel linalg.generic reading the product element for element,
/// whose loops expand to the packed ones (projected permutations) and
/// whose elements are a byte or more (its other operands are sliced per
/// tile); else null.
static linalg::GenericOp fusibleEpilogueOf(linalg::LinalgOp op) {
  if (op->getNumResults() != 1 || !op->getResult(0).hasOneUse() ||
      !op.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>())
    return nullptr;
  OpOperand &use = *op->getResult(0).getUses().begin();
  auto epilogue = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!epilogue || epilogue->getBlock() != op->getBlock() ||
      !epilogue.hasPureTensorSemantics() ||
      epilogue.getNumParallelLoops() != epilogue.getNumLoops() ||
      !epilogue.isDpsInput(&use) ||
      !epilogue.getMatchingIndexingMap(&use).isIdentity() ||
      !llvm::all_of(epilogue.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isProjectedPermutation(); }))
    return nullptr;
  // The register tile is vectorized whole, rows included (a mask of i1
  // too: xla-widen-sub-byte-vector-accesses loads it as bytes).
  if (!llvm::all_of(epilogue->getOperandTypes(), [](Type type) {
        auto integer = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
        return isVectorElementType(type) ||
               (integer && integer.getWidth() < 8);
      }))
    return nullptr;
  // Its other operands cannot depend on `op` (the product has one reader);
  // what computes them after `op` (an optimizer's scalars) moves before it.
  return epilogue;
}

std::optional<TilingPlan> xla::decideTiling(linalg::LinalgOp op,
                                            const TilingTarget &target) {
  if (!op.hasPureTensorSemantics())
    return std::nullopt;
  LoopNest nest = LoopNest::of(op);
  MLIRContext *context = op.getContext();
  if (std::optional<TilingPlan> conv =
          decideConvolutionTiling(op, nest, target))
    return conv;
  // The op is planned as it will read the lhs copy, if it gets one.
  std::optional<SmallVector<int64_t>> lhsPermutation =
      decideLhsRelayout(nest, target);
  ShapedType lhsType =
      nest.numInputs ? dyn_cast<ShapedType>(nest.types[0]) : ShapedType();
  if (lhsPermutation)
    nest = nest.withOperandPermuted(0, *lhsPermutation);
  std::optional<TilingPlan> plan;
  // The conditions of packContractionRhs that the nest does not show.
  if (op.getNumDpsInits() == 1 && !op.hasIndexSemantics())
    plan = decidePackedContraction(nest, target, context);
  if (plan && plan->fuseEpilogue) {
    linalg::GenericOp epilogue = fusibleEpilogueOf(op);
    plan->fuseEpilogue = epilogue != nullptr;
    // A large epilogue (the fused backward kernels of a training step:
    // layer norm and GELU derivatives, several outputs) is repeated for
    // every row of a register tile; as a loop over the rows, the BERT
    // step's machine code went from 207 to 184 KB at the same speed.
    // Short ones (a bias, a GELU) stay unrolled: their copies cost little,
    // and a 4096x768 by 768x3072 dense layer ran 2-4% slower rolled.
    plan->rollEpilogue =
        epilogue && !plan->epilogueAfterKBlocks &&
        int64_t(llvm::range_size(epilogue.getBody()->without_terminator())) >=
            kRollEpilogueOps;
  }
  if (!plan)
    plan = decideNestTiling(std::move(nest), target, context);
  if (plan && lhsPermutation) {
    std::optional<TilingPlan> copy =
        decideVectorTiles(LoopNest::transpose(lhsType, *lhsPermutation), target);
    plan->relayoutLhs = (copy ? *copy : TilingPlan()).toAttr(context);
  }
  return plan;
}

LogicalResult xla::applyModuleTarget(Operation *op, TilingTarget &target) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module || !module->hasAttr(xla::TargetDescription::kAttrName))
    return success();
  llvm::Expected<xla::TargetDescription> description =
      xla::TargetDescription::fromModule(module);
  if (!description)
    return op->emitError(llvm::toString(description.takeError()));
  target.vectorBits = description->vectorBits;
  target.cores = description->cores;
  target.l1Bytes = description->l1Bytes;
  target.l2Bytes = description->l2Bytes;
  target.vectorRegisters = description->vectorRegisters;
  return success();
}

/// Whether `op`, inside a block, is an op of an accumulator tile (a block
/// of an output fusion): all loops parallel, and no more elements than a
/// register tile of `matmulRows` x two vectors. Such an op (the fill of the
/// accumulator, the epilogue) is vectorized whole, in the accumulator's
/// shape, so that the epilogue's read of the product folds into the
/// accumulator itself instead of tiles of rows that go through memory.
static bool isRegisterBlock(linalg::LinalgOp op, const TilingPlan &plan,
                            const TilingTarget &target) {
  if (!plan.vectorize || op.getNumParallelLoops() != op.getNumLoops() ||
      op->getNumResults() != 1)
    return false;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape() || !isVectorElementType(type.getElementType()))
    return false;
  int64_t volume = 1;
  for (int64_t range : op.getStaticLoopRanges())
    volume *= range;
  int64_t lanes = vectorLanes(target.vectorBits, bitWidth(type.getElementType()));
  // A column (a row statistic of a block of 128 rows, [128, 1]) would be a
  // vector with a trailing unit dimension, which becomes one-element
  // vectors, a lane at a time (layernorm's block kernels held 1300 of
  // them): it is tiled like any op instead.
  if (type.getRank() >= 2 && type.getShape().back() == 1 && volume > lanes)
    return false;
  return volume <= 2 * target.matmulRows * lanes;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

struct TilingStrategyPass
    : xla::impl::TilingStrategyPassBase<TilingStrategyPass> {
  using Base::Base;

  void runOnOperation() override {
    TilingTarget target;
    target.vectorBits = vectorBits;
    target.cores = cores;
    target.matmulRows = matmulRows;
    target.vectorize = vectorize;
    target.l1Bytes = l1Bytes;
    target.l2Bytes = l2Bytes;
    if (failed(xla::applyModuleTarget(getOperation(), target)))
      return signalPassFailure();
    MLIRContext *context = &getContext();
    getOperation().walk([&](linalg::LinalgOp op) {
      std::optional<TilingPlan> plan = xla::decideTiling(op, target);
      if (!plan)
        return;
      // Inside a block of xla-tile-and-fuse-blocks, whose loop already
      // runs on all cores.
      if (op->getParentOfType<scf::ForallOp>()) {
        plan->distribute = false;
        if (isRegisterBlock(op, *plan, target)) {
          TilingPlan whole;
          whole.vectorize = true;
          plan = std::move(whole);
        }
      }
      op->setAttr(TilingPlan::kAttrName, plan->toAttr(context));
    });
  }
};

} // namespace
