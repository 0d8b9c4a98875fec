// Two kernels that compute the same parallel region (the rounded lhs, a
// producer fused into both products) keep one copy of it: partitioning
// puts them in one part, where translation outlines each omp.parallel into
// a function and the driver merges the identical ones before optimizing
// (MergeFunctionsPass). The merged region becomes a thunk to the kept one,
// whose address OpenMP's fork call still takes.
// RUN: xla-translate %s --emit=llvmir --parallel-loops --runtime-alloc \
// RUN:   -o - | FileCheck %s
// CHECK-LABEL: define internal void @output_dot_general_fusion_1..omp_par(
// CHECK-NEXT: tail call void @output_dot_general_fusion..omp_par(
// CHECK-NEXT: ret void
// CHECK-NEXT: }
// CHECK: define internal void @output_dot_general_fusion..omp_par(
// The same results as without parallel regions.
// RUN: xla-run %s --seed=3 --no-cache > %t.parallel
// RUN: xla-run %s --seed=3 --no-cache --parallel-loops=false > %t.serial
// RUN: diff %t.parallel %t.serial
func.func @main(%p: tensor<4x8x128x128xf32>, %v: tensor<4x128x8x32xf32>,
                %x: tensor<4x128x8x32xf32>)
    -> (tensor<4x8x128x32xf32>, tensor<4x8x128x32xf32>) {
  %e = hlo.constant dense<4.0> : tensor<4x8x128x128xf32>
  %p4 = hlo.multiply %p, %e : tensor<4x8x128x128xf32>
  %pi = hlo.round_nearest_even %p4 : tensor<4x8x128x128xf32>
  %a = hlo.dot_general %pi, %v, batching_dims = [0, 1] x [0, 2],
      contracting_dims = [3] x [1]
      : (tensor<4x8x128x128xf32>, tensor<4x128x8x32xf32>)
      -> tensor<4x8x128x32xf32>
  %b = hlo.dot_general %pi, %x, batching_dims = [0, 1] x [0, 2],
      contracting_dims = [3] x [1]
      : (tensor<4x8x128x128xf32>, tensor<4x128x8x32xf32>)
      -> tensor<4x8x128x32xf32>
  %t = hlo.tanh %b : tensor<4x8x128x32xf32>
  return %a, %t : tensor<4x8x128x32xf32>, tensor<4x8x128x32xf32>
}
