// Sorts of seeded rows of 300 elements (nine merge passes). Keys are
// rounded to quarters so rows have many ties; an argsort (keys with their
// positions, comparing keys only) must be ordered, stable (tied keys keep
// their positions in increasing order) and a permutation of the row (the
// keys gathered at the sorted positions are the sorted keys). A descending
// sort of the unrounded (distinct) keys is the ascending sort reversed.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 2 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 9 --fusion=false 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<4x300xf32>
// CHECK-NOT: error
// CHECK: all 4 check(s) passed
// CHECK: exit code: 0

func.func @main(%x: tensor<4x300xf32>) -> tensor<4x300xf32> {
  %four = hlo.constant dense<4.0> : tensor<4x300xf32>
  %scaled = hlo.multiply %x, %four : tensor<4x300xf32>
  %keys = hlo.floor %scaled : tensor<4x300xf32>
  %positions = hlo.iota dim = 1 : tensor<4x300xi32>
  %sorted:2 = "hlo.sort"(%keys, %positions) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4x300xf32>, tensor<4x300xi32>) -> (tensor<4x300xf32>, tensor<4x300xi32>)

  // Ordered, and stable: key[i] < key[i+1], or equal keys with increasing
  // positions.
  %k0 = hlo.slice %sorted#0 [0:4, 0:299] : (tensor<4x300xf32>) -> tensor<4x299xf32>
  %k1 = hlo.slice %sorted#0 [0:4, 1:300] : (tensor<4x300xf32>) -> tensor<4x299xf32>
  %p0 = hlo.slice %sorted#1 [0:4, 0:299] : (tensor<4x300xi32>) -> tensor<4x299xi32>
  %p1 = hlo.slice %sorted#1 [0:4, 1:300] : (tensor<4x300xi32>) -> tensor<4x299xi32>
  %ordered = hlo.compare LE, %k0, %k1, FLOAT : (tensor<4x299xf32>, tensor<4x299xf32>) -> tensor<4x299xi1>
  check.expect_eq_const %ordered, dense<true> : tensor<4x299xi1>
  %tied = hlo.compare EQ, %k0, %k1, FLOAT : (tensor<4x299xf32>, tensor<4x299xf32>) -> tensor<4x299xi1>
  %later = hlo.compare GT, %p0, %p1, SIGNED : (tensor<4x299xi32>, tensor<4x299xi32>) -> tensor<4x299xi1>
  %unstable = hlo.and %tied, %later : tensor<4x299xi1>
  check.expect_eq_const %unstable, dense<false> : tensor<4x299xi1>

  // A permutation: the keys at the sorted positions.
  %gathered = "hlo.torch_index_select"(%keys, %sorted#1) {dim = 1 : i64, batch_dims = 1 : i64}
      : (tensor<4x300xf32>, tensor<4x300xi32>) -> tensor<4x300xf32>
  check.expect_eq %gathered, %sorted#0 : tensor<4x300xf32>

  // Descending on distinct keys is ascending reversed.
  %up = "hlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4x300xf32>) -> tensor<4x300xf32>
  %down = "hlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = hlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<4x300xf32>) -> tensor<4x300xf32>
  %reversed = hlo.reverse %down, dims = [1] : tensor<4x300xf32>
  check.expect_eq %up, %reversed : tensor<4x300xf32>
  return %sorted#0 : tensor<4x300xf32>
}
