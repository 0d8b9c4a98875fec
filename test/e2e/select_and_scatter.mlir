// The gradient of a 2x2 max pool on seeded inputs: select_and_scatter
// (first maximum, add) against an independent lowering that compares every
// element with the maximum of its window (built from strided slices) and
// takes the source value where it matches. Seeded floats have no ties.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 4 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 8 --fusion=false 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<4x6xf32>
// CHECK-NOT: error
// CHECK: all 1 check(s) passed
// CHECK: exit code: 0

func.func @main(%x: tensor<4x6xf32>, %grad: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %pooled_grad = "hlo.select_and_scatter"(%x, %grad, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}
      : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>

  // The window maxima, from the four strided slices.
  %x00 = hlo.slice %x [0:4:2, 0:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  %x01 = hlo.slice %x [0:4:2, 1:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  %x10 = hlo.slice %x [1:4:2, 0:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  %x11 = hlo.slice %x [1:4:2, 1:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  %m0 = hlo.maximum %x00, %x01 : tensor<2x3xf32>
  %m1 = hlo.maximum %x10, %x11 : tensor<2x3xf32>
  %max = hlo.maximum %m0, %m1 : tensor<2x3xf32>
  // Each element against its window's maximum: element (i, j) lies in
  // window (i / 2, j / 2).
  %max4 = hlo.broadcast_in_dim %max, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x2x3x2xf32>
  %max_up = hlo.reshape %max4 : (tensor<2x2x3x2xf32>) -> tensor<4x6xf32>
  %grad4 = hlo.broadcast_in_dim %grad, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x2x3x2xf32>
  %grad_up = hlo.reshape %grad4 : (tensor<2x2x3x2xf32>) -> tensor<4x6xf32>
  %is_max = hlo.compare EQ, %x, %max_up, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
  %zeros = hlo.constant dense<0.0> : tensor<4x6xf32>
  %expected = hlo.select %is_max, %grad_up, %zeros : tensor<4x6xi1>, tensor<4x6xf32>
  check.expect_eq %pooled_grad, %expected : tensor<4x6xf32>
  return %pooled_grad : tensor<4x6xf32>
}
