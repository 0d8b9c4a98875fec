// RUN: xla-opt %s --xla-gpu-map-loops --split-input-file --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-loops=vector-bytes=8 --split-input-file --canonicalize --cse | FileCheck %s --check-prefix=B8

// An elementwise loop over f32: a thread runs four neighbours of the
// innermost loop, each contiguous access one 16-byte aligned vector access;
// a quarter of the threads (8 x 64 / 4 = 128). A per-row value (not
// indexed by the innermost loop) stays one scalar load.
// CHECK-LABEL: func.func private @loop_add_fusion(
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[N:.*]] = arith.constant 128 : index
// CHECK:         gpu.launch
// CHECK:           arith.cmpi ult, %{{.*}}, %[[N]]
// CHECK:           %[[I:.*]] = arith.divui
// CHECK:           %[[J:.*]] = arith.muli %{{.*}}, %[[C4]] : index
// CHECK:           %[[A:.*]] = vector.load %arg0[%[[I]], %[[J]]] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK:           %[[B:.*]] = vector.load %arg1[%[[J]]] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
// CHECK:           memref.load %arg2[%[[I]]]
// CHECK-NOT:       memref.load
// CHECK:           %[[V:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT:      vector.store %[[V]], %arg3[%[[I]], %[[J]]] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK-NOT:       memref.store
// CHECK:           gpu.terminator
// At 8 bytes, two neighbours.
// B8-LABEL: func.func private @loop_add_fusion(
// B8:         vector.load %arg0{{.*}} {alignment = 8 : i64} : memref<8x64xf32>, vector<2xf32>
func.func private @loop_add_fusion(%a: memref<8x64xf32>, %b: memref<64xf32>, %r: memref<8xf32>, %out: memref<8x64xf32>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c64) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<8x64xf32>
    %y = memref.load %b[%j] : memref<64xf32>
    %s = memref.load %r[%i] : memref<8xf32>
    %z = arith.addf %x, %y : f32
    %w = arith.mulf %z, %s : f32
    memref.store %w, %out[%i, %j] : memref<8x64xf32>
    scf.reduce
  }
  return
}

// -----

// The widest element sets the width: f32 in, f16 out is four neighbours,
// a 16-byte load and an 8-byte store.
// CHECK-LABEL: func.func private @loop_convert_fusion(
// CHECK:         vector.load %arg0{{.*}} {alignment = 16 : i64} : memref<256xf32>, vector<4xf32>
// CHECK:         vector.store %{{.*}}, %arg1{{.*}} {alignment = 8 : i64} : memref<256xf16>, vector<4xf16>
func.func private @loop_convert_fusion(%a: memref<256xf32>, %out: memref<256xf16>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %x = memref.load %a[%i] : memref<256xf32>
    %y = arith.truncf %x : f32 to f16
    memref.store %y, %out[%i] : memref<256xf16>
    scf.reduce
  }
  return
}

// -----

// A transpose: the store along the innermost loop is one vector, the loads
// across it stay four scalar loads.
// CHECK-LABEL: func.func private @loop_transpose_fusion(
// CHECK-COUNT-4: memref.load %arg0
// CHECK:         vector.store %{{.*}}, %arg1{{.*}} {alignment = 16 : i64} : memref<32x64xf32>, vector<4xf32>
func.func private @loop_transpose_fusion(%a: memref<64x32xf32>, %out: memref<32x64xf32>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c32, %c64) step (%c1, %c1) {
    %x = memref.load %a[%j, %i] : memref<64x32xf32>
    memref.store %x, %out[%i, %j] : memref<32x64xf32>
    scf.reduce
  }
  return
}

// -----

// Six columns: two neighbours (8 bytes), not four.
// CHECK-LABEL: func.func private @loop_six_fusion(
// CHECK:         vector.load %arg0{{.*}} {alignment = 8 : i64} : memref<8x6xf32>, vector<2xf32>
// CHECK:         vector.store {{.*}} {alignment = 8 : i64} : memref<8x6xf32>, vector<2xf32>
func.func private @loop_six_fusion(%a: memref<8x6xf32>, %out: memref<8x6xf32>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c6) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<8x6xf32>
    %y = arith.negf %x : f32
    memref.store %y, %out[%i, %j] : memref<8x6xf32>
    scf.reduce
  }
  return
}

// -----

// Left one iteration per thread: an odd count; views at offset 1 and at an
// unknown offset; i1 elements (bytes in memory, bits in a vector). A view
// made in the loop's body leaves its load scalar (the store is a vector).
// CHECK-LABEL: func.func private @loop_inner_view_fusion(
// CHECK:         memref.collapse_shape
// CHECK:         memref.load
// CHECK:         vector.store
// CHECK-LABEL: func.func private @loop_odd_fusion(
// CHECK-NOT:     vector.
// CHECK:         return
// CHECK-LABEL: func.func private @loop_offset_fusion(
// CHECK-NOT:     vector.
// CHECK:         return
// CHECK-LABEL: func.func private @loop_i1_fusion(
// CHECK-NOT:     vector.
// CHECK:         return
func.func private @loop_inner_view_fusion(%a: memref<2x8xf32>, %out: memref<16xf32>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %flat = memref.collapse_shape %a [[0, 1]] : memref<2x8xf32> into memref<16xf32>
    %x = memref.load %flat[%i] : memref<16xf32>
    memref.store %x, %out[%i] : memref<16xf32>
    scf.reduce
  }
  return
}
func.func private @loop_odd_fusion(%a: memref<7xf32>, %out: memref<7xf32>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  scf.parallel (%i) = (%c0) to (%c7) step (%c1) {
    %x = memref.load %a[%i] : memref<7xf32>
    memref.store %x, %out[%i] : memref<7xf32>
    scf.reduce
  }
  return
}
func.func private @loop_offset_fusion(%a: memref<8xf32, strided<[1], offset: 1>>, %out: memref<8xf32, strided<[1], offset: ?>>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %a[%i] : memref<8xf32, strided<[1], offset: 1>>
    memref.store %x, %out[%i] : memref<8xf32, strided<[1], offset: ?>>
    scf.reduce
  }
  return
}
func.func private @loop_i1_fusion(%a: memref<8xi1>, %out: memref<8xi1>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %x = memref.load %a[%i] : memref<8xi1>
    memref.store %x, %out[%i] : memref<8xi1>
    scf.reduce
  }
  return
}

// -----

// Order within an iteration: a load after the iteration's store to a
// scratch buffer stays in its place (scalar), and so does a store that a
// read follows; the first load and the last store are vectors.
// CHECK-LABEL: func.func private @loop_order_fusion(
// CHECK:         vector.load %arg0
// CHECK:         memref.store %{{.*}}, %arg1
// CHECK:         memref.load %arg1
// CHECK:         memref.store %{{.*}}, %arg1
// CHECK:         memref.load %arg1
// CHECK:         memref.store %{{.*}}, %arg1
// CHECK:         memref.load %arg1
// CHECK:         memref.store %{{.*}}, %arg1
// CHECK:         memref.load %arg1
// CHECK:         vector.store %{{.*}}, %arg2
func.func private @loop_order_fusion(%a: memref<16xf32>, %tmp: memref<16xf32>, %out: memref<16xf32>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %x = memref.load %a[%i] : memref<16xf32>
    memref.store %x, %tmp[%i] : memref<16xf32>
    %y = memref.load %tmp[%i] : memref<16xf32>
    %z = arith.addf %y, %y : f32
    memref.store %z, %out[%i] : memref<16xf32>
    scf.reduce
  }
  return
}
