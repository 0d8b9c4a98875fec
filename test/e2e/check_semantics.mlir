// The rules of each check kind (those of the StableHLO interpreter; see
// docs/runtime.md), one check per rule. Checks marked "fails" must be
// reported, the others must pass: 13 of 28 fail.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --no-print 2>&1 | FileCheck %s

func.func @main() {
  %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
  %negnan = hlo.constant dense<0xFFC00001> : tensor<f32>
  %one = hlo.constant dense<1.0> : tensor<f32>
  %inf = hlo.constant dense<0x7F800000> : tensor<f32>
  %neginf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %negzero = hlo.constant dense<-0.0> : tensor<f32>

  // expect_eq: IEEE ==.
  // CHECK: check_semantics.mlir:[[# @LINE + 3]]:3: error: check.expect_eq failed: 1 of 1 element differs
  // CHECK-NEXT: first mismatch at index []: actual nan, expected nan
  // CHECK-NEXT: max abs error: none (no pair of finite values)
  check.expect_eq %nan, %nan : tensor<f32>                                  // fails
  check.expect_eq %zero, %negzero : tensor<f32>
  // CHECK: check_semantics.mlir:[[# @LINE + 3]]:3: error: check.expect_eq failed
  // CHECK-NEXT: first mismatch at index [1]: actual (1+nanj), expected (1+nanj)
  %c = hlo.constant dense<[(1.0, 2.0), (1.0, 0x7FC00000)]> : tensor<2xcomplex<f32>>
  check.expect_eq_const %c, dense<[(1.0, 2.0), (1.0, 0x7FC00000)]> : tensor<2xcomplex<f32>> // fails
  %u = hlo.constant dense<[18446744073709551615, 0]> : tensor<2xui64>
  check.expect_eq_const %u, dense<[18446744073709551615, 0]> : tensor<2xui64>
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_eq failed
  // CHECK-NEXT: first mismatch at index [0]: actual 18446744073709551615, expected 18446744073709551614
  check.expect_eq_const %u, dense<[18446744073709551614, 0]> : tensor<2xui64> // fails

  // expect_almost_eq: NaN matches NaN, infinities match only themselves.
  check.expect_almost_eq %nan, %negnan : tensor<f32>
  // CHECK: check_semantics.mlir:[[# @LINE + 1]]:3: error: check.expect_almost_eq (tolerance 0.0001) failed
  check.expect_almost_eq %nan, %one : tensor<f32>                           // fails
  check.expect_almost_eq %inf, %inf : tensor<f32>
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_almost_eq (tolerance 0.0001) failed
  // CHECK-NEXT: first mismatch at index []: actual inf, expected -inf
  check.expect_almost_eq %inf, %neginf : tensor<f32>                        // fails
  check.expect_almost_eq_const %one, dense<1.00005> : tensor<f32>
  // CHECK: check_semantics.mlir:[[# @LINE + 1]]:3: error: check.expect_almost_eq (tolerance 0.0001) failed
  check.expect_almost_eq_const %one, dense<1.001> : tensor<f32>             // fails
  check.expect_almost_eq_const %one, dense<1.001> : tensor<f32> {tolerance = 0.01 : f64}
  // Complex: both parts must pass.
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_almost_eq (tolerance 0.0001) failed
  // CHECK-NEXT: first mismatch at index [0]: actual (1+2j), expected (1+2.001j)
  check.expect_almost_eq_const %c, dense<[(1.0, 2.001), (1.0, 0x7FC00000)]> : tensor<2xcomplex<f32>> // fails

  // expect_close: ULP distance of the magnitudes' bit patterns.
  check.expect_close %zero, %negzero, max_ulp_difference = 0 : tensor<f32>, tensor<f32>
  check.expect_close %nan, %negnan, max_ulp_difference = 0 : tensor<f32>, tensor<f32>
  check.expect_close %inf, %inf, max_ulp_difference = 0 : tensor<f32>, tensor<f32>
  %max = hlo.constant dense<0x7F7FFFFF> : tensor<f32>
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_close (ULP distance in [0, 1000]) failed
  // CHECK-NEXT: first mismatch at index []: actual inf, expected 3.4028235e+38 (ULP distance infinite)
  check.expect_close %inf, %max, max_ulp_difference = 1000 : tensor<f32>, tensor<f32> // fails
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_close (ULP distance in [0, 5]) failed
  // CHECK-NEXT: (ULP distance infinite)
  check.expect_close %nan, %one, max_ulp_difference = 5 : tensor<f32>, tensor<f32> // fails
  %next = hlo.constant dense<0x3F800001> : tensor<f32>
  check.expect_close %one, %next, max_ulp_difference = 1 : tensor<f32>, tensor<f32>
  // Below the minimum distance fails too.
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_close (ULP distance in [2, 3]) failed
  // CHECK-NEXT: first mismatch at index []: actual 1.0, expected 1.0000001 (ULP distance 1)
  check.expect_close %one, %next, max_ulp_difference = 3, min_ulp_difference = 2 : tensor<f32>, tensor<f32> // fails
  // Opposite signs: the distances to zero add up (1 + 1).
  %tiny = hlo.constant dense<0x00000001> : tensor<f32>
  %negtiny = hlo.constant dense<0x80000001> : tensor<f32>
  check.expect_close %tiny, %negtiny, max_ulp_difference = 2 : tensor<f32>, tensor<f32>
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_close (ULP distance in [0, 1]) failed
  // CHECK-NEXT: first mismatch at index []: actual 1e-45, expected -1e-45 (ULP distance 2)
  check.expect_close %tiny, %negtiny, max_ulp_difference = 1 : tensor<f32>, tensor<f32> // fails
  // Complex: the larger of the parts' distances (here 0 and 3).
  %z1 = hlo.constant dense<(1.0, 1.0)> : tensor<complex<f32>>
  %z2 = hlo.constant dense<(1.0, 0x3F800003)> : tensor<complex<f32>>
  check.expect_close %z1, %z2, max_ulp_difference = 3 : tensor<complex<f32>>, tensor<complex<f32>>
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_close (ULP distance in [0, 2]) failed
  // CHECK-NEXT: (ULP distance 3)
  check.expect_close %z1, %z2, max_ulp_difference = 2 : tensor<complex<f32>>, tensor<complex<f32>> // fails
  // Distances count in the element type's own bits: 1 ULP in f16, bf16, f64.
  %h1 = hlo.constant dense<1.0> : tensor<f16>
  %h2 = hlo.constant dense<0x3C01> : tensor<f16>
  check.expect_close %h1, %h2, max_ulp_difference = 1 : tensor<f16>, tensor<f16>
  %b1 = hlo.constant dense<1.0> : tensor<bf16>
  %b2 = hlo.constant dense<0x3F81> : tensor<bf16>
  check.expect_close %b1, %b2, max_ulp_difference = 1 : tensor<bf16>, tensor<bf16>
  %d1 = hlo.constant dense<1.0> : tensor<f64>
  %d2 = hlo.constant dense<0x3FF0000000000001> : tensor<f64>
  check.expect_close %d1, %d2, max_ulp_difference = 1 : tensor<f64>, tensor<f64>
  // CHECK: check_semantics.mlir:[[# @LINE + 2]]:3: error: check.expect_close (ULP distance in [0, 0]) failed
  // CHECK-NEXT: first mismatch at index []: actual 1.0, expected 1.0000000000000002 (ULP distance 1)
  check.expect_close %d1, %d2, max_ulp_difference = 0 : tensor<f64>, tensor<f64> // fails
  return
}
// CHECK: 13 of 28 check(s) failed
// CHECK: exit code: 1
