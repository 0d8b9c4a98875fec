// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// chlo.top_k sorts each last-dimension vector with its positions in
// descending order (stable, so equal elements keep their order) and keeps
// the first k of both. Floats compare in total order.

// CHECK-LABEL: func @top_k
// CHECK-SAME: (%[[X:.*]]: tensor<5x8xf32>)
// CHECK: %[[POS:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<5x8xi32>)
// CHECK:   %[[I:.*]] = linalg.index 1 : index
// CHECK:   %[[I32:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:   linalg.yield %[[I32]] : i32
// CHECK: %[[S:.*]]:2 = hloext.sort dimension = 1 outs(%[[X]], %[[POS]] : tensor<5x8xf32>, tensor<5x8xi32>) {
// CHECK: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK:   arith.bitcast %[[L]] : f32 to i32
// CHECK:   arith.bitcast %[[R]] : f32 to i32
// CHECK:   %[[GT:.*]] = arith.cmpi sgt
// CHECK:   hloext.yield %[[GT]] : i1
// CHECK: %[[V:.*]] = tensor.extract_slice %[[S]]#0[0, 0] [5, 3] [1, 1] : tensor<5x8xf32> to tensor<5x3xf32>
// CHECK: %[[IDX:.*]] = tensor.extract_slice %[[S]]#1[0, 0] [5, 3] [1, 1] : tensor<5x8xi32> to tensor<5x3xi32>
// CHECK: return %[[V]], %[[IDX]]
func.func @top_k(%x: tensor<5x8xf32>) -> (tensor<5x3xf32>, tensor<5x3xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<5x8xf32> -> (tensor<5x3xf32>, tensor<5x3xi32>)
  return %v, %i : tensor<5x3xf32>, tensor<5x3xi32>
}

// -----

// Unsigned elements compare unsigned.
// CHECK-LABEL: func @top_k_unsigned
// CHECK: hloext.sort dimension = 0 outs(%{{.*}}, %{{.*}} : tensor<6xi16>, tensor<6xi32>) {
// CHECK:   arith.cmpi ugt, %{{.*}}, %{{.*}} : i16
// CHECK: tensor.extract_slice %{{.*}}[0] [2] [1] : tensor<6xi16> to tensor<2xi16>
func.func @top_k_unsigned(%x: tensor<6xui16>) -> (tensor<2xui16>, tensor<2xi32>) {
  %v, %i = chlo.top_k(%x, k = 2) : tensor<6xui16> -> (tensor<2xui16>, tensor<2xi32>)
  return %v, %i : tensor<2xui16>, tensor<2xi32>
}
