// RUN: xla-opt %s --xla-lower-vector-transposes --split-input-file | FileCheck %s

// A 16x16 tile of f32 becomes the four-stage shuffle network: 16 rows out,
// 4 x 16 two-source shuffles of 16 lanes (unpacks, shufps, two 128-bit
// lane permutes), 16 rows in; no element-by-element extracts.
// CHECK-LABEL: func.func @tile_16x16
// CHECK-NOT: vector.transpose
// CHECK-COUNT-64: vector.shuffle {{.*}} : vector<16xf32>, vector<16xf32>
// CHECK-NOT: vector.shuffle
// CHECK-NOT: vector.transpose
// CHECK: return
func.func @tile_16x16(%v: vector<16x16xf32>) -> vector<16x16xf32> {
  %t = vector.transpose %v, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
  return %t : vector<16x16xf32>
}

// -----

// 32-bit integers are moved the same way.
// CHECK-LABEL: func.func @tile_16x16_i32
// CHECK-NOT: vector.transpose
// CHECK-COUNT-64: vector.shuffle
// CHECK: return
func.func @tile_16x16_i32(%v: vector<16x16xi32>) -> vector<16x16xi32> {
  %t = vector.transpose %v, [1, 0] : vector<16x16xi32> to vector<16x16xi32>
  return %t : vector<16x16xi32>
}

// -----

// Other shapes and element widths keep the default lowering.
// CHECK-LABEL: func.func @others
// CHECK: vector.transpose {{.*}} : vector<8x8xf32> to vector<8x8xf32>
// CHECK: vector.transpose {{.*}} : vector<16x16xf64> to vector<16x16xf64>
// CHECK: vector.transpose {{.*}} : vector<16x4xf32> to vector<4x16xf32>
// CHECK-NOT: vector.shuffle
func.func @others(%a: vector<8x8xf32>, %b: vector<16x16xf64>,
                  %c: vector<16x4xf32>)
    -> (vector<8x8xf32>, vector<16x16xf64>, vector<4x16xf32>) {
  %ta = vector.transpose %a, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
  %tb = vector.transpose %b, [1, 0] : vector<16x16xf64> to vector<16x16xf64>
  %tc = vector.transpose %c, [1, 0] : vector<16x4xf32> to vector<4x16xf32>
  return %ta, %tb, %tc : vector<8x8xf32>, vector<16x16xf64>, vector<4x16xf32>
}
