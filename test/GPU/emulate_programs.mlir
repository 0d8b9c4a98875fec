// Programs whose GPU compilation the emulator (--gpu-emulate) caught
// failing: a triangular solve of complex numbers, whose host loop divides
// by a conjugate (complex arithmetic on the host, which the GPU pipeline
// did not lower), and tensors with no elements (an empty copy between host
// and device, which the runtime lowering refused as non-contiguous).
// RUN: xla-run %s --entry=adjoint_solve --target=cuda --gpu-emulate --no-print 2>&1 | FileCheck %s
// RUN: xla-run %s --entry=empty --target=cuda --gpu-emulate 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: xla-run %s --entry=adjoint_solve --no-print 2>&1 | FileCheck %s
// CHECK: all 1 check(s) passed
// EMPTY: output 0: tensor<2x0xi8>
// EMPTY: output 1: tensor<3xf32>
// EMPTY: all 1 check(s) passed

// conj(a)^T x = b for a lower triangular a: x = [2.5 + 1.5i, -2i].
func.func @adjoint_solve() {
  %a = stablehlo.constant dense<[[(2.0, 0.0), (0.0, 0.0)], [(1.0, 1.0), (1.0, -1.0)]]> : tensor<2x2xcomplex<f32>>
  %b = stablehlo.constant dense<[[(3.0, 1.0)], [(2.0, -2.0)]]> : tensor<2x1xcomplex<f32>>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
  check.expect_almost_eq_const %x, dense<[[(2.5, 1.5)], [(0.0, -2.0)]]> : tensor<2x1xcomplex<f32>>
  func.return
}

func.func @empty(%e: tensor<2x0xi8>, %f: tensor<3x0xf32>) -> (tensor<2x0xi8>, tensor<3xf32>) {
  %zero = stablehlo.constant dense<1.0> : tensor<f32>
  %sum = stablehlo.reduce(%f init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<3x0xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_almost_eq_const %sum, dense<1.0> : tensor<3xf32>
  func.return %e, %sum : tensor<2x0xi8>, tensor<3xf32>
}
