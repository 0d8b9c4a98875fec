//===- BlockFootprint.cpp - what one parallel iteration reads -------------===//
//
// Index arithmetic evaluated as intervals that move with the parallel
// loop's induction variable: enough to tell a phase that reads the block
// an earlier phase brought into the cache from one that reads new data.
//
//===----------------------------------------------------------------------===//

#include "BlockFootprint.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using xla::Footprint;

namespace {

/// Longest chain of index arithmetic followed.
constexpr int kMaxDepth = 32;

Footprint add(Footprint a, Footprint b) {
  return {a.perIteration + b.perIteration, a.low + b.low, a.high + b.high};
}

Footprint scale(Footprint a, int64_t factor) {
  if (factor < 0)
    std::swap(a.low, a.high);
  return {a.perIteration * factor, a.low * factor, a.high * factor};
}

std::optional<Footprint> evaluate(Value value, Value iv, int depth);

std::optional<Footprint> evaluate(AffineExpr expr,
                                  ArrayRef<Footprint> operands,
                                  unsigned numDims) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return Footprint{0, constant.getValue(), constant.getValue()};
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return operands[dim.getPosition()];
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return operands[numDims + symbol.getPosition()];
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  std::optional<Footprint> lhs =
      evaluate(binary.getLHS(), operands, numDims);
  if (!lhs)
    return std::nullopt;
  if (expr.getKind() == AffineExprKind::Add) {
    std::optional<Footprint> rhs =
        evaluate(binary.getRHS(), operands, numDims);
    return rhs ? std::optional(add(*lhs, *rhs)) : std::nullopt;
  }
  // Affine expressions keep a constant factor on the right.
  auto factor = dyn_cast<AffineConstantExpr>(binary.getRHS());
  if (expr.getKind() == AffineExprKind::Mul && factor)
    return scale(*lhs, factor.getValue());
  return std::nullopt;
}

/// An induction variable of a loop with constant bounds: its first and
/// last values.
std::optional<Footprint> evaluateLoopIV(BlockArgument argument) {
  auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
  if (!loop || argument != loop.getInductionVar())
    return std::nullopt;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || !step || *step <= 0 || *upper <= *lower)
    return std::nullopt;
  int64_t last = *lower + (*upper - *lower - 1) / *step * *step;
  return Footprint{0, *lower, last};
}

std::optional<Footprint> evaluate(Value value, Value iv, int depth) {
  if (value == iv)
    return Footprint{1, 0, 0};
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return Footprint{0, *constant, *constant};
  if (auto argument = dyn_cast<BlockArgument>(value))
    return evaluateLoopIV(argument);
  if (depth > kMaxDepth)
    return std::nullopt;
  Operation *op = value.getDefiningOp();
  auto operand = [&](unsigned i) { return evaluate(op->getOperand(i), iv,
                                                   depth + 1); };
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp>(op)) {
    std::optional<Footprint> lhs = operand(0), rhs = operand(1);
    if (!lhs || !rhs)
      return std::nullopt;
    if (isa<arith::AddIOp>(op))
      return add(*lhs, *rhs);
    if (isa<arith::SubIOp>(op))
      return add(*lhs, scale(*rhs, -1));
    if (rhs->perIteration == 0 && rhs->low == rhs->high)
      return scale(*lhs, rhs->low);
    if (lhs->perIteration == 0 && lhs->low == lhs->high)
      return scale(*rhs, lhs->low);
    return std::nullopt;
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return operand(0);
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    SmallVector<Footprint> operands;
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
      std::optional<Footprint> evaluated = operand(i);
      if (!evaluated)
        return std::nullopt;
      operands.push_back(*evaluated);
    }
    AffineMap map = apply.getAffineMap();
    return evaluate(map.getResult(0), operands, map.getNumDims());
  }
  return std::nullopt;
}

/// Static strides and offset of `type`, or none.
std::optional<std::pair<SmallVector<int64_t>, int64_t>>
staticLayout(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!memref || failed(memref.getStridesAndOffset(strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return std::nullopt;
  return std::make_pair(strides, offset);
}

/// Where `memref`'s first element lies in the buffer it views, in elements.
std::optional<Footprint> viewOffset(Value memref, Value iv, int depth) {
  if (depth > kMaxDepth)
    return std::nullopt;
  Operation *op = memref.getDefiningOp();
  if (isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp,
                      memref::CastOp>(op))
    return viewOffset(op->getOperand(0), iv, depth + 1);
  if (auto subview = dyn_cast_or_null<memref::SubViewOp>(op)) {
    auto layout = staticLayout(subview.getSource().getType());
    std::optional<Footprint> offset =
        viewOffset(subview.getSource(), iv, depth + 1);
    if (!layout || !offset)
      return std::nullopt;
    for (auto [start, stride] :
         llvm::zip(subview.getMixedOffsets(), layout->first)) {
      std::optional<Footprint> index =
          isa<Attribute>(start)
              ? std::optional(Footprint{0, *getConstantIntValue(start),
                                        *getConstantIntValue(start)})
              : evaluate(cast<Value>(start), iv, depth + 1);
      if (!index)
        return std::nullopt;
      *offset = add(*offset, scale(*index, stride));
    }
    return offset;
  }
  // The buffer itself (anything else that makes a view is not followed).
  if (op && isa<ViewLikeOpInterface>(op))
    return std::nullopt;
  auto layout = staticLayout(memref.getType());
  if (!layout || ShapedType::isDynamic(layout->second))
    return std::nullopt;
  return Footprint{0, layout->second, layout->second};
}

} // namespace

std::optional<Footprint> xla::readFootprint(Operation *read, Value iv) {
  Value base;
  ValueRange indices;
  int64_t elements = 1;
  if (auto transfer = dyn_cast<vector::TransferReadOp>(read)) {
    if (transfer.getVectorType().getRank() != 1 ||
        !transfer.getPermutationMap().isMinorIdentity())
      return std::nullopt;
    base = transfer.getBase();
    indices = transfer.getIndices();
    elements = transfer.getVectorType().getNumElements();
  } else if (auto load = dyn_cast<vector::LoadOp>(read)) {
    if (load.getVectorType().getRank() != 1)
      return std::nullopt;
    base = load.getBase();
    indices = load.getIndices();
    elements = load.getVectorType().getNumElements();
  } else if (auto load = dyn_cast<memref::LoadOp>(read)) {
    base = load.getMemref();
    indices = load.getIndices();
  } else {
    return std::nullopt;
  }
  auto layout = staticLayout(base.getType());
  std::optional<Footprint> footprint = viewOffset(base, iv, 0);
  if (!layout || !footprint || indices.empty())
    return std::nullopt;
  for (auto [index, stride] : llvm::zip(indices, layout->first)) {
    std::optional<Footprint> position = evaluate(index, iv, 0);
    if (!position)
      return std::nullopt;
    *footprint = add(*footprint, scale(*position, stride));
  }
  footprint->high += (elements - 1) * layout->first.back();
  return footprint;
}
