// Products of a few rows by many columns, the GPU's skinny kernel's shapes
// (xla-gpu-map-linalg skinny-products): 20 rows with k a multiple of 4
// (the lhs read 16 bytes at a time), 3 rows with k = 30 (runs of k cut at
// its end), a transposed lhs (read one value at a time), a batch, and
// rhs contiguous along k (a warp per rows of it: 16-byte groups of k for
// k = 96, 8-byte ones for k = 30).
// Scaling an operand by 2 scales every partial sum exactly in a given
// order of the additions (both products must then get the same kind of
// kernel: with --gpu-cublas a product whose operand is scaled in its
// fusion is not cuBLAS's, so the A times B transposed ones are not checked
// that way); the results are printed, and the GPU's are compared with the
// CPU's (scripts/gpu_artifacts.py).
// RUN: xla-run %s --seed 3 | FileCheck %s
// CHECK: tensor<20x1024xf32>
// CHECK: tensor<3x600xf32>
// CHECK: tensor<3x600xf32>
// CHECK: tensor<2x5x520xf32>
// CHECK: tensor<20x600xf32>
// CHECK: tensor<3x300xf32>

func.func @main(%x: tensor<20x96xf32>, %w: tensor<96x1024xf32>,
                %s: tensor<3x30xf32>, %v: tensor<30x600xf32>,
                %st: tensor<30x3xf32>,
                %p: tensor<2x5x64xf32>, %q: tensor<2x64x520xf32>,
                %e: tensor<600x96xf32>, %g: tensor<300x30xf32>)
    -> (tensor<20x1024xf32>, tensor<3x600xf32>, tensor<3x600xf32>,
        tensor<2x5x520xf32>, tensor<20x600xf32>, tensor<3x300xf32>) {
  %two = hlo.constant dense<2.0> : tensor<f32>

  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<20x96xf32>, tensor<96x1024xf32>) -> tensor<20x1024xf32>
  %twox = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<20x96xf32>
  %x2 = hlo.multiply %x, %twox : tensor<20x96xf32>
  %y2 = hlo.dot_general %x2, %w, contracting_dims = [1] x [0] : (tensor<20x96xf32>, tensor<96x1024xf32>) -> tensor<20x1024xf32>
  %twoy = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<20x1024xf32>
  %yy = hlo.multiply %y, %twoy : tensor<20x1024xf32>
  check.expect_eq %y2, %yy : tensor<20x1024xf32>

  %z = hlo.dot_general %s, %v, contracting_dims = [1] x [0] : (tensor<3x30xf32>, tensor<30x600xf32>) -> tensor<3x600xf32>
  %twov = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<30x600xf32>
  %v2 = hlo.multiply %v, %twov : tensor<30x600xf32>
  %z2 = hlo.dot_general %s, %v2, contracting_dims = [1] x [0] : (tensor<3x30xf32>, tensor<30x600xf32>) -> tensor<3x600xf32>
  %twoz = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<3x600xf32>
  %zz = hlo.multiply %z, %twoz : tensor<3x600xf32>
  check.expect_eq %z2, %zz : tensor<3x600xf32>

  %t = hlo.dot_general %st, %v, contracting_dims = [0] x [0] : (tensor<30x3xf32>, tensor<30x600xf32>) -> tensor<3x600xf32>

  %b = hlo.dot_general %p, %q, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x5x64xf32>, tensor<2x64x520xf32>) -> tensor<2x5x520xf32>
  %l = hlo.dot_general %x, %e, contracting_dims = [1] x [1] : (tensor<20x96xf32>, tensor<600x96xf32>) -> tensor<20x600xf32>

  %h = hlo.dot_general %s, %g, contracting_dims = [1] x [1] : (tensor<3x30xf32>, tensor<300x30xf32>) -> tensor<3x300xf32>
  return %y, %z, %t, %b, %l, %h : tensor<20x1024xf32>, tensor<3x600xf32>, tensor<3x600xf32>, tensor<2x5x520xf32>, tensor<20x600xf32>, tensor<3x300xf32>
}
