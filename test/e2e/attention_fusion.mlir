// Keras attention: exp of the scores feeds `bhqk,bkhd->bqhd`, a dot_general
// with two batch dimensions (the program as JAX exports it). Fusion must not
// move exp into the contraction, where it would run once per (d, k) step:
// the IR keeps exp in its own elementwise op, the fused and unfused programs
// give bitwise the same result, and the fused one is not slower (before the
// guard it was 15x slower at this shape).
// RUN: xla-opt %s --hlo-to-linalg-pipeline | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 1 --fusion=false --no-print --output-dir %t
// RUN: xla-run %s --seed 1 --no-print --expected %t/output_0.npy --rtol 0 --atol 0
// RUN: python3 %S/../../scripts/fusion_time_ratio.py --xla-run xla-run %s --seed 1 | FileCheck %s --check-prefix=TIME

// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK-NEXT: ^bb0
// CHECK-NEXT:   math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK-NEXT: ^bb0
// CHECK-NEXT:   arith.mulf
// CHECK-NEXT:   arith.addf
// CHECK-NOT: math.exp
// TIME: fused {{.*}} ms, unfused {{.*}} ms, ratio

module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x128x128xf32>, %arg1: tensor<2x128x4x64xf32>) -> (tensor<2x128x4x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.exponential %arg0 : tensor<2x4x128x128xf32>
    %1 = stablehlo.dot_general %arg1, %0, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x128x4x64xf32>, tensor<2x4x128x128xf32>) -> tensor<2x4x64x128xf32>
    %2 = stablehlo.transpose %1, dims = [0, 3, 1, 2] : (tensor<2x4x64x128xf32>) -> tensor<2x128x4x64xf32>
    return %2 : tensor<2x128x4x64xf32>
  }
}
