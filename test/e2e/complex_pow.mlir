// Complex power on complex<f32> is computed in f64 on the parts, so each
// result is within 2 ulp of the exact value relative to its magnitude
// (XLA's f32 evaluation is up to 14 ulp off on the corpus unit
// pow_complex64_20_30; element 4 here is one of its inputs). Expected
// values are mpmath's, rounded to f32; inputs are arguments so nothing is
// constant-folded: the principal branch on both sides of the cut
// (-1 +- 1e-7 i)^0.5, i^i, large results, and XLA's values for a zero
// base (0^0 = 1, 0^2 = 0, 0^(1+i) and 0^-1 NaN).
// RUN: xla-run %s --input %S/Inputs/pow_c64_base.npy,%S/Inputs/pow_c64_exponent.npy --no-print 2>&1 | FileCheck %s
// CHECK: all 2 check(s) passed
// Complex numbers are lowered only where the program has them
// (test/e2e/time_compile.mlir checks a program without).
// RUN: xla-run %s --input %S/Inputs/pow_c64_base.npy,%S/Inputs/pow_c64_exponent.npy --no-print --no-cache --time-compile 2>&1 | FileCheck %s --check-prefix=LOWERED
// LOWERED: ConvertComplexToStandardPass
// LOWERED: ConvertComplexToLLVMPass
func.func @main(%z: tensor<12xcomplex<f32>>, %w: tensor<12xcomplex<f32>>) {
  %r = hlo.power %z, %w : tensor<12xcomplex<f32>>
  %e = hlo.constant dense<[(0.0, 2.0), (0.0, 1.0), (5.000000058430487e-08, 1.0), (5.000000058430487e-08, -1.0), (3218081.0, -4095127.5), (0.20787957310676575, 0.0), (1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (163294724096.0, 660407910400.0), (911109952.0, 1107552000.0)]> : tensor<12xcomplex<f32>>
  // |r - e| / |e|, where |e| > 0.
  %d = hlo.subtract %r, %e : tensor<12xcomplex<f32>>
  %ad = hlo.abs %d : (tensor<12xcomplex<f32>>) -> tensor<12xf32>
  %ae = hlo.abs %e : (tensor<12xcomplex<f32>>) -> tensor<12xf32>
  %tiny = hlo.constant dense<1.0e-30> : tensor<12xf32>
  %den = hlo.maximum %ae, %tiny : tensor<12xf32>
  %rel = hlo.divide %ad, %den : tensor<12xf32>
  %finite_a = hlo.slice %rel [0:8] : (tensor<12xf32>) -> tensor<8xf32>
  %finite_b = hlo.slice %rel [10:12] : (tensor<12xf32>) -> tensor<2xf32>
  %finite = hlo.concatenate %finite_a, %finite_b, dim = 0 : (tensor<8xf32>, tensor<2xf32>) -> tensor<10xf32>
  check.expect_almost_eq_const %finite, dense<0.0> : tensor<10xf32> {tolerance = 2.4e-07 : f64}
  %nan = hlo.slice %r [8:10] : (tensor<12xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %nan, dense<(0x7FC00000, 0x7FC00000)> : tensor<2xcomplex<f32>>
  return
}
