// RUN: xla-opt %s --xla-prefetch-next-block | FileCheck %s

// Each marked read prefetches the same element one iteration later, the
// induction variable clamped to its last value; the marks go.
// CHECK-NOT: xla.prefetch_next_block

#row = affine_map<()[s0, s1] -> (s0 + s1)>

// CHECK-LABEL: func @next_rows
// CHECK: scf.parallel (%[[IV:.*]]) =
// CHECK-DAG: %[[STEP:.*]] = arith.addi %[[IV]], %c8
// CHECK-DAG: %[[LAST:.*]] = arith.constant 56 : index
// CHECK: %[[NEXT:.*]] = arith.minsi %[[STEP]], %[[LAST]]
// CHECK: scf.for %[[R:.*]] = %c0 to %c8
// CHECK: scf.for %[[J:.*]] = %c0 to %c1024
// CHECK: %[[ROW:.*]] = affine.apply #{{.*}}()[%[[IV]], %[[R]]]
// CHECK-NEXT: %[[LATER:.*]] = affine.apply #{{.*}}()[%[[NEXT]], %[[R]]]
// CHECK: memref.prefetch %arg0[%[[LATER]], %[[J]]], read, locality<2>, data
// CHECK-NEXT: vector.transfer_read %arg0[%[[ROW]], %[[J]]]
func.func @next_rows(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    scf.for %r = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c1024 step %c16 {
        %row = affine.apply #row()[%i, %r]
        %v = vector.transfer_read %x[%row, %j], %pad {in_bounds = [true], xla.prefetch_next_block = 2 : i32} : memref<64x1024xf32>, vector<16xf32>
        vector.transfer_write %v, %out[%row, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
      }
    }
    scf.reduce
  }
  return
}

// A read through a view of the iteration's block: the view is taken again
// at the next block. A read of 4 lines prefetches each of them.
// CHECK-LABEL: func @view_of_block
// CHECK: scf.parallel (%[[IV:.*]]) =
// CHECK: %[[NEXT:.*]] = arith.minsi
// CHECK: %[[BLOCK:.*]] = memref.subview %arg0[%[[IV]], 0]
// CHECK-NEXT: %[[LATER:.*]] = memref.subview %arg0[%[[NEXT]], 0]
// CHECK: scf.for %[[J:.*]] = %c0 to %c1024 step %c64
// CHECK: memref.prefetch %[[LATER]][%[[R:.*]], %[[J]]], read, locality<3>, data
// CHECK: %[[J16:.*]] = arith.addi %[[J]], %c16
// CHECK: memref.prefetch %[[LATER]][%[[R]], %[[J16]]]
// CHECK: %[[J32:.*]] = arith.addi %[[J]], %c32
// CHECK: memref.prefetch %[[LATER]][%[[R]], %[[J32]]]
// CHECK: %[[J48:.*]] = arith.addi %[[J]], %c48
// CHECK: memref.prefetch %[[LATER]][%[[R]], %[[J48]]]
// CHECK-NOT: memref.prefetch
// CHECK: vector.transfer_read %[[BLOCK]]
func.func @view_of_block(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    %block = memref.subview %x[%i, 0] [8, 1024] [1, 1] : memref<64x1024xf32> to memref<8x1024xf32, strided<[1024, 1], offset: ?>>
    scf.for %r = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c1024 step %c64 {
        %v = vector.transfer_read %block[%r, %j], %pad {in_bounds = [true], xla.prefetch_next_block = 3 : i32} : memref<8x1024xf32, strided<[1024, 1], offset: ?>>, vector<64xf32>
        %row = affine.apply #row()[%i, %r]
        vector.transfer_write %v, %out[%row, %j] {in_bounds = [true]} : vector<64xf32>, memref<64x1024xf32>
      }
    }
    scf.reduce
  }
  return
}

// 60 rows in blocks of 8: the last block is shorter, and the next
// block's rows could lie past the buffer. Nothing is added.
// CHECK-LABEL: func @partial_last_block
// CHECK-NOT: memref.prefetch
// CHECK-NOT: arith.minsi
// CHECK: return
func.func @partial_last_block(%x: memref<60x1024xf32>, %out: memref<60x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c60 = arith.constant 60 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c60) step (%c8) {
    %v = vector.transfer_read %x[%i, %c0], %pad {in_bounds = [true], xla.prefetch_next_block = 2 : i32} : memref<60x1024xf32>, vector<16xf32>
    vector.transfer_write %v, %out[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<60x1024xf32>
    scf.reduce
  }
  return
}

// The inner loop's trip count changes with the block (a causal mask's
// triangle): one iteration later the same inner indices could be out of
// bounds. Nothing is added.
// CHECK-LABEL: func @triangle
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @triangle(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    %n = arith.muli %i, %c16 : index
    scf.for %j = %c0 to %n step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true], xla.prefetch_next_block = 2 : i32} : memref<64x1024xf32>, vector<16xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
    }
    scf.reduce
  }
  return
}

// A marked read in a parallel loop nested in another: only the outermost
// loop's iterations are blocks. Nothing is added.
// CHECK-LABEL: func @nested_parallel
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @nested_parallel(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    scf.parallel (%j) = (%c0) to (%c1024) step (%c16) {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true], xla.prefetch_next_block = 2 : i32} : memref<64x1024xf32>, vector<16xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}
