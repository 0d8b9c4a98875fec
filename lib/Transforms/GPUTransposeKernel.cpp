//===- GPUTransposeKernel.cpp - transposes through shared-memory tiles ----===//
//
// One thread per output element, the output's contiguous dimension fastest
// across threads, writes coalesce but an input whose contiguous dimension
// is another one is read with a stride: each thread of a warp touches its
// own 32-byte sector. A block instead moves a square tile: its threads
// read the tile along the input's contiguous dimension into shared memory,
// then write it along the output's, taking each element from shared
// memory. Elementwise work on the way (a fused add, a convert) happens at
// the write.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace xla::gpu_kernels;

/// True if `memref`'s last dimension has stride 1 (static layout).
static bool contiguousLast(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || type.getRank() == 0)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

/// The loop that indexes the last dimension of `operand`, if any.
static std::optional<unsigned> lastLoop(linalg::LinalgOp op,
                                        OpOperand &operand) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  if (map.getNumResults() == 0)
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(map.getResults().back());
  if (!dim)
    return std::nullopt;
  return dim.getPosition();
}

FailureOr<TransposeTiles>
xla::gpu_kernels::matchTranspose(linalg::LinalgOp op, int64_t minSide) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() != 0 ||
      op.getNumLoops() < 2 || op.getNumDpsInits() == 0)
    return failure();
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  if (ShapedType::isDynamicShape(sizes))
    return failure();
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isProjectedPermutation())
      return failure();
  // Every output is written along the same contiguous loop.
  TransposeTiles tiles;
  std::optional<unsigned> outer;
  for (OpOperand &output : op.getDpsInitsMutable()) {
    std::optional<unsigned> loop = lastLoop(op, output);
    if (!loop || !contiguousLast(output.get()) || (outer && *outer != *loop))
      return failure();
    outer = loop;
  }
  tiles.outer = *outer;
  for (Value output : op.getDpsInits())
    if (!getElementTypeOrSelf(output).isIntOrFloat())
      return failure();
  // Inputs read along another loop (the first such input picks it) that
  // also depend on the output's.
  for (OpOperand *input : op.getDpsInputOperands()) {
    std::optional<unsigned> loop = lastLoop(op, *input);
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!loop || *loop == tiles.outer || !map.isFunctionOfDim(tiles.outer) ||
        !contiguousLast(input->get()))
      continue;
    if (tiles.inputs.empty())
      tiles.inner = *loop;
    if (*loop != tiles.inner)
      continue;
    Type element = getElementTypeOrSelf(input->get());
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8 ||
        element.getIntOrFloatBitWidth() > 64)
      continue;
    tiles.inputs.push_back(input->getOperandNumber());
  }
  if (tiles.inputs.empty() || sizes[tiles.inner] < minSide ||
      sizes[tiles.outer] < minSide)
    return failure();
  return tiles;
}

