// Elementwise programs whose inputs are generated from a seed, so nothing
// can be constant-folded away; every check must pass, with and without
// fusion.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 1 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 2 --fusion=false 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 3 --opt-level=0 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<4x8xf32>
// CHECK: output 1: tensor<4x8xi32>
// CHECK: output 2: tensor<4x8xi1>
// CHECK-NOT: error
// CHECK: exit code: 0

func.func @main(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %i: tensor<4x8xi32>)
    -> (tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi1>) {
  // (x + y) - y is x up to rounding: almost_eq with the default 1e-4.
  %s = hlo.add %x, %y : tensor<4x8xf32>
  %d = hlo.subtract %s, %y : tensor<4x8xf32>
  check.expect_almost_eq %d, %x : tensor<4x8xf32>
  // x * 2 and x + x are the same float: exact and 0 ULP apart.
  %two = hlo.constant dense<2.0> : tensor<4x8xf32>
  %m = hlo.multiply %x, %two : tensor<4x8xf32>
  %a = hlo.add %x, %x : tensor<4x8xf32>
  check.expect_eq %m, %a : tensor<4x8xf32>
  check.expect_close %m, %a, max_ulp_difference = 0 : tensor<4x8xf32>, tensor<4x8xf32>
  // exp(log(|x| + 1)) - 1 is |x| within a few ULP.
  %ax = hlo.abs %x : tensor<4x8xf32>
  %one = hlo.constant dense<1.0> : tensor<4x8xf32>
  %p = hlo.add %ax, %one : tensor<4x8xf32>
  %l = hlo.log %p : tensor<4x8xf32>
  %e = hlo.exponential %l : tensor<4x8xf32>
  check.expect_close %e, %p, max_ulp_difference = 4 : tensor<4x8xf32>, tensor<4x8xf32>
  // Integers: (i + i) - i == i; i * i >= 0 (generated values are small).
  %ii = hlo.add %i, %i : tensor<4x8xi32>
  %i1 = hlo.subtract %ii, %i : tensor<4x8xi32>
  check.expect_eq %i1, %i : tensor<4x8xi32>
  %sq = hlo.multiply %i, %i : tensor<4x8xi32>
  %zero = hlo.constant dense<0> : tensor<4x8xi32>
  %nonneg = hlo.compare GE, %sq, %zero : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<4x8xi1>
  %true = hlo.constant dense<true> : tensor<4x8xi1>
  check.expect_eq %nonneg, %true : tensor<4x8xi1>
  return %d, %i1, %nonneg : tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi1>
}
