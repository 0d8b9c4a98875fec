// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// Max pooling: the input is edge-padded with the init value (tensor.pad),
// the output is filled with it, and one generic iterates over (output...,
// window...) with a shape-only window tensor.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0 + d4, d1 * 2 + d5, d2 * 2 + d6, d3 + d7)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d4, d5, d6, d7)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @max_pool
// CHECK-SAME: (%[[X:.*]]: tensor<1x7x7x3xf32>)
// CHECK: %[[INIT:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: tensor.yield %[[INIT]] : f32
// CHECK: } : tensor<1x7x7x3xf32> to tensor<1x9x9x3xf32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[INIT]] : f32) outs(%{{.*}} : tensor<1x4x4x3xf32>)
// CHECK: %[[WINDOW:.*]] = tensor.empty() : tensor<1x3x3x1xf32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[PAD]], %[[WINDOW]] : tensor<1x9x9x3xf32>, tensor<1x3x3x1xf32>) outs(%[[FILL]] : tensor<1x4x4x3xf32>)
// CHECK: ^bb0(%[[E:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK: %[[M:.*]] = arith.maximumf %[[ACC]], %[[E]] : f32
// CHECK: linalg.yield %[[M]]
func.func @max_pool(%x: tensor<1x7x7x3xf32>) -> tensor<1x4x4x3xf32> {
  %c = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %c) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<1x7x7x3xf32>, tensor<f32>) -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>
}

// -----

// Base dilation is interior padding with the init value (a filled tensor
// with the input inserted at a stride); negative padding crops; window
// dilation scales the window loop in the input map.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 * 2 + d2, d1 + d3 * 2)>
// CHECK-LABEL: func.func @dilations
// CHECK: %[[INIT:.*]] = tensor.extract
// CHECK: %[[BASE:.*]] = linalg.fill ins(%[[INIT]] : i32) outs(%{{.*}} : tensor<8x6xi32>)
// CHECK: %[[INS:.*]] = tensor.insert_slice %{{.*}} into %[[BASE]][1, 0] [4, 6] [2, 1] : tensor<4x6xi32> into tensor<8x6xi32>
// CHECK: %[[CROP:.*]] = tensor.extract_slice %[[INS]][0, 0] [8, 5] [1, 1] : tensor<8x6xi32> to tensor<8x5xi32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[CROP]], %{{.*}} : tensor<8x5xi32>, tensor<3x2xi32>)
// CHECK: arith.addi
func.func @dilations(%x: tensor<4x6xi32>) -> tensor<3x3xi32> {
  %c = hlo.constant dense<0> : tensor<i32>
  %0 = "hlo.reduce_window"(%x, %c) <{base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 2>, padding = dense<[[1, 0], [0, -1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %m = hlo.add %a, %b : tensor<i32>
    hlo.return %m : tensor<i32>
  }) : (tensor<4x6xi32>, tensor<i32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// -----

// Variadic: one generic with two outputs; the body gets (accumulators...,
// window elements...).
// CHECK-LABEL: func.func @variadic
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<6xf32>, tensor<6xi32>, tensor<2xf32>) outs(%{{.*}}, %{{.*}} : tensor<5xf32>, tensor<5xi32>)
// CHECK: ^bb0(%[[V:.*]]: f32, %[[I:.*]]: i32, %{{.*}}: f32, %[[AV:.*]]: f32, %[[AI:.*]]: i32):
// CHECK: %[[GE:.*]] = arith.cmpf oge, %[[AV]], %[[V]] : f32
// CHECK: arith.select %[[GE]], %[[AV]], %[[V]] : f32
// CHECK: arith.select %[[GE]], %[[AI]], %[[I]] : i32
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @variadic(%x: tensor<6xf32>, %i: tensor<6xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %c = hlo.constant dense<0xFF800000> : tensor<f32>
  %z = hlo.constant dense<0> : tensor<i32>
  %0:2 = "hlo.reduce_window"(%x, %i, %c, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = hlo.select %ge, %a, %b : tensor<i1>, tensor<f32>
    %j = hlo.select %ge, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %j : tensor<f32>, tensor<i32>
  }) : (tensor<6xf32>, tensor<6xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

// Constants hoisted out of the body by canonicalization are re-created in
// it.
// CHECK-LABEL: func.func @captured_value
// CHECK: linalg.generic
// CHECK: ^bb0(%[[E:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK: %[[C:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[E]] : f32
// CHECK: arith.mulf %[[S]], %[[C]] : f32
func.func @captured_value(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<3xf32> {
  %k = hlo.constant dense<0.5> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %init) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    %t = hlo.multiply %s, %k : tensor<f32>
    hlo.return %t : tensor<f32>
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
