// Scatter-add of 2x3 windows at seeded row indices in [-10, 10] into an
// 8x3 operand, checked against an unrolled reference built from
// dynamic_slice / add / dynamic_update_slice, which applies the updates in
// the same order. A window is applied only if it fits entirely (start in
// [0, 6]), as XLA does; the reference writes back the unchanged rows
// otherwise. A variadic scatter must equal two single ones.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 1 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 7 --fusion=false 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<8x3xf32>
// CHECK-NOT: error
// CHECK: all 3 check(s) passed
// CHECK: exit code: 0

func.func @main(%operand: tensor<8x3xf32>, %indices: tensor<6x1xi32>,
                %updates: tensor<6x2x3xf32>, %other: tensor<8x3xi32>,
                %other_updates: tensor<6x2x3xi32>) -> tensor<8x3xf32> {
  %scattered = "hlo.scatter"(%operand, %indices, %updates) ({
  ^bb0(%cur: tensor<f32>, %upd: tensor<f32>):
    %sum = hlo.add %cur, %upd : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1, 2],
      scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
      : (tensor<8x3xf32>, tensor<6x1xi32>, tensor<6x2x3xf32>) -> tensor<8x3xf32>

  %zero = hlo.constant dense<0> : tensor<i32>
  %last = hlo.constant dense<6> : tensor<i32>
  %i0_ = hlo.slice %indices [0:1, 0:1] : (tensor<6x1xi32>) -> tensor<1x1xi32>
  %i0 = hlo.reshape %i0_ : (tensor<1x1xi32>) -> tensor<i32>
  %u0_ = hlo.slice %updates [0:1, 0:2, 0:3] : (tensor<6x2x3xf32>) -> tensor<1x2x3xf32>
  %u0 = hlo.reshape %u0_ : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %w0 = hlo.dynamic_slice %operand, %i0, %zero, sizes = [2, 3] : (tensor<8x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %s0 = hlo.add %w0, %u0 : tensor<2x3xf32>
  %ge0 = hlo.compare GE, %i0, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %le0 = hlo.compare LE, %i0, %last : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %in0 = hlo.and %ge0, %le0 : tensor<i1>
  %n0 = hlo.select %in0, %s0, %w0 : tensor<i1>, tensor<2x3xf32>
  %acc0 = hlo.dynamic_update_slice %operand, %n0, %i0, %zero : (tensor<8x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<8x3xf32>
  %i1_ = hlo.slice %indices [1:2, 0:1] : (tensor<6x1xi32>) -> tensor<1x1xi32>
  %i1 = hlo.reshape %i1_ : (tensor<1x1xi32>) -> tensor<i32>
  %u1_ = hlo.slice %updates [1:2, 0:2, 0:3] : (tensor<6x2x3xf32>) -> tensor<1x2x3xf32>
  %u1 = hlo.reshape %u1_ : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %w1 = hlo.dynamic_slice %acc0, %i1, %zero, sizes = [2, 3] : (tensor<8x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %s1 = hlo.add %w1, %u1 : tensor<2x3xf32>
  %ge1 = hlo.compare GE, %i1, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %le1 = hlo.compare LE, %i1, %last : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %in1 = hlo.and %ge1, %le1 : tensor<i1>
  %n1 = hlo.select %in1, %s1, %w1 : tensor<i1>, tensor<2x3xf32>
  %acc1 = hlo.dynamic_update_slice %acc0, %n1, %i1, %zero : (tensor<8x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<8x3xf32>
  %i2_ = hlo.slice %indices [2:3, 0:1] : (tensor<6x1xi32>) -> tensor<1x1xi32>
  %i2 = hlo.reshape %i2_ : (tensor<1x1xi32>) -> tensor<i32>
  %u2_ = hlo.slice %updates [2:3, 0:2, 0:3] : (tensor<6x2x3xf32>) -> tensor<1x2x3xf32>
  %u2 = hlo.reshape %u2_ : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %w2 = hlo.dynamic_slice %acc1, %i2, %zero, sizes = [2, 3] : (tensor<8x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %s2 = hlo.add %w2, %u2 : tensor<2x3xf32>
  %ge2 = hlo.compare GE, %i2, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %le2 = hlo.compare LE, %i2, %last : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %in2 = hlo.and %ge2, %le2 : tensor<i1>
  %n2 = hlo.select %in2, %s2, %w2 : tensor<i1>, tensor<2x3xf32>
  %acc2 = hlo.dynamic_update_slice %acc1, %n2, %i2, %zero : (tensor<8x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<8x3xf32>
  %i3_ = hlo.slice %indices [3:4, 0:1] : (tensor<6x1xi32>) -> tensor<1x1xi32>
  %i3 = hlo.reshape %i3_ : (tensor<1x1xi32>) -> tensor<i32>
  %u3_ = hlo.slice %updates [3:4, 0:2, 0:3] : (tensor<6x2x3xf32>) -> tensor<1x2x3xf32>
  %u3 = hlo.reshape %u3_ : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %w3 = hlo.dynamic_slice %acc2, %i3, %zero, sizes = [2, 3] : (tensor<8x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %s3 = hlo.add %w3, %u3 : tensor<2x3xf32>
  %ge3 = hlo.compare GE, %i3, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %le3 = hlo.compare LE, %i3, %last : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %in3 = hlo.and %ge3, %le3 : tensor<i1>
  %n3 = hlo.select %in3, %s3, %w3 : tensor<i1>, tensor<2x3xf32>
  %acc3 = hlo.dynamic_update_slice %acc2, %n3, %i3, %zero : (tensor<8x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<8x3xf32>
  %i4_ = hlo.slice %indices [4:5, 0:1] : (tensor<6x1xi32>) -> tensor<1x1xi32>
  %i4 = hlo.reshape %i4_ : (tensor<1x1xi32>) -> tensor<i32>
  %u4_ = hlo.slice %updates [4:5, 0:2, 0:3] : (tensor<6x2x3xf32>) -> tensor<1x2x3xf32>
  %u4 = hlo.reshape %u4_ : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %w4 = hlo.dynamic_slice %acc3, %i4, %zero, sizes = [2, 3] : (tensor<8x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %s4 = hlo.add %w4, %u4 : tensor<2x3xf32>
  %ge4 = hlo.compare GE, %i4, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %le4 = hlo.compare LE, %i4, %last : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %in4 = hlo.and %ge4, %le4 : tensor<i1>
  %n4 = hlo.select %in4, %s4, %w4 : tensor<i1>, tensor<2x3xf32>
  %acc4 = hlo.dynamic_update_slice %acc3, %n4, %i4, %zero : (tensor<8x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<8x3xf32>
  %i5_ = hlo.slice %indices [5:6, 0:1] : (tensor<6x1xi32>) -> tensor<1x1xi32>
  %i5 = hlo.reshape %i5_ : (tensor<1x1xi32>) -> tensor<i32>
  %u5_ = hlo.slice %updates [5:6, 0:2, 0:3] : (tensor<6x2x3xf32>) -> tensor<1x2x3xf32>
  %u5 = hlo.reshape %u5_ : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %w5 = hlo.dynamic_slice %acc4, %i5, %zero, sizes = [2, 3] : (tensor<8x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %s5 = hlo.add %w5, %u5 : tensor<2x3xf32>
  %ge5 = hlo.compare GE, %i5, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %le5 = hlo.compare LE, %i5, %last : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %in5 = hlo.and %ge5, %le5 : tensor<i1>
  %n5 = hlo.select %in5, %s5, %w5 : tensor<i1>, tensor<2x3xf32>
  %acc5 = hlo.dynamic_update_slice %acc4, %n5, %i5, %zero : (tensor<8x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<8x3xf32>
  check.expect_eq %scattered, %acc5 : tensor<8x3xf32>

  %other_scattered = "hlo.scatter"(%other, %indices, %other_updates) ({
  ^bb0(%cur: tensor<i32>, %upd: tensor<i32>):
    %max = hlo.maximum %cur, %upd : tensor<i32>
    hlo.return %max : tensor<i32>
  }) {scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1, 2],
      scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
      : (tensor<8x3xi32>, tensor<6x1xi32>, tensor<6x2x3xi32>) -> tensor<8x3xi32>
  %both:2 = "hlo.scatter"(%operand, %other, %indices, %updates, %other_updates) ({
  ^bb0(%cur: tensor<f32>, %cur_other: tensor<i32>, %upd: tensor<f32>, %upd_other: tensor<i32>):
    %sum = hlo.add %cur, %upd : tensor<f32>
    %max = hlo.maximum %cur_other, %upd_other : tensor<i32>
    hlo.return %sum, %max : tensor<f32>, tensor<i32>
  }) {scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1, 2],
      scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
      : (tensor<8x3xf32>, tensor<8x3xi32>, tensor<6x1xi32>, tensor<6x2x3xf32>, tensor<6x2x3xi32>)
      -> (tensor<8x3xf32>, tensor<8x3xi32>)
  check.expect_eq %both#0, %scattered : tensor<8x3xf32>
  check.expect_eq %both#1, %other_scattered : tensor<8x3xi32>
  return %scattered : tensor<8x3xf32>
}
