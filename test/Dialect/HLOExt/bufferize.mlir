// RUN: xla-opt %s --one-shot-bufferize="bufferize-function-boundaries" --split-input-file | FileCheck %s

// Inits bufferize in place: the op then works on the buffers of its
// operands and the results are the init buffers.

// CHECK-LABEL: func @scatter
// CHECK-SAME: (%[[IDX:.*]]: memref<2x1xi64{{.*}}>, %[[UPD:.*]]: memref<2x3xf32{{.*}}>, %[[OP:.*]]: memref<5x3xf32{{.*}}>) -> memref<5x3xf32{{.*}}>
// CHECK-NOT: memref.alloc
// CHECK: hloext.scatter {{.*}} ins(%[[IDX]], %[[UPD]] : {{.*}}) outs(%[[OP]] : memref<5x3xf32{{.*}}>) {
// CHECK: arith.addf
// CHECK: }
// CHECK: return %[[OP]]
func.func @scatter(%indices: tensor<2x1xi64>, %updates: tensor<2x3xf32>,
                   %operand: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%indices, %updates : tensor<2x1xi64>, tensor<2x3xf32>)
      outs(%operand : tensor<5x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    %s = arith.addf %cur, %upd : f32
    hloext.yield %s : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// An init that is still read afterwards is copied first.
// CHECK-LABEL: func @sort_keeps_input
// CHECK-SAME: (%[[IN:.*]]: memref<8xf32{{.*}}>)
// CHECK: %[[COPY:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// CHECK: memref.copy %[[IN]], %[[COPY]]
// CHECK: hloext.sort dimension = 0 outs(%[[COPY]] : memref<8xf32>) {
// CHECK: return %[[COPY]], %[[IN]]
func.func @sort_keeps_input(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = hloext.sort dimension = 0 outs(%x : tensor<8xf32>) {
  ^bb0(%l: f32, %r: f32):
    %lt = arith.cmpf olt, %l, %r : f32
    hloext.yield %lt : i1
  } -> tensor<8xf32>
  return %0, %x : tensor<8xf32>, tensor<8xf32>
}
