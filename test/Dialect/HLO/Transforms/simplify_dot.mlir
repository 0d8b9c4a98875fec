// RUN: xla-opt %s -hlo-simplify -split-input-file | FileCheck %s

// A weight gradient as TensorFlow writes it for a [B, M, K] x [K, N]
// product: a batched dot_general summed over the batch. It becomes one
// contraction over the batch and M; the identity transpose and convert in
// between go first.
// CHECK-LABEL: func @batch_sum_of_dot
// CHECK-SAME: (%[[X:.*]]: tensor<32x20x64xf32>, %[[G:.*]]: tensor<32x20x16xf32>)
// CHECK-NEXT: %[[D:.*]] = hlo.dot_general %[[X]], %[[G]], contracting_dims = [1, 0] x [1, 0]
// CHECK-SAME: -> tensor<64x16xf32>
// CHECK-NEXT: return %[[D]]
func.func @batch_sum_of_dot(%x: tensor<32x20x64xf32>, %g: tensor<32x20x16xf32>) -> tensor<64x16xf32> {
  %0 = hlo.dot_general %x, %g, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<32x20x64xf32>, tensor<32x20x16xf32>) -> tensor<32x64x16xf32>
  %1 = hlo.transpose %0, dims = [0, 1, 2] : (tensor<32x64x16xf32>) -> tensor<32x64x16xf32>
  %2 = hlo.convert %1 : tensor<32x64x16xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %3 = hlo.reduce(%2 init: %zero) applies hlo.add across dimensions = [0] : (tensor<32x64x16xf32>, tensor<f32>) -> tensor<64x16xf32>
  return %3 : tensor<64x16xf32>
}

// -----

// Two batch dimensions, one summed: the other stays a batch dimension.
// A reduced dimension that is not a batch dimension stays with the reduce,
// renumbered. Integers, and an init of -0.0, qualify; the body's operands
// may be swapped.
// CHECK-LABEL: func @partial
// CHECK: %[[D:.*]] = hlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [1], contracting_dims = [3, 1] x [2, 0]
// CHECK-SAME: -> tensor<4x5x7xi32>
// CHECK: hlo.reduce(%[[D]] init: %{{.*}}) across dimensions = [1]
// CHECK-SAME: -> tensor<4x7xi32>
// CHECK: %[[F:.*]] = hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1, 0] x [1, 0]
// CHECK-SAME: -> tensor<5x7xf32>
// CHECK: return
func.func @partial(%a: tensor<4x3x5x6xi32>, %b: tensor<3x4x6x7xi32>, %c: tensor<3x6x5xf32>, %d: tensor<3x6x7xf32>) -> (tensor<4x7xi32>, tensor<5x7xf32>) {
  %0 = hlo.dot_general %a, %b, batching_dims = [0, 1] x [1, 0], contracting_dims = [3] x [2] : (tensor<4x3x5x6xi32>, tensor<3x4x6x7xi32>) -> tensor<4x3x5x7xi32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %1 = hlo.reduce(%0 init: %zero) across dimensions = [1, 2] : (tensor<4x3x5x7xi32>, tensor<i32>) -> tensor<4x7xi32>
    reducer(%acc: tensor<i32>, %v: tensor<i32>) {
      %s = hlo.add %v, %acc : tensor<i32>
      hlo.return %s : tensor<i32>
    }
  %2 = hlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<3x6x5xf32>, tensor<3x6x7xf32>) -> tensor<3x5x7xf32>
  %negzero = hlo.constant dense<-0.0> : tensor<f32>
  %3 = hlo.reduce(%2 init: %negzero) applies hlo.add across dimensions = [0] : (tensor<3x5x7xf32>, tensor<f32>) -> tensor<5x7xf32>
  return %1, %3 : tensor<4x7xi32>, tensor<5x7xf32>
}

// -----

