// RUN: xla-opt %s --xla-sink-to-stores | FileCheck %s

// An epilogue unrolled across two rows, op by op, as xla-tile-and-vectorize
// leaves it: after the pass each row is computed and stored in turn. The
// bias (read once for both rows), the loads and the constant stay first.
// CHECK-LABEL: func.func @rows
// CHECK: %[[BIAS:.*]] = vector.transfer_read %{{.*}}[%c0]
// CHECK-NEXT: %[[A0:.*]] = vector.load %{{.*}}[%c0, %c0]
// CHECK-NEXT: %[[A1:.*]] = vector.load %{{.*}}[%c1, %c0]
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[A0]], %[[BIAS]]
// CHECK-NEXT: %[[E0:.*]] = math.erfc %[[S0]]
// CHECK-NEXT: %[[M0:.*]] = arith.mulf %[[S0]], %[[E0]]
// CHECK-NEXT: vector.store %[[M0]], %{{.*}}[%c0, %c0]
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[A1]], %[[BIAS]]
// CHECK-NEXT: %[[E1:.*]] = math.erfc %[[S1]]
// CHECK-NEXT: %[[M1:.*]] = arith.mulf %[[S1]], %[[E1]]
// CHECK-NEXT: vector.store %[[M1]], %{{.*}}[%c1, %c0]
func.func @rows(%in: memref<2x16xf32>, %b: memref<16xf32>, %out: memref<2x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %bias = vector.transfer_read %b[%c0], %pad {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  %a0 = vector.load %in[%c0, %c0] : memref<2x16xf32>, vector<16xf32>
  %a1 = vector.load %in[%c1, %c0] : memref<2x16xf32>, vector<16xf32>
  %s0 = arith.addf %a0, %bias : vector<16xf32>
  %s1 = arith.addf %a1, %bias : vector<16xf32>
  %e0 = math.erfc %s0 : vector<16xf32>
  %e1 = math.erfc %s1 : vector<16xf32>
  %m0 = arith.mulf %s0, %e0 : vector<16xf32>
  %m1 = arith.mulf %s1, %e1 : vector<16xf32>
  vector.store %m0, %out[%c0, %c0] : memref<2x16xf32>, vector<16xf32>
  vector.store %m1, %out[%c1, %c0] : memref<2x16xf32>, vector<16xf32>
  return
}

// A value that an op before the store also needs (the first row's sum,
// which the second row's product reads) stays where it is. A store under
// an scf.if (a streaming store where the row is aligned, as
// xla-streaming-stores writes it) draws what it stores to just before the
// scf.if.
// CHECK-LABEL: func.func @shared_and_nested
// CHECK: %[[A1:.*]] = vector.load %{{.*}}[%c1, %c0]
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[A0:.*]], %[[A0]]
// CHECK-NEXT: %[[N0:.*]] = arith.negf %[[S0]]
// CHECK-NEXT: vector.store %[[N0]]
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[A1]], %[[A1]]
// CHECK-NEXT: %[[T:.*]] = arith.mulf %[[S1]], %[[S0]]
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: vector.store %[[T]]
func.func @shared_and_nested(%in: memref<2x16xf32>, %out: memref<2x16xf32>, %aligned: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = vector.load %in[%c0, %c0] : memref<2x16xf32>, vector<16xf32>
  %a1 = vector.load %in[%c1, %c0] : memref<2x16xf32>, vector<16xf32>
  %s0 = arith.addf %a0, %a0 : vector<16xf32>
  %s1 = arith.addf %a1, %a1 : vector<16xf32>
  %t = arith.mulf %s1, %s0 : vector<16xf32>
  %n0 = arith.negf %s0 : vector<16xf32>
  vector.store %n0, %out[%c0, %c0] : memref<2x16xf32>, vector<16xf32>
  scf.if %aligned {
    vector.store %t, %out[%c1, %c0] {nontemporal = true} : memref<2x16xf32>, vector<16xf32>
  } else {
    vector.store %t, %out[%c1, %c0] : memref<2x16xf32>, vector<16xf32>
  }
  return
}
