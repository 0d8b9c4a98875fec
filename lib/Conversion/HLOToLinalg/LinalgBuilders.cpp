//===- LinalgBuilders.cpp - tensor/linalg building blocks -----------------===//

#include "LinalgBuilders.h"
#include "ScalarOps.h"
#include "ScalarUtils.h"
#include "xla-mlir/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "xla-mlir/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace xla::hlo::detail {

Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type) {
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType());
}

Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   Value scalar) {
  return linalg::FillOp::create(b, loc, scalar, emptyTensor(b, loc, type))
      .getResult(0);
}

Value extractScalar(OpBuilder &b, Location loc, Value tensor) {
  return tensor::ExtractOp::create(b, loc, tensor, ValueRange());
}

Value padTensor(OpBuilder &b, Location loc, Value input, Value padValue,
                ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                ArrayRef<int64_t> interior) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  auto isZero = [](int64_t v) { return v == 0; };
  if (llvm::all_of(low, isZero) && llvm::all_of(high, isZero) &&
      llvm::all_of(interior, isZero))
    return input;

  // Positive edges and interior padding first, then crop negative edges.
  SmallVector<int64_t> paddedShape, posLow, posHigh, strides;
  bool hasInterior = false, hasNegative = false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = type.getDimSize(d);
    int64_t dilated = size == 0 ? 0 : (size - 1) * (interior[d] + 1) + 1;
    posLow.push_back(std::max<int64_t>(low[d], 0));
    posHigh.push_back(std::max<int64_t>(high[d], 0));
    paddedShape.push_back(dilated + posLow.back() + posHigh.back());
    strides.push_back(interior[d] + 1);
    hasInterior |= interior[d] != 0;
    hasNegative |= low[d] < 0 || high[d] < 0;
  }
  auto paddedType = type.clone(paddedShape);
  Value padded = input;
  if (hasInterior) {
    Value filled = filledTensor(b, loc, paddedType, padValue);
    padded = tensor::InsertSliceOp::create(
        b, loc, input, filled, getAsIndexOpFoldResult(b.getContext(), posLow),
        getAsIndexOpFoldResult(b.getContext(), type.getShape()),
        getAsIndexOpFoldResult(b.getContext(), strides));
  } else if (paddedType != type) {
    padded = tensor::PadOp::create(
        b, loc, paddedType, input,
        getAsIndexOpFoldResult(b.getContext(), posLow),
        getAsIndexOpFoldResult(b.getContext(), posHigh), padValue);
  }
  if (!hasNegative)
    return padded;
  SmallVector<int64_t> offsets, sizes;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t cropLow = std::max<int64_t>(-low[d], 0);
    int64_t cropHigh = std::max<int64_t>(-high[d], 0);
    offsets.push_back(cropLow);
    sizes.push_back(std::max<int64_t>(paddedShape[d] - cropLow - cropHigh, 0));
  }
  return tensor::ExtractSliceOp::create(
      b, loc, type.clone(sizes), padded,
      getAsIndexOpFoldResult(b.getContext(), offsets),
      getAsIndexOpFoldResult(b.getContext(), sizes),
      getAsIndexOpFoldResult(b.getContext(),
                             SmallVector<int64_t>(rank, 1)));
}

Type accumulatorType(Type resultType) {
  if (resultType.isF16() || resultType.isBF16())
    return Float32Type::get(resultType.getContext());
  return resultType;
}

Value emitMultiplyAdd(OpBuilder &b, Location loc, Value lhs, Value rhs,
                      Value acc, Type lhsType, Type rhsType, Type accType) {
  if (lhsType != accType)
    lhs = emitConvert(b, loc, lhs, lhsType, accType);
  if (rhsType != accType)
    rhs = emitConvert(b, loc, rhs, rhsType, accType);
  Type type = acc.getType();
  if (type.isInteger(1))
    return arith::OrIOp::create(b, loc, acc,
                                arith::AndIOp::create(b, loc, lhs, rhs));
  if (isa<IntegerType>(type))
    return arith::AddIOp::create(b, loc, acc,
                                 arith::MulIOp::create(b, loc, lhs, rhs));
  if (isa<ComplexType>(type))
    return complex::AddOp::create(b, loc, acc,
                                  complex::MulOp::create(b, loc, lhs, rhs));
  return arith::AddFOp::create(b, loc, acc,
                               arith::MulFOp::create(b, loc, lhs, rhs));
}

std::optional<linalg::TypeFn> namedOpCast(Type lhs, Type rhs, Type acc) {
  if (lhs != rhs || isa<ComplexType>(lhs) || isa<ComplexType>(acc) ||
      lhs.isInteger(1) || acc.isInteger(1))
    return std::nullopt;
  if (lhs == acc)
    return linalg::TypeFn::cast_signed;
  bool widens = lhs.getIntOrFloatBitWidth() < acc.getIntOrFloatBitWidth();
  if (isa<FloatType>(lhs) && isa<FloatType>(acc) && widens)
    return linalg::TypeFn::cast_signed;
  if (isa<IntegerType>(lhs) && isa<IntegerType>(acc) && widens)
    return isUnsignedInt(lhs) ? linalg::TypeFn::cast_unsigned
                              : linalg::TypeFn::cast_signed;
  return std::nullopt;
}

