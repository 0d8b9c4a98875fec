// Failing checks: every failure is reported with the check's location, the
// first bad index, both values (printed for the element type: unsigned,
// bool, f16, complex), the mismatch count and the max abs error; passing
// checks are counted; the exit code is 1.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --no-print \
// RUN:   --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy \
// RUN:   --input %S/Inputs/ui8_4.npy --input %S/Inputs/bool_4.npy \
// RUN:   --input %S/Inputs/f16_4.npy --input %S/Inputs/c64_2.npy 2>&1 \
// RUN:   | FileCheck %s

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %u: tensor<4xui8>,
                %p: tensor<4xi1>, %h: tensor<4xf16>, %c: tensor<2xcomplex<f32>>) {
  %sum = hlo.add %a, %b : tensor<2x3xf32>
  // Passes: a + b is [[1.5, 3.5, 2], [6, 5, 6.001]].
  check.expect_almost_eq_const %sum, dense<[[1.5, 3.5, 2.0], [6.0, 5.0, 6.001]]> : tensor<2x3xf32>
  // CHECK: check_failure.mlir:[[@LINE+3]]:3: error: check.expect_eq failed: 1 of 6 elements differs
  // CHECK-NEXT: first mismatch at index [1, 2]: actual 6.001, expected 6.5
  // CHECK-NEXT: max abs error: 0.499
  check.expect_eq_const %sum, dense<[[1.5, 3.5, 2.0], [6.0, 5.0, 6.5]]> : tensor<2x3xf32>
  // CHECK: check_failure.mlir:[[@LINE+3]]:3: error: check.expect_close (ULP distance in [0, 3]) failed: 5 of 6 elements differ
  // CHECK-NEXT: first mismatch at index [0, 0]: actual 1.5, expected 1.0 (ULP distance 4194304)
  // CHECK-NEXT: max abs error: 2
  check.expect_close %sum, %a, max_ulp_difference = 3 : tensor<2x3xf32>, tensor<2x3xf32>
  // ui8 arithmetic wraps: 250 + 250 = 244, printed unsigned.
  %u2 = hlo.add %u, %u : tensor<4xui8>
  // CHECK: check_failure.mlir:[[@LINE+3]]:3: error: check.expect_eq failed: 1 of 4 elements differs
  // CHECK-NEXT: first mismatch at index [3]: actual 254, expected 255
  // CHECK-NEXT: max abs error: 1
  check.expect_eq_const %u2, dense<[244, 6, 14, 255]> : tensor<4xui8>
  // CHECK: check_failure.mlir:[[@LINE+2]]:3: error: check.expect_eq failed: 2 of 4 elements differ
  // CHECK-NEXT: first mismatch at index [1]: actual False, expected True
  check.expect_eq_const %p, dense<[true, true, true, true]> : tensor<4xi1>
  // CHECK: check_failure.mlir:[[@LINE+2]]:3: error: check.expect_almost_eq (tolerance 0.01) failed: 1 of 4 elements differs
  // CHECK-NEXT: first mismatch at index [2]: actual 6.55e+04, expected inf
  check.expect_almost_eq_const %h, dense<[0.1, -2.5, 0x7C00, 0.0]> : tensor<4xf16> {tolerance = 0.01 : f64}
  // CHECK: check_failure.mlir:[[@LINE+2]]:3: error: check.expect_almost_eq (tolerance 0.0001) failed: 1 of 2 elements differs
  // CHECK-NEXT: first mismatch at index [1]: actual (-0.5+0.25j), expected (-0.5-0.25j)
  check.expect_almost_eq_const %c, dense<[(1.0, 2.0), (-0.5, -0.25)]> : tensor<2xcomplex<f32>>
  return
}
// CHECK: 6 of 7 check(s) failed
// CHECK: exit code: 1
