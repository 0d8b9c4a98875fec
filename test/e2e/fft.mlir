// Fourier transforms of seeded data: RFFT then IRFFT gives the input back,
// RFFT agrees with the FFT of the same signal as complex numbers, and a 2-D
// FFT of complex f64 data is undone by the 2-D IFFT.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 3 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 11 --fusion=false 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<6x9xcomplex<f32>>
// CHECK-NOT: error
// CHECK: all 3 check(s) passed
// CHECK: exit code: 0

func.func @main(%x: tensor<6x16xf32>, %re: tensor<3x4x8xf64>, %im: tensor<3x4x8xf64>)
    -> tensor<6x9xcomplex<f32>> {
  %spectrum = hlo.fft %x, type = RFFT, length = [16] : (tensor<6x16xf32>) -> tensor<6x9xcomplex<f32>>
  %back = hlo.fft %spectrum, type = IRFFT, length = [16] : (tensor<6x9xcomplex<f32>>) -> tensor<6x16xf32>
  check.expect_almost_eq %back, %x, tolerance = 1.0e-5 : tensor<6x16xf32>

  %zeros = hlo.constant dense<0.0> : tensor<6x16xf32>
  %z = hlo.complex %x, %zeros : tensor<6x16xcomplex<f32>>
  %full = hlo.fft %z, type = FFT, length = [16] : (tensor<6x16xcomplex<f32>>) -> tensor<6x16xcomplex<f32>>
  %kept = hlo.slice %full [0:6, 0:9] : (tensor<6x16xcomplex<f32>>) -> tensor<6x9xcomplex<f32>>
  check.expect_almost_eq %kept, %spectrum, tolerance = 1.0e-6 : tensor<6x9xcomplex<f32>>

  %w = hlo.complex %re, %im : tensor<3x4x8xcomplex<f64>>
  %w_hat = hlo.fft %w, type = FFT, length = [4, 8] : (tensor<3x4x8xcomplex<f64>>) -> tensor<3x4x8xcomplex<f64>>
  %w_back = hlo.fft %w_hat, type = IFFT, length = [4, 8] : (tensor<3x4x8xcomplex<f64>>) -> tensor<3x4x8xcomplex<f64>>
  check.expect_almost_eq %w_back, %w, tolerance = 1.0e-12 : tensor<3x4x8xcomplex<f64>>
  return %spectrum : tensor<6x9xcomplex<f32>>
}
