// Products whose operands an elementwise op computes right before them: on
// the GPU (xla-gpu-map-linalg contraction-prologues) the product's kernel
// computes such an operand as it stages it, instead of reading back what a
// kernel of its own wrote. A normalization of the lhs with per-row and
// per-column values, a transposed rhs through tanh (A times B transposed),
// both operands of a batched product, a product whose k is split over
// blocks, and one whose output goes on to a bias (an epilogue, with
// --gpu-contraction-epilogues).
// Scaling an operand by 2 in its prologue scales every partial sum exactly,
// in whatever order the kernel adds them: each product with a prologue of
// 2 * x must equal 2 * the product of x. The results are printed too, and
// the GPU's are compared with the CPU's (scripts/gpu_artifacts.py).
// RUN: xla-run %s --seed 5 | FileCheck %s
// CHECK: tensor<64x80xf32>
// CHECK: tensor<64x80xf32>
// CHECK: tensor<2x40x36xf32>
// CHECK: tensor<40x40xf32>
// CHECK: tensor<64x80xf32>

func.func @main(%x: tensor<64x96xf32>, %s: tensor<64xf32>, %g: tensor<96xf32>,
                %w: tensor<96x80xf32>, %v: tensor<80x96xf32>,
                %p: tensor<2x40x48xf32>, %q: tensor<2x48x36xf32>,
                %l: tensor<40x2048xf32>, %r: tensor<2048x40xf32>,
                %bias: tensor<80xf32>)
    -> (tensor<64x80xf32>, tensor<64x80xf32>, tensor<2x40x36xf32>,
        tensor<40x40xf32>, tensor<64x80xf32>) {
  %two = hlo.constant dense<2.0> : tensor<f32>
  %one = hlo.constant dense<1.0> : tensor<f32>

  // (x * s[row] * g[col] + 1) . w
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x96xf32>
  %gb = hlo.broadcast_in_dim %g, dims = [1] : (tensor<96xf32>) -> tensor<64x96xf32>
  %oneb = hlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
  %xs = hlo.multiply %x, %sb : tensor<64x96xf32>
  %xg = hlo.multiply %xs, %gb : tensor<64x96xf32>
  %n = hlo.add %xg, %oneb : tensor<64x96xf32>
  %y = hlo.dot_general %n, %w, contracting_dims = [1] x [0] : (tensor<64x96xf32>, tensor<96x80xf32>) -> tensor<64x80xf32>

  // x . tanh(v)^T, and (2 x) . tanh(v)^T against 2 (x . tanh(v)^T)
  %tv = hlo.tanh %v : tensor<80x96xf32>
  %z = hlo.dot_general %x, %tv, contracting_dims = [1] x [1] : (tensor<64x96xf32>, tensor<80x96xf32>) -> tensor<64x80xf32>
  %twox = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
  %x2 = hlo.multiply %x, %twox : tensor<64x96xf32>
  %tv2 = hlo.tanh %v : tensor<80x96xf32>
  %z2 = hlo.dot_general %x2, %tv2, contracting_dims = [1] x [1] : (tensor<64x96xf32>, tensor<80x96xf32>) -> tensor<64x80xf32>
  %twoz = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<64x80xf32>
  %zz = hlo.multiply %z, %twoz : tensor<64x80xf32>
  check.expect_eq %z2, %zz : tensor<64x80xf32>

  // exp(-p) . (q * 2), batched: both operands computed
  %np = hlo.negate %p : tensor<2x40x48xf32>
  %ep = hlo.exponential %np : tensor<2x40x48xf32>
  %twoq = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<2x48x36xf32>
  %q2 = hlo.multiply %q, %twoq : tensor<2x48x36xf32>
  %b = hlo.dot_general %ep, %q2, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x40x48xf32>, tensor<2x48x36xf32>) -> tensor<2x40x36xf32>

  // k = 2048 over 4 tiles: split k (atomic adds) with a computed lhs
  %twol = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<40x2048xf32>
  %l2 = hlo.multiply %l, %twol : tensor<40x2048xf32>
  %k2 = hlo.dot_general %l2, %r, contracting_dims = [1] x [0] : (tensor<40x2048xf32>, tensor<2048x40xf32>) -> tensor<40x40xf32>

  // max(x, 0) . w + bias: a prologue and an epilogue in one kernel
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %zerob = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<64x96xf32>
  %relu = hlo.maximum %x, %zerob : tensor<64x96xf32>
  %e = hlo.dot_general %relu, %w, contracting_dims = [1] x [0] : (tensor<64x96xf32>, tensor<96x80xf32>) -> tensor<64x80xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<80xf32>) -> tensor<64x80xf32>
  %eb = hlo.add %e, %bb : tensor<64x80xf32>
  return %y, %z, %b, %k2, %eb : tensor<64x80xf32>, tensor<64x80xf32>, tensor<2x40x36xf32>, tensor<40x40xf32>, tensor<64x80xf32>
}
