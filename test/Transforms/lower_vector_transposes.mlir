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

// A panel of 16 rows of 10 (a product whose k is 10) is padded with poison
// to 16x16 and goes through the same network; the result is the top 10
// rows, which read none of the padding. Element by element it took about
// a shuffle per element.
// CHECK-LABEL: func.func @panel_16x10
// CHECK-NOT: vector.transpose
// CHECK-NOT: arith.constant
// CHECK-COUNT-16: vector.insert_strided_slice {{.*}} {offsets = [0], strides = [1]} : vector<10xf32> into vector<16xf32>
// CHECK-COUNT-64: vector.shuffle {{.*}} : vector<16xf32>, vector<16xf32>
// CHECK-NOT: vector.shuffle
// CHECK-NOT: vector.extract_strided_slice
// CHECK-NOT: vector.transpose
// CHECK: return
func.func @panel_16x10(%v: vector<16x10xf32>) -> vector<10x16xf32> {
  %t = vector.transpose %v, [1, 0] : vector<16x10xf32> to vector<10x16xf32>
  return %t : vector<10x16xf32>
}

// -----

// Rows of 10 read from memory are read in 16 lanes under a mask, so LLVM
// sees no vector of 10 lanes to widen. (Here the panel's last two rows.)
// CHECK-LABEL: func.func @panel_read_rows
// CHECK: %[[MASK:.*]] = vector.constant_mask [10] : vector<16xi1>
// CHECK: %[[R14:.*]] = vector.maskedload %{{.*}}[%{{.*}}, %{{.*}}], %[[MASK]], %{{.*}} : memref<512x10xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK: %[[R15:.*]] = vector.maskedload
// CHECK-NOT: vector.maskedload
// CHECK: vector.insert %[[R14]], %{{.*}} [14] : vector<16xf32> into vector<16x16xf32>
// CHECK: vector.insert %[[R15]], %{{.*}} [15] : vector<16xf32> into vector<16x16xf32>
// CHECK: return
func.func @panel_read_rows(%m: memref<512x10xf32>, %v: vector<16x10xf32>,
                           %i: index) -> vector<10x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pad = arith.constant 0.0 : f32
  %j = arith.addi %i, %c1 : index
  %r14 = vector.transfer_read %m[%i, %c0], %pad {in_bounds = [true]}
      : memref<512x10xf32>, vector<10xf32>
  %r15 = vector.transfer_read %m[%j, %c0], %pad {in_bounds = [true]}
      : memref<512x10xf32>, vector<10xf32>
  %a = vector.insert %r14, %v [14] : vector<10xf32> into vector<16x10xf32>
  %b = vector.insert %r15, %a [15] : vector<10xf32> into vector<16x10xf32>
  %t = vector.transpose %b, [1, 0] : vector<16x10xf32> to vector<10x16xf32>
  return %t : vector<10x16xf32>
}

// -----

// The other way round, the corner's rows are 10 of the 16 lanes; a row
// written to memory is written in 16 lanes under a mask. (The last panel of
// a transposed weight whose rows are 30522.)
// CHECK-LABEL: func.func @corner_write_rows
// CHECK-NOT: vector.transfer_write
// CHECK-COUNT-2: vector.maskedstore %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} : memref<16x10xf32>, vector<16xi1>, vector<16xf32>
// CHECK-NOT: vector.transfer_write
// CHECK: return
func.func @corner_write_rows(%v: vector<10x16xf32>, %m: memref<16x10xf32>) {
  %c0 = arith.constant 0 : index
  %c15 = arith.constant 15 : index
  %t = vector.transpose %v, [1, 0] : vector<10x16xf32> to vector<16x10xf32>
  %first = vector.extract %t[0] : vector<10xf32> from vector<16x10xf32>
  %last = vector.extract %t[15] : vector<10xf32> from vector<16x10xf32>
  vector.transfer_write %first, %m[%c0, %c0] {in_bounds = [true]}
      : vector<10xf32>, memref<16x10xf32>
  vector.transfer_write %last, %m[%c15, %c0] {in_bounds = [true]}
      : vector<10xf32>, memref<16x10xf32>
  return
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