void xla::gpu_kernels::emitTransposeKernel(OpBuilder &b, linalg::LinalgOp op,
                                           const TransposeTiles &tiles,
                                           int64_t tile, int64_t rows,
                                           StringRef name) {
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  int64_t tilesInner = llvm::divideCeil(sizes[tiles.inner], tile);
  int64_t tilesOuter = llvm::divideCeil(sizes[tiles.outer], tile);
  // The other loops, in order, then the two tile indices.
  SmallVector<unsigned> others;
  SmallVector<int64_t> gridShape;
  int64_t blocks = tilesInner * tilesOuter;
  for (unsigned d = 0; d < sizes.size(); ++d)
    if (d != tiles.inner && d != tiles.outer) {
      others.push_back(d);
      gridShape.push_back(sizes[d]);
      blocks *= sizes[d];
    }
  gridShape.push_back(tilesInner);
  gridShape.push_back(tilesOuter);

  // One tile per transposed input, indexed [outer][inner], a column of
  // padding so that reading a column hits distinct banks.
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  SmallVector<Type> sharedTypes;
  for (unsigned operand : tiles.inputs)
    sharedTypes.push_back(MemRefType::get(
        {tile, tile + 1}, getElementTypeOrSelf(op->getOperand(operand)),
        MemRefLayoutAttrInterface(), workgroup));
  gpu::LaunchOp launch = createNamedLaunch(
      b, loc, name, constant(blocks), constant(tile * rows), sharedTypes);

  b.setInsertionPointToStart(&launch.getBody().front());
  SmallVector<Value> gridSizes;
  for (int64_t size : gridShape)
    gridSizes.push_back(constant(size));
  SmallVector<Value> position =
      delinearize(b, loc, launch.getBlockIds().x, gridSizes);
  Value tileValue = constant(tile);
  Value inner0 = arith::MulIOp::create(b, loc, position[others.size()],
                                       tileValue);
  Value outer0 = arith::MulIOp::create(b, loc, position[others.size() + 1],
                                       tileValue);
  Value tid = launch.getThreadIds().x;
  Value tx = arith::RemUIOp::create(b, loc, tid, tileValue);
  Value ty = arith::DivUIOp::create(b, loc, tid, tileValue);
  Value innerSize = constant(sizes[tiles.inner]);
  Value outerSize = constant(sizes[tiles.outer]);

  // The iteration at (inner0 + innerOffset, outer0 + outerOffset), and
  // whether it is inside the loop ranges.
  auto iteration = [&](Value innerOffset, Value outerOffset)
      -> std::pair<SmallVector<Value>, Value> {
    SmallVector<Value> ivs(sizes.size());
    for (auto [i, d] : llvm::enumerate(others))
      ivs[d] = position[i];
    ivs[tiles.inner] = arith::AddIOp::create(b, loc, inner0, innerOffset);
    ivs[tiles.outer] = arith::AddIOp::create(b, loc, outer0, outerOffset);
    Value inside = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                              ivs[tiles.inner], innerSize),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                              ivs[tiles.outer], outerSize));
    return {ivs, inside};
  };

  // Reads: a warp takes a row of the tile along the inner loop (the
  // inputs' contiguous dimension); `rows` rows per pass.
  for (int64_t pass = 0; pass < tile / rows; ++pass) {
    Value row = arith::AddIOp::create(b, loc, ty, constant(pass * rows));
    auto [ivs, inside] = iteration(tx, row);
    for (auto [operand, shared] :
         llvm::zip(tiles.inputs, launch.getWorkgroupAttributions())) {
      OpOperand &input = op->getOpOperand(operand);
      Value value =
          guardedLoad(b, loc, inside, input.get(),
                      applyMap(b, loc, op.getMatchingIndexingMap(&input), ivs));
      memref::StoreOp::create(b, loc, value, shared, ValueRange{row, tx});
    }
  }
  gpu::BarrierOp::create(b, loc);

  // Writes: a warp takes a row along the outer loop (the outputs'
  // contiguous dimension), transposed inputs from shared memory.
  for (int64_t pass = 0; pass < tile / rows; ++pass) {
    Value column = arith::AddIOp::create(b, loc, ty, constant(pass * rows));
    auto [ivs, inside] = iteration(column, tx);
    auto guard = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard insideGuard(b);
    b.setInsertionPointToStart(&guard.getThenRegion().front());
    SmallVector<Value> arguments;
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument argument = op.getMatchingBlockArgument(&operand);
      const auto *shared = llvm::find(tiles.inputs,
                                      operand.getOperandNumber());
      if (shared != tiles.inputs.end()) {
        Value tileBuffer = launch.getWorkgroupAttributions()[std::distance(
            tiles.inputs.begin(), shared)];
        arguments.push_back(memref::LoadOp::create(b, loc, tileBuffer,
                                                   ValueRange{tx, column}));
        continue;
      }
      Value value = operand.get();
      // An output's old value only where the body reads it.
      if (isa<MemRefType>(value.getType()) &&
          (op.isDpsInput(&operand) || !argument.use_empty()))
        value = memref::LoadOp::create(
            b, loc, value,
            applyMap(b, loc, op.getMatchingIndexingMap(&operand), ivs));
      else if (isa<MemRefType>(value.getType()))
        value = arith::ConstantOp::create(
            b, loc, b.getZeroAttr(argument.getType()));
      arguments.push_back(value);
    }
    SmallVector<Value> results = cloneBody(b, op, arguments, ivs);
    for (auto [output, result] : llvm::zip(op.getDpsInitsMutable(), results))
      memref::StoreOp::create(
          b, loc, result, output.get(),
          applyMap(b, loc, op.getMatchingIndexingMap(&output), ivs));
  }
  op->erase();
}
