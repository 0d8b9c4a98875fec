// RUN: xla-run %s --input %S/Inputs/tiny_f32.npy --no-print 2>&1 | FileCheck %s

// expm1 and log1p near 0 must keep full precision (exp(x)-1 would give
// 1.19e-7 for x = 1e-7, hundreds of thousands of ULP away). The expected
// values are numpy's float64 results rounded to f32.
// CHECK: all 2 check(s) passed
func.func @main(%x: tensor<4xf32>) {
  %e0 = hlo.constant dense<[1.000000082740371e-07, -9.999999406318238e-08, 1.0000049769587349e-05, 0.6487212777137756]> : tensor<4xf32>
  %e1 = hlo.constant dense<[9.999999406318238e-08, -1.000000082740371e-07, 9.999949725170154e-06, 0.40546509623527527]> : tensor<4xf32>
  %0 = hlo.exponential_minus_one %x : tensor<4xf32>
  check.expect_close %0, %e0, max_ulp_difference = 1 : tensor<4xf32>, tensor<4xf32>
  %1 = hlo.log_plus_one %x : tensor<4xf32>
  check.expect_close %1, %e1, max_ulp_difference = 1 : tensor<4xf32>, tensor<4xf32>
  return
}
