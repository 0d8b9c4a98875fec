// RUN: xla-opt %s --hlo-cpu-pipeline | FileCheck %s

// expm1 and log1p go to libm (the LLVM expansions exp(x)-1 and log(1+x)
// lose all precision near 0); rsqrt, which libm lacks, becomes 1/sqrt
// (sqrtf is readnone, so LLVM still emits the sqrt instruction).

// CHECK-DAG: llvm.func @expm1f(f32) -> f32
// CHECK-DAG: llvm.func @log1pf(f32) -> f32
// CHECK-NOT: rsqrtf
// CHECK-LABEL: llvm.func @main
// CHECK: llvm.call @expm1f
// CHECK: llvm.call @log1pf
// CHECK: llvm.call @sqrtf
// CHECK: llvm.fdiv
func.func @main(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = hlo.exponential_minus_one %a : tensor<8xf32>
  %1 = hlo.log_plus_one %a : tensor<8xf32>
  %2 = hlo.rsqrt %a : tensor<8xf32>
  return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
