// RUN: xla-opt %s --hloext-lower-to-loops="parallel-scatter=true ordered-scatter-work=0" --canonicalize --split-input-file | FileCheck %s
// RUN: xla-opt %s --hloext-lower-to-loops=parallel-scatter=true --canonicalize --split-input-file | FileCheck %s --check-prefix=ORD
// RUN: xla-opt %s --hloext-lower-to-loops="parallel-scatter=true ordered-scatter-work=35" --canonicalize --split-input-file | FileCheck %s --check-prefix=LIMIT

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
// Its windows are 3 wide along operand dimension 1, which the indices
// address: windows of different index vectors may overlap, so atomics even
// where ordered updates are allowed.
// ORD-LABEL: func @scatter_add
// ORD: memref.atomic_rmw addf
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
// indices that may repeat: the updates stay in order, in sequential loops
// where ordered updates are not allowed. Where they are, one parallel
// loop: an element whose window no earlier point starts at (the first
// loop) combines the init with its own update and those of every later
// point with the same start, in order (the second loop), and stores it.
// ORD-LABEL: func @scatter_in_order
// ORD-SAME: (%[[IDX:.*]]: memref<2x1xi32>, %[[UPD:.*]]: memref<2x3xf32>, %[[OP:.*]]: memref<5x3xf32>)
// ORD:   scf.parallel (%[[I:.*]], %[[W:.*]]) =
// ORD:     %[[MINE:.*]] = memref.load %[[IDX]][%[[I]], %c0]
// ORD:     %[[START:.*]] = arith.index_cast %[[MINE]]
// ORD:     scf.if
// ORD:       %[[SEEN:.*]] = scf.for %[[J:.*]] = %c0 to %[[I]] step %c1 iter_args(%[[ANY:.*]] = %false) -> (i1) {
// ORD:         %[[THEIRS:.*]] = memref.load %[[IDX]][%[[J]], %c0]
// ORD:         %[[TS:.*]] = arith.index_cast %[[THEIRS]]
// ORD:         %[[EQ:.*]] = arith.cmpi eq, %[[TS]], %[[START]]
// ORD:         %[[OR:.*]] = arith.ori %[[ANY]], %[[EQ]]
// ORD:         scf.yield %[[OR]]
// ORD:       %[[FIRST:.*]] = arith.xori %[[SEEN]], %true
// ORD:       scf.if %[[FIRST]] {
// ORD:         %[[OLD:.*]] = memref.load %[[OP]][%[[START]], %[[W]]]
// ORD:         %[[NEW:.*]] = scf.for %[[K:.*]] = %[[I]] to %c2 step %c1 iter_args(%[[ACC:.*]] = %[[OLD]]) -> (f32) {
// ORD:           scf.if %{{.*}} -> (f32) {
// ORD:             %[[U:.*]] = memref.load %[[UPD]][%[[K]], %[[W]]]
// ORD:             scf.yield %[[U]] : f32
// ORD:           } else {
// ORD:             scf.yield %[[ACC]] : f32
// ORD:         memref.store %[[NEW]], %[[OP]][%[[START]], %[[W]]]
// ORD-NOT: atomic_rmw
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
// memory): an or-scatter of them keeps the sequential loops, unless its
// updates may go in order in parallel.
// ORD-LABEL: func @scatter_bool
// ORD: scf.parallel
// ORD: arith.ori
// ORD-NOT: atomic_rmw
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

// -----

// An embedding's gradient (rows of a table at token ids that may repeat):
// ordered in parallel, or with atomics when its work, 4 points squared
// times 3 window elements (48), is over the limit.
// ORD-LABEL: func @scatter_rows
// ORD: scf.parallel
// ORD: scf.for
// ORD: scf.for
// ORD: arith.addf
// ORD-NOT: atomic_rmw
// CHECK-LABEL: func @scatter_rows
// CHECK: memref.atomic_rmw addf
// LIMIT-LABEL: func @scatter_rows
// LIMIT: scf.parallel
// LIMIT: memref.atomic_rmw addf
func.func @scatter_rows(%indices: memref<4x1xi32>, %updates: memref<4x3xf32>,
                        %operand: memref<5x3xf32>) {
  hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%indices, %updates : memref<4x1xi32>, memref<4x3xf32>)
      outs(%operand : memref<5x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    %s = arith.addf %cur, %upd : f32
    hloext.yield %s : f32
  }
  return
}

// -----

// Windows of no element: nothing to scan or combine (the work estimate
// divides by the window's size), whatever the limit.
// ORD-LABEL: func @scatter_empty_window
// ORD-NOT: memref.store
// ORD: return
// CHECK-LABEL: func @scatter_empty_window
// CHECK-NOT: memref.store
// CHECK: return
func.func @scatter_empty_window(%indices: memref<4x1xi32>, %updates: memref<4x0xf32>,
                                %operand: memref<5x3xf32>) {
  hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%indices, %updates : memref<4x1xi32>, memref<4x0xf32>)
      outs(%operand : memref<5x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    %s = arith.addf %cur, %upd : f32
    hloext.yield %s : f32
  }
  return
}
