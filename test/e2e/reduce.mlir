// Reductions on generated inputs: integer sums and float max/min do not
// depend on the order of combination, so reducing in two steps must give
// exactly the one-step result.
// RUN: xla-run %s --seed 1 --no-print
// RUN: xla-run %s --seed 2 --no-print --fusion=false

func.func @main(%x: tensor<3x4x5xi32>, %f: tensor<6x7xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %all = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [0, 1, 2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<i32>
  %s1 = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [2, 0] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<4xi32>
  %s2 = hlo.reduce(%s1 init: %zero) applies hlo.add across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq %all, %s2 : tensor<i32>
  // The init value enters once per result element: sum(x + 0) with init 7
  // is 7 more than with init 0.
  %seven = hlo.constant dense<7> : tensor<i32>
  %all7 = hlo.reduce(%x init: %seven) applies hlo.add across dimensions = [0, 1, 2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<i32>
  %all_plus7 = hlo.add %all, %seven : tensor<i32>
  check.expect_eq %all7, %all_plus7 : tensor<i32>
  // Float max in two steps.
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce(%f init: %ninf) applies hlo.maximum across dimensions = [0, 1] : (tensor<6x7xf32>, tensor<f32>) -> tensor<f32>
  %m1 = hlo.reduce(%f init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<6x7xf32>, tensor<f32>) -> tensor<6xf32>
  %m2 = hlo.reduce(%m1 init: %ninf) applies hlo.maximum across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq %m, %m2 : tensor<f32>
  // Variadic argmax: the value result is the plain max; the index result
  // is checked on a known input (first index among equal maxima).
  %idx = hlo.constant dense<[[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6]]> : tensor<6x7xi32>
  %amax:2 = hlo.reduce(%f init: %ninf), (%idx init: %zero) across dimensions = [1] : (tensor<6x7xf32>, tensor<6x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = hlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = hlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %take = hlo.or %gt, %tie : tensor<i1>
    %v = hlo.select %take, %a, %b : tensor<i1>, tensor<f32>
    %j = hlo.select %take, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  check.expect_eq %amax#0, %m1 : tensor<6xf32>
  %k = hlo.constant dense<[[1.0, 5.0, 2.0, 5.0], [-1.0, -3.0, -1.0, -2.0]]> : tensor<2x4xf32>
  %kidx = hlo.constant dense<[[0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<2x4xi32>
  %kmax:2 = hlo.reduce(%k init: %ninf), (%kidx init: %zero) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = hlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = hlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %take = hlo.or %gt, %tie : tensor<i1>
    %v = hlo.select %take, %a, %b : tensor<i1>, tensor<f32>
    %j = hlo.select %take, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %kmax#0, dense<[5.0, -1.0]> : tensor<2xf32>
  check.expect_eq_const %kmax#1, dense<[1, 0]> : tensor<2xi32>
  // Unsigned max compares unsigned: 200 > 100 although -56 < 100 as i8.
  %uk = hlo.constant dense<[100, 200, 3]> : tensor<3xui8>
  %u0 = hlo.constant dense<0> : tensor<ui8>
  %umax = hlo.reduce(%uk init: %u0) applies hlo.maximum across dimensions = [0] : (tensor<3xui8>, tensor<ui8>) -> tensor<ui8>
  check.expect_eq_const %umax, dense<200> : tensor<ui8>
  // A non-commutative body combines (accumulator, element) in order.
  %sx = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %ten = hlo.constant dense<10> : tensor<i32>
  %sub = hlo.reduce(%sx init: %ten) applies hlo.subtract across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %sub, dense<4> : tensor<i32>
  return
}
