// RUN: xla-opt %s -split-input-file --xla-prefetch-lhs-strips | FileCheck %s

// The register tiles of a packed product on buffers: strips of 2 lhs rows
// (a k block of 40) against 4 rhs panels. Before its k loop, panel j
// prefetches rows j, j + 4, ... of the next strip (here row j for j < 2), a
// 64-byte line (16 floats) at a time; the strip loop's last iteration
// (iv 60) fetches its own strip. The mark goes.
// CHECK-LABEL: func.func @strips
// CHECK: scf.for %[[I:.*]] = %c0 to %c62 step %c2 {
// CHECK-DAG: %[[STEP:.*]] = arith.addi %[[I]], %c2
// CHECK-DAG: %[[LAST:.*]] = arith.constant 60 : index
// CHECK: %[[NEXT:.*]] = arith.minsi %[[STEP]], %[[LAST]]
// CHECK: scf.for %[[J:.*]] = %c0 to %c4 step %c1 {
// CHECK: %[[STRIP:.*]] = memref.subview %arg0[%[[I]], 0] [2, 40]
// CHECK-NEXT: %[[LATER:.*]] = memref.subview %arg0[%[[NEXT]], 0] [2, 40]
// CHECK: scf.for %[[R:.*]] = %[[J]] to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: memref.prefetch %[[LATER]][%[[R]], %[[C]]], read, locality<2>, data
// CHECK: scf.for %{{.*}} = %c0 to %c40 step %c1 iter_args
// CHECK: memref.subview %[[STRIP]]
// CHECK-NOT: xla.prefetch_lhs_strip
func.func @strips(%lhs: memref<62x40xf32>, %rhs: memref<4x40x16xf32>,
                  %out: memref<62x4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c40 = arith.constant 40 : index
  %c62 = arith.constant 62 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<2x16xf32>
  scf.for %i = %c0 to %c62 step %c2 {
    scf.for %j = %c0 to %c4 step %c1 {
      %strip = memref.subview %lhs[%i, 0] [2, 40] [1, 1] : memref<62x40xf32> to memref<2x40xf32, strided<[40, 1], offset: ?>>
      %acc = scf.for %k = %c0 to %c40 step %c1 iter_args(%a = %zero) -> (vector<2x16xf32>) {
        %col = memref.subview %strip[0, %k] [2, 1] [1, 1] : memref<2x40xf32, strided<[40, 1], offset: ?>> to memref<2x1xf32, strided<[40, 1], offset: ?>>
        %l0 = memref.load %col[%c0, %c0] : memref<2x1xf32, strided<[40, 1], offset: ?>>
        %l1 = memref.load %col[%c1, %c0] : memref<2x1xf32, strided<[40, 1], offset: ?>>
        %lv = vector.from_elements %l0, %l1 : vector<2xf32>
        %rv = vector.transfer_read %rhs[%j, %k, %c0], %pad {in_bounds = [true]} : memref<4x40x16xf32>, vector<16xf32>
        %p = vector.outerproduct %lv, %rv, %a {kind = #vector.kind<add>} : vector<2xf32>, vector<16xf32>
        scf.yield %p : vector<2x16xf32>
      } {xla.prefetch_lhs_strip = 2 : i64}
      %r0 = vector.extract %acc[0] : vector<16xf32> from vector<2x16xf32>
      vector.transfer_write %r0, %out[%i, %j, %c0] {in_bounds = [true]} : vector<16xf32>, memref<62x4x16xf32>
    }
  }
  return
}

// -----

// No panel loop (the strip depends on the loop around the k loop): one
// share, every row of the next strip before each k loop.
// CHECK-LABEL: func.func @one_panel
// CHECK: scf.for %[[I:.*]] = %c0 to %c62 step %c2 {
// CHECK: %[[NEXT:.*]] = arith.minsi
// CHECK: %[[LATER:.*]] = memref.subview %arg0[%[[NEXT]], 0] [2, 40]
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: memref.prefetch %[[LATER]][%[[R]], %{{.*}}], read, locality<3>, data
func.func @one_panel(%lhs: memref<62x40xf32>, %rhs: memref<40x16xf32>,
                     %out: memref<62x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c40 = arith.constant 40 : index
  %c62 = arith.constant 62 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<2x16xf32>
  scf.for %i = %c0 to %c62 step %c2 {
    %strip = memref.subview %lhs[%i, 0] [2, 40] [1, 1] : memref<62x40xf32> to memref<2x40xf32, strided<[40, 1], offset: ?>>
    %acc = scf.for %k = %c0 to %c40 step %c1 iter_args(%a = %zero) -> (vector<2x16xf32>) {
      %col = memref.subview %strip[0, %k] [2, 1] [1, 1] : memref<2x40xf32, strided<[40, 1], offset: ?>> to memref<2x1xf32, strided<[40, 1], offset: ?>>
      %l0 = memref.load %col[%c0, %c0] : memref<2x1xf32, strided<[40, 1], offset: ?>>
      %l1 = memref.load %col[%c1, %c0] : memref<2x1xf32, strided<[40, 1], offset: ?>>
      %lv = vector.from_elements %l0, %l1 : vector<2xf32>
      %rv = vector.transfer_read %rhs[%k, %c0], %pad {in_bounds = [true]} : memref<40x16xf32>, vector<16xf32>
      %p = vector.outerproduct %lv, %rv, %a {kind = #vector.kind<add>} : vector<2xf32>, vector<16xf32>
      scf.yield %p : vector<2x16xf32>
    } {xla.prefetch_lhs_strip = 3 : i64}
    %r0 = vector.extract %acc[0] : vector<16xf32> from vector<2x16xf32>
    vector.transfer_write %r0, %out[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<62x16xf32>
  }
  return
}

// -----

// What the mechanism leaves alone, removing the marks: loads of two
// buffers, a strip loop with a bound that is not a constant, and a strip
// loop of one iteration.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: memref.prefetch
// CHECK-NOT: xla.prefetch_lhs_strip
// CHECK: return
func.func @left_alone(%lhs: memref<62x40xf32>, %other: memref<40xf32>,
                      %n: index, %out: memref<62x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c40 = arith.constant 40 : index
  %c62 = arith.constant 62 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c62 step %c2 {
    %strip = memref.subview %lhs[%i, 0] [2, 40] [1, 1] : memref<62x40xf32> to memref<2x40xf32, strided<[40, 1], offset: ?>>
    %s = scf.for %k = %c0 to %c40 step %c1 iter_args(%a = %zero) -> (f32) {
      %l0 = memref.load %strip[%c0, %k] : memref<2x40xf32, strided<[40, 1], offset: ?>>
      %l1 = memref.load %other[%k] : memref<40xf32>
      %m = arith.mulf %l0, %l1 : f32
      %sum = arith.addf %a, %m : f32
      scf.yield %sum : f32
    } {xla.prefetch_lhs_strip = 2 : i64}
    memref.store %s, %out[%i, %c0] : memref<62x16xf32>
  }
  scf.for %i = %c0 to %n step %c2 {
    %strip = memref.subview %lhs[%i, 0] [2, 40] [1, 1] : memref<62x40xf32> to memref<2x40xf32, strided<[40, 1], offset: ?>>
    %s = scf.for %k = %c0 to %c40 step %c1 iter_args(%a = %zero) -> (f32) {
      %l0 = memref.load %strip[%c0, %k] : memref<2x40xf32, strided<[40, 1], offset: ?>>
      %sum = arith.addf %a, %l0 : f32
      scf.yield %sum : f32
    } {xla.prefetch_lhs_strip = 2 : i64}
    memref.store %s, %out[%i, %c0] : memref<62x16xf32>
  }
  scf.for %i = %c0 to %c2 step %c2 {
    %strip = memref.subview %lhs[%i, 0] [2, 40] [1, 1] : memref<62x40xf32> to memref<2x40xf32, strided<[40, 1], offset: ?>>
    %s = scf.for %k = %c0 to %c40 step %c1 iter_args(%a = %zero) -> (f32) {
      %l0 = memref.load %strip[%c0, %k] : memref<2x40xf32, strided<[40, 1], offset: ?>>
      %sum = arith.addf %a, %l0 : f32
      scf.yield %sum : f32
    } {xla.prefetch_lhs_strip = 2 : i64}
    memref.store %s, %out[%i, %c0] : memref<62x16xf32>
  }
  return
}
