// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// hlo.fft becomes hloext.fft into an empty tensor of the result type.

// CHECK-LABEL: func @rfft
// CHECK-SAME: (%[[X:.*]]: tensor<14x17xf32>)
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<14x9xcomplex<f32>>
// CHECK: %[[R:.*]] = hloext.fft RFFT fft_length = [17] ins(%[[X]] : tensor<14x17xf32>) outs(%[[EMPTY]] : tensor<14x9xcomplex<f32>>) -> tensor<14x9xcomplex<f32>>
// CHECK: return %[[R]]
func.func @rfft(%x: tensor<14x17xf32>) -> tensor<14x9xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = RFFT, length = [17] : (tensor<14x17xf32>) -> tensor<14x9xcomplex<f32>>
  return %0 : tensor<14x9xcomplex<f32>>
}

// -----

// CHECK-LABEL: func @ifft_2d
// CHECK: hloext.fft IFFT fft_length = [2, 2] ins(%{{.*}} : tensor<2x2xcomplex<f64>>) outs(%{{.*}} : tensor<2x2xcomplex<f64>>)
func.func @ifft_2d(%x: tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>> {
  %0 = stablehlo.fft %x, type = IFFT, length = [2, 2] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  return %0 : tensor<2x2xcomplex<f64>>
}
