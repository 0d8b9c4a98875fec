// --time's peak buffer memory is that of one run, counted like XLA's
// memory_analysis: arguments + results + temporaries. Here a 1 MiB
// argument and a 1 MiB result, no temporary: 2.0 MiB, however many runs
// (the first run's results, kept for printing, are not counted again).
// RUN: xla-run %s --time --runs 1 --no-print | FileCheck %s
// RUN: xla-run %s --time --runs 5 --no-print | FileCheck %s
// RUN: xla-run %s --time --runs 5 --no-print --donate | FileCheck %s --check-prefix=DONATE
// CHECK: peak buffer memory: 2.0 MiB (live buffers 2.0 MiB)
// With the argument donated, the result is written into it: 1.0 MiB.
// DONATE: peak buffer memory: 1.0 MiB (live buffers 1.0 MiB)
func.func @main(%x: tensor<262144xf32> {tf.aliasing_output = 0 : i32}) -> tensor<262144xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<262144xf32>
  %0 = stablehlo.add %x, %one : tensor<262144xf32>
  return %0 : tensor<262144xf32>
}

