// RUN: xla-opt %s --hlo-plan-fusion | FileCheck %s
// RUN: xla-opt %s --hlo-plan-fusion=fuse=false | FileCheck %s --check-prefix=NOFUSE

// The fusion strategy: what priority fusion decides on the default target
// (no xla.target), recorded as xla.fusion_groups.

// reduce_sum(x + y*z) is one kernel that reads each input once.
// CHECK-LABEL: func.func @reduce_of_chain
// CHECK: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[G:[0-9]+]]>
// CHECK: hlo.add {{.*}}xla.fusion_groups = array<i64: [[G]]>
// CHECK: hlo.reduce{{.*}}xla.fusion_groups = array<i64: [[G]]>
// NOFUSE-LABEL: func.func @reduce_of_chain
// NOFUSE: hlo.multiply {{.*}}xla.fusion_groups = array<i64: 0>
// NOFUSE: hlo.add {{.*}}xla.fusion_groups = array<i64: 1>
// NOFUSE: hlo.reduce{{.*}}xla.fusion_groups = array<i64: 2>
func.func @reduce_of_chain(%x: tensor<4096xf32>, %y: tensor<4096xf32>, %z: tensor<4096xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.multiply %y, %z : tensor<4096xf32>
  %1 = hlo.add %x, %0 : tensor<4096xf32>
  %2 = hlo.reduce(%1 init: %zero) applies hlo.add across dimensions = [0] : (tensor<4096xf32>, tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}

// exp feeding a contraction's operand is not evaluated once per column of
// v (64 times) in one kernel with it: the code generator computes it once
// into a buffer of the kernel (FusionRules.h), and the model counts it once,
// so the two share a kernel (the attention case).
// CHECK-LABEL: func.func @exp_into_dot
// CHECK: hlo.exponential {{.*}}xla.fusion_groups = array<i64: [[E:[0-9]+]]>
// CHECK-NEXT: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[E]]>
func.func @exp_into_dot(%s: tensor<2x4x128x128xf32>, %v: tensor<2x4x128x64xf32>) -> tensor<2x4x128x64xf32> {
  %e = hlo.exponential %s : tensor<2x4x128x128xf32>
  %d = hlo.dot_general %e, %v, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x4x128x128xf32>, tensor<2x4x128x64xf32>) -> tensor<2x4x128x64xf32>
  return %d : tensor<2x4x128x64xf32>
}

// A dot with its cheap operand producer (transpose) and its epilogue (bias,
// relu) is one output fusion.
// CHECK-LABEL: func.func @dense_relu
// CHECK: hlo.transpose {{.*}}xla.fusion_groups = array<i64: [[D:[0-9]+]]>
// CHECK: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[D]]>
// CHECK: hlo.broadcast_in_dim {{.*}}xla.fusion_groups = array<i64: [[D]]>
// CHECK: hlo.add {{.*}}xla.fusion_groups = array<i64: [[D]]>
// CHECK: hlo.maximum {{.*}}xla.fusion_groups = array<i64: [[D]]>
func.func @dense_relu(%h: tensor<128x768xf32>, %w: tensor<768x768xf32>, %b: tensor<768xf32>) -> tensor<128x768xf32> {
  %zero = hlo.constant dense<0.0> : tensor<128x768xf32>
  %t = hlo.transpose %w, dims = [1, 0] : (tensor<768x768xf32>) -> tensor<768x768xf32>
  %d = hlo.dot_general %h, %t, contracting_dims = [1] x [0] : (tensor<128x768xf32>, tensor<768x768xf32>) -> tensor<128x768xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<768xf32>) -> tensor<128x768xf32>
  %a = hlo.add %d, %bb : tensor<128x768xf32>
  %r = hlo.maximum %a, %zero : tensor<128x768xf32>
  return %r : tensor<128x768xf32>
}

// Sibling reductions over the same rows (layernorm's mean and mean of
// squares) read x once.
// CHECK-LABEL: func.func @layernorm_stats
// CHECK: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[L:[0-9]+]]>
// CHECK: hlo.reduce{{.*}}xla.fusion_groups = array<i64: [[L]]>
// CHECK: hlo.reduce{{.*}}xla.fusion_groups = array<i64: [[L]]>
func.func @layernorm_stats(%x: tensor<512x768xf32>) -> (tensor<512xf32>, tensor<512xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sq = hlo.multiply %x, %x : tensor<512x768xf32>
  %s1 = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<512x768xf32>, tensor<f32>) -> tensor<512xf32>
  %s2 = hlo.reduce(%sq init: %zero) applies hlo.add across dimensions = [1] : (tensor<512x768xf32>, tensor<f32>) -> tensor<512xf32>
  return %s1, %s2 : tensor<512xf32>, tensor<512xf32>
}

