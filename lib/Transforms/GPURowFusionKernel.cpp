//===- GPURowFusionKernel.cpp - a fusion of row operations as one kernel --===//
//
// Softmax is a row maximum, exponentials and their row sum, and a division;
// layernorm a mean, a variance and a normalization. As one kernel per
// linalg op, each op streams the matrix through device memory (softmax:
// five passes over it where two would do). Here a block, a warp or part of
// a warp owns a row: each thread keeps its elements of every row-shaped
// value in registers (groups of `width` neighbours starting at width *
// (t + i * threads), so that each group is one 16-byte access and a warp's
// accesses coalesce), a reduction combines the threads' partials across
// the block (gpu.all_reduce) or across the row's lanes (shuffles alone)
// into a per-row scalar that every thread holds, and only the fusion's
// inputs are loaded, once, and its outputs stored, once.
//
//===----------------------------------------------------------------------===//

#include "GPUKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace xla::gpu_kernels;

namespace {

/// How an operand is indexed relative to the rows: at (rows..., column)
/// of a row buffer, at (rows...) of a per-row buffer (unit dimensions
/// aside), or otherwise (only for inputs the fusion never writes).
enum class Access { Row, Scalar, Other };

/// The loops of an op of a row fusion: the row loops first, then unit
/// loops, and maybe the column loop last.
struct LoopShape {
  bool valid = false;
  std::optional<unsigned> column;
};

LoopShape loopShape(linalg::LinalgOp op, const RowFusion &fusion) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  unsigned rows = fusion.rowShape.size();
  LoopShape shape;
  if (ranges.size() < rows ||
      ArrayRef<int64_t>(ranges).take_front(rows) !=
          ArrayRef<int64_t>(fusion.rowShape))
    return shape;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned d = 0; d < rows; ++d)
    if (iterators[d] != utils::IteratorType::parallel)
      return shape;
  for (unsigned d = rows; d < ranges.size(); ++d) {
    if (ranges[d] == 1)
      continue;
    if (d + 1 != ranges.size() || ranges[d] != fusion.length)
      return shape;
    shape.column = d;
  }
  shape.valid = true;
  return shape;
}

Access classify(AffineMap map, Value buffer, const RowFusion &fusion,
                ArrayRef<int64_t> ranges, std::optional<unsigned> column) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  unsigned rows = fusion.rowShape.size();
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity() ||
      map.getNumResults() < rows || type.getRank() != map.getNumResults())
    return Access::Other;
  for (unsigned i = 0; i < rows; ++i) {
    auto dim = dyn_cast<AffineDimExpr>(map.getResult(i));
    if (!dim || dim.getPosition() != i ||
        type.getDimSize(i) != fusion.rowShape[i])
      return Access::Other;
  }
  bool sawColumn = false;
  for (unsigned i = rows; i < map.getNumResults(); ++i) {
    AffineExpr expr = map.getResult(i);
    int64_t size = type.getDimSize(i);
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      if (column && dim.getPosition() == *column && size == fusion.length &&
          i + 1 == map.getNumResults()) {
        sawColumn = true;
        continue;
      }
      if (ranges[dim.getPosition()] == 1 && size == 1)
        continue;
      return Access::Other;
    }
    auto constant = dyn_cast<AffineConstantExpr>(expr);
    if (!constant || constant.getValue() != 0 || size != 1)
      return Access::Other;
  }
  return sawColumn ? Access::Row : Access::Scalar;
}

/// The kind of a buffer by its shape alone (for fills and copies).
Access classifyShape(Value buffer, const RowFusion &fusion) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return Access::Other;
  ArrayRef<int64_t> shape = type.getShape();
  unsigned rows = fusion.rowShape.size();
  if (shape.size() < rows || shape.take_front(rows) !=
                                 ArrayRef<int64_t>(fusion.rowShape))
    return Access::Other;
  ArrayRef<int64_t> rest = shape.drop_front(rows);
  if (llvm::all_of(rest, [](int64_t s) { return s == 1; }))
    return Access::Scalar;
  if (rest.back() == fusion.length &&
      llvm::all_of(rest.drop_back(), [](int64_t s) { return s == 1; }))
    return Access::Row;
  return Access::Other;
}

/// A constant global the function reads (a mask): never written, so read
/// like an argument the fusion leaves alone.
bool isConstantGlobal(Value buffer) {
  auto get = buffer.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return false;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  return global && global.getConstant();
}

/// A function argument or an allocation of the function itself.
bool isOwnBuffer(Value buffer, func::FuncOp func) {
  if (auto arg = dyn_cast<BlockArgument>(buffer))
    return arg.getOwner() == &func.getBody().front();
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  return alloc && alloc->getParentOp() == func;
}

} // namespace

