//===- SelectAndScatterOp.cpp - hloext.select_and_scatter -----------------===//
//
// Verifier, TilingInterface and loop generation of
// hloext.select_and_scatter. Each point of the iteration space (a source
// element) walks its window carrying the selection (found, position,
// value) through the loops, then combines the source value into the result
// at the selected position.
//
//===----------------------------------------------------------------------===//

#include "StructuredOpUtils.h"
#include "xla-mlir/Dialect/Diagnostics.h"
#include "xla-mlir/Dialect/HLOExt/IR/HLOExt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace xla::hloext {
using detail::getDimSize;
using xla::OpDiag;

LogicalResult SelectAndScatterOp::verify() {
  if (failed(detail::verifyStructuredOperands(*this, getInit())))
    return failure();
  auto operandType = cast<ShapedType>(getOperand().getType());
  auto sourceType = cast<ShapedType>(getSource().getType());
  auto initType = cast<ShapedType>(getInit().getType());
  Type element = operandType.getElementType();
  if (!isa<IntegerType, FloatType>(element))
    return OpDiag(getOperation())()
        << "requires integer or float elements, got " << element;
  if (sourceType.getElementType() != element ||
      initType.getElementType() != element)
    return OpDiag(getOperation())()
        << "requires operand, source and init to have the same "
                       "element type";
  if (initType.getShape() != operandType.getShape())
    return OpDiag(getOperation())()
        << "requires init to have the shape of the operand";
  int64_t rank = operandType.getRank();
  if (sourceType.getRank() != rank)
    return OpDiag(getOperation())()
        << "requires source to have the operand's rank";
  for (ArrayRef<int64_t> attr :
       {getWindowDimensions(), getWindowStrides(), getPaddingLow(),
        getPaddingHigh()})
    if (static_cast<int64_t>(attr.size()) != rank)
      return OpDiag(getOperation())()
          << "requires window_dimensions, window_strides, "
                         "padding_low and padding_high to have one entry "
                         "per operand dimension";
  for (int64_t d = 0; d < rank; ++d) {
    int64_t window = getWindowDimensions()[d];
    int64_t stride = getWindowStrides()[d];
    if (window <= 0 || stride <= 0)
      return OpDiag(getOperation())()
          << "requires positive window sizes and strides";
    int64_t size = operandType.getDimSize(d);
    int64_t sourceSize = sourceType.getDimSize(d);
    if (ShapedType::isDynamic(size) || ShapedType::isDynamic(sourceSize))
      continue;
    int64_t padded = getPaddingLow()[d] + size + getPaddingHigh()[d];
    int64_t expected =
        padded < window ? 0 : (padded - window) / stride + 1;
    if (sourceSize != expected)
      return OpDiag(getOperation())() << "source dimension "
             << d << " has size " << sourceSize << " but the windows give "
             << expected;
  }
  if (failed(detail::verifyScalarRegion(*this, getSelect(), "select",
                                        {element, element},
                                        IntegerType::get(getContext(), 1))))
    return failure();
  return detail::verifyScalarRegion(*this, getScatter(), "scatter",
                                    {element, element}, element);
}

void SelectAndScatterOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  detail::getStructuredEffects(*this, effects);
}

//===----------------------------------------------------------------------===//
// TilingInterface
//===----------------------------------------------------------------------===//

SmallVector<utils::IteratorType> SelectAndScatterOp::getLoopIteratorTypes() {
  // Along a dimension whose windows do not overlap, different source
  // elements never select the same result element.
  return llvm::map_to_vector(
      llvm::zip(getWindowDimensions(), getWindowStrides()), [](auto pair) {
        auto [window, stride] = pair;
        return stride >= window ? utils::IteratorType::parallel
                                : utils::IteratorType::reduction;
      });
}

SmallVector<Range> SelectAndScatterOp::getIterationDomain(OpBuilder &b) {
  int64_t rank = cast<ShapedType>(getSource().getType()).getRank();
  SmallVector<Range> domain;
  for (int64_t d = 0; d < rank; ++d)
    domain.push_back(Range{b.getIndexAttr(0),
                           getDimSize(b, getLoc(), getSource(), d),
                           b.getIndexAttr(1)});
  return domain;
}

LogicalResult SelectAndScatterOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  if (llvm::any_of(getPaddingLow(), [](int64_t p) { return p != 0; }) ||
      llvm::any_of(getPaddingHigh(), [](int64_t p) { return p != 0; }))
    return failure();
  // Without padding, the windows of source elements [o, o + n) cover
  // operand elements [o * stride, (o + n - 1) * stride + window).
  resultOffsets.clear();
  resultSizes.clear();
  for (auto [offset, size, window, stride] :
       llvm::zip(offsets, sizes, getWindowDimensions(), getWindowStrides())) {
    resultOffsets.push_back(
        detail::emitScaleAdd(b, getLoc(), offset, stride, 0));
    resultSizes.push_back(
        detail::emitScaleAdd(b, getLoc(), size, stride, window - stride));
  }
  return success();
}

