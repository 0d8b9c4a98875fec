// RUN: xla-opt %s --xla-lower-scalar-transfers | FileCheck %s

// A 0-D read of a strided view is a load and a broadcast, a 0-D write an
// extract and a store.
// CHECK-LABEL: func.func @strided
// CHECK-SAME: (%[[M:.*]]: memref<1xi32, strided<[2], offset: 1>>, %[[W:.*]]: memref<4xi32, strided<[2]>>, %[[V:.*]]: vector<i32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[L:.*]] = memref.load %[[M]][%[[C0]]]
// CHECK: %[[B:.*]] = vector.broadcast %[[L]] : i32 to vector<i32>
// CHECK: %[[E:.*]] = vector.extract %[[V]][] : i32 from vector<i32>
// CHECK: memref.store %[[E]], %[[W]][%[[C0]]]
// CHECK: vector.broadcast %[[B]] : vector<i32> to vector<3xi32>
// CHECK-NOT: vector.transfer
func.func @strided(%m: memref<1xi32, strided<[2], offset: 1>>,
                   %w: memref<4xi32, strided<[2]>>, %v: vector<i32>)
    -> vector<3xi32> {
  %c0 = arith.constant 0 : index
  %p = ub.poison : i32
  %0 = vector.transfer_read %m[%c0], %p : memref<1xi32, strided<[2], offset: 1>>, vector<i32>
  vector.transfer_write %v, %w[%c0] : vector<i32>, memref<4xi32, strided<[2]>>
  %1 = vector.broadcast %0 : vector<i32> to vector<3xi32>
  return %1 : vector<3xi32>
}

// Transfers of 1-D vectors, and transfers on tensors, are left alone.
// CHECK-LABEL: func.func @others
// CHECK: vector.transfer_read %{{.*}} : memref<8xf32>, vector<4xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<4xf32>, vector<f32>
func.func @others(%m: memref<8xf32>, %t: tensor<4xf32>)
    -> (vector<4xf32>, vector<f32>) {
  %c0 = arith.constant 0 : index
  %p = ub.poison : f32
  %0 = vector.transfer_read %m[%c0], %p {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  %1 = vector.transfer_read %t[%c0], %p : tensor<4xf32>, vector<f32>
  return %0, %1 : vector<4xf32>, vector<f32>
}