FailureOr<RowFusion> xla::gpu_kernels::matchRowFusion(func::FuncOp func) {
  if (!func.getBody().hasOneBlock())
    return failure();
  Block &body = func.getBody().front();
  RowFusion fusion;
  // Ops other than fills: with one, the other strategies do as well.
  int64_t computeOps = 0;
  for (Operation &op : body) {
    if (isa<arith::ConstantOp, memref::DeallocOp, func::ReturnOp,
            memref::CopyOp>(op) ||
        (isa<memref::GetGlobalOp>(op) && isConstantGlobal(op.getResult(0))))
      continue;
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (!alloc.getType().hasStaticShape())
        return failure();
      continue;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !linalgOp.hasPureBufferSemantics() ||
        linalgOp.hasIndexSemantics() ||
        ShapedType::isDynamicShape(linalgOp.getStaticLoopRanges()))
      return failure();
    if (!isa<linalg::FillOp>(op))
      ++computeOps;
    // The rows and their length come from the first reduction.
    SmallVector<utils::IteratorType> iterators =
        linalgOp.getIteratorTypesArray();
    if (fusion.rowShape.empty() && !isa<linalg::FillOp>(op) &&
        !iterators.empty() &&
        iterators.back() == utils::IteratorType::reduction) {
      SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
      fusion.length = ranges.back();
      fusion.rowShape.assign(ranges.begin(), ranges.end() - 1);
    }
  }
  if (fusion.rowShape.empty() || fusion.length <= 1 || computeOps < 2 ||
      !callsPassDistinctBuffers(func))
    return failure();

  // Simulate the kernel: which buffers hold a row or a per-row value in
  // registers, so that an allocation is never read before it is written
  // and every buffer keeps one kind.
  llvm::DenseMap<Value, Access> kinds;
  llvm::DenseSet<Value> written, readFromMemory;
  auto use = [&](Value buffer, Access access, bool write) {
    if (isConstantGlobal(buffer) && !write)
      return kinds.try_emplace(buffer, access).first->second == access;
    if (!isOwnBuffer(buffer, func))
      return false;
    auto [it, inserted] = kinds.try_emplace(buffer, access);
    if (!inserted && it->second != access)
      return false;
    if (write) {
      written.insert(buffer);
      return true;
    }
    return written.contains(buffer) || isa<BlockArgument>(buffer);
  };
  for (Operation &op : body) {
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      Access access = classifyShape(copy.getSource(), fusion);
      if (access == Access::Other ||
          !use(copy.getSource(), access, /*write=*/false) ||
          !use(copy.getTarget(), access, /*write=*/true))
        return failure();
      continue;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      continue;
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      Value out = fill.getOutputs()[0];
      Access access = classifyShape(out, fusion);
      if (access == Access::Other || !use(out, access, /*write=*/true))
        return failure();
      continue;
    }
    LoopShape shape = loopShape(linalgOp, fusion);
    if (!shape.valid)
      return failure();
    SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
    bool reduction =
        shape.column && linalgOp.getIteratorTypesArray()[*shape.column] ==
                            utils::IteratorType::reduction;
    for (OpOperand *input : linalgOp.getDpsInputOperands()) {
      Value buffer = input->get();
      if (!isa<MemRefType>(buffer.getType()))
        continue;
      Access access = classify(linalgOp.getMatchingIndexingMap(input),
                               buffer, fusion, ranges, shape.column);
      if (access == Access::Other) {
        // Read from memory: an argument the fusion never writes.
        if (!(isConstantGlobal(buffer) ||
              (isa<BlockArgument>(buffer) && isOwnBuffer(buffer, func))) ||
            !linalgOp.getMatchingIndexingMap(input).isProjectedPermutation())
          return failure();
        readFromMemory.insert(buffer);
        continue;
      }
      if (!use(buffer, access, /*write=*/false))
        return failure();
    }
    Access outputAccess =
        shape.column && !reduction ? Access::Row : Access::Scalar;
    for (OpOperand &output : linalgOp.getDpsInitsMutable()) {
      Value buffer = output.get();
      Access access = classify(linalgOp.getMatchingIndexingMap(&output),
                               buffer, fusion, ranges, shape.column);
      if (access != outputAccess || isConstantGlobal(buffer))
        return failure();
      if (linalgOp.payloadUsesValueFromOperand(&output) &&
          !use(buffer, access, /*write=*/false))
        return failure();
      use(buffer, access, /*write=*/true);
    }
    if (reduction) {
      FailureOr<SmallVector<ReductionCombiner>> combiners =
          matchRowReduction(linalgOp);
      if (failed(combiners))
        return failure();
      fusion.combiners[&op] = std::move(*combiners);
    }
  }
  // What the kernel reads from memory at any point must never be written.
  if (llvm::any_of(readFromMemory,
                   [&](Value buffer) { return written.contains(buffer); }))
    return failure();
  return fusion;
}

