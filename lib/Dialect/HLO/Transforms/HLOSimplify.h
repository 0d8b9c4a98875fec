//===- HLOSimplify.h - pieces shared by the hlo-simplify files ---*- C++ -*-===//
//
// Private to lib/Dialect/HLO/Transforms: the `populateHLOSimplifyPatterns`
// entry point (Passes.h) collects the elementwise patterns of
// HLOSimplify.cpp, the shape patterns of HLOSimplifyShape.cpp and the
// contraction patterns of HLOSimplifyDot.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOSIMPLIFY_H
#define XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOSIMPLIFY_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace xla::hlo::simplify {

/// Replaces `op` by `v` when `v` has exactly the type of `op`'s result, so
/// no rewrite loses a static size, an encoding or quantization parameters.
inline llvm::LogicalResult replaceWith(mlir::PatternRewriter &rewriter,
                                       mlir::Operation *op, mlir::Value v) {
  if (v.getType() != op->getResult(0).getType())
    return mlir::failure();
  rewriter.replaceOp(op, v);
  return mlir::success();
}

/// The splat value of `v` if it is a splat constant.
inline std::optional<mlir::Attribute> splatOf(mlir::Value v) {
  mlir::DenseElementsAttr attr;
  if (!mlir::matchPattern(v, mlir::m_Constant(&attr)) || !attr.isSplat())
    return std::nullopt;
  return attr.getSplatValue<mlir::Attribute>();
}

/// Whether `v` is a splat integer constant equal to `value` (i1 never
/// counts as an integer).
inline bool isSplatInt(mlir::Value v, int64_t value) {
  auto s = splatOf(v);
  auto i = s ? mlir::dyn_cast<mlir::IntegerAttr>(*s) : mlir::IntegerAttr();
  return i && !i.getType().isInteger(1) && i.getValue() == value;
}

/// Whether `v` is a splat float constant equal to `value`; for a zero,
/// `negativeZero` picks the sign.
inline bool isSplatFloat(mlir::Value v, double value,
                         bool negativeZero = false) {
  auto s = splatOf(v);
  auto f = s ? mlir::dyn_cast<mlir::FloatAttr>(*s) : mlir::FloatAttr();
  if (!f)
    return false;
  const llvm::APFloat &x = f.getValue();
  if (value == 0.0)
    return x.isZero() && x.isNegative() == negativeZero;
  return x.isExactlyValue(value);
}

/// The op of a reduce body that returns one add, multiply, maximum,
/// minimum, and, or or xor of its two arguments (in either order), or null.
mlir::Operation *singleOpReducer(mlir::Region &body);

/// A reduce over dimensions of size 1 becomes a reshape, combined with its
/// init unless that is the body's identity (HLOSimplifyReduce.cpp).
void populateReducePatterns(mlir::RewritePatternSet &patterns);

/// Identity reshape/transpose/broadcast_in_dim/slice/pad/reverse/
/// concatenate, reshape of reshape and transpose of transpose.
void populateShapePatterns(mlir::RewritePatternSet &patterns);

/// reduce(+) of a dot_general over its batch dimensions becomes a
/// contraction over them (HLOSimplifyDot.cpp).
void populateDotPatterns(mlir::RewritePatternSet &patterns);

/// A convolution whose windows tile its input exactly becomes a
/// dot_general of the input's patches (HLOSimplifyConvolution.cpp).
void populateConvolutionPatterns(mlir::RewritePatternSet &patterns);

/// add(A, scatter-add into zeros) becomes a scatter-add into A
/// (HLOSimplifyScatter.cpp).
void populateScatterPatterns(mlir::RewritePatternSet &patterns);

} // namespace xla::hlo::simplify

#endif // XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOSIMPLIFY_H
