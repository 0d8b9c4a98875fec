// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-approximate-vector-math))' | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-approximate-vector-math{ops=exp}))' | FileCheck %s --check-prefix=EXP

// A vector exp becomes a polynomial in vector registers (no math.exp is
// left to become eight libm calls); a scalar exp keeps libm.
// CHECK-LABEL: func.func @vector_exp
// CHECK-NOT: math.exp
// CHECK: math.fma
// CHECK: return
func.func @vector_exp(%x: vector<8xf32>) -> vector<8xf32> {
  %0 = math.exp %x : vector<8xf32>
  return %0 : vector<8xf32>
}

// CHECK-LABEL: func.func @scalar_exp
// CHECK: math.exp %{{.*}} : f32
func.func @scalar_exp(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}

// By default tanh, erf, erfc and log are approximated too, log1p is not; f64
// vectors are left alone. With ops=exp only exp changes.
// CHECK-LABEL: func.func @others
// CHECK: math.exp %{{.*}} : vector<4xf64>
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK-NOT: math.erfc
// CHECK-NOT: math.log %
// CHECK: math.log1p %{{.*}} : vector<8xf32>
// EXP-LABEL: func.func @others
// EXP: math.exp %{{.*}} : vector<4xf64>
// EXP: math.tanh %{{.*}} : vector<8xf32>
// EXP: math.erf %{{.*}} : vector<8xf32>
// EXP: math.erfc %{{.*}} : vector<8xf32>
// EXP: math.log %{{.*}} : vector<8xf32>
// EXP: math.log1p %{{.*}} : vector<8xf32>
func.func @others(%x: vector<4xf64>, %y: vector<8xf32>) -> (vector<4xf64>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %0 = math.exp %x : vector<4xf64>
  %1 = math.tanh %y : vector<8xf32>
  %2 = math.erf %y : vector<8xf32>
  %5 = math.erfc %y : vector<8xf32>
  %3 = math.log %y : vector<8xf32>
  %4 = math.log1p %y : vector<8xf32>
  return %0, %1, %2, %5, %3, %4 : vector<4xf64>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// sin and cos: reduced by pi/2 in f64 and a polynomial by quadrant, rounded
// to f32 once; a vector with a lane beyond 2^20 (or an infinity or a NaN)
// keeps the math op, which becomes libm calls. ops=exp leaves them alone.
// CHECK-LABEL: func.func @sin_cos
// 2^20:
// CHECK: %[[LIMIT:.*]] = arith.constant dense<0x49800000> : vector<8xf32>
// CHECK: %[[ABS:.*]] = math.absf %[[X:.*]] : vector<8xf32>
// CHECK: %[[OUT:.*]] = arith.cmpf ugt, %[[ABS]], %[[LIMIT]]
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[OUT]]
// CHECK: scf.if %[[ANY]] -> (vector<8xf32>) {
// CHECK:   math.sin %[[X]] : vector<8xf32>
// CHECK: } else {
// CHECK:   arith.extf %[[X]] : vector<8xf32> to vector<8xf64>
// CHECK:   math.roundeven %{{.*}} : vector<8xf64>
// CHECK:   math.fma
// CHECK:   arith.fptosi %{{.*}} : vector<8xf64> to vector<8xi32>
// CHECK:   arith.truncf %{{.*}} : vector<8xf64> to vector<8xf32>
// CHECK:   arith.cmpf oeq
// CHECK:   arith.select
// CHECK: scf.if
// CHECK:   math.cos %[[X]] : vector<8xf32>
// CHECK: } else {
// CHECK:   arith.addi
// CHECK: return
// EXP-LABEL: func.func @sin_cos
// EXP-NOT: scf.if
// EXP: math.sin %{{.*}} : vector<8xf32>
// EXP: math.cos %{{.*}} : vector<8xf32>
func.func @sin_cos(%x: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>) {
  %0 = math.sin %x : vector<8xf32>
  %1 = math.cos %x : vector<8xf32>
  return %0, %1 : vector<8xf32>, vector<8xf32>
}

// A 2-D vector: the range test is flattened for the reduction.
// CHECK-LABEL: func.func @sin_2d
// CHECK: vector.shape_cast %{{.*}} : vector<2x8xi1> to vector<16xi1>
// CHECK: vector.reduction <or>
// CHECK: scf.if
func.func @sin_2d(%x: vector<2x8xf32>) -> vector<2x8xf32> {
  %0 = math.sin %x : vector<2x8xf32>
  return %0 : vector<2x8xf32>
}