namespace {

/// Builds the kernel: the registers each buffer holds for the current row.
struct RowKernelBuilder {
  RowKernelBuilder(OpBuilder &b, Location loc, const RowFusion &fusion,
                   int64_t threads, int64_t width, Value lane, Value inRange)
      : b(b), loc(loc), fusion(fusion), threads(threads), width(width),
        slots(width * llvm::divideCeil(fusion.length, threads * width)),
        lane(lane), inRange(inRange) {}

  /// Hopper's widest global load or store.
  static constexpr int64_t kVectorBytes = 16;

  OpBuilder &b;
  Location loc;
  const RowFusion &fusion;
  int64_t threads, width, slots;
  /// The thread's place in its row, and whether its row exists (null: all
  /// do); threads past the last row compute that row again, unstored.
  Value lane, inRange;
  SmallVector<Value> rowIvs, columns, valid;
  llvm::MapVector<Value, SmallVector<Value>> rowValues;
  llvm::MapVector<Value, Value> scalarValues;
  llvm::SetVector<Value> stored;

  /// The iteration vector of `op` at slot `slot` (no column without one).
  SmallVector<Value> ivs(linalg::LinalgOp op, std::optional<unsigned> column,
                         std::optional<int64_t> slot) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> result(rowIvs);
    result.resize(op.getNumLoops(), zero);
    if (column && slot)
      result[*column] = columns[*slot];
    return result;
  }

  /// Loads a row buffer (guarded by each slot's column) or a per-row one
  /// into registers, if they do not hold it yet.
  void ensureLoaded(Value buffer, Access access) {
    if (rowValues.contains(buffer) || scalarValues.contains(buffer))
      return;
    auto type = cast<MemRefType>(buffer.getType());
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> indices(rowIvs);
    indices.resize(type.getRank(), zero);
    if (access == Access::Scalar) {
      scalarValues[buffer] = memref::LoadOp::create(b, loc, buffer, indices);
      return;
    }
    SmallVector<Value> values;
    int64_t align =
        width > 1 ? vectorAlignment(buffer, width, kVectorBytes) : 0;
    for (int64_t i = 0; i < slots; i += align ? width : 1) {
      indices.back() = columns[i];
      if (!align) {
        values.push_back(guardedLoad(b, loc, valid[i], buffer, indices));
        continue;
      }
      // A group is in the row or past it as a whole (width divides the
      // length).
      Value group =
          guardedLoad(b, loc, valid[i], buffer, indices, width, align);
      for (int64_t l = 0; l < width; ++l)
        values.push_back(vector::ExtractOp::create(b, loc, group, l));
    }
    rowValues[buffer] = values;
  }

  /// The value of `operand` (of `op`) at slot `slot`.
  Value read(linalg::LinalgOp op, OpOperand *operand, LoopShape shape,
             std::optional<int64_t> slot) {
    Value buffer = operand->get();
    if (!isa<MemRefType>(buffer.getType()))
      return buffer;
    if (auto it = rowValues.find(buffer); it != rowValues.end())
      return it->second[*slot];
    if (auto it = scalarValues.find(buffer); it != scalarValues.end())
      return it->second;
    AffineMap map = op.getMatchingIndexingMap(operand);
    Access access = classify(map, buffer, fusion, op.getStaticLoopRanges(),
                             shape.column);
    if (access != Access::Other) {
      ensureLoaded(buffer, access);
      return read(op, operand, shape, slot);
    }
    SmallVector<Value> indices =
        applyMap(b, loc, map, ivs(op, shape.column, slot));
    if (shape.column && slot && map.isFunctionOfDim(*shape.column))
      return guardedLoad(b, loc, valid[*slot], buffer, indices);
    return memref::LoadOp::create(b, loc, buffer, indices);
  }

  void write(Value buffer, Access access, ArrayRef<Value> values) {
    if (access == Access::Row)
      rowValues[buffer] = SmallVector<Value>(values);
    else
      scalarValues[buffer] = values.front();
    if (isa<BlockArgument>(buffer))
      stored.insert(buffer);
  }

