//===- HLOElementwiseOps.cpp - elementwise hlo ops ------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"
#include "HLOVerifyUtils.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace xla::hlo;
using xla::OpDiag;

bool xla::hlo::isElementwise(Operation *op) {
  return isa_and_nonnull<HLODialect>(op->getDialect()) &&
         (op->hasTrait<mlir::OpTrait::Elementwise>() ||
          op->hasTrait<xla::hlo::traits::ElementwiseBroadcastingScalars>());
}

LogicalResult AbsOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      ValueRange operands, DictionaryAttr,
                                      OpaqueProperties, RegionRange,
                                      SmallVectorImpl<Type> &inferred) {
  return inferComplexPartType(loc, operands, inferred);
}

/// min/max of clamp, and pred of select, are either scalars or have the
/// shape of the operand they apply to.
static LogicalResult verifyScalarOrSameShape(Operation *op, StringRef name,
                                             Type type, Type like) {
  auto t = cast<RankedTensorType>(type);
  if (t.getRank() == 0)
    return success();
  if (failed(verifyCompatibleShape(t, cast<ShapedType>(like))))
    return OpDiag(op)()
           << name << " must be a scalar or have the shape of the operand, "
           << "got " << type << " and " << like;
  return success();
}

LogicalResult ClampOp::verify() {
  Type operandType = getOperand().getType();
  for (auto [name, v] : {std::pair<StringRef, Value>{"min", getMin()},
                         std::pair<StringRef, Value>{"max", getMax()}}) {
    if (failed(verifyScalarOrSameShape(*this, name, v.getType(), operandType)))
      return failure();
    if (getElementTypeOrSelf(v) != getElementTypeOrSelf(operandType))
      return OpDiag(getOperation())() << name << " element type "
                           << getElementTypeOrSelf(v)
                           << " differs from the operand element type "
                           << getElementTypeOrSelf(operandType);
  }
  return success();
}

LogicalResult SelectOp::verify() {
  if (!isCompatibleForHloTypeInference(getOnTrue().getType(),
                                       getOnFalse().getType()))
    return OpDiag(getOperation())()
        << "on_true and on_false must have compatible types, got "
           << getOnTrue().getType() << " and " << getOnFalse().getType();
  return verifyScalarOrSameShape(*this, "pred", getPred().getType(),
                                 getOnTrue().getType());
}

LogicalResult CompareOp::verify() {
  std::optional<ComparisonType> type = getCompareType();
  if (!type || *type == ComparisonType::NOTYPE)
    return success();
  Type element = getElementTypeOrSelf(getLhs().getType());
  if (auto q = dyn_cast<quant::QuantizedType>(element))
    element = q.getStorageType();
  bool ok = false;
  switch (*type) {
  case ComparisonType::FLOAT:
  case ComparisonType::TOTALORDER:
    ok = isa<FloatType, ComplexType>(element);
    break;
  case ComparisonType::SIGNED:
    ok = element.isSignlessInteger();
    break;
  case ComparisonType::UNSIGNED:
    ok = element.isUnsignedInteger() || element.isInteger(1);
    break;
  case ComparisonType::NOTYPE:
    ok = true;
    break;
  }
  if (!ok)
    return OpDiag(getOperation())() << "compare_type "
           << stringifyComparisonType(*type)
           << " is not valid for element type " << element;
  return success();
}


LogicalResult BitcastConvertOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto out = cast<RankedTensorType>(getType());
  unsigned inBits = verify_utils::bitWidthOf(in.getElementType());
  unsigned outBits = verify_utils::bitWidthOf(out.getElementType());
  ArrayRef<int64_t> inShape = in.getShape(), outShape = out.getShape();
  // The wider side has the same shape as the narrower side minus its last
  // dimension, whose size is the ratio of the widths.
  auto check = [&](ArrayRef<int64_t> wide, ArrayRef<int64_t> narrow,
                   unsigned ratio) -> LogicalResult {
    if (narrow.size() != wide.size() + 1 ||
        failed(verifyCompatibleShape(narrow.drop_back(), wide)) ||
        (!ShapedType::isDynamic(narrow.back()) &&
         narrow.back() != (int64_t)ratio))
      return OpDiag(getOperation())() << "cannot bitcast "
             << in << " to " << out
             << ": the narrower type needs one extra trailing dimension of "
                "size "
             << ratio;
    return success();
  };
  if (inBits == outBits) {
    if (failed(verifyCompatibleShape(inShape, outShape)))
      return OpDiag(getOperation())()
          << "operand and result shapes must match for element "
                         "types of equal width, got "
             << in << " and " << out;
    return success();
  }
  if (inBits > outBits)
    return check(inShape, outShape, inBits / outBits);
  return check(outShape, inShape, outBits / inBits);
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOElementwiseOps.cpp.inc"
