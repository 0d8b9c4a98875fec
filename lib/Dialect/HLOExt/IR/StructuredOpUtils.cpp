//===- StructuredOpUtils.cpp - shared code of the hloext ops --------------===//

#include "StructuredOpUtils.h"
#include "xla-mlir/Dialect/Diagnostics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using xla::OpDiag;

namespace xla::hloext::detail {

LogicalResult verifyStructuredOperands(Operation *op, ValueRange inits) {
  if (inits.empty())
    return OpDiag(op)() << "requires at least one init";
  bool anyTensor = false, anyMemRef = false;
  for (Value operand : op->getOperands()) {
    Type type = operand.getType();
    if (isa<UnrankedTensorType, UnrankedMemRefType>(type))
      return OpDiag(op)() << "requires ranked operands, got " << type;
    anyTensor |= isa<RankedTensorType>(type);
    anyMemRef |= isa<MemRefType>(type);
  }
  if (anyTensor && anyMemRef)
    return OpDiag(op)() << "requires all operands to be tensors or all to "
                           "be memrefs";
  ArrayRef<int64_t> shape = cast<ShapedType>(inits[0].getType()).getShape();
  for (Value init : inits.drop_front())
    if (cast<ShapedType>(init.getType()).getShape() != shape)
      return OpDiag(op)() << "requires all inits to have the same shape";
  return success();
}

LogicalResult verifyScalarRegion(Operation *op, Region &region, StringRef name,
                                 TypeRange argTypes, TypeRange yieldTypes) {
  Block &block = region.front();
  if (block.getArgumentTypes() != argTypes) {
    InFlightDiagnostic diag = OpDiag(op)() << "expects the "
                              << name << " to take scalars (";
    llvm::interleaveComma(argTypes, diag);
    return diag << "), got (" << block.getArgumentTypes() << ")";
  }
  Operation *terminator = block.getTerminator();
  if (terminator->getOperandTypes() != yieldTypes) {
    InFlightDiagnostic diag = OpDiag(op)() << "expects the "
                              << name << " to yield (";
    llvm::interleaveComma(yieldTypes, diag);
    return diag << "), got (" << terminator->getOperandTypes() << ")";
  }
  return success();
}

void getStructuredEffects(
    DestinationStyleOpInterface op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    effects.emplace_back(MemoryEffects::Read::get(), &operand, /*stage=*/0,
                         /*effectOnFullRegion=*/true,
                         SideEffects::DefaultResource::get());
    if (op.isDpsInit(&operand))
      effects.emplace_back(MemoryEffects::Write::get(), &operand, /*stage=*/0,
                           /*effectOnFullRegion=*/true,
                           SideEffects::DefaultResource::get());
  }
}

SmallVector<Value> inlineScalarRegion(OpBuilder &b, Region &region,
                                      ValueRange args) {
  Block &block = region.front();
  IRMapping map;
  map.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  return llvm::map_to_vector(block.getTerminator()->getOperands(),
                             [&](Value v) { return map.lookupOrDefault(v); });
}

OpFoldResult getDimSize(OpBuilder &b, Location loc, Value shaped,
                        int64_t dim) {
  if (isa<RankedTensorType>(shaped.getType()))
    return tensor::getMixedSize(b, loc, shaped, dim);
  return memref::getMixedSize(b, loc, shaped, dim);
}

Value getSlice(OpBuilder &b, Location loc, Value shaped,
               ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  if (isa<RankedTensorType>(shaped.getType()))
    return tensor::ExtractSliceOp::create(b, loc, shaped, offsets, sizes,
                                          strides);
  return memref::SubViewOp::create(b, loc, shaped, offsets, sizes, strides);
}

TilingResult cloneOnSlices(OpBuilder &b, DestinationStyleOpInterface op,
                          ValueRange operands) {
  SmallVector<Type> resultTypes;
  if (op.hasPureTensorSemantics())
    for (OpOperand &init : op.getDpsInitsMutable())
      resultTypes.push_back(operands[init.getOperandNumber()].getType());
  Operation *tiled = mlir::clone(b, op, resultTypes, operands);
  SmallVector<Operation *> slices;
  for (auto [operand, original] : llvm::zip(operands, op->getOperands()))
    if (operand != original)
      slices.push_back(operand.getDefiningOp());
  return TilingResult{{tiled}, SmallVector<Value>(tiled->getResults()),
                      slices};
}

OpFoldResult emitScaleAdd(OpBuilder &b, Location loc, OpFoldResult x,
                          int64_t scale, int64_t offset) {
  if (std::optional<int64_t> value = getConstantIntValue(x))
    return b.getIndexAttr(*value * scale + offset);
  Value result = getValueOrCreateConstantIndexOp(b, loc, x);
  if (scale != 1)
    result = arith::MulIOp::create(
        b, loc, result, arith::ConstantIndexOp::create(b, loc, scale));
  if (offset != 0)
    result = arith::AddIOp::create(
        b, loc, result, arith::ConstantIndexOp::create(b, loc, offset));
  return result;
}

Value emitSub(OpBuilder &b, Location loc, OpFoldResult lhs, OpFoldResult rhs) {
  std::optional<int64_t> x = getConstantIntValue(lhs);
  std::optional<int64_t> y = getConstantIntValue(rhs);
  if (x && y)
    return arith::ConstantIndexOp::create(b, loc, *x - *y);
  return arith::SubIOp::create(b, loc,
                               getValueOrCreateConstantIndexOp(b, loc, lhs),
                               getValueOrCreateConstantIndexOp(b, loc, rhs));
}

} // namespace xla::hloext::detail
