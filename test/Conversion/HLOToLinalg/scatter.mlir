// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// hlo.scatter becomes hloext.scatter with the same dimension numbers and
// the update computation as scalar code.

// CHECK-LABEL: func @scatter_add
// CHECK-SAME: (%[[OPERAND:.*]]: tensor<5x6x7xf32>, %[[INDICES:.*]]: tensor<2x2x2xi64>, %[[UPDATES:.*]]: tensor<5x2x2xf32>)
// CHECK: %[[R:.*]] = hloext.scatter update_window_dims = [0] inserted_window_dims = [1, 2] scatter_dims_to_operand_dims = [1, 2] index_vector_dim = 2 unique_indices
// CHECK-SAME: ins(%[[INDICES]], %[[UPDATES]] : tensor<2x2x2xi64>, tensor<5x2x2xf32>)
// CHECK-SAME: outs(%[[OPERAND]] : tensor<5x6x7xf32>) {
// CHECK: ^bb0(%[[CUR:.*]]: f32, %[[UPD:.*]]: f32):
// CHECK:   %[[SUM:.*]] = arith.addf %[[CUR]], %[[UPD]] : f32
// CHECK:   hloext.yield %[[SUM]] : f32
// CHECK: } -> tensor<5x6x7xf32>
// CHECK: return %[[R]]
func.func @scatter_add(%operand: tensor<5x6x7xf32>, %indices: tensor<2x2x2xi64>,
                       %updates: tensor<5x2x2xf32>) -> tensor<5x6x7xf32> {
  %0 = "stablehlo.scatter"(%operand, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1, 2], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 2>, unique_indices = true}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
    %1 = stablehlo.add %arg0, %arg1 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<5x6x7xf32>, tensor<2x2x2xi64>, tensor<5x2x2xf32>) -> tensor<5x6x7xf32>
  return %0 : tensor<5x6x7xf32>
}

// -----

// Canonicalization hoists constants out of the body; they come back as
// scalars. Two operands scatter together.
// CHECK-LABEL: func @scatter_variadic
// CHECK: %{{.*}}:2 = hloext.scatter update_window_dims = [] inserted_window_dims = [0] scatter_dims_to_operand_dims = [0] index_vector_dim = 1
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xi32>)
// CHECK: ^bb0(%[[C0:.*]]: f32, %[[C1:.*]]: i32, %[[U0:.*]]: f32, %[[U1:.*]]: i32):
// CHECK:   %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:   %[[M:.*]] = arith.mulf %[[U0]], %[[TWO]] : f32
// CHECK:   %[[S:.*]] = arith.addi %[[C1]], %[[U1]] : i32
// CHECK:   hloext.yield %[[M]], %[[S]] : f32, i32
func.func @scatter_variadic(%o0: tensor<8xf32>, %o1: tensor<8xi32>, %indices: tensor<3x1xi32>,
                            %u0: tensor<3xf32>, %u1: tensor<3xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %two = stablehlo.constant dense<2.0> : tensor<f32>
  %0:2 = "stablehlo.scatter"(%o0, %o1, %indices, %u0, %u1) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):
    %m = stablehlo.multiply %b0, %two : tensor<f32>
    %s = stablehlo.add %a1, %b1 : tensor<i32>
    stablehlo.return %m, %s : tensor<f32>, tensor<i32>
  }) : (tensor<8xf32>, tensor<8xi32>, tensor<3x1xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

// hloext.scatter reads indices as signed: narrow unsigned ones are
// zero-extended to i64 first. Unsigned elements become signless, and the
// signedness picks the arith op.
// CHECK-LABEL: func @scatter_unsigned
// CHECK-SAME: (%[[OPERAND:.*]]: tensor<8xi8>, %[[INDICES:.*]]: tensor<3xi32>, %[[UPDATES:.*]]: tensor<3xi8>)
// CHECK: %[[WIDE:.*]] = linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<3xi64>)
// CHECK:   %[[I:.*]] = linalg.index 0 : index
// CHECK:   %[[X:.*]] = tensor.extract %[[INDICES]][%[[I]]] : tensor<3xi32>
// CHECK:   %[[EXT:.*]] = arith.extui %[[X]] : i32 to i64
// CHECK:   linalg.yield %[[EXT]] : i64
// CHECK: hloext.scatter update_window_dims = [] inserted_window_dims = [0] scatter_dims_to_operand_dims = [0] index_vector_dim = 1
// CHECK-SAME: ins(%[[WIDE]], %[[UPDATES]] : tensor<3xi64>, tensor<3xi8>)
// CHECK: arith.maxui %{{.*}}, %{{.*}} : i8
func.func @scatter_unsigned(%operand: tensor<8xui8>, %indices: tensor<3xui32>, %updates: tensor<3xui8>) -> tensor<8xui8> {
  %0 = "stablehlo.scatter"(%operand, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%arg0: tensor<ui8>, %arg1: tensor<ui8>):
    %1 = stablehlo.maximum %arg0, %arg1 : tensor<ui8>
    stablehlo.return %1 : tensor<ui8>
  }) : (tensor<8xui8>, tensor<3xui32>, tensor<3xui8>) -> tensor<8xui8>
  return %0 : tensor<8xui8>
}

