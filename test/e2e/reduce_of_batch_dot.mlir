// A weight gradient as TensorFlow writes it (a batched dot_general summed
// over the batch) computes the same as the batched product and its sum:
// hlo-simplify turns it into one contraction (HLOSimplifyDot.cpp), which
// rounds once instead of once per batch, so f32 agrees to rounding and
// integers exactly.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 5 --hlo-simplify=false --no-print --output-dir %t
// RUN: xla-run %s --seed 5 --no-print --rtol 1e-5 --atol 1e-5 --expected %t/output_0.npy,%t/output_1.npy --dump-to=%t/dump | FileCheck %s
// CHECK: output 0 matches
// CHECK: output 1 matches
// CHECK-NOT: differs

// No batched product is left after the HLO stage.
// RUN: cat %t/dump/passes/*/0_hlo-optimize.mlir | FileCheck %s --check-prefix=HLO
// HLO-COUNT-2: hlo.dot_general {{.*}}contracting_dims = [1, 0] x [1, 0]
// HLO-NOT: batching_dims
// HLO-NOT: hlo.reduce

func.func @main(%x: tensor<16x20x96xf32>, %g: tensor<16x20x48xf32>,
                %a: tensor<16x20x24xi32>, %b: tensor<16x20x8xi32>)
    -> (tensor<96x48xf32>, tensor<24x8xi32>) {
  %0 = stablehlo.dot_general %x, %g, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<16x20x96xf32>, tensor<16x20x48xf32>) -> tensor<16x96x48xf32>
  %1 = stablehlo.transpose %0, dims = [0, 1, 2] : (tensor<16x96x48xf32>) -> tensor<16x96x48xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%1 init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<16x96x48xf32>, tensor<f32>) -> tensor<96x48xf32>
  %3 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<16x20x24xi32>, tensor<16x20x8xi32>) -> tensor<16x24x8xi32>
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %4 = stablehlo.reduce(%3 init: %izero) applies stablehlo.add across dimensions = [0] : (tensor<16x24x8xi32>, tensor<i32>) -> tensor<24x8xi32>
  return %2, %4 : tensor<96x48xf32>, tensor<24x8xi32>
}
