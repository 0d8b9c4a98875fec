// triangular_solve on generated, batched systems (diagonal shifted by 4 so
// they are well conditioned), checked by multiplying back: op(T) x == b or
// x op(T) == b, with T the used triangle of a (the other triangle holds
// garbage the solve must ignore).
// RUN: xla-run %s --seed 5 --no-print 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 6 --no-print --vectorize=false 2>&1 | FileCheck %s
// CHECK: all 4 check(s) passed

func.func @main(%r: tensor<2x5x5xf32>, %b: tensor<2x5x3xf32>, %bt: tensor<2x3x5xf32>,
                %cr: tensor<5x5xf32>, %ci: tensor<5x5xf32>, %cb: tensor<5x2xcomplex<f32>>) {
  %four = hlo.constant dense<4.0> : tensor<2x5x5xf32>
  %rows = hlo.iota dim = 1 : tensor<2x5x5xi32>
  %cols = hlo.iota dim = 2 : tensor<2x5x5xi32>
  %is_diag = hlo.compare EQ, %rows, %cols : (tensor<2x5x5xi32>, tensor<2x5x5xi32>) -> tensor<2x5x5xi1>
  %shifted = hlo.add %r, %four : tensor<2x5x5xf32>
  %a = hlo.select %is_diag, %shifted, %r : tensor<2x5x5xi1>, tensor<2x5x5xf32>
  %zero = hlo.constant dense<0.0> : tensor<2x5x5xf32>
  %is_lower = hlo.compare GE, %rows, %cols : (tensor<2x5x5xi32>, tensor<2x5x5xi32>) -> tensor<2x5x5xi1>
  %is_upper = hlo.compare LE, %rows, %cols : (tensor<2x5x5xi32>, tensor<2x5x5xi32>) -> tensor<2x5x5xi1>
  %lower = hlo.select %is_lower, %a, %zero : tensor<2x5x5xi1>, tensor<2x5x5xf32>
  %upper = hlo.select %is_upper, %a, %zero : tensor<2x5x5xi1>, tensor<2x5x5xf32>

  // Left, lower: L x = b.
  %x1 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<2x5x5xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  %b1 = hlo.dot_general %lower, %x1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x5x5xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  check.expect_almost_eq %b1, %b, tolerance = 1.0e-4 : tensor<2x5x3xf32>

  // Left, upper, transposed: U^T x = b.
  %x2 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = false, unit_diagonal = false, transpose_a = #hlo<transpose TRANSPOSE>} : (tensor<2x5x5xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  %b2 = hlo.dot_general %upper, %x2, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x5x5xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  check.expect_almost_eq %b2, %b, tolerance = 1.0e-4 : tensor<2x5x3xf32>

  // Right, upper, unit diagonal: x U1 = bt, with U1 = U - diag(U) + I.
  %one = hlo.constant dense<1.0> : tensor<2x5x5xf32>
  %u1 = hlo.select %is_diag, %one, %upper : tensor<2x5x5xi1>, tensor<2x5x5xf32>
  %x3 = "hlo.triangular_solve"(%a, %bt) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<2x5x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %b3 = hlo.dot_general %x3, %u1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x5xf32>, tensor<2x5x5xf32>) -> tensor<2x3x5xf32>
  check.expect_almost_eq %b3, %bt, tolerance = 1.0e-4 : tensor<2x3x5xf32>

  // Complex, left, lower, adjoint: L^H x = b.
  %c = hlo.complex %cr, %ci : tensor<5x5xcomplex<f32>>
  %cfour = hlo.constant dense<(4.0, 0.0)> : tensor<5x5xcomplex<f32>>
  %crows = hlo.iota dim = 0 : tensor<5x5xi32>
  %ccols = hlo.iota dim = 1 : tensor<5x5xi32>
  %cdiag = hlo.compare EQ, %crows, %ccols : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
  %cshift = hlo.add %c, %cfour : tensor<5x5xcomplex<f32>>
  %ca = hlo.select %cdiag, %cshift, %c : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
  %clow = hlo.compare GE, %crows, %ccols : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
  %czero = hlo.constant dense<(0.0, 0.0)> : tensor<5x5xcomplex<f32>>
  %cl = hlo.select %clow, %ca, %czero : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
  %x4 = "hlo.triangular_solve"(%ca, %cb) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose ADJOINT>} : (tensor<5x5xcomplex<f32>>, tensor<5x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
  %clh = hlo.conj %cl : tensor<5x5xcomplex<f32>> -> tensor<5x5xcomplex<f32>>
  %b4 = hlo.dot_general %clh, %x4, contracting_dims = [0] x [0] : (tensor<5x5xcomplex<f32>>, tensor<5x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
  check.expect_almost_eq %b4, %cb, tolerance = 1.0e-4 : tensor<5x2xcomplex<f32>>
  return
}
