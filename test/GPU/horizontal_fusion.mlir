// Horizontal fusion (--gpu-horizontal-fusion, on by default) end to end:
// two fusions that do not depend on one another, the column sums of two
// bias gradients and their updates, run as one kernel launch in the GPU
// emulator, and as two with the option off; the results are the same.
// RUN: rm -rf %t && xla-run %s --target=cuda --gpu-emulate --fold-constants=false --dump-to=%t 2>&1 | FileCheck %s
// RUN: cat %t/passes/*/*_gpu-kernel-outlining.mlir | FileCheck %s --check-prefix=ONE
// RUN: rm -rf %t && xla-run %s --target=cuda --gpu-emulate --fold-constants=false --gpu-horizontal-fusion=false --dump-to=%t 2>&1 | FileCheck %s
// RUN: cat %t/passes/*/*_gpu-kernel-outlining.mlir | FileCheck %s --check-prefix=TWO
// CHECK: all 2 check(s) passed
// ONE-COUNT-1: gpu.launch_func
// ONE-NOT:     gpu.launch_func
// TWO-COUNT-2: gpu.launch_func
// TWO-NOT:     gpu.launch_func

func.func @main() {
  %g1 = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], [-1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0]]> : tensor<4x8xf32>
  %g2 = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]> : tensor<4x3xf32>
  %p1 = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<8xf32>
  %p2 = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s1 = stablehlo.reduce(%g1 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %s2 = stablehlo.reduce(%g2 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<3xf32>
  %half = stablehlo.constant dense<0.5> : tensor<f32>
  %h1 = stablehlo.broadcast_in_dim %half, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %h2 = stablehlo.broadcast_in_dim %half, dims = [] : (tensor<f32>) -> tensor<3xf32>
  %d1 = stablehlo.multiply %s1, %h1 : tensor<8xf32>
  %d2 = stablehlo.multiply %s2, %h2 : tensor<3xf32>
  %n1 = stablehlo.subtract %p1, %d1 : tensor<8xf32>
  %n2 = stablehlo.subtract %p2, %d2 : tensor<3xf32>
  check.expect_almost_eq_const %n1, dense<[0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25]> : tensor<8xf32>
  check.expect_almost_eq_const %n2, dense<[-10.0, -11.0, -12.0]> : tensor<3xf32>
  func.return
}