  void fill(linalg::FillOp op) {
    Value out = op.getOutputs()[0];
    Access access = classifyShape(out, fusion);
    write(out, access,
          SmallVector<Value>(access == Access::Row ? slots : 1,
                             op.getInputs()[0]));
  }

  void copy(memref::CopyOp op) {
    Access access = classifyShape(op.getSource(), fusion);
    ensureLoaded(op.getSource(), access);
    if (access == Access::Row)
      write(op.getTarget(), access, rowValues[op.getSource()]);
    else
      write(op.getTarget(), access, {scalarValues[op.getSource()]});
  }

  /// The op's inputs and outputs' current values at `slot`.
  SmallVector<Value> arguments(linalg::LinalgOp op, LoopShape shape,
                               std::optional<int64_t> slot) {
    SmallVector<Value> args;
    for (OpOperand *input : op.getDpsInputOperands())
      args.push_back(read(op, input, shape, slot));
    for (OpOperand &output : op.getDpsInitsMutable())
      args.push_back(op.payloadUsesValueFromOperand(&output)
                         ? read(op, &output, shape, slot)
                         : Value(arith::ConstantOp::create(
                               b, loc,
                               b.getZeroAttr(getElementTypeOrSelf(
                                   output.get().getType())))));
    return args;
  }

  void elementwise(linalg::LinalgOp op, LoopShape shape) {
    unsigned outputs = op.getNumDpsInits();
    SmallVector<SmallVector<Value>> results(outputs);
    for (int64_t i = 0; i < (shape.column ? slots : 1); ++i) {
      std::optional<int64_t> slot =
          shape.column ? std::optional<int64_t>(i) : std::nullopt;
      SmallVector<Value> values =
          cloneBody(b, op, arguments(op, shape, slot), {});
      for (unsigned o = 0; o < outputs; ++o)
        results[o].push_back(values[o]);
    }
    // Written after every slot's arguments were read: an op may read and
    // write the same buffer.
    for (OpOperand &output : op.getDpsInitsMutable())
      write(output.get(), shape.column ? Access::Row : Access::Scalar,
            results[output.getOperandNumber() - op.getNumDpsInputs()]);
  }

  void reduce(linalg::LinalgOp op, LoopShape shape,
              ArrayRef<ReductionCombiner> combiners) {
    // Each slot's value from the neutral elements (slots past the row's
    // end keep them), then the thread's slots combined as a tree: shorter
    // chains of dependent adds and of rounding than one accumulator.
    SmallVector<Value> neutral(op.getNumDpsInits());
    for (const ReductionCombiner &c : combiners)
      neutral[c.output] = arith::ConstantOp::create(b, loc, c.neutral);
    SmallVector<SmallVector<Value>> values(op.getNumDpsInits());
    for (int64_t i = 0; i < slots; ++i) {
      SmallVector<Value> args;
      for (OpOperand *input : op.getDpsInputOperands())
        args.push_back(read(op, input, shape, i));
      llvm::append_range(args, neutral);
      for (auto [o, value] : llvm::enumerate(cloneBody(b, op, args, {})))
        values[o].push_back(
            arith::SelectOp::create(b, loc, valid[i], value, neutral[o]));
    }
    for (const ReductionCombiner &c : combiners) {
      SmallVector<Value> level = std::move(values[c.output]);
      while (level.size() > 1) {
        SmallVector<Value> next;
        for (size_t i = 0; i + 1 < level.size(); i += 2)
          next.push_back(cloneCombiner(b, op, c, level[i], level[i + 1]));
        if (level.size() % 2)
          next.push_back(level.back());
        level = std::move(next);
      }
      Value all = reduceAcrossThreads(b, loc, level.front(), c.kind, threads);
      OpOperand *output = op.getDpsInitOperand(c.output);
      Value old = read(op, output, shape, std::nullopt);
      write(output->get(), Access::Scalar,
            {cloneCombiner(b, op, c, old, all)});
    }
  }

  /// `condition`, and the row's existence.
  Value andInRange(Value condition) {
    return inRange ? arith::AndIOp::create(b, loc, condition, inRange)
                   : condition;
  }

