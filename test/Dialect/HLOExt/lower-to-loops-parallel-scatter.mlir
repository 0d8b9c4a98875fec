// RUN: xla-opt %s --hloext-lower-to-loops=parallel-scatter=true --canonicalize --split-input-file | FileCheck %s

// A scatter-add: one parallel loop over every update element; each element
// checks its window and adds itself with an atomic read-modify-write.
// CHECK-LABEL: func @scatter_add
// CHECK-SAME: (%[[IDX:.*]]: memref<2x2xi32>, %[[UPD:.*]]: memref<2x3xf32>, %[[OP:.*]]: memref<5x4x3xf32>)
// CHECK: scf.parallel (%[[I:.*]], %[[W:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}})
// CHECK:   %[[S0:.*]] = memref.load %[[IDX]][%[[I]], %{{.*}}] : memref<2x2xi32>
// CHECK:   %[[S1:.*]] = memref.load %[[IDX]][%[[I]], %{{.*}}] : memref<2x2xi32>
// CHECK:   scf.if %{{.*}} {
// CHECK:     %[[D1:.*]] = arith.addi %{{.*}}, %[[W]] : index
// CHECK:     %[[NEW:.*]] = memref.load %[[UPD]][%[[I]], %[[W]]] : memref<2x3xf32>
// CHECK:     memref.atomic_rmw addf %[[NEW]], %[[OP]][%{{.*}}, %[[D1]], %{{.*}}] : (f32, memref<5x4x3xf32>) -> f32
// CHECK-NOT: hloext.scatter
func.func @scatter_add(%indices: memref<2x2xi32>, %updates: memref<2x3xf32>,
                       %operand: memref<5x4x3xf32>) {
  hloext.scatter update_window_dims = [1] inserted_window_dims = [0, 2]
      scatter_dims_to_operand_dims = [0, 1] index_vector_dim = 1
      ins(%indices, %updates : memref<2x2xi32>, memref<2x3xf32>)
      outs(%operand : memref<5x4x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    %s = arith.addf %cur, %upd : f32
    hloext.yield %s : f32
  }
  return
}

// -----

// Unique indices: in parallel with a plain load, combine and store, any
// combiner.
// CHECK-LABEL: func @scatter_unique
// CHECK: scf.parallel
// CHECK:   scf.if
// CHECK:     memref.load
// CHECK:     arith.mulf
// CHECK:     memref.store
// CHECK-NOT: atomic_rmw
func.func @scatter_unique(%indices: memref<2x1xi32>, %updates: memref<2x3xf32>,
                          %operand: memref<5x3xf32>) {
  hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1 unique_indices
      ins(%indices, %updates : memref<2x1xi32>, memref<2x3xf32>)
      outs(%operand : memref<5x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    %s = arith.mulf %cur, %upd : f32
    hloext.yield %s : f32
  }
  return
}

// -----

// A combiner with no atomic (a product, or replacing the value) and
// indices that may repeat: the updates stay in order, in sequential loops.
// CHECK-LABEL: func @scatter_in_order
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: atomic_rmw
func.func @scatter_in_order(%indices: memref<2x1xi32>, %updates: memref<2x3xf32>,
                            %operand: memref<5x3xf32>) {
  hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%indices, %updates : memref<2x1xi32>, memref<2x3xf32>)
      outs(%operand : memref<5x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    hloext.yield %upd : f32
  }
  return
}

// -----

// Booleans have no atomic read-modify-write in LLVM (i1 is a byte in
// memory): an or-scatter of them keeps the sequential loops.
// CHECK-LABEL: func @scatter_bool
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: arith.ori
// CHECK-NOT: atomic_rmw
func.func @scatter_bool(%indices: memref<2x1xi32>, %updates: memref<2x3xi1>,
                        %operand: memref<5x3xi1>) {
  hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%indices, %updates : memref<2x1xi32>, memref<2x3xi1>)
      outs(%operand : memref<5x3xi1>) {
  ^bb0(%cur: i1, %upd: i1):
    %o = arith.ori %cur, %upd : i1
    hloext.yield %o : i1
  }
  return
}
