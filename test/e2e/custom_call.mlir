// hlo.custom_call runs a function registered with the runtime (here the
// test functions xla-run registers with --test-custom-calls); a target
// nobody registered is a compile error at the op (exit 2); an error the
// function returns is a run-time error (exit 3).
// RUN: %python %S/Inputs/exit_code.py xla-run %s --test-custom-calls --no-print \
// RUN:   --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/i32_4.npy,%S/Inputs/i32_scalar.npy 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --no-print \
// RUN:   --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/i32_4.npy,%S/Inputs/i32_scalar.npy 2>&1 | FileCheck %s --check-prefix=UNREGISTERED
// RUN: %python %S/Inputs/exit_code.py xla-run %s --test-custom-calls --entry failing --no-print \
// RUN:   --input %S/Inputs/a_2x3_f32.npy 2>&1 | FileCheck %s --check-prefix=FAILING

// CHECK: all 3 check(s) passed
// CHECK: exit code: 0
// UNREGISTERED: custom_call.mlir:[[# @LINE + 7]]:8: error: custom call target 'xla_run.test.add_one' is not registered with the runtime
// UNREGISTERED: custom_call.mlir:[[# @LINE + 10]]:10: error: custom call target 'xla_run.test.sum_and_count' is not registered with the runtime
// UNREGISTERED-NOT: xla_run.test.fail
// UNREGISTERED: exit code: 2
func.func @main(%a: tensor<2x3xf32>, %i: tensor<4xi32>, %j: tensor<i32>)
    -> (tensor<2x3xf32>, tensor<i64>, tensor<i32>) {
  // a + 1 computed by the host, then used by compiled code.
  %0 = hlo.custom_call @xla_run.test.add_one(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = hlo.add %0, %a : tensor<2x3xf32>
  check.expect_eq_const %1, dense<[[3.0, 6.0, 7.0], [9.0, 11.0, 13.0]]> : tensor<2x3xf32>
  // Several operands and results, 0-d ones included: 1 - 2 + 3 - 4 + 5.
  %2:2 = hlo.custom_call @xla_run.test.sum_and_count(%i, %j) : (tensor<4xi32>, tensor<i32>) -> (tensor<i64>, tensor<i32>)
  check.expect_eq_const %2#0, dense<3> : tensor<i64>
  check.expect_eq_const %2#1, dense<2> : tensor<i32>
  return %1, %2#0, %2#1 : tensor<2x3xf32>, tensor<i64>, tensor<i32>
}

// FAILING: custom call 'xla_run.test.fail': boom
// FAILING: exit code: 3
func.func @failing(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.custom_call @xla_run.test.fail(%a) {backend_config = "boom", has_side_effect = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