  /// Stores what the fusion's arguments hold at the end.
  void storeResults() {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    for (Value buffer : stored) {
      auto type = cast<MemRefType>(buffer.getType());
      SmallVector<Value> indices(rowIvs);
      indices.resize(type.getRank(), zero);
      if (auto it = rowValues.find(buffer); it != rowValues.end()) {
        int64_t align =
            width > 1 ? vectorAlignment(buffer, width, kVectorBytes) : 0;
        for (int64_t i = 0; i < slots; i += align ? width : 1) {
          auto guard = scf::IfOp::create(b, loc, andInRange(valid[i]), false);
          OpBuilder then = guard.getThenBodyBuilder();
          indices.back() = columns[i];
          if (!align) {
            memref::StoreOp::create(then, loc, it->second[i], buffer,
                                    indices);
            continue;
          }
          auto type =
              VectorType::get({width}, getElementTypeOrSelf(buffer));
          Value group = vector::FromElementsOp::create(
              then, loc, type, ArrayRef(it->second).slice(i, width));
          vector::StoreOp::create(then, loc, group, buffer, indices,
                                  /*nontemporal=*/false,
                                  llvm::MaybeAlign(align));
        }
        continue;
      }
      Value first =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
      auto guard = scf::IfOp::create(b, loc, andInRange(first), false);
      OpBuilder then = guard.getThenBodyBuilder();
      memref::StoreOp::create(then, loc, scalarValues.lookup(buffer), buffer,
                              indices);
    }
  }
};

} // namespace

void xla::gpu_kernels::emitRowFusionKernel(OpBuilder &b, func::FuncOp func,
                                           const RowFusion &fusion,
                                           int64_t threads,
                                           int64_t rowsPerBlock,
                                           int64_t width, StringRef name) {
  assert((threads > 32 ? rowsPerBlock == 1
                       : llvm::isPowerOf2_64(threads) &&
                             threads * rowsPerBlock % 32 == 0) &&
         "shuffles need whole warps of whole rows");
  // Groups must not straddle the row's end.
  if (fusion.length % width)
    width = 1;
  Location loc = func.getLoc();
  Block &body = func.getBody().front();
  b.setInsertionPoint(body.getTerminator());
  int64_t rows = 1;
  SmallVector<Value> rowSizes;
  for (int64_t size : fusion.rowShape) {
    rows *= size;
    rowSizes.push_back(arith::ConstantIndexOp::create(b, loc, size));
  }
  gpu::LaunchOp launch = createNamedLaunch(
      b, loc, name,
      arith::ConstantIndexOp::create(b, loc,
                                     llvm::divideCeil(rows, rowsPerBlock)),
      arith::ConstantIndexOp::create(b, loc, threads * rowsPerBlock));
  b.setInsertionPointToStart(&launch.getBody().front());
  Value tid = launch.getThreadIds().x;
  Value row = launch.getBlockIds().x, lane = tid, inRange;
  if (rowsPerBlock > 1) {
    Value threadsValue = arith::ConstantIndexOp::create(b, loc, threads);
    lane = arith::RemUIOp::create(b, loc, tid, threadsValue);
    row = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(
            b, loc, row, arith::ConstantIndexOp::create(b, loc, rowsPerBlock)),
        arith::DivUIOp::create(b, loc, tid, threadsValue));
    if (rows % rowsPerBlock) {
      // The last block's extra threads redo the last row: the shuffles
      // need every lane of the warp.
      Value rowCount = arith::ConstantIndexOp::create(b, loc, rows);
      inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row,
                                      rowCount);
      row = arith::SelectOp::create(
          b, loc, inRange, row,
          arith::ConstantIndexOp::create(b, loc, rows - 1));
    }
  }
  RowKernelBuilder kernel(b, loc, fusion, threads, width, lane, inRange);
  kernel.rowIvs = delinearize(b, loc, row, rowSizes);
  Value length = arith::ConstantIndexOp::create(b, loc, fusion.length);
  Value widthValue = arith::ConstantIndexOp::create(b, loc, width);
  for (int64_t i = 0; i < kernel.slots; ++i) {
    Value group = arith::AddIOp::create(
        b, loc, kernel.lane,
        arith::ConstantIndexOp::create(b, loc, i / width * threads));
    kernel.columns.push_back(arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, group, widthValue),
        arith::ConstantIndexOp::create(b, loc, i % width)));
    kernel.valid.push_back(arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ult, kernel.columns.back(), length));
  }
  for (Operation &op : llvm::make_early_inc_range(body)) {
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      kernel.copy(copy);
      continue;
    }
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      kernel.fill(fill);
      continue;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      continue;
    LoopShape shape = loopShape(linalgOp, fusion);
    auto combiners = fusion.combiners.find(&op);
    if (combiners != fusion.combiners.end())
      kernel.reduce(linalgOp, shape, combiners->second);
    else
      kernel.elementwise(linalgOp, shape);
  }
  kernel.storeResults();
  // The ops, the copies and the temporaries are the kernel's now.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isa<linalg::LinalgOp, memref::CopyOp, memref::DeallocOp>(op))
      op.erase();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isa<memref::AllocOp>(op) && op.use_empty())
      op.erase();
}
