//===- FusionPlan.h - the plan between fusion strategy and mechanism -*- C++ -*-===//
//
// hlo-plan-fusion decides which ops share a kernel and records it on each op
// as `xla.fusion_groups = array<i64: g, ...>`: the kernels (group ids, unique
// in the function) that compute the op. An op in several groups is
// recomputed by each (a broadcast fused into every consumer); the first
// group is its provider, which writes it to memory for users that are in
// none of its groups. hlo-form-fusions builds one hlo.fusion per group.
// Ops without the attribute stay as they are.
//
//===----------------------------------------------------------------------===//

#ifndef XLA_MLIR_TRANSFORMS_FUSIONPLAN_H
#define XLA_MLIR_TRANSFORMS_FUSIONPLAN_H

#include "mlir/IR/Operation.h"

namespace xla {

inline constexpr llvm::StringLiteral kFusionGroupsAttrName =
    "xla.fusion_groups";

/// True for ops a fusion may hold: hlo ops with static shapes that lower to
/// linalg on tensors without side effects (elementwise, broadcast, reshape,
/// transpose, slice, concatenate, pad, iota, reverse, reduce, dot_general,
/// dot, convolution). Splat constants are not fused but cloned into every
/// fusion that uses them.
bool isFusible(mlir::Operation *op);

/// True for blocks whose ops are fused: function bodies and the regions of
/// control flow (while, if, case), not the scalar bodies of reduce or sort.
bool isFusionBlock(mlir::Block &block);

} // namespace xla

#endif // XLA_MLIR_TRANSFORMS_FUSIONPLAN_H
