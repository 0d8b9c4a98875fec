//===- GPUVectorAccesses.cpp - 16-byte accesses of elementwise kernels ----===//
//
// A thread of an elementwise kernel runs a few neighbouring iterations of
// the innermost loop, so that its loads and stores along the contiguous
// dimension become one vector access each (ld.global.v4.f32): a quarter of
// the memory instructions, and more bytes in flight per thread.
// `chooseVectorWidth` is the strategy, `cloneVectorized` the mechanism.
//
// Alignment: a vector access claims `width * element size` bytes. Device
// buffers are the runtime's allocations (256-byte aligned) and nothing in
// the GPU pipeline moves a memref's aligned pointer (no memref.view), so a
// memref whose offset and outer strides are multiples of the width, read
// from a first index that is one too, is aligned. Globals are checked.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

/// True if `op` or an op nested in it may write memory (or read it, with
/// `orRead`).
static bool mayTouch(Operation *op, bool orRead) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  return !effects ||
         llvm::any_of(*effects, [&](const MemoryEffects::EffectInstance &e) {
           return isa<MemoryEffects::Write>(e.getEffect()) ||
                  (orRead && isa<MemoryEffects::Read>(e.getEffect()));
         });
}

/// The memref and indices of a load or store.
static std::pair<Value, ValueRange> accessOf(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return {load.getMemRef(), load.getIndices()};
  auto store = cast<memref::StoreOp>(op);
  return {store.getMemRef(), store.getIndices()};
}

/// Bytes of one element of an access that can be a vector access along the
/// innermost loop of `loop` (its last index is that loop's variable, its
/// others the same in every iteration of it), else 0.
static int64_t elementBytes(Operation *op, scf::ParallelOp loop) {
  if (!isa<memref::LoadOp, memref::StoreOp>(op) ||
      op->getBlock() != loop.getBody())
    return 0;
  auto [memref, indices] = accessOf(op);
  auto type = cast<MemRefType>(memref.getType());
  Type element = type.getElementType();
  // The vector access goes where the first neighbour's was: its memref
  // must not be one of the clones.
  if (type.getRank() == 0 || !isa<IntegerType, FloatType>(element) ||
      !loop.isDefinedOutsideOfLoop(memref))
    return 0;
  // A copy: scf.parallel returns its variables in a temporary vector.
  SmallVector<Value> ivs = loop.getInductionVars();
  if (indices.back() != ivs.back())
    return 0;
  for (Value index : indices.drop_back())
    if (index == ivs.back() ||
        (!llvm::is_contained(ivs, index) &&
         !loop.isDefinedOutsideOfLoop(index)))
      return 0;
  return element.getIntOrFloatBitWidth() / 8;
}

/// True if a global behind `memref` (through views) is aligned to `bytes`.
static bool globalAligned(Value memref, int64_t bytes) {
  auto get =
      xla::gpu_kernels::bufferRoot(memref).getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return true;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  return global && global.getAlignment() &&
         static_cast<int64_t>(*global.getAlignment()) >= bytes;
}

int64_t xla::gpu_kernels::vectorAlignment(Value memref, int64_t width,
                                          int64_t vectorBytes) {
  auto type = cast<MemRefType>(memref.getType());
  Type element = type.getElementType();
  if (type.getRank() == 0 || !isa<IntegerType, FloatType>(element))
    return 0;
  // i1 is a byte in memory but a bit in a vector.
  int64_t bits = element.getIntOrFloatBitWidth();
  int64_t bytes = bits / 8 * width;
  if ((bits != 8 && bits != 16 && bits != 32 && bits != 64) ||
      bytes > vectorBytes)
    return 0;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      strides.back() != 1 || ShapedType::isDynamic(offset) ||
      offset % width)
    return 0;
  for (int64_t stride : ArrayRef(strides).drop_back())
    if (ShapedType::isDynamic(stride) || stride % width)
      return 0;
  return globalAligned(memref, bytes) ? bytes : 0;
}

/// True if `width` neighbours of `op`'s last index, starting at a multiple
/// of `width`, are one aligned access of at most `vectorBytes`.
static bool fitsWidth(Operation *op, scf::ParallelOp loop, int64_t width,
                      int64_t vectorBytes) {
  return elementBytes(op, loop) &&
         xla::gpu_kernels::vectorAlignment(accessOf(op).first, width,
                                           vectorBytes);
}