// The Adam update's new m, v and parameters: one multi-output kernel.
// CHECK-LABEL: func.func @adam
// CHECK: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[A:[0-9]+]]>
// CHECK-COUNT-11: xla.fusion_groups = array<i64: [[A]]>
// CHECK-NOT: xla.fusion_groups
// CHECK: return
func.func @adam(%p: tensor<65536xf32>, %m: tensor<65536xf32>, %v: tensor<65536xf32>, %g: tensor<65536xf32>) -> (tensor<65536xf32>, tensor<65536xf32>, tensor<65536xf32>) {
  %b1 = hlo.constant dense<0.9> : tensor<65536xf32>
  %c1 = hlo.constant dense<0.1> : tensor<65536xf32>
  %b2 = hlo.constant dense<0.999> : tensor<65536xf32>
  %c2 = hlo.constant dense<0.001> : tensor<65536xf32>
  %lr = hlo.constant dense<0.01> : tensor<65536xf32>
  %eps = hlo.constant dense<1.0e-8> : tensor<65536xf32>
  %0 = hlo.multiply %b1, %m : tensor<65536xf32>
  %1 = hlo.multiply %c1, %g : tensor<65536xf32>
  %m1 = hlo.add %0, %1 : tensor<65536xf32>
  %2 = hlo.multiply %b2, %v : tensor<65536xf32>
  %3 = hlo.multiply %g, %g : tensor<65536xf32>
  %4 = hlo.multiply %c2, %3 : tensor<65536xf32>
  %v1 = hlo.add %2, %4 : tensor<65536xf32>
  %5 = hlo.sqrt %v1 : tensor<65536xf32>
  %6 = hlo.add %5, %eps : tensor<65536xf32>
  %7 = hlo.divide %m1, %6 : tensor<65536xf32>
  %8 = hlo.multiply %lr, %7 : tensor<65536xf32>
  %p1 = hlo.subtract %p, %8 : tensor<65536xf32>
  return %p1, %m1, %v1 : tensor<65536xf32>, tensor<65536xf32>, tensor<65536xf32>
}

// exp -> sort -> add and exp -> add: fusing exp into add would make a cycle
// through the sort.
// CHECK-LABEL: func.func @no_cycle
// CHECK: hlo.exponential {{.*}}xla.fusion_groups = array<i64: [[X:[0-9]+]]>
// CHECK: hlo.sort
// CHECK-NOT: xla.fusion_groups
// CHECK: hlo.add {{.*}}xla.fusion_groups = array<i64: [[Y:[0-9]+]]>
// CHECK-NOT: array<i64: [[X]]>
// CHECK: return
func.func @no_cycle(%x: tensor<4096xf32>) -> tensor<4096xf32> {
  %a = hlo.exponential %x : tensor<4096xf32>
  %s = "hlo.sort"(%a) <{dimension = 0 : i64}> ({
  ^bb0(%l: tensor<f32>, %r: tensor<f32>):
    %c = hlo.compare LT, %l, %r : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }) : (tensor<4096xf32>) -> tensor<4096xf32>
  %c = hlo.add %a, %s : tensor<4096xf32>
  return %c : tensor<4096xf32>
}

// A broadcast read by two kernels is recomputed by both instead of stored.
// CHECK-LABEL: func.func @duplicated_broadcast
// CHECK: hlo.broadcast_in_dim {{.*}}xla.fusion_groups = array<i64: [[B1:[0-9]+]], [[B2:[0-9]+]]>
// CHECK: hlo.add {{.*}}xla.fusion_groups = array<i64: [[B2]]>
// CHECK: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[B1]]>
func.func @duplicated_broadcast(%x: tensor<4096xf32>, %b: tensor<f32>) -> tensor<4096xf32> {
  %bb = hlo.broadcast_in_dim %b, dims = [] : (tensor<f32>) -> tensor<4096xf32>
  %a = hlo.add %x, %bb : tensor<4096xf32>
  %s = "hlo.sort"(%a) <{dimension = 0 : i64}> ({
  ^bb0(%l: tensor<f32>, %r: tensor<f32>):
    %c = hlo.compare LT, %l, %r : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }) : (tensor<4096xf32>) -> tensor<4096xf32>
  %c = hlo.multiply %s, %bb : tensor<4096xf32>
  return %c : tensor<4096xf32>
}

// The cost of tanh depends on its element type (a vector polynomial for
// f32, a libm call otherwise); complex tanh must be planned like any op.
// CHECK-LABEL: func.func @complex_tanh
// CHECK: hlo.tanh {{.*}}xla.fusion_groups = array<i64: [[T:[0-9]+]]>
// CHECK: hlo.add {{.*}}xla.fusion_groups = array<i64: [[T]]>
func.func @complex_tanh(%x: tensor<64xcomplex<f32>>) -> tensor<64xcomplex<f32>> {
  %t = hlo.tanh %x : tensor<64xcomplex<f32>>
  %a = hlo.add %t, %x : tensor<64xcomplex<f32>>
  return %a : tensor<64xcomplex<f32>>
}
