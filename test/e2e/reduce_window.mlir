// reduce_window on generated inputs: non-overlapping integer sum pooling
// keeps the total, max pooling with padding keeps the maximum; dilations
// and negative padding are checked on a known input (expected values from
// jax.lax.reduce_window).
// RUN: xla-run %s --seed 1 --no-print
// RUN: xla-run %s --seed 2 --no-print --fusion=false

func.func @main(%x: tensor<4x6xi32>, %f: tensor<5x7xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %pool = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<4x6xi32>, tensor<i32>) -> tensor<2x3xi32>
  %t1 = hlo.reduce(%pool init: %zero) applies hlo.add across dimensions = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32>
  %t2 = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [0, 1] : (tensor<4x6xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq %t1, %t2 : tensor<i32>

  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %mp = "hlo.reduce_window"(%f, %ninf) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<5x7xf32>, tensor<f32>) -> tensor<3x4xf32>
  %m1 = hlo.reduce(%mp init: %ninf) applies hlo.maximum across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
  %m2 = hlo.reduce(%f init: %ninf) applies hlo.maximum across dimensions = [0, 1] : (tensor<5x7xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq %m1, %m2 : tensor<f32>

  // Base dilation (rows), window dilation (columns), negative padding.
  %k = hlo.constant dense<[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17, 18], [19, 20, 21, 22, 23, 24]]> : tensor<4x6xi32>
  %d = "hlo.reduce_window"(%k, %zero) <{base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 2>, padding = dense<[[1, 0], [0, -1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<4x6xi32>, tensor<i32>) -> tensor<3x3xi32>
  check.expect_eq_const %d, dense<[[4, 6, 8], [16, 18, 20], [28, 30, 32]]> : tensor<3x3xi32>

  // Padding holds the init value, so windows over it see -inf.
  %kf = hlo.convert %k : (tensor<4x6xi32>) -> tensor<4x6xf32>
  %pm = "hlo.reduce_window"(%kf, %ninf) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<5x3xf32>
  check.expect_eq_const %pm, dense<[[2.0, 4.0, 6.0], [8.0, 10.0, 12.0], [14.0, 16.0, 18.0], [20.0, 22.0, 24.0], [20.0, 22.0, 24.0]]> : tensor<5x3xf32>
  return
}
