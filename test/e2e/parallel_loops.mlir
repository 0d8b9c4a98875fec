// Large ops have their tiles distributed over threads (scf.forall ->
// OpenMP), also inside a while loop's body; results do not depend on it.
// RUN: xla-run %s --seed 1 --no-print 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 1 --no-print --parallel-loops=false 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 xla-run %s --seed 1 --no-print 2>&1 | FileCheck %s
// RUN: xla-opt %s --hlo-cpu-pipeline=parallel-loops=true | FileCheck %s --check-prefix=OMP
// CHECK: all 1 check(s) passed
// OMP-COUNT-2: omp.parallel
func.func @main(%x: tensor<256x300xf32>) -> tensor<256x300xf32> {
  %c0 = hlo.constant dense<0> : tensor<i32>
  %c1 = hlo.constant dense<1> : tensor<i32>
  %c3 = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<256x300xf32>
    cond {
      %p = hlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %p : tensor<i1>
    } do {
      %n = hlo.add %i, %c1 : tensor<i32>
      %d = hlo.add %acc, %x : tensor<256x300xf32>
      hlo.return %n, %d : tensor<i32>, tensor<256x300xf32>
    }
  %four = hlo.constant dense<4.0> : tensor<256x300xf32>
  %e = hlo.multiply %x, %four : tensor<256x300xf32>
  check.expect_almost_eq %r#1, %e, tolerance = 1.0e-5 : tensor<256x300xf32>
  return %r#1 : tensor<256x300xf32>
}
