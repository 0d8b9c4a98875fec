// RUN: xla-opt %s --hlo-form-fusions | FileCheck %s

// The fusion mechanism carries out a hand-written plan.

// One group: operands are what it reads from outside, the splat constant is
// cloned in, the result is what others read.
// CHECK-LABEL: func.func @one_group
// CHECK: %[[F:.*]] = hlo.fusion "loop_multiply_fusion" kind(loop) (%arg0, %arg1) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<8xf32>, %[[Y:.*]]: tensor<8xf32>):
// CHECK-NEXT: %[[C:.*]] = hlo.constant dense<2.000000e+00>
// CHECK-NEXT: %[[A:.*]] = hlo.add %[[X]], %[[Y]]
// CHECK-NEXT: %[[M:.*]] = hlo.multiply %[[A]], %[[C]]
// CHECK-NEXT: hlo.return %[[M]]
// CHECK: return %[[F]]
func.func @one_group(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %c = hlo.constant dense<2.0> : tensor<8xf32>
  %0 = hlo.add %x, %y {xla.fusion_groups = array<i64: 0>} : tensor<8xf32>
  %1 = hlo.multiply %0, %c {xla.fusion_groups = array<i64: 0>} : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// A value read outside its group becomes a second result (multi-output);
// the group of an op in two groups that comes first provides it to
// others, the second computes its own copy.
// CHECK-LABEL: func.func @multi_output_and_copy
// CHECK: %[[F0:.*]]:2 = hlo.fusion "multi_output_add_fusion" kind(multi_output) (%arg1, %arg0)
// CHECK: hlo.broadcast_in_dim
// CHECK: hlo.add
// CHECK: hlo.return
// Names are unique in the module.
// CHECK: %[[F1:.*]] = hlo.fusion "loop_multiply_fusion_1" kind(loop) (%arg1, %arg2)
// CHECK: hlo.broadcast_in_dim
// CHECK: hlo.multiply
// CHECK: %[[N:.*]] = hlo.negate %[[F0]]#0
// CHECK: return %[[F0]]#1, %[[F1]], %[[N]]
func.func @multi_output_and_copy(%x: tensor<8xf32>, %b: tensor<f32>, %z: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %bb = hlo.broadcast_in_dim %b, dims = [] {xla.fusion_groups = array<i64: 0, 1>} : (tensor<f32>) -> tensor<8xf32>
  %0 = hlo.add %x, %bb {xla.fusion_groups = array<i64: 0>} : tensor<8xf32>
  %1 = hlo.multiply %z, %bb {xla.fusion_groups = array<i64: 1>} : tensor<8xf32>
  %2 = hlo.negate %bb : tensor<8xf32>
  return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// A fusion sits where its last op was; a user that came earlier moves
// after it (the block is sorted topologically).
// CHECK-LABEL: func.func @reordered
// CHECK: %[[F:.*]]:2 = hlo.fusion "multi_output_exponential_fusion"
// CHECK: hlo.custom_call @use(%[[F]]#0)
func.func @reordered(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = hlo.negate %x {xla.fusion_groups = array<i64: 0>} : tensor<8xf32>
  %u = hlo.custom_call @use(%0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = hlo.exponential %x {xla.fusion_groups = array<i64: 0>} : tensor<8xf32>
  %2 = hlo.add %u, %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}
