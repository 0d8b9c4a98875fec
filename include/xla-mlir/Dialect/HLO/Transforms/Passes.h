//===- Passes.h - hlo-level passes --------------------------------*- C++ -*-===//

#ifndef XLA_MLIR_DIALECT_HLO_TRANSFORMS_PASSES_H
#define XLA_MLIR_DIALECT_HLO_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace xla::check {
class CheckDialect;
} // namespace xla::check

namespace xla::hlo {
class HLODialect;

#define GEN_PASS_DECL
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "xla-mlir/Dialect/HLO/Transforms/Passes.h.inc"

/// Result-preserving algebraic simplifications (see `hlo-simplify`).
void populateHLOSimplifyPatterns(mlir::RewritePatternSet &patterns);

/// Chains of reshapes, and of broadcast_in_dims, as one op; reshapes to
/// their operand's type removed (hlo-normalize-fusions, inside fusions).
void populateHLOShapeChainPatterns(mlir::RewritePatternSet &patterns);

/// Constant evaluation of elementwise ops with at most `maxElements`
/// result elements (see `hlo-fold-constants`).
void populateHLOConstantFoldPatterns(mlir::RewritePatternSet &patterns,
                                     int64_t maxElements);

/// Cumulative reduce_windows as blocked scans of `blockSize` (see
/// `hlo-rewrite-scans`).
void populateHLORewriteScansPatterns(mlir::RewritePatternSet &patterns,
                                     int64_t blockSize);

/// Rewrites `custom_call @check.*` into `check` ops.
void populateCheckCustomCallPatterns(mlir::RewritePatternSet &patterns);

} // namespace xla::hlo

#endif // XLA_MLIR_DIALECT_HLO_TRANSFORMS_PASSES_H
