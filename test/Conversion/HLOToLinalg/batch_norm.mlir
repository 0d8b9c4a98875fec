// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// The 1-D operands are read through a (d...) -> (d_feature) map.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[F:.*]] = affine_map<(d0, d1, d2, d3) -> (d1)>
// CHECK-LABEL: func.func @inference
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[F]], #[[F]], #[[F]], #[[F]], #[[ID]]], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK: ^bb0(%[[X:.*]]: f32, %[[S:.*]]: f32, %[[O:.*]]: f32, %[[M:.*]]: f32, %[[V:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[EPS:.*]] = arith.constant 1.000000e-03 : f32
// CHECK: %[[VE:.*]] = arith.addf %[[V]], %[[EPS]] : f32
// CHECK: %[[SD:.*]] = math.sqrt %[[VE]] : f32
// CHECK: %[[C:.*]] = arith.subf %[[X]], %[[M]] : f32
// CHECK: %[[N:.*]] = arith.divf %[[C]], %[[SD]] : f32
// CHECK: %[[SN:.*]] = arith.mulf %[[S]], %[[N]] : f32
// CHECK: %[[Y:.*]] = arith.addf %[[SN]], %[[O]] : f32
// CHECK: linalg.yield %[[Y]]
// CHECK: return %[[R]]
func.func @inference(%x: tensor<2x3x4x5xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4x5xf32> {
  %0 = "hlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  return %0 : tensor<2x3x4x5xf32>
}

// -----

// training: sum, then the sum of squared deviations from sum / N, then
// mean and variance, then the normalization with them.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[F:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: func.func @training
// CHECK: %[[N:.*]] = arith.constant 8.000000e+00 : f32
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[F]]], iterator_types = ["reduction", "reduction", "parallel"]}
// CHECK: %[[SQ:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[F]], #[[F]]], iterator_types = ["reduction", "reduction", "parallel"]}
// CHECK: %[[STATS:.*]]:2 = linalg.generic
// CHECK-SAME: ins(%[[SUM]], %[[SQ]] : tensor<3xf32>, tensor<3xf32>)
// CHECK: arith.divf %{{.*}}, %[[N]]
// CHECK: arith.divf %{{.*}}, %[[N]]
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}}, %[[STATS]]#0, %[[STATS]]#1 :
// CHECK: math.sqrt
// CHECK: return %[[Y]], %[[STATS]]#0, %[[STATS]]#1
func.func @training(%x: tensor<2x4x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<2x4x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x4x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x4x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x4x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// grad: one reduction with three per-feature sums (sum(dy),
// sum(dy * centered), sum(dy * normalized)), then grad_operand.
// CHECK-LABEL: func.func @grad
// CHECK: %[[SUMS:.*]]:3 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-SAME: outs(%{{.*}}, %{{.*}}, %{{.*}} : tensor<3xf16>, tensor<3xf16>, tensor<3xf16>)
// CHECK: %[[GX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SUMS]]#0, %[[SUMS]]#1 :
// CHECK: return %[[GX]], %[[SUMS]]#2, %[[SUMS]]#0
func.func @grad(%x: tensor<3x5xf16>, %s: tensor<3xf16>, %m: tensor<3xf16>, %v: tensor<3xf16>, %dy: tensor<3x5xf16>) -> (tensor<3x5xf16>, tensor<3xf16>, tensor<3xf16>) {
  %0:3 = "hlo.batch_norm_grad"(%x, %s, %m, %v, %dy) {epsilon = 1.0e-3 : f32, feature_index = 0 : i64} : (tensor<3x5xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3x5xf16>) -> (tensor<3x5xf16>, tensor<3xf16>, tensor<3xf16>)
  return %0#0, %0#1, %0#2 : tensor<3x5xf16>, tensor<3xf16>, tensor<3xf16>
}
