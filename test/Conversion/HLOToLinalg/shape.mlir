// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// Pure dimension insertion is a linalg.broadcast.
// CHECK-LABEL: func.func @broadcast_in_dim_insert
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: linalg.broadcast ins(%[[A]] : tensor<3xf32>) outs(%[[E]] : tensor<2x3x4xf32>) dimensions = [0, 2]
func.func @broadcast_in_dim_insert(%a: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// A rank-0 operand broadcasts to every dimension.
// CHECK-LABEL: func.func @broadcast_in_dim_scalar
// CHECK: linalg.broadcast ins(%{{.*}} : tensor<f32>) outs(%{{.*}} : tensor<2x3xf32>) dimensions = [0, 1]
func.func @broadcast_in_dim_scalar(%a: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Size-1 dimensions that expand read index 0 through a constant map.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast_in_dim_expand
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<1x4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>)
// CHECK-NEXT: ^bb0(%[[IN_ARG:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN_ARG]] : f32
func.func @broadcast_in_dim_expand(%a: tensor<1x4xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<1x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Out-of-order dimensions (a transposing broadcast) use a permuted map; a
// size-1 dimension that stays size 1 keeps its dimension expression.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
// CHECK-LABEL: func.func @broadcast_in_dim_transposing
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #{{.*}}]
func.func @broadcast_in_dim_transposing(%a: tensor<4x2x1xi32>) -> tensor<2x1x4xi32> {
  %0 = hlo.broadcast_in_dim %a, dims = [2, 0, 1] : (tensor<4x2x1xi32>) -> tensor<2x1x4xi32>
  return %0 : tensor<2x1x4xi32>
}

// -----

// An identity broadcast_in_dim folds away; unsigned types become signless.
// CHECK-LABEL: func.func @broadcast_in_dim_identity
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: return %[[A]]
func.func @broadcast_in_dim_identity(%a: tensor<2x3xui8>) -> tensor<2x3xui8> {
  %0 = hlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x3xui8>) -> tensor<2x3xui8>
  return %0 : tensor<2x3xui8>
}

// -----

// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.broadcast ins(%{{.*}} : tensor<3xi32>) outs(%{{.*}} : tensor<1x2x3xi32>) dimensions = [0, 1]
func.func @broadcast(%a: tensor<3xi32>) -> tensor<1x2x3xi32> {
  %0 = hlo.broadcast %a, sizes = [1, 2] : (tensor<3xi32>) -> tensor<1x2x3xi32>
  return %0 : tensor<1x2x3xi32>
}

// -----

// CHECK-LABEL: func.func @reshape_collapse
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
func.func @reshape_collapse(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = hlo.reshape %a : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_expand
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
func.func @reshape_expand(%a: tensor<6x4xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.reshape %a : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// Shapes not related by grouping go through 1-D.
// CHECK-LABEL: func.func @reshape_through_1d
// CHECK: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %[[F]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @reshape_through_1d(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// To and from rank 0.
// CHECK-LABEL: func.func @reshape_rank0
// CHECK: %[[E:.*]] = tensor.expand_shape %{{.*}} [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK: tensor.collapse_shape %[[E]] [] : tensor<1x1xf32> into tensor<f32>
func.func @reshape_rank0(%a: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reshape %a : (tensor<f32>) -> tensor<1x1xf32>
  %1 = hlo.reshape %0 : (tensor<1x1xf32>) -> tensor<f32>
  return %1 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<4x2x3xf32>) permutation = [2, 0, 1]
func.func @transpose(%a: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = hlo.transpose %a, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 4)>
// CHECK-LABEL: func.func @reverse
// CHECK: linalg.generic {indexing_maps = [#[[REV]], #{{.*}}]
func.func @reverse(%a: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = hlo.reverse %a, dims = [1] : tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func @iota_f32
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: %[[C:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK: arith.sitofp %[[C]] : i64 to f32
func.func @iota_f32() -> tensor<2x3xf32> {
  %0 = hlo.iota dim = 1 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @iota_ui8
// CHECK: linalg.index 0
// CHECK: arith.trunci %{{.*}} : i64 to i8
func.func @iota_ui8() -> tensor<4xui8> {
  %0 = hlo.iota dim = 0 : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @iota_complex
// CHECK: arith.sitofp %{{.*}} : i64 to f32
// CHECK: complex.create
func.func @iota_complex() -> tensor<4xcomplex<f32>> {
  %0 = hlo.iota dim = 0 : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @get_dimension_size
// CHECK: arith.constant dense<3> : tensor<i32>
func.func @get_dimension_size(%a: tensor<2x3xf32>) -> tensor<i32> {
  %0 = hlo.get_dimension_size %a, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @optimization_barrier
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<i32>)
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @optimization_barrier(%a: tensor<2xf32>, %b: tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
  %0:2 = hlo.optimization_barrier %a, %b : tensor<2xf32>, tensor<i32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @copy
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[A]]
func.func @copy(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.copy %a : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Dynamic-shape ops whose result type is static lower like their static
// forms: the shape operand only repeats what the type says.
// CHECK-LABEL: func.func @dynamic_forms_static_result
// CHECK-NOT: hlo.
// CHECK: linalg.index 0
// CHECK: linalg.generic
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<1x6xi64> into tensor<6xi64>
func.func @dynamic_forms_static_result(%s: tensor<2xi64>, %x: tensor<3x1xi64>, %y: tensor<1x6xi64>, %s3: tensor<3xi64>, %s1: tensor<1xi64>)
    -> (tensor<3x4xi64>, tensor<3x2x2xi64>, tensor<6xi64>) {
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<3x4xi64>
  %1 = hlo.dynamic_broadcast_in_dim %x, %s3, dims = [0, 2] : (tensor<3x1xi64>, tensor<3xi64>) -> tensor<3x2x2xi64>
  %2 = hlo.dynamic_reshape %y, %s1 : (tensor<1x6xi64>, tensor<1xi64>) -> tensor<6xi64>
  return %0, %1, %2 : tensor<3x4xi64>, tensor<3x2x2xi64>, tensor<6xi64>
}

