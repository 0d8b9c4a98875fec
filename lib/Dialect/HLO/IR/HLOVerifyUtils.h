//===- HLOVerifyUtils.h - helpers of the hlo verifiers -----------*- C++ -*-===//
//
// Private to lib/Dialect/HLO/IR: the diagnostic helper, shape formatting and
// bounded-type construction shared by the verifiers and the type inference
// of the op families (shape and linalg ops).
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_DIALECT_HLO_IR_HLOVERIFYUTILS_H
#define XLA_MLIR_LIB_DIALECT_HLO_IR_HLOVERIFYUTILS_H

#include "xla-mlir/Dialect/HLO/IR/HLODialect.h"
#include "xla-mlir/Dialect/Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace xla::hlo::verify_utils {
using mlir::ArrayRef;
using mlir::Location;
using mlir::LogicalResult;
using mlir::ShapedType;
using mlir::StringRef;

using xla::OpDiag;
using xla::OpError;

/// The spec's is_promotable(x, y) on element types, used wherever a region
/// may compute in a wider type than its inputs (reduce, reduce_window,
/// scatter, all_reduce, reduce_scatter): x and y are both booleans, both
/// integers, both floats or both complex, and bitwidth(x) <= bitwidth(y);
/// quantized types need the same expressed type and compare storage
/// widths. The spec compares kinds and widths only, so f16 <-> bf16 and
/// si8 -> ui16 are promotions.
bool isPromotable(mlir::Type from, mlir::Type to);

/// The spec's bitwidth of an element type: complex counts both parts,
/// quantized types their storage type.
unsigned bitWidthOf(mlir::Type element);

inline bool isDyn(int64_t d) { return ShapedType::isDynamic(d); }

/// `7`, or `?` for a dynamic size.
inline std::string dimStr(int64_t size) {
  return isDyn(size) ? "?" : std::to_string(size);
}

/// `[2, ?, 4]`.
inline std::string fmtDims(ArrayRef<int64_t> dims) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(dims, os, [&](int64_t d) { os << dimStr(d); });
  os << "]";
  return s;
}

/// Sizes that may be dynamic agree unless both are static and differ.
inline bool dimsAgree(int64_t a, int64_t b) {
  return isDyn(a) || isDyn(b) || a == b;
}

/// Bounds of the dynamic dimensions (TypeExtensionsAttr encoding), or empty.
inline ArrayRef<int64_t> boundsOf(mlir::RankedTensorType type) {
  if (auto ext = mlir::dyn_cast_or_null<TypeExtensionsAttr>(type.getEncoding()))
    if ((int64_t)ext.getBounds().size() == type.getRank())
      return ext.getBounds();
  return {};
}

/// A tensor type with the given shape; `bounds` (if any bound is set) become
/// a TypeExtensionsAttr encoding.
inline mlir::RankedTensorType makeTensor(ArrayRef<int64_t> shape,
                                         mlir::Type elementType,
                                         ArrayRef<int64_t> bounds = {}) {
  mlir::Attribute encoding;
  if (bounds.size() == shape.size() &&
      llvm::any_of(bounds, [](int64_t b) { return !isDyn(b); }))
    encoding = TypeExtensionsAttr::get(elementType.getContext(), bounds);
  return mlir::RankedTensorType::get(shape, elementType, encoding);
}

/// Attributes and constant operands that the spec sizes by a rank (padding,
/// layouts, shape operands) hold at most this many values; more is a
/// verifier error, found without expanding them.
constexpr int64_t kMaxRankSizedValues = 1 << 16;

/// The values of `attr`, or nullopt when it holds more than
/// kMaxRankSizedValues: a splat of a huge type is small in memory, but not
/// once expanded, so a verifier must not read it before checking its shape.
inline std::optional<llvm::SmallVector<int64_t>>
rankSizedValues(mlir::DenseIntElementsAttr attr) {
  if (!attr || attr.getNumElements() > kMaxRankSizedValues)
    return std::nullopt;
  llvm::SmallVector<int64_t> out;
  out.reserve(attr.getNumElements());
  for (const llvm::APInt &v : attr.getValues<llvm::APInt>())
    out.push_back(v.getSExtValue());
  return out;
}

} // namespace xla::hlo::verify_utils

#endif // XLA_MLIR_LIB_DIALECT_HLO_IR_HLOVERIFYUTILS_H
