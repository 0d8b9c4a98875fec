//===- HLOFoldConstants.h - pieces shared by the folding files ---*- C++ -*-===//
//
// Private to lib/Dialect/HLO/Transforms: `populateHLOConstantFoldPatterns`
// (Passes.h) collects the elementwise folds of HLOFoldConstants.cpp and the
// data-movement folds of HLOFoldConstantsShape.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOFOLDCONSTANTS_H
#define XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOFOLDCONSTANTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

namespace xla::hlo::fold {

/// The result type of `op` if it is static and has at most `maxElements`
/// elements.
mlir::RankedTensorType foldableResultType(mlir::Operation *op,
                                          int64_t maxElements);

/// `in` converted element by element to `type` with hlo.convert's
/// semantics; failure where the result is implementation-defined
/// (out-of-range or NaN float to integer) or the types are not handled.
mlir::FailureOr<mlir::DenseElementsAttr>
convertElements(mlir::DenseElementsAttr in, mlir::RankedTensorType type);

/// broadcast_in_dim, reshape, transpose, slice, concatenate, reverse and
/// iota of constants.
void populateShapeFoldPatterns(mlir::RewritePatternSet &patterns,
                               int64_t maxElements);

} // namespace xla::hlo::fold

#endif // XLA_MLIR_LIB_DIALECT_HLO_TRANSFORMS_HLOFOLDCONSTANTS_H
