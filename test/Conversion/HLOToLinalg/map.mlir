// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// map: a parallel generic with identity maps whose body is the
// computation's scalar code.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @map
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK: %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[S:.*]] = arith.subf %[[M]], %[[C]] : f32
// CHECK: linalg.yield %[[S]] : f32
// CHECK: return %[[R]]
func.func @map(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "hlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = hlo.multiply %x, %y : tensor<f32>
    %c = hlo.constant dense<2.0> : tensor<f32>
    %s = hlo.subtract %m, %c : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The body may change the element type; unsigned semantics are kept.
// CHECK-LABEL: func.func @map_convert
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : tensor<4xi8>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: arith.uitofp %{{.*}} : i8 to f32
func.func @map_convert(%a: tensor<4xui8>) -> tensor<4xf32> {
  %0 = "hlo.map"(%a) ({
  ^bb0(%x: tensor<ui8>):
    %c = hlo.convert %x : (tensor<ui8>) -> tensor<f32>
    hlo.return %c : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xui8>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @captured_value
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[K:.*]]: tensor<f32>)
// CHECK: %[[KS:.*]] = tensor.extract %[[K]][] : tensor<f32>
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.mulf %[[X]], %[[KS]] : f32
func.func @captured_value(%a: tensor<4xf32>, %k: tensor<f32>) -> tensor<4xf32> {
  %0 = "hlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    %m = hlo.multiply %x, %k : tensor<f32>
    hlo.return %m : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
