// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-expand-min-max))' | FileCheck %s

// A max reduction: the NaN test is on the loaded element, not on the
// accumulator the loop carries (here through the vectorizer's
// vector<1xN> wrapper), and a NaN element selects a NaN constant.
// CHECK-LABEL: func.func @row_max
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<1x16xf32>)
// CHECK: %[[X:.*]] = vector.transfer_read
// CHECK: %[[A:.*]] = vector.extract %[[ACC]][0]
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[A]] : vector<16xf32>
// CHECK: %[[PICK:.*]] = arith.select %[[GT]], %[[X]], %[[A]]
// CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : vector<16xf32>
// CHECK: arith.select %[[ISNAN]], %{{.*}}, %[[PICK]]
// CHECK-NOT: arith.maximumf
func.func @row_max(%m: memref<64xf32>) -> vector<1x16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %pad = arith.constant 0.0 : f32
  %init = arith.constant dense<0xFF800000> : vector<1x16xf32>
  %r = scf.for %i = %c0 to %c64 step %c16 iter_args(%acc = %init) -> (vector<1x16xf32>) {
    %x = vector.transfer_read %m[%i], %pad {in_bounds = [true]} : memref<64xf32>, vector<16xf32>
    %a = vector.extract %acc[0] : vector<16xf32> from vector<1x16xf32>
    %y = arith.maximumf %x, %a : vector<16xf32>
    %w = vector.broadcast %y : vector<16xf32> to vector<1x16xf32>
    scf.yield %w : vector<1x16xf32>
  }
  return %r : vector<1x16xf32>
}

// A minimum with the carried value on the left: still tested on the other.
// CHECK-LABEL: func.func @carried_lhs_min
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32)
// CHECK: %[[X:.*]] = memref.load
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[X]], %[[ACC]] : f32
// CHECK: %[[PICK:.*]] = arith.select %[[LT]], %[[X]], %[[ACC]]
// CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : f32
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: arith.select %[[ISNAN]], %[[NAN]], %[[PICK]]
func.func @carried_lhs_min(%m: memref<64xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %init) -> (f32) {
    %x = memref.load %m[%i] : memref<64xf32>
    %y = arith.minimumf %acc, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}

// Neither operand carried (a clamp), or both: left to arith-expand.
// CHECK-LABEL: func.func @left_alone
// CHECK: arith.maximumf %arg0, %{{.*}} : vector<16xf32>
// CHECK: arith.minimumf %[[A:.*]], %[[B:.*]] : f32
// CHECK-NOT: arith.cmpf
func.func @left_alone(%x: vector<16xf32>, %n: index) -> (vector<16xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = arith.constant dense<-104.0> : vector<16xf32>
  %clamped = arith.maximumf %x, %lo : vector<16xf32>
  %zero = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %b = %zero) -> (f32, f32) {
    %m = arith.minimumf %a, %b : f32
    scf.yield %m, %a : f32, f32
  }
  return %clamped, %r#0 : vector<16xf32>, f32
}

// A horizontal max of a power-of-two vector: one NaN test of every lane
// (and of the accumulator), then halves compared and selected down to one
// lane; a NaN anywhere gives NaN.
// CHECK-LABEL: func.func @horizontal_max
// CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %arg0, %arg0 : vector<8xf32>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[ISNAN]] : vector<8xi1> into i1
// CHECK: %[[LO:.*]] = vector.extract_strided_slice %arg0 {offsets = [0], sizes = [4], strides = [1]}
// CHECK: %[[HI:.*]] = vector.extract_strided_slice %arg0 {offsets = [4], sizes = [4], strides = [1]}
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[LO]], %[[HI]] : vector<4xf32>
// CHECK: %[[V4:.*]] = arith.select %[[GT]], %[[LO]], %[[HI]]
// CHECK: vector.extract_strided_slice %[[V4]] {offsets = [0], sizes = [2]
// CHECK: arith.cmpf ogt, {{.*}} : vector<2xf32>
// CHECK: arith.cmpf ogt, {{.*}} : vector<1xf32>
// CHECK: %[[M:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK: %[[ACCGT:.*]] = arith.cmpf ogt, %[[M]], %arg1 : f32
// CHECK: %[[MA:.*]] = arith.select %[[ACCGT]], %[[M]], %arg1
// CHECK: %[[ACCNAN:.*]] = arith.cmpf uno, %arg1, %arg1 : f32
// CHECK: %[[EITHER:.*]] = arith.ori %[[ANY]], %[[ACCNAN]]
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: %[[R:.*]] = arith.select %[[EITHER]], %[[NAN]], %[[MA]]
// CHECK: return %[[R]]
func.func @horizontal_max(%v: vector<8xf32>, %acc: f32) -> f32 {
  %r = vector.reduction <maximumf>, %v, %acc : vector<8xf32> into f32
  return %r : f32
}

// A minimum without an accumulator compares with olt; a length that is
// not a power of two is left to LLVM's expansion.
// CHECK-LABEL: func.func @horizontal_min
// CHECK: arith.cmpf olt, {{.*}} : vector<2xf32>
// CHECK-NOT: vector.reduction <minimumf>, %arg0
// CHECK: vector.reduction <minimumf>, %arg1 : vector<6xf32> into f32
func.func @horizontal_min(%v: vector<4xf32>, %w: vector<6xf32>) -> (f32, f32) {
  %r = vector.reduction <minimumf>, %v : vector<4xf32> into f32
  %s = vector.reduction <minimumf>, %w : vector<6xf32> into f32
  return %r, %s : f32, f32
}
