// The compile driver verifies the IR once, after the MLIR pipeline, unless
// --verify-each or $XLA_VERIFY_EACH asks for a verification after every
// pass (the test suite sets it). Either way the code is the same.
// RUN: env XLA_VERIFY_EACH=0 xla-translate %s --emit=obj -o %t.once.o
// RUN: env XLA_VERIFY_EACH=0 xla-translate %s --emit=obj --verify-each -o %t.flag.o
// RUN: env XLA_VERIFY_EACH=1 xla-translate %s --emit=obj -o %t.env.o
// RUN: cmp %t.once.o %t.flag.o
// RUN: cmp %t.once.o %t.env.o
// RUN: env XLA_VERIFY_EACH=0 xla-run %s --seed 1 --no-cache --no-print 2>&1 | FileCheck %s
// CHECK: all 1 check(s) passed

func.func @main(%x: tensor<64x256xf32>, %w: tensor<256x32xf32>) {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x256xf32>, tensor<256x32xf32>) -> tensor<64x32xf32>
  %z = hlo.constant dense<0.0> : tensor<64x32xf32>
  %r = hlo.maximum %d, %z : tensor<64x32xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce(%r init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %mz = hlo.reduce(%m init: %ninf) applies hlo.maximum across dimensions = [0] : (tensor<64xf32>, tensor<f32>) -> tensor<f32>
  %ge = hlo.compare GE, %mz, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %ge, dense<true> : tensor<i1>
  return
}
