// Convolutions on generated integer inputs are bilinear, exactly:
// conv(x, w1 + w2) == conv(x, w1) + conv(x, w2), for the named-op path
// (NHWC) and the generic path (NCHW with feature groups). Dilations,
// reversal and batch groups are checked on known inputs (expected values
// from jax.lax.conv_general_dilated).
// RUN: xla-run %s --seed 1 --no-print
// RUN: xla-run %s --seed 2 --no-print --fusion=false

func.func @main(%x: tensor<2x6x6x3xi32>, %w1: tensor<3x3x3x4xi32>, %w2: tensor<3x3x3x4xi32>,
                %y: tensor<1x4x7x5xi32>, %v1: tensor<6x2x2x3xi32>, %v2: tensor<6x2x2x3xi32>) {
  %w = hlo.add %w1, %w2 : tensor<3x3x3x4xi32>
  %c = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [0, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xi32>, tensor<3x3x3x4xi32>) -> tensor<2x3x6x4xi32>
  %c1 = hlo.convolution(%x, %w1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [0, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xi32>, tensor<3x3x3x4xi32>) -> tensor<2x3x6x4xi32>
  %c2 = hlo.convolution(%x, %w2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [0, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xi32>, tensor<3x3x3x4xi32>) -> tensor<2x3x6x4xi32>
  %c12 = hlo.add %c1, %c2 : tensor<2x3x6x4xi32>
  check.expect_eq %c, %c12 : tensor<2x3x6x4xi32>

  %v = hlo.add %v1, %v2 : tensor<6x2x2x3xi32>
  %g = hlo.convolution(%y, %v) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x7x5xi32>, tensor<6x2x2x3xi32>) -> tensor<1x6x6x1xi32>
  %g1 = hlo.convolution(%y, %v1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x7x5xi32>, tensor<6x2x2x3xi32>) -> tensor<1x6x6x1xi32>
  %g2 = hlo.convolution(%y, %v2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x7x5xi32>, tensor<6x2x2x3xi32>) -> tensor<1x6x6x1xi32>
  %g12 = hlo.add %g1, %g2 : tensor<1x6x6x1xi32>
  check.expect_eq %g, %g12 : tensor<1x6x6x1xi32>

  // Stride, padding, lhs and rhs dilation and window reversal together.
  %kx = hlo.constant dense<[[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]]> : tensor<1x2x5xi32>
  %kw = hlo.constant dense<[[[1, -1], [2, 0]], [[0, 1], [-1, 3]], [[2, 2], [1, -2]]]> : tensor<3x2x2xi32>
  %k = hlo.convolution(%kx, %kw) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[2, 1]], lhs_dilate = [2], rhs_dilate = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x5xi32>, tensor<3x2x2xi32>) -> tensor<1x3x5xi32>
  check.expect_eq_const %k, dense<[[[13, 15, 17, 19, 21], [-6, 12, 15, 18, 21], [8, 1, 4, 7, 10]]]> : tensor<1x3x5xi32>

  // batch_group_count = 2.
  %bx = hlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]]]> : tensor<2x4x2xi32>
  %bw = hlo.constant dense<[[[-2, -1, 0, 1], [2, -2, -1, 0]], [[1, 2, -2, -1], [0, 1, 2, -2]]]> : tensor<2x2x4xi32>
  %b = hlo.convolution(%bx, %bw) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x4x2xi32>, tensor<2x2x4xi32>) -> tensor<1x3x4xi32>
  check.expect_eq_const %b, dense<[[[5, 5, -8, -26], [7, 5, -10, -30], [9, 5, -12, -34]]]> : tensor<1x3x4xi32>
  return
}
