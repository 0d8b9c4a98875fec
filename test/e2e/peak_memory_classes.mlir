// The pool hands out blocks in size classes (four to a power of two): a
// 1.1 MiB result takes a 1.25 MiB block. The peak counts the block; the
// live buffers count the result's own 1.1 MiB, as XLA does.
// RUN: xla-run %s --time --runs 2 --no-print | FileCheck %s
// CHECK: peak buffer memory: 2.3 MiB (live buffers 2.2 MiB)
func.func @main(%x: tensor<288358xf32>) -> tensor<288358xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<288358xf32>
  %0 = stablehlo.add %x, %one : tensor<288358xf32>
  return %0 : tensor<288358xf32>
}
