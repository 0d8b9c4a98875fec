// RUN: xla-opt %s --transform-interpreter --split-input-file --canonicalize --verify-diagnostics | FileCheck %s

// TilingInterface: sort tiles over the dimensions it does not sort, each
// tile sorting whole slices.

// CHECK-LABEL: func @tile_sort
// CHECK-SAME: (%[[K:.*]]: tensor<6x8xf32>, %[[V:.*]]: tensor<6x8xi32>)
// CHECK: %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[KA:.*]] = %[[K]], %[[VA:.*]] = %[[V]])
// CHECK:   %[[KS:.*]] = tensor.extract_slice %[[KA]][%[[I]], 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
// CHECK:   %[[VS:.*]] = tensor.extract_slice %[[VA]][%[[I]], 0] [2, 8] [1, 1] : tensor<6x8xi32> to tensor<2x8xi32>
// CHECK:   %[[T:.*]]:2 = hloext.sort dimension = 1 outs(%[[KS]], %[[VS]] : tensor<2x8xf32>, tensor<2x8xi32>)
// CHECK:   tensor.insert_slice %[[T]]#0 into %[[KA]][%[[I]], 0] [2, 8] [1, 1]
// CHECK:   tensor.insert_slice %[[T]]#1 into %[[VA]][%[[I]], 0] [2, 8] [1, 1]
func.func @tile_sort(%keys: tensor<6x8xf32>, %values: tensor<6x8xi32>) -> (tensor<6x8xf32>, tensor<6x8xi32>) {
  %0:2 = hloext.sort dimension = 1 outs(%keys, %values : tensor<6x8xf32>, tensor<6x8xi32>) {
  ^bb0(%l: f32, %r: f32, %lv: i32, %rv: i32):
    %lt = arith.cmpf olt, %l, %r : f32
    hloext.yield %lt : i1
  } -> tensor<6x8xf32>, tensor<6x8xi32>
  return %0#0, %0#1 : tensor<6x8xf32>, tensor<6x8xi32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %sort = transform.structured.match ops{["hloext.sort"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %sort tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Scatter tiles over the update scatter dimensions: each tile takes a slice
// of the indices and updates and all of the operand, whose whole new value
// it produces. Windows are never split.

// CHECK-LABEL: func @tile_scatter
// CHECK-SAME: (%[[IDX:.*]]: tensor<8x1xi64>, %[[UPD:.*]]: tensor<8x3xf32>, %[[OP:.*]]: tensor<5x3xf32>)
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[OP]])
// CHECK:   %[[IS:.*]] = tensor.extract_slice %[[IDX]][%[[I]], 0] [4, 1] [1, 1] : tensor<8x1xi64> to tensor<4x1xi64>
// CHECK:   %[[US:.*]] = tensor.extract_slice %[[UPD]][%[[I]], 0] [4, 3] [1, 1] : tensor<8x3xf32> to tensor<4x3xf32>
// CHECK:   %[[T:.*]] = hloext.scatter {{.*}} ins(%[[IS]], %[[US]] : tensor<4x1xi64>, tensor<4x3xf32>) outs(%[[ACC]] : tensor<5x3xf32>)
// CHECK:   scf.yield %[[T]] : tensor<5x3xf32>
// CHECK: return %[[R]]
func.func @tile_scatter(%indices: tensor<8x1xi64>, %updates: tensor<8x3xf32>,
                        %operand: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%indices, %updates : tensor<8x1xi64>, tensor<8x3xf32>)
      outs(%operand : tensor<5x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    %s = arith.addf %cur, %upd : f32
    hloext.yield %s : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %scatter = transform.structured.match ops{["hloext.scatter"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %scatter tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Select-and-scatter tiles over the source; without padding a tile takes
// the operand and result rows its windows cover. Disjoint windows make the
// loops parallel.

// CHECK-LABEL: func @tile_select_and_scatter
// CHECK-SAME: (%[[OP:.*]]: tensor<6x8xf32>, %[[SRC:.*]]: tensor<3x4xf32>, %[[INIT:.*]]: tensor<6x8xf32>)
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) in (3, 2) shared_outs(%[[OUT:.*]] = %[[INIT]])
// CHECK:   %[[J2:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK:   %[[R:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK:   %[[C:.*]] = arith.muli %[[J2]], %{{.*}} : index
// CHECK:   %[[OS:.*]] = tensor.extract_slice %[[OP]][%[[R]], %[[C]]] [2, 4] [1, 1]
// CHECK:   %[[SS:.*]] = tensor.extract_slice %[[SRC]][%[[I]], %[[J2]]] [1, 2] [1, 1]
// CHECK:   %[[IS:.*]] = tensor.extract_slice %[[OUT]][%[[R]], %[[C]]] [2, 4] [1, 1]
// CHECK:   %[[T:.*]] = hloext.select_and_scatter {{.*}} ins(%[[OS]], %[[SS]] : tensor<2x4xf32>, tensor<1x2xf32>) outs(%[[IS]] : tensor<2x4xf32>)
// CHECK:   tensor.parallel_insert_slice %[[T]] into %[[OUT]][{{.*}}] [2, 4] [1, 1]
func.func @tile_select_and_scatter(%operand: tensor<6x8xf32>, %source: tensor<3x4xf32>, %init: tensor<6x8xf32>) -> tensor<6x8xf32> {
  %0 = hloext.select_and_scatter window_dimensions = [2, 2] window_strides = [2, 2]
      padding_low = [0, 0] padding_high = [0, 0]
      ins(%operand, %source : tensor<6x8xf32>, tensor<3x4xf32>) outs(%init : tensor<6x8xf32>)
      select {
      ^bb0(%a: f32, %b: f32):
        %ge = arith.cmpf oge, %a, %b : f32
        hloext.yield %ge : i1
      } scatter {
      ^bb0(%c: f32, %d: f32):
        %s = arith.addf %c, %d : f32
        hloext.yield %s : f32
      } -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["hloext.select_and_scatter"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_forall %op tile_sizes [1, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// With padding the windows of a tile would start before its operand slice.
func.func @tile_padded(%operand: tensor<4x2xf32>, %source: tensor<2x2xf32>, %init: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+3 {{'hloext.select_and_scatter' op can only be tiled without padding}}
  // expected-error @+2 {{faild to tile operation}}
  // expected-error @+1 {{failed to generate tiling loops}}
  %0 = hloext.select_and_scatter window_dimensions = [3, 1] window_strides = [2, 1]
      padding_low = [1, 0] padding_high = [0, 0]
      ins(%operand, %source : tensor<4x2xf32>, tensor<2x2xf32>) outs(%init : tensor<4x2xf32>)
      select {
      ^bb0(%a: f32, %b: f32):
        %ge = arith.cmpf oge, %a, %b : f32
        hloext.yield %ge : i1
      } scatter {
      ^bb0(%c: f32, %d: f32):
        %s = arith.addf %c, %d : f32
        hloext.yield %s : f32
      } -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["hloext.select_and_scatter"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %op tile_sizes [1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
