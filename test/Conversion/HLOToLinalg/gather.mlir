// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// An embedding lookup: result[b, f] = operand[clamp(idx[b, 0], 0, 9), f].
// CHECK-LABEL: func.func @gather_embedding
// CHECK-SAME: (%[[OP:.*]]: tensor<10x4xf32>, %[[IDX:.*]]: tensor<3x1xi32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x4xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: outs(%[[E]] : tensor<3x4xf32>)
// CHECK-DAG: %[[R0:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[R1:.*]] = linalg.index 1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[S:.*]] = tensor.extract %[[IDX]][%[[R0]], %[[C0]]] : tensor<3x1xi32>
// CHECK: %[[SX:.*]] = arith.extsi %[[S]] : i32 to i64
// CHECK: arith.minsi %[[SX]], %{{.*}} : i64
// CHECK: arith.maxsi
// CHECK: %[[SI:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[V:.*]] = tensor.extract %[[OP]][%[[SI]], %[[R1]]] : tensor<10x4xf32>
// CHECK: linalg.yield %[[V]] : f32
func.func @gather_embedding(%operand: tensor<10x4xf32>, %idx: tensor<3x1xi32>) -> tensor<3x4xf32> {
  %0 = "hlo.gather"(%operand, %idx) {
    dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
                                    start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 4>
  } : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// An implicit index vector dimension (index_vector_dim = rank) reads one
// start index per batch element; the non-collapsed slice of size 2 adds the
// offset index to the clamped start (clamped to 5 - 2 = 3).
// CHECK-LABEL: func.func @gather_implicit_index_vector
// CHECK-SAME: (%[[OP:.*]]: tensor<5xi64>, %[[IDX:.*]]: tensor<3xi8>)
// CHECK-DAG: %[[R0:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[R1:.*]] = linalg.index 1 : index
// CHECK: %[[S:.*]] = tensor.extract %[[IDX]][%[[R0]]] : tensor<3xi8>
// CHECK: arith.extui %[[S]] : i8 to i64
// CHECK: arith.minui %{{.*}}, %{{.*}} : i64
// CHECK: %[[SI:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[SUM:.*]] = arith.addi %[[SI]], %[[R1]] : index
// CHECK: tensor.extract %[[OP]][%[[SUM]]] : tensor<5xi64>
func.func @gather_implicit_index_vector(%operand: tensor<5xi64>, %idx: tensor<3xui8>) -> tensor<3x2xi64> {
  %0 = "hlo.gather"(%operand, %idx) {
    dimension_numbers = #hlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 2>
  } : (tensor<5xi64>, tensor<3xui8>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

// -----

// Batching dimensions: operand dim 0 pairs with start_indices dim 1, which
// comes after index_vector_dim = 0 and so is batch_index[0]; start_index_map
// sends the single index component to operand dim 1.
// CHECK-LABEL: func.func @gather_batching
// CHECK-SAME: (%[[OP:.*]]: tensor<2x6x3xf32>, %[[IDX:.*]]: tensor<1x2x4xi64>)
// CHECK-DAG: %[[R0:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[R1:.*]] = linalg.index 1 : index
// CHECK-DAG: %[[R2:.*]] = linalg.index 2 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[S:.*]] = tensor.extract %[[IDX]][%[[C0]], %[[R0]], %[[R1]]] : tensor<1x2x4xi64>
// CHECK: arith.minsi %[[S]], %{{.*}} : i64
// CHECK: %[[SI:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: tensor.extract %[[OP]][%[[R0]], %[[SI]], %[[R2]]] : tensor<2x6x3xf32>
func.func @gather_batching(%operand: tensor<2x6x3xf32>, %idx: tensor<1x2x4xi64>) -> tensor<2x4x3xf32> {
  %0 = "hlo.gather"(%operand, %idx) {
    dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [1],
                                    operand_batching_dims = [0], start_indices_batching_dims = [1],
                                    start_index_map = [1], index_vector_dim = 0>,
    slice_sizes = array<i64: 1, 1, 3>
  } : (tensor<2x6x3xf32>, tensor<1x2x4xi64>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// CHECK-DAG: #[[IDXMAP:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @torch_index_select
// CHECK-SAME: (%[[OP:.*]]: tensor<2x5x3xf32>, %[[IDX:.*]]: tensor<2x4xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[IDXMAP]], #{{.*}}]
// CHECK-SAME: ins(%[[IDX]] : tensor<2x4xi32>)
// CHECK: ^bb0(%[[I:.*]]: i32, %{{.*}}: f32):
// CHECK: %[[B:.*]] = linalg.index 0 : index
// CHECK: arith.extsi %[[I]] : i32 to i64
// CHECK: %[[II:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[K:.*]] = linalg.index 2 : index
// CHECK: tensor.extract %[[OP]][%[[B]], %[[II]], %[[K]]] : tensor<2x5x3xf32>
func.func @torch_index_select(%operand: tensor<2x5x3xf32>, %idx: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = "hlo.torch_index_select"(%operand, %idx) {dim = 1 : i64, batch_dims = 1 : i64}
      : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// dynamic_gather with a static result type: the slice sizes follow from
// it (1 for the collapsed dimension, the result's offset sizes otherwise),
// so dimension 1 is clamped to 4 - 2 = 2 and dimension 0 to 3 - 1 = 2.
// CHECK-LABEL: func.func @dynamic_gather
// CHECK: linalg.generic
// CHECK: %[[C2A:.*]] = arith.constant 2 : i64
// CHECK: arith.minsi %{{.*}}, %[[C2A]] : i64
// CHECK: %[[C2B:.*]] = arith.constant 2 : i64
// CHECK: arith.minsi %{{.*}}, %[[C2B]] : i64
// CHECK: tensor.extract %{{.*}} : tensor<3x4x2xi64>
func.func @dynamic_gather(%operand: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>, %sizes: tensor<3xi64>) -> tensor<2x3x2x2xi64> {
  %0 = "hlo.dynamic_gather"(%operand, %idx, %sizes) {
    dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0],
                                    start_index_map = [1, 0], index_vector_dim = 2>
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  return %0 : tensor<2x3x2x2xi64>
}