Value transposeTensor(OpBuilder &b, Location loc, Value tensor,
                      ArrayRef<int64_t> perm) {
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    return tensor;
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<int64_t> shape;
  for (int64_t d : perm)
    shape.push_back(type.getDimSize(d));
  Value init = emptyTensor(b, loc, type.clone(shape));
  return linalg::TransposeOp::create(b, loc, tensor, init, perm)
      ->getResult(0);
}

Value convertTensor(OpBuilder &b, Location loc, Value tensor, Type from,
                    Type to) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto resultType = type.clone(convertElementType(to));
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, tensor, emptyTensor(b, loc, resultType), maps,
      iterators, [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        linalg::YieldOp::create(
            nested, nestedLoc,
            emitConvert(nested, nestedLoc, args[0], from, to));
      });
  return generic.getResult(0);
}

LogicalResult convertToStaticTensorTypes(const TypeConverter &converter,
                                         TypeRange types,
                                         SmallVectorImpl<Type> &result) {
  for (Type type : types) {
    auto converted =
        dyn_cast_or_null<RankedTensorType>(converter.convertType(type));
    if (!converted || !converted.hasStaticShape())
      return failure();
    result.push_back(converted);
  }
  return success();
}

namespace {

/// Emits the scalar code of `body` at the insertion point (the body block
/// of a structured op) and terminates the block with linalg.yield.
LogicalResult emitBodyAndYield(ConversionPatternRewriter &rewriter,
                               Operation *op, Region &body, ValueRange args) {
  Location loc = op->getLoc();
  // Work on a detached copy of the body in which every value from outside
  // is defined inside: a re-created constant or a new block argument. The
  // copy lives in a detached scf.execute_region, never inserted anywhere.
  OpBuilder detached(rewriter.getContext());
  auto scratch = scf::ExecuteRegionOp::create(detached, loc, TypeRange());
  llvm::scope_exit eraseScratch([&] { scratch->erase(); });
  Region &copy = scratch.getRegion();
  IRMapping mapping;
  body.cloneInto(&copy, mapping);
  Block &entry = copy.front();
  OpBuilder inside = OpBuilder::atBlockBegin(&entry);
  SmallVector<Value> allArgs(args);
  // Found on the original: the copy is detached and has no ancestors.
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(body, body, captured);
  for (Value value : captured) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !type.hasStaticShape() || type.getNumElements() != 1)
      return op->emitOpError()
             << "has a body that uses a value of type " << value.getType()
             << " defined outside it; only single elements can be read";
    Value local;
    if (auto constant = value.getDefiningOp<ConstantOp>()) {
      local = inside.clone(*constant)->getResult(0);
    } else {
      local = entry.addArgument(type, value.getLoc());
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(rewriter.getInsertionBlock()->getParentOp());
      SmallVector<Value> indices;
      if (type.getRank() > 0)
        indices.assign(type.getRank(),
                       arith::ConstantIndexOp::create(rewriter, loc, 0));
      allArgs.push_back(tensor::ExtractOp::create(
          rewriter, loc, rewriter.getRemappedValue(value), indices));
    }
    value.replaceUsesWithIf(local, [&](OpOperand &use) {
      return copy.isAncestor(use.getOwner()->getParentRegion());
    });
  }

  FailureOr<SmallVector<Value>> results =
      emitScalarRegion(rewriter, copy, allArgs);
  if (failed(results)) {
    InFlightDiagnostic diag =
        op->emitOpError() << "has a body that is not scalar code";
    for (Operation &inner : body.front())
      if (!hasScalarLowering(&inner) &&
          !isa<ReturnOp, ConstantOp, ReshapeOp, BroadcastInDimOp>(inner)) {
        diag.attachNote(inner.getLoc())
            << "'" << inner.getName() << "' has no scalar lowering";
        break;
      }
    return failure();
  }
  linalg::YieldOp::create(rewriter, loc, *results);
  return success();
}

} // namespace

LogicalResult
buildScalarBody(ConversionPatternRewriter &rewriter, Operation *op,
                Operation *structured, Region &body,
                function_ref<SmallVector<Value>(Block *)> bindArgs) {
  SmallVector<Type> argTypes;
  SmallVector<Location> argLocs;
  for (Value operand : structured->getOperands()) {
    argTypes.push_back(getElementTypeOrSelf(operand.getType()));
    argLocs.push_back(op->getLoc());
  }
  OpBuilder::InsertionGuard guard(rewriter);
  Region &region = structured->getRegion(0);
  Block *block =
      rewriter.createBlock(&region, region.end(), argTypes, argLocs);
  if (succeeded(emitBodyAndYield(rewriter, op, body, bindArgs(block))))
    return success();
  rewriter.eraseOp(structured);
  return failure();
}

AffineMap selectDims(MLIRContext *context, unsigned numDims,
                     ArrayRef<int64_t> dims) {
  SmallVector<AffineExpr> exprs;
  for (int64_t d : dims)
    exprs.push_back(getAffineDimExpr(d, context));
  return AffineMap::get(numDims, 0, exprs, context);
}

} // namespace xla::hlo::detail
