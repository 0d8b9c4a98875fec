//===- SortOp.cpp - hloext.sort -------------------------------------------===//
//
// Verifier, TilingInterface and loop generation of hloext.sort. Every
// point of the iteration space (the dimensions other than the sorted one)
// sorts one slice with a bottom-up merge sort: stable, O(n log n)
// comparator calls, and no recursion, so it is plain scf loops. The slice
// is copied into a 2 x n scratch buffer whose rows take turns as source and
// destination of each merge pass (the row is an index, so no buffer
// selection is needed), then copied back. The scratch buffers are plain
// allocations: the buffer deallocation pipeline, which runs after loops are
// generated, frees them.
//
//===----------------------------------------------------------------------===//

#include "StructuredOpUtils.h"
#include "xla-mlir/Dialect/Diagnostics.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace xla::hloext {
using detail::getDimSize;
using xla::OpDiag;

LogicalResult SortOp::verify() {
  if (failed(detail::verifyStructuredOperands(*this, getInits())))
    return failure();
  int64_t rank = getInitType().getRank();
  int64_t dim = getDimension();
  if (dim < 0 || dim >= rank)
    return OpDiag(getOperation())() << "dimension "
           << dim << " is out of range [0, " << rank << ")";
  SmallVector<Type> argTypes;
  for (Value init : getInits()) {
    Type element = getElementTypeOrSelf(init.getType());
    argTypes.append({element, element});
  }
  return detail::verifyScalarRegion(*this, getComparator(), "comparator",
                                    argTypes,
                                    IntegerType::get(getContext(), 1));
}

void SortOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  detail::getStructuredEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// TilingInterface
//===----------------------------------------------------------------------===//

/// The dimensions of the iteration space: all but the sorted one.
static SmallVector<int64_t> getLoopDims(SortOp op) {
  SmallVector<int64_t> dims;
  int64_t sortDim = op.getDimension();
  for (int64_t d = 0, e = op.getInitType().getRank(); d < e; ++d)
    if (d != sortDim)
      dims.push_back(d);
  return dims;
}

SmallVector<utils::IteratorType> SortOp::getLoopIteratorTypes() {
  return SmallVector<utils::IteratorType>(getInitType().getRank() - 1,
                                          utils::IteratorType::parallel);
}

SmallVector<Range> SortOp::getIterationDomain(OpBuilder &b) {
  Value init = getInits().front();
  return llvm::map_to_vector(getLoopDims(*this), [&](int64_t dim) {
    return Range{b.getIndexAttr(0), getDimSize(b, getLoc(), init, dim),
                 b.getIndexAttr(1)};
  });
}

LogicalResult SortOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  // The tile spans the whole sorted dimension.
  resultOffsets.assign(offsets.begin(), offsets.end());
  resultSizes.assign(sizes.begin(), sizes.end());
  resultOffsets.insert(resultOffsets.begin() + getDimension(),
                       b.getIndexAttr(0));
  resultSizes.insert(
      resultSizes.begin() + getDimension(),
      getDimSize(b, getLoc(), getInits()[resultNumber], getDimension()));
  return success();
}

FailureOr<TilingResult>
SortOp::getTiledImplementation(OpBuilder &b, ArrayRef<OpFoldResult> offsets,
                               ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> slices;
  for (auto [i, init] : llvm::enumerate(getInits())) {
    SmallVector<OpFoldResult> tileOffsets, tileSizes;
    (void)getResultTilePosition(b, i, offsets, sizes, tileOffsets, tileSizes);
    slices.push_back(
        detail::getSlice(b, getLoc(), init, tileOffsets, tileSizes));
  }
  return detail::cloneOnSlices(b, *this, slices);
}

LogicalResult SortOp::getIterationDomainTileFromResultTile(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVectorImpl<OpFoldResult> &iterOffsets,
    SmallVectorImpl<OpFoldResult> &iterSizes) {
  // A slice is sorted as a whole, so only tiles that cover the whole
  // sorted dimension can be produced on their own.
  int64_t dim = getDimension();
  int64_t size = getInitType().getDimSize(dim);
  if (!isConstantIntValue(offsets[dim], 0) ||
      ShapedType::isDynamic(size) || !isConstantIntValue(sizes[dim], size))
    return failure();
  iterOffsets.assign(offsets.begin(), offsets.end());
  iterSizes.assign(sizes.begin(), sizes.end());
  iterOffsets.erase(iterOffsets.begin() + dim);
  iterSizes.erase(iterSizes.begin() + dim);
  return success();
}

