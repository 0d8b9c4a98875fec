//===- HLOTypeInference.cpp - type inference shared by hlo ops ------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOOpBase.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace xla::hlo {

LogicalResult inferTypeOfOperand(std::optional<Location> loc,
                                 ValueRange operands, unsigned index,
                                 SmallVectorImpl<Type> &out) {
  if (operands.size() <= index)
    return emitOptionalError(loc, "expected at least ", index + 1,
                             " operands");
  out.push_back(operands[index].getType());
  return success();
}

Type realElementType(Type elementType) {
  if (auto c = dyn_cast<ComplexType>(elementType))
    return c.getElementType();
  return elementType;
}

RankedTensorType withElementType(Type like, Type elementType) {
  auto tensor = cast<RankedTensorType>(like);
  return tensor.clone(elementType);
}

LogicalResult inferComplexPartType(std::optional<Location> loc,
                                   ValueRange operands,
                                   SmallVectorImpl<Type> &out) {
  auto tensor = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!tensor)
    return emitOptionalError(loc, "expected a ranked tensor operand");
  out.push_back(tensor.clone(realElementType(tensor.getElementType())));
  return success();
}

/// Quantized element types are compatible when they share storage and
/// expressed types (the scales and zero points may differ).
static bool isCompatibleElementType(Type a, Type b) {
  if (a == b)
    return true;
  auto qa = dyn_cast<quant::QuantizedType>(a);
  auto qb = dyn_cast<quant::QuantizedType>(b);
  return qa && qb && qa.getStorageType() == qb.getStorageType() &&
         qa.getExpressedType() == qb.getExpressedType();
}

bool haveCompatibleElementTypes(TypeRange types) {
  if (types.empty())
    return true;
  Type first = getElementTypeOrSelf(types.front());
  return llvm::all_of(types, [&](Type t) {
    return isCompatibleElementType(first, getElementTypeOrSelf(t));
  });
}

bool isCompatibleForHloTypeInference(TypeRange lhs, TypeRange rhs) {
  if (lhs.size() != rhs.size())
    return false;
  for (auto [l, r] : llvm::zip(lhs, rhs)) {
    if (l == r)
      continue;
    auto lt = dyn_cast<RankedTensorType>(l);
    auto rt = dyn_cast<RankedTensorType>(r);
    if (!lt || !rt)
      return false;
    if (failed(verifyCompatibleShape(lt, rt)) ||
        !isCompatibleElementType(lt.getElementType(), rt.getElementType()))
      return false;
  }
  return true;
}

} // namespace xla::hlo
