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

// A transpose of a function argument only reads it in another order, so
// a reader may recompute it too: here a weight's transposed square feeds
// the forward product (kernel F) and, after a reduction, the backward
// product (kernel B), like a tied output embedding's transpose in BERT's
// masked-language head. Without rematerialization F writes the transposed
// square and B reads it, a buffer live across everything in between (89
// MiB at the peak of the BERT step at batch 8); with it both products
// compute it from the weight and no kernel writes it.
// CHECK-LABEL: func.func @transposed_weight
// CHECK: hlo.transpose {{.*}}xla.fusion_groups = array<i64: [[F:[0-9]+]], [[B:[0-9]+]]>
// CHECK-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[F]], [[B]]>
// CHECK-NEXT: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[F]]>
// CHECK: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[B]]>
// OFF-LABEL: func.func @transposed_weight
// OFF: hlo.transpose {{.*}}xla.fusion_groups = array<i64: [[F:[0-9]+]]>
// OFF-NEXT: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[F]]>
// OFF-NEXT: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[F]]>
// OFF: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[B:[0-9]+]]>
func.func @transposed_weight(%x: tensor<160x768xf32>, %e: tensor<4096x768xf32>, %bias: tensor<4096xf32>, %g: tensor<160x4096xf32>) -> (tensor<160xf32>, tensor<160x768xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %te = hlo.transpose %e, dims = [1, 0] : (tensor<4096x768xf32>) -> tensor<768x4096xf32>
  %t = hlo.multiply %te, %te : tensor<768x4096xf32>
  %l = hlo.dot_general %x, %t, contracting_dims = [1] x [0] : (tensor<160x768xf32>, tensor<768x4096xf32>) -> tensor<160x4096xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<4096xf32>) -> tensor<160x4096xf32>
  %lb = hlo.add %l, %bb : tensor<160x4096xf32>
  %y = hlo.exponential %lb : tensor<160x4096xf32>
  %s = hlo.reduce(%y init: %zero) applies hlo.add across dimensions = [1] : (tensor<160x4096xf32>, tensor<f32>) -> tensor<160xf32>
  %dl = hlo.multiply %y, %g : tensor<160x4096xf32>
  %dx = hlo.dot_general %dl, %t, contracting_dims = [1] x [1] : (tensor<160x4096xf32>, tensor<768x4096xf32>) -> tensor<160x768xf32>
  return %s, %dx : tensor<160xf32>, tensor<160x768xf32>
}

// A transpose of a computed value is not recomputed: it would extend the
// value's life and repeat the work that made it. F writes the transposed
// square for B either way.
// CHECK-LABEL: func.func @transposed_value
// CHECK: hlo.multiply {{.*}}xla.fusion_groups = array<i64: [[F:[0-9]+]]>
// CHECK-NEXT: hlo.transpose {{.*}}xla.fusion_groups = array<i64: [[F]]>
// CHECK-NEXT: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[F]]>
// CHECK: hlo.dot_general {{.*}}xla.fusion_groups = array<i64: [[B:[0-9]+]]>
func.func @transposed_value(%x: tensor<160x768xf32>, %e: tensor<4096x768xf32>, %bias: tensor<4096xf32>, %g: tensor<160x4096xf32>) -> (tensor<160xf32>, tensor<160x768xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %es = hlo.multiply %e, %e : tensor<4096x768xf32>
  %t = hlo.transpose %es, dims = [1, 0] : (tensor<4096x768xf32>) -> tensor<768x4096xf32>
  %l = hlo.dot_general %x, %t, contracting_dims = [1] x [0] : (tensor<160x768xf32>, tensor<768x4096xf32>) -> tensor<160x4096xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<4096xf32>) -> tensor<160x4096xf32>
  %lb = hlo.add %l, %bb : tensor<160x4096xf32>
  %y = hlo.exponential %lb : tensor<160x4096xf32>
  %s = hlo.reduce(%y init: %zero) applies hlo.add across dimensions = [1] : (tensor<160x4096xf32>, tensor<f32>) -> tensor<160xf32>
  %dl = hlo.multiply %y, %g : tensor<160x4096xf32>
  %dx = hlo.dot_general %dl, %t, contracting_dims = [1] x [1] : (tensor<160x4096xf32>, tensor<768x4096xf32>) -> tensor<160x768xf32>
  return %s, %dx : tensor<160xf32>, tensor<160x768xf32>
}
