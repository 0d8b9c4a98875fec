// Interpret-style files: --split-input-file runs every chunk between split
// markers as its own program, whose entry is @main or its only function;
// the exit code is the worst of the chunks. --entry picks a function by
// name (chunks without it fail to compile).
// RUN: %python %S/Inputs/exit_code.py xla-run %s --split-input-file 2>&1 | FileCheck %s
// RUN: not xla-run %s --split-input-file --entry second 2>&1 | FileCheck %s --check-prefix=ENTRY

// CHECK: --- chunk 0 ---
// CHECK: all 1 check(s) passed
func.func @add_op_test_ui8() {
  %0 = hlo.constant dense<[0, 16, 255]> : tensor<3xui8>
  %1 = hlo.constant dense<[255, 16, 1]> : tensor<3xui8>
  %2 = hlo.add %0, %1 : tensor<3xui8>
  check.expect_eq_const %2, dense<[255, 32, 0]> : tensor<3xui8>
  func.return
}

// -----

// CHECK: --- chunk 1 ---
// CHECK: split_entry.mlir:[[# @LINE + 5]]:3: error: check.expect_eq failed: 1 of 2 elements differs
// CHECK-NEXT: first mismatch at index [1]: actual -2, expected 2
func.func @neg_op_test_si8() {
  %0 = hlo.constant dense<[-128, 2]> : tensor<2xi8>
  %1 = hlo.negate %0 : tensor<2xi8>
  check.expect_eq_const %1, dense<[-128, 2]> : tensor<2xi8>
  func.return
}

// -----

// CHECK: --- chunk 2 ---
// CHECK: all 2 check(s) passed
// CHECK: exit code: 1
// ENTRY: --- chunk 2 ---
// ENTRY: output 0: tensor<2xf32>
// ENTRY-NEXT: [3. 4.]
func.func @main() {
  %0 = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = hlo.add %0, %0 : tensor<2xf32>
  check.expect_almost_eq_const %1, dense<[2.0, 4.0]> : tensor<2xf32>
  check.expect_close %1, %1, max_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  func.return
}
func.func @second() -> tensor<2xf32> {
  %0 = hlo.constant dense<[1.5, 2.0]> : tensor<2xf32>
  %1 = hlo.multiply %0, %0 : tensor<2xf32>
  %2 = hlo.constant dense<[0.75, 0.0]> : tensor<2xf32>
  %3 = hlo.add %1, %2 : tensor<2xf32>
  return %3 : tensor<2xf32>
}
