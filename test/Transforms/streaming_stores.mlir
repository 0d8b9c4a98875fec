// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(xla-streaming-stores))' | FileCheck %s

// A row-by-row write of a marked output the function never reads: each
// 64-byte vector becomes a streaming store when its address is aligned,
// the plain write otherwise, and one sfence follows the loop nest. The
// mark is gone.
// CHECK-LABEL: func.func @rows
// CHECK-SAME: (%[[IN:.*]]: memref<256x256xf32>, %[[OUT:.*]]: memref<256x256xf32>) {
// CHECK: scf.for %[[I:.*]] =
// CHECK: scf.for %[[J:.*]] =
// CHECK: %[[V:.*]] = vector.transfer_read %[[IN]]
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[OUT]]
// CHECK: %[[ROW:.*]] = arith.muli %[[I]], %[[STRIDES]]#0
// CHECK: %[[LIN:.*]] = arith.addi %[[OFFSET]], %[[ROW]]
// CHECK: %[[COL:.*]] = arith.muli %[[J]], %[[STRIDES]]#1
// CHECK: %[[LIN2:.*]] = arith.addi %[[LIN]], %[[COL]]
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK: %[[BYTES:.*]] = arith.muli %[[LIN2]], %c4
// CHECK: %[[ADDR:.*]] = arith.addi %[[PTR]], %[[BYTES]]
// CHECK: %[[MIS:.*]] = arith.andi %[[ADDR]], %c63
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[MIS]], %c0
// CHECK: scf.if %[[ALIGNED]] {
// CHECK-NEXT: vector.store %[[V]], %[[OUT]][%[[I]], %[[J]]] {alignment = 64 : i64, nontemporal = true}
// CHECK-NEXT: } else {
// CHECK-NEXT: vector.transfer_write %[[V]], %[[OUT]][%[[I]], %[[J]]] {in_bounds = [true]}
// CHECK-NEXT: }
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// CHECK-NEXT: return
func.func @rows(%in: memref<256x256xf32>,
                %out: memref<256x256xf32> {xla.streaming_store}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c256 step %c1 {
    scf.for %j = %c0 to %c256 step %c16 {
      %v = vector.transfer_read %in[%i, %j], %pad {in_bounds = [true]} : memref<256x256xf32>, vector<16xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<256x256xf32>
    }
  }
  return
}

// -----

// AVX2's 32-byte vectors: half a line each, streamed where a loop steps
// along the row by the vector and covers whole lines or at least 8 (two
// stores fill each line, one after the other), with the vector's own
// alignment. A loop that covers a line and a half (24 floats), or a write
// whose innermost index is not the loop's, keeps plain writes.
// CHECK-LABEL: func.func @half_lines
// CHECK: arith.andi %{{.*}}, %c31
// CHECK: vector.store %{{.*}} {alignment = 32 : i64, nontemporal = true} : memref<256x256xf32>, vector<8xf32>
// CHECK-LABEL: func.func @half_lines_partial
// CHECK-NOT: nontemporal
// CHECK: return
// CHECK-LABEL: func.func @half_lines_column
// CHECK-NOT: nontemporal
// CHECK: return
func.func @half_lines(%in: memref<256x256xf32>,
                      %out: memref<256x256xf32> {xla.streaming_store}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c256 step %c1 {
    scf.for %j = %c0 to %c256 step %c8 {
      %v = vector.transfer_read %in[%i, %j], %pad {in_bounds = [true]} : memref<256x256xf32>, vector<8xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<8xf32>, memref<256x256xf32>
    }
  }
  return
}
func.func @half_lines_partial(%in: memref<256x24xf32>,
                              %out: memref<256x24xf32> {xla.streaming_store}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c256 step %c1 {
    scf.for %j = %c0 to %c24 step %c8 {
      %v = vector.transfer_read %in[%i, %j], %pad {in_bounds = [true]} : memref<256x24xf32>, vector<8xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<8xf32>, memref<256x24xf32>
    }
  }
  return
}
func.func @half_lines_column(%in: memref<256x256xf32>,
                             %out: memref<256x256xf32> {xla.streaming_store}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %pad = arith.constant 0.0 : f32
  scf.for %j = %c0 to %c256 step %c8 {
    scf.for %i = %c0 to %c256 step %c1 {
      %v = vector.transfer_read %in[%i, %j], %pad {in_bounds = [true]} : memref<256x256xf32>, vector<8xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<8xf32>, memref<256x256xf32>
    }
  }
  return
}

// -----

// Through a subview of a parallel tile: the fence ends each tile's nest,
// inside the parallel loop, since every thread must order its own stores.
// CHECK-LABEL: func.func @tiles
// CHECK: scf.parallel
// CHECK: %[[SUB:.*]] = memref.subview
// CHECK: scf.for
// CHECK: scf.if
// CHECK-NEXT: vector.store %{{.*}}, %[[SUB]][{{.*}}] {alignment = 64 : i64, nontemporal = true}
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"
// CHECK-NEXT: scf.reduce
// CHECK-NOT: sfence
func.func @tiles(%out: memref<64x1024xf32> {xla.streaming_store},
                 %v: vector<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%t) = (%c0) to (%c64) step (%c16) {
    %sub = memref.subview %out[%t, 0] [16, 1024] [1, 1] : memref<64x1024xf32> to memref<16x1024xf32, strided<[1024, 1], offset: ?>>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c1024 step %c16 {
        vector.transfer_write %v, %sub[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<16x1024xf32, strided<[1024, 1], offset: ?>>
      }
    }
    scf.reduce
  }
  return
}

// -----

// Left alone: a marked output the function reads back (a k-blocked
// product adds into it), or passes on; half a line, a masked or an
// out-of-bounds write; an unmarked output.
// CHECK-LABEL: func.func @not_streamed
// CHECK-NOT: nontemporal
// CHECK-NOT: sfence
// CHECK: return
func.func private @reader(memref<256x256xf32>)
func.func @not_streamed(%acc: memref<256x256xf32> {xla.streaming_store},
                        %passed: memref<256x256xf32> {xla.streaming_store},
                        %big: memref<256x256xf32> {xla.streaming_store},
                        %unmarked: memref<256x256xf32>, %v: vector<16xf32>,
                        %half: vector<8xf32>, %mask: vector<16xi1>,
                        %i: index) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %acc[%i, %c0], %pad {in_bounds = [true]} : memref<256x256xf32>, vector<16xf32>
  %s = arith.addf %r, %v : vector<16xf32>
  vector.transfer_write %s, %acc[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<256x256xf32>
  vector.transfer_write %v, %passed[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<256x256xf32>
  call @reader(%passed) : (memref<256x256xf32>) -> ()
  vector.transfer_write %half, %big[%i, %c0] {in_bounds = [true]} : vector<8xf32>, memref<256x256xf32>
  vector.transfer_write %v, %big[%i, %c0], %mask {in_bounds = [true]} : vector<16xf32>, memref<256x256xf32>
  vector.transfer_write %v, %big[%i, %i] : vector<16xf32>, memref<256x256xf32>
  vector.transfer_write %v, %unmarked[%i, %c0] {in_bounds = [true]} : vector<16xf32>, memref<256x256xf32>
  return
}
