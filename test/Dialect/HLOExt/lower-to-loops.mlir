// RUN: xla-opt %s --hloext-lower-to-loops --canonicalize --split-input-file --verify-diagnostics | FileCheck %s

// Scatter: one loop per update scatter dimension; each point reads its index
// vector, checks that the whole window fits (0 <= start <= size - window)
// and combines the window element by element.

// CHECK-LABEL: func @scatter
// CHECK-SAME: (%[[IDX:.*]]: memref<2x2xi32>, %[[UPD:.*]]: memref<2x3xf32>, %[[OP:.*]]: memref<5x4x3xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK:   %[[S0:.*]] = memref.load %[[IDX]][%[[I]], %{{.*}}] : memref<2x2xi32>
// CHECK:   %[[START0:.*]] = arith.index_cast %[[S0]] : i32 to index
// CHECK:   arith.cmpi sge, %[[START0]], %{{.*}} : index
// CHECK:   arith.cmpi sle, %[[START0]], %{{.*}} : index
// CHECK:   %[[S1:.*]] = memref.load %[[IDX]][%[[I]], %{{.*}}] : memref<2x2xi32>
// CHECK:   %[[START1:.*]] = arith.index_cast %[[S1]] : i32 to index
// CHECK:   scf.if %{{.*}} {
// CHECK:     scf.for %[[W:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:       %[[D1:.*]] = arith.addi %[[START1]], %[[W]] : index
// CHECK:       %[[CUR:.*]] = memref.load %[[OP]][%[[START0]], %[[D1]], %{{.*}}] : memref<5x4x3xf32>
// CHECK:       %[[NEW:.*]] = memref.load %[[UPD]][%[[I]], %[[W]]] : memref<2x3xf32>
// CHECK:       %[[SUM:.*]] = arith.addf %[[CUR]], %[[NEW]] : f32
// CHECK:       memref.store %[[SUM]], %[[OP]][%[[START0]], %[[D1]], %{{.*}}] : memref<5x4x3xf32>
// CHECK-NOT: hloext.scatter
func.func @scatter(%indices: memref<2x2xi32>, %updates: memref<2x3xf32>,
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

// Sort: one loop per other dimension; each slice is copied into a 2 x n
// scratch buffer, merged bottom-up with widths 1, 2, 4, ... alternating
// between its rows, and copied back. The deallocation pipeline, which runs
// later, frees the scratch buffers.

// CHECK-LABEL: func @sort
// CHECK-SAME: (%[[KEYS:.*]]: memref<4x6xi64>, %[[VALS:.*]]: memref<4x6xf32>)
// CHECK: scf.for %[[ROW:.*]] = {{.*}} {
// CHECK:   %[[KS:.*]] = memref.alloc() : memref<2x6xi64>
// CHECK:   %[[VS:.*]] = memref.alloc() : memref<2x6xf32>
// CHECK:   scf.for %[[E:.*]] =
// CHECK:     memref.load %[[KEYS]][%[[ROW]], %[[E]]]
// CHECK:     memref.store %{{.*}}, %[[KS]][%{{.*}}, %[[E]]]
// CHECK:   %[[PASS:.*]]:2 = scf.while (%[[WIDTH:.*]] = %{{.*}}, %[[SRC:.*]] = %{{.*}}) : (index, index) -> (index, index) {
// CHECK:     arith.cmpi slt, %[[WIDTH]]
// CHECK:     scf.condition
// CHECK:   } do {
// CHECK:     %[[DST:.*]] = arith.subi %{{.*}}, %{{.*}} : index
// CHECK:     %[[TWICE:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:     scf.for %[[LO:.*]] = %{{.*}} to %{{.*}} step %[[TWICE]] {
// CHECK:       scf.for %[[K:.*]] = {{.*}} iter_args(%[[I:.*]] = %[[LO]], %[[J:.*]] = %{{.*}}) -> (index, index) {
// CHECK:         %[[LEFT:.*]] = memref.load %[[KS]]
// CHECK:         %[[RIGHT:.*]] = memref.load %[[KS]]
// CHECK:         %[[RLESS:.*]] = arith.cmpi slt, %[[RIGHT]], %[[LEFT]] : i64
// CHECK:         %[[TAKE:.*]] = arith.andi
// CHECK:         arith.select %[[TAKE]], %[[RIGHT]], %[[LEFT]] : i64
// CHECK:         memref.store %{{.*}}, %[[KS]][%[[DST]], %[[K]]]
// CHECK:         arith.select %[[TAKE]], %{{.*}}, %{{.*}} : f32
// CHECK:         memref.store %{{.*}}, %[[VS]][%[[DST]], %[[K]]]
// CHECK:         scf.yield
// CHECK:   scf.for %[[E:.*]] =
// CHECK:     memref.load %[[KS]][%[[PASS]]#1, %[[E]]]
// CHECK:     memref.store %{{.*}}, %[[KEYS]][%[[ROW]], %[[E]]]
// CHECK-NOT: memref.dealloc
// CHECK-NOT: hloext.sort
func.func @sort(%keys: memref<4x6xi64>, %values: memref<4x6xf32>) {
  hloext.sort dimension = 1 outs(%keys, %values : memref<4x6xi64>, memref<4x6xf32>) {
  ^bb0(%l: i64, %r: i64, %lv: f32, %rv: f32):
    %lt = arith.cmpi slt, %l, %r : i64
    hloext.yield %lt : i1
  }
  return
}

// -----

// Ops must be bufferized first.
func.func @sort_tensor(%keys: tensor<6xi64>) -> tensor<6xi64> {
  // expected-error @+1 {{'hloext.sort' op must be bufferized before it is lowered to loops}}
  %0 = hloext.sort dimension = 0 outs(%keys : tensor<6xi64>) {
  ^bb0(%l: i64, %r: i64):
    %lt = arith.cmpi slt, %l, %r : i64
    hloext.yield %lt : i1
  } -> tensor<6xi64>
  return %0 : tensor<6xi64>
}

// -----

// Select-and-scatter: one loop per source dimension; the window loops carry
// the selection (found, position, value). Positions in the padding are
// skipped; the first in-bounds candidate is taken, later ones unless
// select(selected, candidate) holds. Then the source value is combined
// into the result at the selected position, if any.

// CHECK-LABEL: func @select_and_scatter
// CHECK-SAME: (%[[OP:.*]]: memref<4x2xf32>, %[[SRC:.*]]: memref<2x2xf32>, %[[OUT:.*]]: memref<4x2xf32>)
// CHECK: scf.for %[[S0:.*]] =
// CHECK:   scf.for %[[S1:.*]] =
// CHECK:     %[[SEL:.*]]:4 = scf.for %[[W:.*]] = {{.*}} iter_args(%[[FOUND:.*]] = %false, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %[[VAL:.*]] = %{{.*}}) -> (i1, index, index, f32) {
// CHECK:       %[[POS:.*]] = arith.addi
// CHECK:       arith.cmpi sge, %[[POS]]
// CHECK:       arith.cmpi slt, %[[POS]]
// CHECK:       scf.if %{{.*}} -> (index, index, f32) {
// CHECK:         %[[CAND:.*]] = memref.load %[[OP]][%[[POS]], %[[S1]]]
// CHECK:         %[[KEEP:.*]] = arith.cmpf oge, %[[VAL]], %[[CAND]] : f32
// CHECK:         %[[SWITCH:.*]] = arith.xori %[[KEEP]], %true : i1
// CHECK:         %[[TAKE:.*]] = arith.select %[[FOUND]], %[[SWITCH]], %true : i1
// CHECK:         arith.select %[[TAKE]], %[[CAND]], %[[VAL]] : f32
// CHECK:     scf.if %[[SEL]]#0 {
// CHECK:       %[[CUR:.*]] = memref.load %[[OUT]][%[[SEL]]#1, %[[SEL]]#2]
// CHECK:       %[[V:.*]] = memref.load %[[SRC]][%[[S0]], %[[S1]]]
// CHECK:       %[[SUM:.*]] = arith.addf %[[CUR]], %[[V]] : f32
// CHECK:       memref.store %[[SUM]], %[[OUT]][%[[SEL]]#1, %[[SEL]]#2]
func.func @select_and_scatter(%operand: memref<4x2xf32>, %source: memref<2x2xf32>, %init: memref<4x2xf32>) {
  hloext.select_and_scatter window_dimensions = [3, 1] window_strides = [2, 1]
      padding_low = [1, 0] padding_high = [0, 0]
      ins(%operand, %source : memref<4x2xf32>, memref<2x2xf32>) outs(%init : memref<4x2xf32>)
      select {
      ^bb0(%a: f32, %b: f32):
        %ge = arith.cmpf oge, %a, %b : f32
        hloext.yield %ge : i1
      } scatter {
      ^bb0(%c: f32, %d: f32):
        %s = arith.addf %c, %d : f32
        hloext.yield %s : f32
      }
  return
}

// -----

// FFT: one loop per batch dimension; each block is copied into f64
// scratch, transformed by one-dimensional DFTs with cos/sin tables indexed
// by (j * k) mod n, and stored back. IRFFT first fills the frequencies it
// does not get with the conjugates of the kept ones (here X[3] =
// conj(X[1])), divides by the length and keeps the real part.

// CHECK-LABEL: func @irfft
// CHECK-SAME: (%[[X:.*]]: memref<5x3xcomplex<f64>>, %[[OUT:.*]]: memref<5x4xf64>)
// CHECK-DAG: %[[QUARTER:.*]] = arith.constant 2.500000e-01 : f64
// CHECK-DAG: %[[STEP:.*]] = arith.constant 1.5707963267948966 : f64
// CHECK: scf.for %[[B:.*]] =
// CHECK:   %[[RE:.*]] = memref.alloc() : memref<2x4xf64>
// CHECK:   %[[IM:.*]] = memref.alloc() : memref<2x4xf64>
// CHECK:   %[[COS:.*]] = memref.alloc() : memref<4xf64>
// CHECK:   %[[SIN:.*]] = memref.alloc() : memref<4xf64>
// CHECK:   scf.for %[[M:.*]] =
// CHECK:     %[[ANGLE:.*]] = arith.mulf %{{.*}}, %[[STEP]] : f64
// CHECK:     math.cos %[[ANGLE]] : f64
// CHECK:     math.sin %[[ANGLE]] : f64
// CHECK:   scf.for %[[K:.*]] = %{{.*}} to %c3
// CHECK:     %[[V:.*]] = memref.load %[[X]][%[[B]], %[[K]]]
// CHECK:     complex.re %[[V]]
// CHECK:     complex.im %[[V]]
// CHECK:   %[[R1:.*]] = memref.load %[[RE]][%c0, %c1]
// CHECK:   %[[I1:.*]] = memref.load %[[IM]][%c0, %c1]
// CHECK:   memref.store %[[R1]], %[[RE]][%c0, %c3]
// CHECK:   %[[NEG:.*]] = arith.negf %[[I1]] : f64
// CHECK:   memref.store %[[NEG]], %[[IM]][%c0, %c3]
// CHECK:   scf.for %[[N:.*]] =
// CHECK:     scf.for %[[J:.*]] = {{.*}} iter_args
// CHECK:       %[[JN:.*]] = arith.muli %[[J]], %[[N]] : index
// CHECK:       %[[MOD:.*]] = arith.remui %[[JN]], %c4 : index
// CHECK:       memref.load %[[COS]][%[[MOD]]]
// CHECK:       memref.load %[[SIN]][%[[MOD]]]
// CHECK:     arith.mulf %{{.*}}, %[[QUARTER]] : f64
// CHECK:   scf.for %[[N2:.*]] =
// CHECK:     %[[RESULT:.*]] = memref.load %[[RE]][%c1, %[[N2]]]
// CHECK:     memref.store %[[RESULT]], %[[OUT]][%[[B]], %[[N2]]]
func.func @irfft(%x: memref<5x3xcomplex<f64>>, %out: memref<5x4xf64>) {
  hloext.fft IRFFT fft_length = [4] ins(%x : memref<5x3xcomplex<f64>>) outs(%out : memref<5x4xf64>)
  return
}
