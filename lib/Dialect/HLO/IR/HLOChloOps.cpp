//===- HLOChloOps.cpp - hlo Chlo ops --------------------------------------===//

#include "xla-mlir/Dialect/HLO/IR/HLOChloOps.h"

#include "xla-mlir/Dialect/HLO/IR/HLOAssemblyFormat.h"
#include "HLOVerifyUtils.h"

using namespace mlir;
using namespace xla::hlo;
using namespace xla::hlo::verify_utils;

//===----------------------------------------------------------------------===//
// is_inf, is_neg_inf, is_pos_inf
//===----------------------------------------------------------------------===//

/// The operand's shape with i1 elements.
static LogicalResult inferPredicateType(MLIRContext *ctx, StringRef opName,
                                        std::optional<Location> loc,
                                        ValueRange operands,
                                        SmallVectorImpl<Type> &inferred) {
  auto tensor = operands.size() == 1
                    ? dyn_cast<RankedTensorType>(operands[0].getType())
                    : RankedTensorType();
  if (!tensor)
    return OpDiag(loc, opName)("expects one ranked tensor operand");
  inferred.push_back(tensor.clone(IntegerType::get(ctx, 1)));
  return success();
}

#define XLA_HLO_PREDICATE_INFERENCE(Op)                                        \
  LogicalResult Op::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> loc, ValueRange operands,      \
      DictionaryAttr, OpaqueProperties, RegionRange,                           \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferPredicateType(ctx, getOperationName(), loc, operands,          \
                              inferred);                                       \
  }
XLA_HLO_PREDICATE_INFERENCE(IsInfOp)
XLA_HLO_PREDICATE_INFERENCE(IsNegInfOp)
XLA_HLO_PREDICATE_INFERENCE(IsPosInfOp)
#undef XLA_HLO_PREDICATE_INFERENCE

//===----------------------------------------------------------------------===//
// top_k
//===----------------------------------------------------------------------===//

/// `operand` with its last dimension replaced by `k`. A bounded dynamic last
/// dimension loses its bound, since the result dimension is static.
static RankedTensorType topKResultType(RankedTensorType operand, int64_t k,
                                       Type elementType) {
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = k;
  Attribute encoding = operand.getEncoding();
  if (auto ext = dyn_cast_or_null<TypeExtensionsAttr>(encoding)) {
    SmallVector<int64_t> bounds(ext.getBounds());
    if (bounds.size() == shape.size())
      bounds.back() = ShapedType::kDynamic;
    if (llvm::all_of(bounds, ShapedType::isDynamic))
      encoding = {};
    else
      encoding = TypeExtensionsAttr::get(operand.getContext(), bounds);
  }
  return RankedTensorType::get(shape, elementType, encoding);
}

LogicalResult TopKOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> loc,
                                       ValueRange operands,
                                       DictionaryAttr attributes,
                                       OpaqueProperties properties,
                                       RegionRange regions,
                                       SmallVectorImpl<Type> &inferred) {
  TopKOp::Adaptor adaptor(operands, attributes, properties, regions);
  OpDiag err(loc, getOperationName());
  if (operands.size() != 1)
    return err("expects 1 operand, got ", operands.size());
  auto operand = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!operand)
    return err("expects a ranked tensor operand, got ", operands[0].getType());
  IntegerAttr kAttr = adaptor.getKAttr();
  if (!kAttr)
    return err("requires attribute 'k'");
  int64_t k = kAttr.getInt();
  if (operand.getRank() < 1)
    return err("operand must have rank at least 1, got ", operand);
  if (k < 0)
    return err("k = ", k, " must be non-negative");
  int64_t lastDim = operand.getShape().back();
  if (!isDyn(lastDim) && k > lastDim)
    return err("k = ", k,
               " exceeds the size of the last dimension of the operand (",
               lastDim, ") in ", operand);
  ArrayRef<int64_t> bounds = boundsOf(operand);
  if (isDyn(lastDim) && !bounds.empty() && !isDyn(bounds.back()) &&
      k > bounds.back())
    return err("k = ", k,
               " exceeds the bound of the last dimension of the operand (",
               bounds.back(), ") in ", operand);
  inferred.push_back(topKResultType(operand, k, operand.getElementType()));
  inferred.push_back(topKResultType(operand, k, IntegerType::get(ctx, 32)));
  return success();
}

#define GET_OP_CLASSES
#include "xla-mlir/Dialect/HLO/IR/HLOChloOps.cpp.inc"
