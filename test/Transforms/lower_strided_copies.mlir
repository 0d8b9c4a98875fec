// RUN: xla-opt %s --split-input-file --xla-lower-strided-copies | FileCheck %s

// A strided view copied into a contiguous buffer: loops of loads and
// stores, one per dimension, the last innermost.
// CHECK-LABEL: func.func @strided_source
// CHECK-SAME: (%[[SRC:.*]]: memref<4x1x3xf32, strided<[48, 3, 1], offset: 45>>, %[[DST:.*]]: memref<4x1x3xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]]
// CHECK-NEXT: scf.for %[[J:.*]] = %[[C0]] to %{{.*}} step %[[C1]]
// CHECK-NEXT: scf.for %[[K:.*]] = %[[C0]] to %[[C3]] step %[[C1]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[SRC]][%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT: memref.store %[[V]], %[[DST]][%[[I]], %[[J]], %[[K]]]
// CHECK-NOT: memref.copy
func.func @strided_source(%src: memref<4x1x3xf32, strided<[48, 3, 1], offset: 45>>,
                          %dst: memref<4x1x3xf32>) {
  memref.copy %src, %dst : memref<4x1x3xf32, strided<[48, 3, 1], offset: 45>> to memref<4x1x3xf32>
  return
}

// -----

// Dynamic sizes come from the source; a transposed target.
// CHECK-LABEL: func.func @dynamic_transposed_target
// CHECK-SAME: (%[[SRC:.*]]: memref<?x8xf32>, %[[DST:.*]]: memref<?x8xf32, strided<[1, ?]>>)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[N:.*]] = memref.dim %[[SRC]], %{{.*}} : memref<?x8xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[N]]
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[C8]]
// CHECK: memref.load %[[SRC]][%[[I]], %[[J]]]
// CHECK: memref.store %{{.*}}, %[[DST]][%[[I]], %[[J]]]
func.func @dynamic_transposed_target(%src: memref<?x8xf32>,
                                     %dst: memref<?x8xf32, strided<[1, ?]>>) {
  memref.copy %src, %dst : memref<?x8xf32> to memref<?x8xf32, strided<[1, ?]>>
  return
}

// -----

// Copies that become memcpy stay: identity layouts, a contiguous view at
// an offset, a scalar at an offset; and unranked buffers (memrefCopy
// either way).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.for
// CHECK-COUNT-4: memref.copy
func.func @left_alone(%a: memref<4x8xf32>, %b: memref<4x8xf32>,
                      %c: memref<2x8xf32, strided<[8, 1], offset: 16>>,
                      %d: memref<2x8xf32>,
                      %s: memref<f32, strided<[], offset: 3>>, %t: memref<f32>,
                      %u: memref<*xf32>, %v: memref<*xf32>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  memref.copy %c, %d : memref<2x8xf32, strided<[8, 1], offset: 16>> to memref<2x8xf32>
  memref.copy %s, %t : memref<f32, strided<[], offset: 3>> to memref<f32>
  memref.copy %u, %v : memref<*xf32> to memref<*xf32>
  return
}
