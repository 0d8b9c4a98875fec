// check.expect_serialized_eq compares with a tensor an interpreter probe
// wrote to disk; the CPU runtime reports it as skipped and does not count it
// as passed or failed.
// RUN: %python %S/Inputs/exit_code.py xla-run %s 2>&1 | FileCheck %s
// CHECK: skipped_check.mlir:[[# @LINE + 5]]:3: warning: check skipped (not supported by the CPU runtime)
// CHECK: all 1 check(s) passed, 1 skipped
// CHECK: exit code: 0
func.func @main() {
  %0 = hlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_serialized_eq %0, probe_id = "probe0" : tensor<2xi32>
  check.expect_eq_const %0, dense<[1, 2]> : tensor<2xi32>
  return
}
