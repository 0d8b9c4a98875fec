// RUN: xla-opt %s --hlo-plan-fusion=rematerialize=true | FileCheck %s
// RUN: xla-opt %s --hlo-plan-fusion | FileCheck %s --check-prefix=OFF

// A dense layer's kernel writes its pre-activation %b (a result of the
// program) and a piece of the activation, %t, that the gradient kernel
// with the second contraction and the reduction's kernel read (through
// %v). With rematerialization, once fusion is done, both recompute %t's
// chain from %b: the chain's ops are copies in all three kernels, the
// reduction's kernel computes %v too, and the dense kernel writes neither
// %t nor %v (its copy of %v is left unread). Without it, the chain is in
// the dense kernel alone.
// CHECK-LABEL: func.func @activation_piece
// CHECK: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[D:[0-9]+]]>
// CHECK: hlo.add {{.*}}xla.fusion_groups = array<i64: [[D]]>
// CHECK-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[D]], [[G:[0-9]+]], [[R:[0-9]+]]>
// CHECK-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[D]], [[G]], [[R]]>
// CHECK-NEXT: hlo.add {{.*}}xla.fusion_groups = array<i64: [[D]], [[G]], [[R]]>
// CHECK-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[D]], [[G]], [[R]]>
// CHECK-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[D]]>
// CHECK-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[G]]>
// CHECK-NEXT: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[G]]>
// CHECK-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[D]], [[R]]>
// CHECK-NEXT: hlo.reduce{{.*}}xla.fusion_groups = array<i64: [[R]]>
// OFF-LABEL: func.func @activation_piece
// OFF: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[D:[0-9]+]]>
// OFF: hlo.add {{.*}}xla.fusion_groups = array<i64: [[D]]>
// OFF-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[D]]>
// OFF-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[D]]>
// OFF-NEXT: hlo.add {{.*}}xla.fusion_groups = array<i64: [[D]]>
// OFF-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[D]]>
func.func @activation_piece(%a: tensor<512x256xf32>, %w: tensor<256x1024xf32>, %bias: tensor<1024xf32>, %g1: tensor<512x1024xf32>, %w2: tensor<1024x256xf32>, %g2: tensor<512x1024xf32>) -> (tensor<512x1024xf32>, tensor<512x1024xf32>, tensor<512x256xf32>, tensor<512xf32>) {
  %k = hlo.constant dense<0.044715> : tensor<512x1024xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %d = hlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<512x256xf32>, tensor<256x1024xf32>) -> tensor<512x1024xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<1024xf32>) -> tensor<512x1024xf32>
  %b = hlo.add %d, %bb : tensor<512x1024xf32>
  %p = hlo.multiply %b, %b : tensor<512x1024xf32>
  %q = hlo.multiply %p, %k : tensor<512x1024xf32>
  %r = hlo.add %b, %q : tensor<512x1024xf32>
  %t = hlo.multiply %r, %r : tensor<512x1024xf32>
  %o = hlo.multiply %b, %t : tensor<512x1024xf32>
  %u = hlo.multiply %t, %g1 : tensor<512x1024xf32>
  %e = hlo.dot_general %u, %w2, contracting_dims = [1] x [0] : (tensor<512x1024xf32>, tensor<1024x256xf32>) -> tensor<512x256xf32>
  %v = hlo.multiply %t, %g2 : tensor<512x1024xf32>
  %s = hlo.reduce(%v init: %zero) applies hlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  return %b, %o, %e, %s : tensor<512x1024xf32>, tensor<512x1024xf32>, tensor<512x256xf32>, tensor<512xf32>
}