/// The accesses of `loop`'s body that become vector accesses at `width`:
/// loads that no write of the iteration precedes (they move up to the
/// first neighbour's), and stores that only other such stores follow
/// (they move down to the last neighbour's, in their order).
static SmallVector<Operation *> vectorAccesses(scf::ParallelOp loop,
                                               int64_t width,
                                               int64_t vectorBytes) {
  SmallVector<Operation *> result;
  bool written = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (isa<memref::LoadOp>(op) && !written &&
        fitsWidth(&op, loop, width, vectorBytes))
      result.push_back(&op);
    written |= mayTouch(&op, /*orRead=*/false);
  }
  SmallVector<Operation *> stores;
  for (Operation &op :
       llvm::reverse(loop.getBody()->without_terminator())) {
    if (isa<memref::StoreOp>(op) && fitsWidth(&op, loop, width, vectorBytes))
      stores.push_back(&op);
    else if (mayTouch(&op, /*orRead=*/true))
      break;
  }
  result.append(stores.rbegin(), stores.rend());
  return result;
}

int64_t xla::gpu_kernels::chooseVectorWidth(scf::ParallelOp loop,
                                            int64_t vectorBytes) {
  std::optional<int64_t> lb =
      getConstantIntValue(loop.getLowerBound().back());
  std::optional<int64_t> ub =
      getConstantIntValue(loop.getUpperBound().back());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep().back());
  if (!lb || !ub || step != 1)
    return 1;
  // The widest element that could be vector-accessed sets the width.
  int64_t widest = 0;
  for (Operation &op : loop.getBody()->without_terminator())
    widest = std::max(widest, elementBytes(&op, loop));
  if (!widest)
    return 1;
  for (int64_t width = vectorBytes / widest; width >= 2; width /= 2)
    if (*lb % width == 0 && (*ub - *lb) % width == 0 &&
        !vectorAccesses(loop, width, vectorBytes).empty())
      return width;
  return 1;
}

void xla::gpu_kernels::cloneVectorized(OpBuilder &b, Location loc,
                                       scf::ParallelOp loop, IRMapping &map,
                                       Value first, int64_t width,
                                       int64_t vectorBytes) {
  SmallVector<Operation *> vectorized =
      vectorAccesses(loop, width, vectorBytes);
  // The clones of each vector access, one per neighbour.
  DenseMap<Operation *, SmallVector<Operation *>> clones;
  Value inner = loop.getInductionVars().back();
  for (int64_t j = 0; j < width; ++j) {
    Value offset = arith::ConstantIndexOp::create(b, loc, j);
    map.map(inner, j ? arith::AddIOp::create(b, loc, first, offset)
                           .getResult()
                     : first);
    for (Operation &op : loop.getBody()->without_terminator()) {
      Operation *clone = b.clone(op, map);
      if (llvm::is_contained(vectorized, &op))
        clones[&op].push_back(clone);
    }
  }
  map.map(inner, first);
  IRRewriter rewriter(b);
  for (Operation *op : vectorized) {
    ArrayRef<Operation *> group = clones[op];
    auto [memref, indices] = accessOf(op);
    auto type = cast<MemRefType>(memref.getType());
    auto vectorType = VectorType::get({width}, type.getElementType());
    llvm::MaybeAlign align(
        xla::gpu_kernels::vectorAlignment(memref, width, vectorBytes));
    SmallVector<Value> at;
    for (Value index : indices)
      at.push_back(map.lookupOrDefault(index));
    Value base = map.lookupOrDefault(memref);
    if (isa<memref::LoadOp>(op)) {
      rewriter.setInsertionPoint(group.front());
      Value vector = vector::LoadOp::create(rewriter, loc, vectorType, base,
                                            at, /*nontemporal=*/false,
                                            align);
      for (auto [j, clone] : llvm::enumerate(group))
        rewriter.replaceOp(clone, vector::ExtractOp::create(
                                      rewriter, loc, vector, int64_t(j)));
      continue;
    }
    rewriter.setInsertionPointAfter(group.back());
    SmallVector<Value> elements;
    for (Operation *clone : group)
      elements.push_back(cast<memref::StoreOp>(clone).getValueToStore());
    Value vector =
        vector::FromElementsOp::create(rewriter, loc, vectorType, elements);
    vector::StoreOp::create(rewriter, loc, vector, base, at,
                            /*nontemporal=*/false, align);
    for (Operation *clone : group)
      rewriter.eraseOp(clone);
  }
}
