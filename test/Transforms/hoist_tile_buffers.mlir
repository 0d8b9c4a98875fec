// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(convert-scf-to-openmp,func.func(xla-hoist-tile-buffers))' | FileCheck %s

// A register tile's accumulator buffer (marked xla.tile_buffer) moves from
// the parallel body to the start of the omp.parallel region: one per
// thread, not one per iteration. Its mark goes; an unmarked alloca stays
// in the body's alloca scope.
// CHECK-LABEL: func.func @parallel
// CHECK: omp.parallel {
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8x16xf32>
// CHECK-NEXT: omp.wsloop
// CHECK: memref.alloca_scope
// CHECK-NEXT: memref.alloca() : memref<16xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[BUF]]
// CHECK: vector.transfer_read %[[BUF]]
// CHECK-NOT: xla.tile_buffer
func.func @parallel(%out: memref<4x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %v = arith.constant dense<1.0> : vector<8x16xf32>
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %buf = memref.alloca() {alignment = 64 : i64, xla.tile_buffer} : memref<8x16xf32>
    %other = memref.alloca() : memref<16xf32>
    vector.transfer_write %v, %buf[%c0, %c0] {in_bounds = [true, true]} : vector<8x16xf32>, memref<8x16xf32>
    scf.for %r = %c0 to %c8 step %c1 {
      %row = vector.transfer_read %buf[%r, %c0], %pad {in_bounds = [true]} : memref<8x16xf32>, vector<16xf32>
      vector.transfer_write %row, %out[%i, %r, %c0] {in_bounds = [true]} : vector<16xf32>, memref<4x8x16xf32>
    }
    scf.reduce
  }
  return
}

// -----

// On one thread (a sequential loop for the distributed tiles), to the
// start of the function.
// CHECK-LABEL: func.func @sequential
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8x16xf32>
// CHECK: scf.for
// CHECK: vector.transfer_write %{{.*}}, %[[BUF]]
// CHECK-NOT: xla.tile_buffer
func.func @sequential(%out: memref<4x8x16xf32>) {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %v = arith.constant dense<1.0> : vector<8x16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %buf = memref.alloca() {alignment = 64 : i64, xla.tile_buffer} : memref<8x16xf32>
    vector.transfer_write %v, %buf[%c0, %c0] {in_bounds = [true, true]} : vector<8x16xf32>, memref<8x16xf32>
    %tile = vector.transfer_read %buf[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x16xf32>, vector<8x16xf32>
    vector.transfer_write %tile, %out[%i, %c0, %c0] {in_bounds = [true, true]} : vector<8x16xf32>, memref<4x8x16xf32>
  }
  return
}
