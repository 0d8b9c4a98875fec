// RUN: xla-opt %s --hlo-cpu-pipeline | FileCheck %s

// expm1 and log1p go to libm (the LLVM expansions exp(x)-1 and log(1+x)
// lose all precision near 0); rsqrt and integer abs stay on LLVM
// intrinsics, and exp on vectors becomes a polynomial in vector registers
// (xla-approximate-vector-math: within 1 ULP, no libm call per lane).

// CHECK-DAG: llvm.func @expm1f(f32) -> f32
// CHECK-DAG: llvm.func @log1pf(f32) -> f32
// CHECK-NOT: llvm.func @expf
// CHECK-NOT: rsqrtf
// The four f32 ops read %a and become one multi-output kernel (sibling
// fusion); the i32 abs is a kernel of its own.
// CHECK-LABEL: llvm.func @multi_output_exponential_fusion
// CHECK: llvm.call @expm1f
// CHECK: llvm.call @log1pf
// CHECK: llvm.intr.sqrt
// CHECK: llvm.fdiv
// CHECK-NOT: llvm.intr.exp
// CHECK: llvm.intr.fma({{.*}}) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
// CHECK-LABEL: llvm.func @loop_abs_fusion
// CHECK: llvm.intr.abs
func.func @main(%a: tensor<8xf32>, %i: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>) {
  %0 = hlo.exponential_minus_one %a : tensor<8xf32>
  %1 = hlo.log_plus_one %a : tensor<8xf32>
  %2 = hlo.rsqrt %a : tensor<8xf32>
  %3 = hlo.exponential %a : tensor<8xf32>
  %4 = hlo.abs %i : tensor<8xi32>
  return %0, %1, %2, %3, %4 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>
}
