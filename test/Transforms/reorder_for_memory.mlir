// RUN: xla-opt %s -split-input-file --hlo-reorder-for-memory | FileCheck %s

// Zeros produced first and read last (a gradient accumulator): they move
// to just before their reader, past a side-effecting call and two
// products, so their 256 KiB are not live while those run. The call and
// the products keep their order.
// CHECK-LABEL: func.func @zeros_sink
// CHECK: %[[A:.*]] = hlo.dot_general
// CHECK-NEXT: hlo.custom_call @xla_test.log
// CHECK-NEXT: %[[B:.*]] = hlo.dot_general %[[A]]
// CHECK-NEXT: %[[Z:.*]] = hlo.broadcast_in_dim
// CHECK-NEXT: hlo.add %[[Z]], %[[B]]
func.func @zeros_sink(%x: tensor<256x256xf32>, %w: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %z = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<256x256xf32>
  %a = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %l = hlo.custom_call @xla_test.log(%a) {has_side_effect = true} : (tensor<256x256xf32>) -> tensor<256x256xf32>
  %b = hlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %c = hlo.add %z, %b : tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}

// -----

// The negation reads %t last: sinking it would keep %t alive as long as
// it saves its own result, no gain. It stays.
// CHECK-LABEL: func.func @no_gain
// CHECK: hlo.exponential
// CHECK-NEXT: hlo.negate
// CHECK-NEXT: hlo.dot_general
func.func @no_gain(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %t = hlo.exponential %x : tensor<256x256xf32>
  %n = hlo.negate %t : tensor<256x256xf32>
  %a = hlo.dot_general %x, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %c = hlo.add %n, %a : tensor<256x256xf32>
  return %c : tensor<256x256xf32>
}

// -----

// Under 64 KiB saved (the runtime's malloc buffers), and results that are
// returned (written into the caller's buffers), stay where they are; so
// do side-effecting ops.
// CHECK-LABEL: func.func @stays
// CHECK: hlo.broadcast_in_dim {{.*}} -> tensor<64x64xf32>
// CHECK-NEXT: hlo.broadcast_in_dim {{.*}} -> tensor<256x256xf32>
// CHECK-NEXT: hlo.custom_call @xla_test.log
// CHECK-NEXT: hlo.dot_general
func.func @stays(%x: tensor<256x256xf32>, %v: tensor<256xf32>, %s: tensor<64xf32>) -> (tensor<64x64xf32>, tensor<256x256xf32>, tensor<256x256xf32>) {
  %small = hlo.broadcast_in_dim %s, dims = [1] : (tensor<64xf32>) -> tensor<64x64xf32>
  %big = hlo.broadcast_in_dim %v, dims = [1] : (tensor<256xf32>) -> tensor<256x256xf32>
  %l = hlo.custom_call @xla_test.log(%x) {has_side_effect = true} : (tensor<256x256xf32>) -> tensor<256x256xf32>
  %a = hlo.dot_general %x, %x, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = hlo.multiply %small, %small : tensor<64x64xf32>
  return %m, %big, %a : tensor<64x64xf32>, tensor<256x256xf32>, tensor<256x256xf32>
}