FailureOr<TilingResult>
SelectAndScatterOp::getTiledImplementation(OpBuilder &b,
                                           ArrayRef<OpFoldResult> offsets,
                                           ArrayRef<OpFoldResult> sizes) {
  // With padding, a tile's windows would start before its operand slice.
  SmallVector<OpFoldResult> operandOffsets, operandSizes;
  if (failed(getResultTilePosition(b, 0, offsets, sizes, operandOffsets,
                                   operandSizes)))
    return OpDiag(getOperation())() << "can only be tiled without padding";
  Location loc = getLoc();
  SmallVector<Value> operands = {
      detail::getSlice(b, loc, getOperand(), operandOffsets, operandSizes),
      detail::getSlice(b, loc, getSource(), offsets, sizes),
      detail::getSlice(b, loc, getInit(), operandOffsets, operandSizes)};
  return detail::cloneOnSlices(b, *this, operands);
}

LogicalResult SelectAndScatterOp::generateScalarImplementation(
    OpBuilder &b, Location loc, ValueRange ivs) {
  if (!hasPureBufferSemantics())
    return OpDiag(getOperation())() << "generates loops on buffers only";
  int64_t rank = ivs.size();
  Type element = getElementTypeOrSelf(getOperand().getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);

  // The selection carried through the window loops: whether one exists,
  // its position and its value (a placeholder until one is found).
  SmallVector<Value> lbs(rank, zero), ubs, steps(rank, one);
  for (int64_t window : getWindowDimensions())
    ubs.push_back(arith::ConstantIndexOp::create(b, loc, window));
  SmallVector<Value> initial = {
      arith::ConstantIntOp::create(b, loc, 0, /*width=*/1)};
  initial.append(rank, zero);
  initial.push_back(
      arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(element))));

  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, initial,
      [&](OpBuilder &b, Location loc, ValueRange windowIvs,
          ValueRange selection) -> scf::ValueVector {
        // Position in the operand; padding positions are skipped.
        SmallVector<Value> position;
        Value inBounds;
        for (int64_t d = 0; d < rank; ++d) {
          Value start = arith::MulIOp::create(
              b, loc, ivs[d],
              arith::ConstantIndexOp::create(b, loc, getWindowStrides()[d]));
          Value pos = arith::AddIOp::create(
              b, loc, start,
              arith::SubIOp::create(
                  b, loc, windowIvs[d],
                  arith::ConstantIndexOp::create(b, loc, getPaddingLow()[d])));
          Value size = getValueOrCreateConstantIndexOp(
              b, loc, getDimSize(b, loc, getOperand(), d));
          Value fits = arith::AndIOp::create(
              b, loc,
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, pos,
                                    zero),
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, pos,
                                    size));
          inBounds =
              inBounds ? arith::AndIOp::create(b, loc, inBounds, fits) : fits;
          position.push_back(pos);
        }
        auto update = scf::IfOp::create(
            b, loc, inBounds,
            [&](OpBuilder &b, Location loc) {
              Value found = selection[0];
              Value selected = selection.back();
              Value candidate =
                  memref::LoadOp::create(b, loc, getOperand(), position);
              // The candidate wins unless select(selected, candidate)
              // keeps the selection; the first one always wins.
              Value keep = detail::inlineScalarRegion(
                  b, getSelect(), {selected, candidate})[0];
              Value take = arith::SelectOp::create(
                  b, loc, found,
                  arith::XOrIOp::create(
                      b, loc, keep,
                      arith::ConstantIntOp::create(b, loc, 1, /*width=*/1)),
                  arith::ConstantIntOp::create(b, loc, 1, /*width=*/1));
              SmallVector<Value> next = {
                  arith::ConstantIntOp::create(b, loc, 1, /*width=*/1)};
              for (int64_t d = 0; d < rank; ++d)
                next.push_back(arith::SelectOp::create(
                    b, loc, take, position[d], selection[1 + d]));
              next.push_back(
                  arith::SelectOp::create(b, loc, take, candidate, selected));
              scf::YieldOp::create(b, loc, next);
            },
            [&](OpBuilder &b, Location loc) {
              scf::YieldOp::create(b, loc, selection);
            });
        return update.getResults();
      });

  ValueRange selection = nest.results;
  scf::IfOp::create(b, loc, selection[0], [&](OpBuilder &b, Location loc) {
    SmallVector<Value> position(selection.drop_front().drop_back());
    Value current = memref::LoadOp::create(b, loc, getInit(), position);
    Value value = memref::LoadOp::create(b, loc, getSource(), ivs);
    Value combined =
        detail::inlineScalarRegion(b, getScatter(), {current, value})[0];
    memref::StoreOp::create(b, loc, combined, getInit(), position);
    scf::YieldOp::create(b, loc);
  });
  return success();
}

} // namespace xla::hloext
