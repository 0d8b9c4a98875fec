// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-approximate-vector-math))' | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-approximate-vector-math{ops=exp,tanh}))' | FileCheck %s --check-prefix=TANH

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

// f64 vectors are left alone, and only the listed functions change.
// CHECK-LABEL: func.func @others
// CHECK: math.exp %{{.*}} : vector<4xf64>
// CHECK: math.tanh %{{.*}} : vector<8xf32>
// TANH-LABEL: func.func @others
// TANH: math.exp %{{.*}} : vector<4xf64>
// TANH-NOT: math.tanh
func.func @others(%x: vector<4xf64>, %y: vector<8xf32>) -> (vector<4xf64>, vector<8xf32>) {
  %0 = math.exp %x : vector<4xf64>
  %1 = math.tanh %y : vector<8xf32>
  return %0, %1 : vector<4xf64>, vector<8xf32>
}
