// A convolution whose windows tile its input (a ViT patch embedding, and
// the same in NCHW with an OIHW kernel) computes what the convolution
// computes when hlo-simplify makes it a dot_general of the patches
// (HLOSimplifyConvolution.cpp): the sums agree to rounding.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 3 --hlo-simplify=false --no-print --output-dir %t
// RUN: xla-run %s --seed 3 --no-print --rtol 1e-5 --atol 1e-5 --expected %t/output_0.npy,%t/output_1.npy --dump-to=%t/dump | FileCheck %s
// CHECK: output 0 matches
// CHECK: output 1 matches
// CHECK-NOT: differs

// No convolution is left after the HLO stage.
// RUN: cat %t/dump/passes/*/0_hlo-optimize.mlir | FileCheck %s --check-prefix=HLO
// HLO-COUNT-2: hlo.dot_general
// HLO-NOT: hlo.convolution

func.func @main(%x: tensor<2x32x48x3xf32>, %w: tensor<16x16x3x24xf32>,
                %y: tensor<2x3x20x20xf32>, %v: tensor<8x3x5x5xf32>)
    -> (tensor<2x2x3x24xf32>, tensor<2x8x4x4xf32>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [16, 16], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x32x48x3xf32>, tensor<16x16x3x24xf32>) -> tensor<2x2x3x24xf32>
  %1 = stablehlo.convolution(%y, %v) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [5, 5]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x20x20xf32>, tensor<8x3x5x5xf32>) -> tensor<2x8x4x4xf32>
  return %0, %1 : tensor<2x2x3x24xf32>, tensor<2x8x4x4xf32>
}
