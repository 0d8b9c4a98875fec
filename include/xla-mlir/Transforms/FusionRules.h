//===- FusionRules.h - when fusing a producer repeats its work ----*- C++ -*-===//
//
// The rule every fusion decision in xla-mlir follows: a producer is fused
// into a consumer only if it is then evaluated once per element of its
// result, or if it is so cheap that evaluating it again costs no more than
// loading it. These queries are shared by elementwise fusion and the HLO
// fusion cost model.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TRANSFORMS_FUSIONRULES_H
#define XLA_MLIR_TRANSFORMS_FUSIONRULES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace xla {

/// How many times the consumer of `operand` evaluates each element of it if
/// the producer is fused: the product of the trip counts of the consumer's
/// loops that its indexing map for `operand` does not use (1 when it uses
/// all of them). A dynamic trip count makes the factor INT64_MAX.
int64_t getRecomputationFactor(mlir::OpOperand &operand);

/// True if recomputing `producer` costs no more than loading its result:
/// its body only forwards block arguments (a broadcast, transpose or copy)
/// or converts them with unary casts.
bool isTriviallyCheapProducer(mlir::linalg::GenericOp producer);

/// True if evaluating `producer`'s body again costs about as little as
/// loading its result: plain arith ops, without division or remainder.
bool isCheapToRecompute(mlir::linalg::GenericOp producer);

} // namespace xla

#endif // XLA_MLIR_TRANSFORMS_FUSIONRULES_H
