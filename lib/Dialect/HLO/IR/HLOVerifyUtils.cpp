//===- HLOVerifyUtils.cpp - helpers of the hlo verifiers ------------------===//

#include "HLOVerifyUtils.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"

using namespace mlir;

namespace xla::hlo::verify_utils {

unsigned bitWidthOf(Type element) {
  if (auto q = dyn_cast<quant::QuantizedType>(element))
    return q.getStorageTypeIntegralWidth();
  if (auto c = dyn_cast<ComplexType>(element))
    return 2 * c.getElementType().getIntOrFloatBitWidth();
  return element.getIntOrFloatBitWidth();
}

bool isPromotable(Type from, Type to) {
  if (from == to)
    return true;
  auto qFrom = dyn_cast<quant::QuantizedType>(from);
  auto qTo = dyn_cast<quant::QuantizedType>(to);
  if (qFrom || qTo)
    return qFrom && qTo &&
           qFrom.getExpressedType() == qTo.getExpressedType() &&
           bitWidthOf(from) <= bitWidthOf(to);
  // is_integer covers signed and unsigned integers alike; i1 is boolean.
  auto isInt = [](Type t) { return isa<IntegerType>(t) && !t.isInteger(1); };
  bool sameKind = (from.isInteger(1) && to.isInteger(1)) ||
                  (isInt(from) && isInt(to)) ||
                  (isa<FloatType>(from) && isa<FloatType>(to)) ||
                  (isa<ComplexType>(from) && isa<ComplexType>(to));
  return sameKind && bitWidthOf(from) <= bitWidthOf(to);
}

} // namespace xla::hlo::verify_utils
