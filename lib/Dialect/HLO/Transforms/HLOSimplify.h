//===- HLOSimplify.h - pieces shared by the hlo-simplify files ---*- C++ -*-===//
//
// Private to lib/Dialect/HLO/Transforms: the `populateHLOSimplifyPatterns`
// entry point (Passes.h) collects the elementwise patterns of
// HLOSimplify.cpp and the shape patterns of HLOSimplifyShape.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOSIMPLIFY_H
#define XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOSIMPLIFY_H

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

/// Identity reshape/transpose/broadcast_in_dim/slice/pad/reverse/
/// concatenate, reshape of reshape and transpose of transpose.
void populateShapePatterns(mlir::RewritePatternSet &patterns);

} // namespace xla::hlo::simplify

#endif // XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOSIMPLIFY_H
