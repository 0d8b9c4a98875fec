// Convolutions whose filter does not stay in L2 run in k blocks (a panel
// of output channels, then one window position by up to 256 input
// channels at a time, over every output position; PlanTiling.cpp,
// decideConvolutionKBlocks): the same results as the scalar loops of
// --vectorize=false, with the tiles on both cores, on one, and sequential.
// A 3x3 window over 512 channels (ResNet's last stage, with the bias and
// relu of its epilogue), one over 320 channels (a remainder k block of
// 64) into 120 (3 panels of 32 and a peeled 24), and a strided
// 1x1 window over 1024 channels into 2048 (ResNet-50's projection).
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 3 --vectorize=false --no-print --output-dir %t
// RUN: xla-run %s --seed 3 --no-print --rtol 1e-5 --atol 1e-4 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy | FileCheck %s
// RUN: xla-run %s --seed 3 --no-print --target=cores=1 --rtol 1e-5 --atol 1e-4 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy | FileCheck %s
// RUN: xla-run %s --seed 3 --no-print --parallel-loops=false --rtol 1e-5 --atol 1e-4 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy | FileCheck %s
// CHECK-COUNT-3: output {{[0-9]}} matches
// CHECK-NOT: differs

// The plans: cache tiles over the panel, the window and the input
// channels, outermost the panel; the register tiles inside are outer
// products as for any convolution.
// RUN: xla-run %s --seed 3 --no-print --target=vector-bits=512,l2=2M --dump-to=%t/dump
// RUN: cat %t/dump/passes/*/*/*xla-plan-tiling.mlir | FileCheck %s --check-prefix=PLAN
// RUN: cat %t/dump/passes/*/*/*xla-tile-and-vectorize.mlir | FileCheck %s --check-prefix=VEC
// PLAN-DAG: linalg.conv_2d_nhwc_hwcf {{.*}}xla.tiling = {cache_tile_interchange = array<i64: 3, 4, 5, 6, 0, 1, 2>, cache_tile_sizes = array<i64: 0, 0, 0, 32, 1, 1, 256>{{.*}} ins({{.*}}tensor<3x3x512x512xf32>)
// PLAN-DAG: linalg.conv_2d_nhwc_hwcf {{.*}}cache_tile_sizes = array<i64: 0, 0, 0, 32, 1, 1, 256>{{.*}} ins({{.*}}tensor<3x3x320x120xf32>)
// PLAN-DAG: linalg.conv_2d_nhwc_hwcf {{.*}}cache_tile_sizes = array<i64: 0, 0, 0, 32, 0, 0, 256>{{.*}} ins({{.*}}tensor<1x1x1024x2048xf32>)
// VEC: vector.outerproduct {{.*}} : vector<{{[0-9]+}}xf32>, vector<32xf32>

func.func @main(%x: tensor<2x7x7x512xf32>, %w: tensor<3x3x512x512xf32>,
                %b: tensor<512xf32>,
                %y: tensor<1x6x9x320xf32>, %v: tensor<3x3x320x120xf32>,
                %p: tensor<1x8x8x1024xf32>, %q: tensor<1x1x1024x2048xf32>)
    -> (tensor<2x7x7x512xf32>, tensor<1x6x9x120xf32>, tensor<1x4x4x2048xf32>) {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x7x7x512xf32>, tensor<3x3x512x512xf32>) -> tensor<2x7x7x512xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<512xf32>) -> tensor<2x7x7x512xf32>
  %1 = hlo.add %0, %bb : tensor<2x7x7x512xf32>
  %zero = hlo.constant dense<0.0> : tensor<2x7x7x512xf32>
  %2 = hlo.maximum %1, %zero : tensor<2x7x7x512xf32>
  %3 = hlo.convolution(%y, %v) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x9x320xf32>, tensor<3x3x320x120xf32>) -> tensor<1x6x9x120xf32>
  %4 = hlo.convolution(%p, %q) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x1024xf32>, tensor<1x1x1024x2048xf32>) -> tensor<1x4x4x2048xf32>
  return %2, %3, %4 : tensor<2x7x7x512xf32>, tensor<1x6x9x120xf32>, tensor<1x4x4x2048xf32>
}