// Left alone: the product has another user, the sum starts from 1, the
// reduction is a max, or only free dimensions are summed.
// CHECK-LABEL: func @kept
// CHECK-COUNT-4: batching_dims = [0] x [0]
// CHECK-NOT: hlo.dot_general
// CHECK: return
func.func @kept(%x: tensor<8x4x5xf32>, %y: tensor<8x5x6xf32>) -> (tensor<4x6xf32>, tensor<8x4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<8x6xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %one = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x4x5xf32>, tensor<8x5x6xf32>) -> tensor<8x4x6xf32>
  %1 = hlo.reduce(%0 init: %zero) applies hlo.add across dimensions = [0] : (tensor<8x4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  %2 = hlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x4x5xf32>, tensor<8x5x6xf32>) -> tensor<8x4x6xf32>
  %3 = hlo.reduce(%2 init: %one) applies hlo.add across dimensions = [0] : (tensor<8x4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
  %4 = hlo.dot_general %y, %x, batching_dims = [0] x [0], contracting_dims = [1] x [2] : (tensor<8x5x6xf32>, tensor<8x4x5xf32>) -> tensor<8x6x4xf32>
  %5 = hlo.reduce(%4 init: %zero) applies hlo.maximum across dimensions = [0] : (tensor<8x6x4xf32>, tensor<f32>) -> tensor<6x4xf32>
  %6 = hlo.transpose %5, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %7 = hlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x4x5xf32>, tensor<8x5x6xf32>) -> tensor<8x4x6xf32>
  %8 = hlo.reduce(%7 init: %zero) applies hlo.add across dimensions = [1] : (tensor<8x4x6xf32>, tensor<f32>) -> tensor<8x6xf32>
  return %1, %0, %3, %6, %8 : tensor<4x6xf32>, tensor<8x4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<8x6xf32>
}

// -----

// A weight gradient as JAX writes it: dy^T x, [N, K], transposed into the
// [K, N] weight's layout. The product with its operands swapped is that
// layout already; the precision config follows its operand.
// CHECK-LABEL: func @transpose_of_dot
// CHECK-SAME: (%[[DY:.*]]: tensor<8x16x32xf32>, %[[X:.*]]: tensor<8x16x12xf32>)
// CHECK-NEXT: %[[D:.*]] = hlo.dot_general %[[X]], %[[DY]], contracting_dims = [0, 1] x [0, 1], precision = [HIGHEST, DEFAULT]
// CHECK-SAME: -> tensor<12x32xf32>
// CHECK-NEXT: return %[[D]]
func.func @transpose_of_dot(%dy: tensor<8x16x32xf32>, %x: tensor<8x16x12xf32>) -> tensor<12x32xf32> {
  %0 = hlo.dot_general %dy, %x, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, HIGHEST] : (tensor<8x16x32xf32>, tensor<8x16x12xf32>) -> tensor<32x12xf32>
  %1 = hlo.transpose %0, dims = [1, 0] : (tensor<32x12xf32>) -> tensor<12x32xf32>
  return %1 : tensor<12x32xf32>
}

// -----

// Batch dimensions stay first; two free dimensions of the lhs move behind
// the rhs's, in order.
// CHECK-LABEL: func @transpose_of_batched_dot
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4x5xf32>, %[[B:.*]]: tensor<2x5x6xf32>)
// CHECK-NEXT: %[[D:.*]] = hlo.dot_general %[[B]], %[[A]], batching_dims = [0] x [0], contracting_dims = [1] x [3]
// CHECK-SAME: -> tensor<2x6x3x4xf32>
// CHECK-NEXT: return %[[D]]
func.func @transpose_of_batched_dot(%a: tensor<2x3x4x5xf32>, %b: tensor<2x5x6xf32>) -> tensor<2x6x3x4xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<2x3x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x3x4x6xf32>
  %1 = hlo.transpose %0, dims = [0, 3, 1, 2] : (tensor<2x3x4x6xf32>) -> tensor<2x6x3x4xf32>
  return %1 : tensor<2x6x3x4xf32>
}

// -----

// Not when the product is read elsewhere too (it would be computed twice),
// nor for a transpose that does not swap the operands' dimensions whole.
// CHECK-LABEL: func @transpose_of_dot_kept
// CHECK-COUNT-2: hlo.transpose
// CHECK-NOT: hlo.transpose
func.func @transpose_of_dot_kept(%a: tensor<4x5xf32>, %b: tensor<5x6xf32>, %c: tensor<2x3x4x5xf32>, %d: tensor<5x6xf32>) -> (tensor<6x4xf32>, tensor<4x6xf32>, tensor<2x4x6x3xf32>) {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
  %1 = hlo.transpose %0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %2 = hlo.dot_general %c, %d, contracting_dims = [3] x [0] : (tensor<2x3x4x5xf32>, tensor<5x6xf32>) -> tensor<2x3x4x6xf32>
  %3 = hlo.transpose %2, dims = [0, 2, 3, 1] : (tensor<2x3x4x6xf32>) -> tensor<2x4x6x3xf32>
  return %1, %0, %3 : tensor<6x4xf32>, tensor<4x6xf32>, tensor<2x4x6x3xf32>
}
