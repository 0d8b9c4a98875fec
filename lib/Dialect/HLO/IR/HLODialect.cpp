//===- HLODialect.cpp - the hlo dialect -----------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"

#include "xla-mlir/Dialect/HLO/IR/HLOCoreOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xla::hlo;

#include "xla-mlir/Dialect/HLO/IR/HLODialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOTypes.cpp.inc"

namespace {
/// hlo ops have no side effects on memory the inliner cares about, and
/// regions of hlo ops may receive inlined func.call bodies.
struct HLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void HLODialect::initialize() {
  registerTypes();
  registerAttributes();
  registerOps();
  addInterfaces<HLOInlinerInterface>();
}

void HLODialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "xla-mlir/Dialect/HLO/IR/HLOTypes.cpp.inc"
      >();
}

Operation *HLODialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

bool xla::hlo::isQuantizedIntType(Type type) {
  auto q = dyn_cast<quant::UniformQuantizedType>(type);
  auto qa = dyn_cast<quant::UniformQuantizedPerAxisType>(type);
  Type storage = q ? q.getStorageType() : qa ? qa.getStorageType() : Type();
  return storage && storage.isInteger() &&
         llvm::is_contained(ArrayRef<unsigned>{2, 4, 8, 16, 32},
                            storage.getIntOrFloatBitWidth());
}