FailureOr<TilingResult>
SortOp::generateResultTileValue(OpBuilder &b, unsigned resultNumber,
                                ArrayRef<OpFoldResult> offsets,
                                ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> iterOffsets, iterSizes;
  if (failed(getIterationDomainTileFromResultTile(b, resultNumber, offsets,
                                                  sizes, iterOffsets,
                                                  iterSizes)))
    return failure();
  return getTiledImplementation(b, iterOffsets, iterSizes);
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

namespace {

/// Emits the merge sort of one slice of a bufferized hloext.sort.
class SliceSorter {
public:
  SliceSorter(SortOp op, OpBuilder &b, Location loc, ValueRange ivs)
      : op(op), b(b), loc(loc) {
    SmallVector<int64_t> loopDims = getLoopDims(op);
    slicePosition.resize(op.getInitType().getRank());
    for (auto [iv, dim] : llvm::zip(ivs, loopDims))
      slicePosition[dim] = iv;
    zero = arith::ConstantIndexOp::create(b, loc, 0);
    one = arith::ConstantIndexOp::create(b, loc, 1);
    length = getValueOrCreateConstantIndexOp(
        b, loc, getDimSize(b, loc, op.getInits().front(), op.getDimension()));
  }

  void emit() {
    // Row 0 of each scratch buffer starts as a copy of the slice.
    for (Value init : op.getInits()) {
      auto type = cast<MemRefType>(init.getType());
      int64_t size = type.getDimSize(op.getDimension());
      auto scratchType = MemRefType::get({2, size}, type.getElementType());
      SmallVector<Value> dynamicSizes;
      if (ShapedType::isDynamic(size))
        dynamicSizes.push_back(length);
      scratch.push_back(
          memref::AllocOp::create(b, loc, scratchType, dynamicSizes));
    }
    forEachElement([&](OpBuilder &b, Value i) {
      for (auto [init, buffer] : llvm::zip(op.getInits(), scratch))
        memref::StoreOp::create(
            b, loc, memref::LoadOp::create(b, loc, init, slicePos(i)), buffer,
            ValueRange{zero, i});
    });
    // Merge runs of `width` elements from row `src` into row 1 - `src`
    // while runs are shorter than the slice.
    Type indexType = b.getIndexType();
    auto loop = scf::WhileOp::create(
        b, loc, TypeRange{indexType, indexType}, ValueRange{one, zero},
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value more = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::slt, args[0], length);
          scf::ConditionOp::create(b, loc, more, args);
        },
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value width = args[0], src = args[1];
          Value dst = arith::SubIOp::create(b, loc, one, src);
          Value twoWidth = arith::AddIOp::create(b, loc, width, width);
          scf::ForOp::create(b, loc, zero, length, twoWidth, ValueRange{},
                             [&](OpBuilder &b, Location loc, Value lo,
                                 ValueRange) {
                               mergeRuns(b, lo, width, twoWidth, src, dst);
                               scf::YieldOp::create(b, loc);
                             });
          scf::YieldOp::create(b, loc, ValueRange{twoWidth, dst});
        });
    Value sortedRow = loop.getResult(1);
    forEachElement([&](OpBuilder &b, Value i) {
      for (auto [init, buffer] : llvm::zip(op.getInits(), scratch))
        memref::StoreOp::create(
            b, loc,
            memref::LoadOp::create(b, loc, buffer, ValueRange{sortedRow, i}),
            init, slicePos(i));
    });
  }

private:
  /// The position of element `i` of the slice in the op's buffers.
  SmallVector<Value> slicePos(Value i) {
    SmallVector<Value> position(slicePosition);
    position[op.getDimension()] = i;
    return position;
  }

  void forEachElement(function_ref<void(OpBuilder &, Value)> body) {
    scf::ForOp::create(b, loc, zero, length, one, ValueRange{},
                       [&](OpBuilder &b, Location loc, Value i, ValueRange) {
                         body(b, i);
                         scf::YieldOp::create(b, loc);
                       });
  }

  /// Merges the sorted runs [lo, mid) and [mid, hi) of row `src` into row
  /// `dst`. Branch-free: both heads are read every step (at clamped
  /// positions once a run is exhausted) and the comparator decides; the
  /// left head wins ties, which keeps the sort stable.
  void mergeRuns(OpBuilder &b, Value lo, Value width, Value twoWidth,
                 Value src, Value dst) {
    Value mid = arith::MinSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, lo, width), length);
    Value hi = arith::MinSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, lo, twoWidth), length);
    Value lastLeft = arith::SubIOp::create(b, loc, mid, one);
    Value lastRight = arith::SubIOp::create(b, loc, hi, one);
    scf::ForOp::create(
        b, loc, lo, hi, one, ValueRange{lo, mid},
        [&](OpBuilder &b, Location loc, Value k, ValueRange heads) {
          Value i = heads[0], j = heads[1];
          Value leftPos = arith::MinSIOp::create(b, loc, i, lastLeft);
          Value rightPos = arith::MinSIOp::create(b, loc, j, lastRight);
          SmallVector<Value> left, right, args;
          for (Value buffer : scratch) {
            left.push_back(memref::LoadOp::create(b, loc, buffer,
                                                  ValueRange{src, leftPos}));
            right.push_back(memref::LoadOp::create(
                b, loc, buffer, ValueRange{src, rightPos}));
            args.append({right.back(), left.back()});
          }
          // The right head goes first only if it is strictly less.
          Value rightLess =
              detail::inlineScalarRegion(b, op.getComparator(), args)[0];
          Value leftDone = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::sge, i, mid);
          Value rightLeft = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::slt, j, hi);
          Value takeRight = arith::AndIOp::create(
              b, loc, rightLeft,
              arith::OrIOp::create(b, loc, leftDone, rightLess));
          for (auto [buffer, l, r] : llvm::zip(scratch, left, right))
            memref::StoreOp::create(
                b, loc, arith::SelectOp::create(b, loc, takeRight, r, l),
                buffer, ValueRange{dst, k});
          Value nextI = arith::SelectOp::create(
              b, loc, takeRight, i, arith::AddIOp::create(b, loc, i, one));
          Value nextJ = arith::SelectOp::create(
              b, loc, takeRight, arith::AddIOp::create(b, loc, j, one), j);
          scf::YieldOp::create(b, loc, ValueRange{nextI, nextJ});
        });
  }

  SortOp op;
  OpBuilder &b;
  Location loc;
  SmallVector<Value> slicePosition;
  SmallVector<Value> scratch;
  Value zero, one, length;
};

} // namespace

LogicalResult SortOp::generateScalarImplementation(OpBuilder &b, Location loc,
                                                   ValueRange ivs) {
  if (!hasPureBufferSemantics())
    return OpDiag(getOperation())() << "generates loops on buffers only";
  SliceSorter(*this, b, loc, ivs).emit();
  return success();
}

} // namespace xla::hloext