// -----

// Batching dimensions become index-vector components: the position along
// scatter_indices_batching_dims (here indices dimension 1) is appended to
// each index vector and addresses input_batching_dims (operand dimension
// 0), which joins the inserted window dimensions.
// CHECK-LABEL: func @scatter_batching
// CHECK-SAME: %[[INDICES:[^:]*]]: tensor<2x2x3x2xi64>
// CHECK: %[[NEW:.*]] = linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x2x3x3xi64>)
// CHECK:   %[[I1:.*]] = linalg.index 1 : index
// CHECK:   %[[K:.*]] = linalg.index 3 : index
// CHECK:   %[[KC:.*]] = arith.minui %[[K]], %{{.*}} : index
// CHECK:   %[[OLD:.*]] = tensor.extract %[[INDICES]][%{{.*}}, %[[I1]], %{{.*}}, %[[KC]]]
// CHECK:   %[[IS_BATCH:.*]] = arith.cmpi eq, %[[K]], %{{.*}} : index
// CHECK:   %[[BATCH:.*]] = arith.index_cast %[[I1]] : index to i64
// CHECK:   %[[V:.*]] = arith.select %[[IS_BATCH]], %[[BATCH]], %[[OLD]] : i64
// CHECK:   linalg.yield %[[V]] : i64
// CHECK: hloext.scatter update_window_dims = [3, 4] inserted_window_dims = [0, 1] scatter_dims_to_operand_dims = [2, 1, 0] index_vector_dim = 3
// CHECK-SAME: ins(%[[NEW]], %{{.*}} : tensor<2x2x3x3xi64>, tensor<2x2x3x2x2xi64>)
func.func @scatter_batching(%operand: tensor<2x3x4x2xi64>, %indices: tensor<2x2x3x2xi64>,
                            %updates: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  %0 = "stablehlo.scatter"(%operand, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1], index_vector_dim = 3>}> ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %1 = stablehlo.add %arg0, %arg1 : tensor<i64>
    stablehlo.return %1 : tensor<i64>
  }) : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %0 : tensor<2x3x4x2xi64>
}

// -----

// The update computation may work in a promoted type; operands and updates
// are converted to it first and the results have it.
// CHECK-LABEL: func @scatter_promoted
// CHECK-SAME: (%[[OPERAND:.*]]: tensor<8xbf16>, %[[INDICES:.*]]: tensor<3x1xi32>, %[[UPDATES:.*]]: tensor<3xbf16>)
// CHECK: %[[WIDE_OPERAND:.*]] = linalg.generic {{.*}} ins(%[[OPERAND]] : tensor<8xbf16>) outs(%{{.*}} : tensor<8xf32>)
// CHECK:   arith.extf %{{.*}} : bf16 to f32
// CHECK: %[[WIDE_UPDATES:.*]] = linalg.generic {{.*}} ins(%[[UPDATES]] : tensor<3xbf16>) outs(%{{.*}} : tensor<3xf32>)
// CHECK: hloext.scatter
// CHECK-SAME: ins(%[[INDICES]], %[[WIDE_UPDATES]] : tensor<3x1xi32>, tensor<3xf32>)
// CHECK-SAME: outs(%[[WIDE_OPERAND]] : tensor<8xf32>)
// CHECK: } -> tensor<8xf32>
func.func @scatter_promoted(%operand: tensor<8xbf16>, %indices: tensor<3x1xi32>, %updates: tensor<3xbf16>) -> tensor<8xf32> {
  %0 = "stablehlo.scatter"(%operand, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
    %1 = stablehlo.add %arg0, %arg1 : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<8xbf16>, tensor<3x1xi32>, tensor<3xbf16>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A body that is not elementwise code on 0-d tensors is reported.
func.func @scatter_not_scalar(%operand: tensor<8xf32>, %indices: tensor<3x1xi32>, %updates: tensor<3xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hlo.scatter' op update_computation must be elementwise code on 0-d tensors to be lowered}}
  // expected-error @+1 {{failed to legalize operation 'hlo.scatter'}}
  %0 = "stablehlo.scatter"(%operand, %indices, %updates) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
    %1 = stablehlo.transpose %arg1, dims = [] : (tensor<f32>) -> tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<8xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
