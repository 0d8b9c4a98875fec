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

// A panel of 16 rows of 10 (a product whose k is 10) is padded with zeros
// to 16x16 and goes through the same network; the result is the top 10
// rows. Element by element it took about a shuffle per element.
// CHECK-LABEL: func.func @panel_16x10
// CHECK-NOT: vector.transpose
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16x16xf32>
// CHECK: vector.insert_strided_slice %{{.*}}, %[[ZERO]] {offsets = [0, 0], strides = [1, 1]} : vector<16x10xf32> into vector<16x16xf32>
// CHECK-COUNT-64: vector.shuffle {{.*}} : vector<16xf32>, vector<16xf32>
// CHECK-NOT: vector.shuffle
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0, 0], sizes = [10, 16], strides = [1, 1]} : vector<16x16xf32> to vector<10x16xf32>
// CHECK-NOT: vector.transpose
// CHECK: return
func.func @panel_16x10(%v: vector<16x10xf32>) -> vector<10x16xf32> {
  %t = vector.transpose %v, [1, 0] : vector<16x10xf32> to vector<10x16xf32>
  return %t : vector<10x16xf32>
}

// -----

// Other shapes and element widths keep the default lowering: 16x4 is
// too small to pad (64 elements, as many as the network's shuffles).
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
