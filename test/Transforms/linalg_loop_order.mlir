// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-linalg-loop-order))' | FileCheck %s

// matmul (i, j, k) becomes (i, k, j): j indexes the last dimension of both
// the right-hand side and the result, so the innermost loop streams.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// A row reduction already has its contiguous loop innermost: untouched.
// CHECK-LABEL: func.func @row_sum
// CHECK: linalg.reduce
func.func @row_sum(%a: tensor<8x16xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<8xf32>
}

// Elementwise ops have no reduction and are left alone.
// CHECK-LABEL: func.func @transpose_add
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @transpose_add(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.generic {indexing_maps = [#tr, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%b : tensor<8x8xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
