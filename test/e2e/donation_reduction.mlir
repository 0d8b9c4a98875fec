// A donated bias updated by its gradient's sum over the batch, as SGD does
// (b - lr * sum(g, 0)): the reduction and the update are one kernel whose
// result shares the bias's buffer. The sums must not be kept in that
// buffer while the old bias is still to be read. Tiled along the bias, a
// bias of one vector and a remainder (10 = 8 + 2 lanes with AVX2, 18 = 16
// + 2 with AVX-512) was one straight line of code in which the first
// tile's sums went into the result's buffer, over the bias, before the
// update read it (the MLP example's last bias came out wrong). Donated
// results must equal those computed in buffers of their own, bit for bit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --no-cache --seed 1 --no-print --output-dir %t
// RUN: xla-run %s --no-cache --seed 1 --no-print --donate --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy --rtol 0 --atol 0 | FileCheck %s
// RUN: xla-run %s --no-cache --seed 1 --no-print --donate --parallel-loops=false --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy --rtol 0 --atol 0 | FileCheck %s
// CHECK: output 0 matches
// CHECK: output 1 matches
// CHECK: output 2 matches

func.func public @main(%b: tensor<10xf32> {tf.aliasing_output = 0 : i32},
                       %g: tensor<1x10xf32>,
                       %b2: tensor<18xf32> {tf.aliasing_output = 1 : i32},
                       %g2: tensor<1x18xf32>,
                       %b3: tensor<20xf32> {tf.aliasing_output = 2 : i32},
                       %g3: tensor<32x20xf32>)
    -> (tensor<10xf32>, tensor<18xf32>, tensor<20xf32>) {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %lr = stablehlo.constant dense<0.02> : tensor<10xf32>
  %s = stablehlo.reduce(%g init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1x10xf32>, tensor<f32>) -> tensor<10xf32>
  %u = stablehlo.multiply %s, %lr : tensor<10xf32>
  %n = stablehlo.subtract %b, %u : tensor<10xf32>
  %lr2 = stablehlo.constant dense<0.02> : tensor<18xf32>
  %s2 = stablehlo.reduce(%g2 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1x18xf32>, tensor<f32>) -> tensor<18xf32>
  %u2 = stablehlo.multiply %s2, %lr2 : tensor<18xf32>
  %n2 = stablehlo.subtract %b2, %u2 : tensor<18xf32>
  %lr3 = stablehlo.constant dense<0.02> : tensor<20xf32>
  %s3 = stablehlo.reduce(%g3 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<32x20xf32>, tensor<f32>) -> tensor<20xf32>
  %u3 = stablehlo.multiply %s3, %lr3 : tensor<20xf32>
  %n3 = stablehlo.subtract %b3, %u3 : tensor<20xf32>
  return %n, %n2, %n3 : tensor<10xf32>, tensor<18xf32>, tensor<20xf32>
}
