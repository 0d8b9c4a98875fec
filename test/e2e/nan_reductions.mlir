// Max and min reductions propagate NaN wherever it sits in a row: in the
// first vector (carried by the accumulator from the start), in the middle
// and in the last lane. The vectorized loops test each element for NaN
// off the accumulator's chain (xla-expand-min-max); rows without NaN match
// a reduction in two steps, whose order differs.
// RUN: xla-run %s --seed 1 --no-print 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 2 --no-print --target=vector-bits=256 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 3 --no-print --vectorize=false 2>&1 | FileCheck %s
// CHECK: all 4 check(s) passed

func.func @main(%x: tensor<4x1024xf32>) {
  %pos = hlo.constant dense<[0, 517, 1023, -1]> : tensor<4xi32>
  %posb = hlo.broadcast_in_dim %pos, dims = [0] : (tensor<4xi32>) -> tensor<4x1024xi32>
  %col = hlo.iota dim = 1 : tensor<4x1024xi32>
  %at = hlo.compare EQ, %col, %posb : (tensor<4x1024xi32>, tensor<4x1024xi32>) -> tensor<4x1024xi1>
  %nan = hlo.constant dense<0x7FC00000> : tensor<4x1024xf32>
  %y = hlo.select %at, %nan, %x : tensor<4x1024xi1>, tensor<4x1024xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %inf = hlo.constant dense<0x7F800000> : tensor<f32>
  %max = hlo.reduce(%y init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<4x1024xf32>, tensor<f32>) -> tensor<4xf32>
  %min = hlo.reduce(%y init: %inf) applies hlo.minimum across dimensions = [1] : (tensor<4x1024xf32>, tensor<f32>) -> tensor<4xf32>
  %max3 = hlo.slice %max [0:3] : (tensor<4xf32>) -> tensor<3xf32>
  %min3 = hlo.slice %min [0:3] : (tensor<4xf32>) -> tensor<3xf32>
  // expect_almost_eq takes two NaNs as equal (expect_eq is IEEE ==).
  %nan3 = hlo.constant dense<0x7FC00000> : tensor<3xf32>
  check.expect_almost_eq %max3, %nan3, tolerance = 0.0 : tensor<3xf32>
  check.expect_almost_eq %min3, %nan3, tolerance = 0.0 : tensor<3xf32>
  // Row 3 has no NaN: against [8, 128] pieces reduced in two steps.
  %last = hlo.slice %x [3:4, 0:1024] : (tensor<4x1024xf32>) -> tensor<1x1024xf32>
  %pieces = hlo.reshape %last : (tensor<1x1024xf32>) -> tensor<8x128xf32>
  %pmax = hlo.reduce(%pieces init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %pmin = hlo.reduce(%pieces init: %inf) applies hlo.minimum across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %max2 = hlo.reduce(%pmax init: %ninf) applies hlo.maximum across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  %min2 = hlo.reduce(%pmin init: %inf) applies hlo.minimum across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  %max_last = hlo.slice %max [3:4] : (tensor<4xf32>) -> tensor<1xf32>
  %min_last = hlo.slice %min [3:4] : (tensor<4xf32>) -> tensor<1xf32>
  %max_r = hlo.reshape %max_last : (tensor<1xf32>) -> tensor<f32>
  %min_r = hlo.reshape %min_last : (tensor<1xf32>) -> tensor<f32>
  check.expect_eq %max_r, %max2 : tensor<f32>
  check.expect_eq %min_r, %min2 : tensor<f32>
  return
}
