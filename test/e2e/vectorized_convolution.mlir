// Convolutions whose register tiles are outer products (rows of the output
// image by a panel of output channels, VectorizeContraction.h) give the
// same results as the scalar loops of --vectorize=false: odd image widths
// (peeled row tiles), channel counts short of a panel, strides, dilations,
// padding, 1-D, 2-D, 3-D, 1x1 and depthwise windows, f32, f64 and i32; with the tiles
// on both cores, on one, and sequential. The sums run in the same order
// both ways (window, then input channels), so f32 agrees to rounding.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 7 --vectorize=false --no-print --output-dir %t
// RUN: xla-run %s --seed 7 --no-print --rtol 1e-6 --atol 1e-5 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy,%t/output_3.npy,%t/output_4.npy,%t/output_5.npy,%t/output_6.npy,%t/output_7.npy,%t/output_8.npy,%t/output_9.npy | FileCheck %s
// RUN: xla-run %s --seed 7 --no-print --target=cores=1 --rtol 1e-6 --atol 1e-5 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy,%t/output_3.npy,%t/output_4.npy,%t/output_5.npy,%t/output_6.npy,%t/output_7.npy,%t/output_8.npy,%t/output_9.npy | FileCheck %s
// RUN: xla-run %s --seed 7 --no-print --parallel-loops=false --rtol 1e-6 --atol 1e-5 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy,%t/output_3.npy,%t/output_4.npy,%t/output_5.npy,%t/output_6.npy,%t/output_7.npy,%t/output_8.npy,%t/output_9.npy | FileCheck %s
// CHECK-COUNT-10: output {{[0-9]}} matches
// CHECK-NOT: differs

// The plan: 8 rows of the output width by 32 output channels (two 16-lane
// f32 vectors), loops (batch, height, channels, width, window, input
// channels); the tiles became outer products.
// RUN: xla-run %s --seed 7 --no-print --target=vector-bits=512,vector-registers=32 --dump-to=%t/dump
// RUN: cat %t/dump/passes/*/*/*xla-plan-tiling.mlir | FileCheck %s --check-prefix=PLAN
// RUN: cat %t/dump/passes/*/*/*xla-tile-and-vectorize.mlir | FileCheck %s --check-prefix=VEC
// PLAN: linalg.conv_2d_nhwc_hwcf {{.*}}xla.tiling = {distribute = true, peel = true, tile_interchange = array<i64: 0, 1, 3, 2, 4, 5, 6>, tile_sizes = array<i64: 1, 1, 8, 32, 1, 1, 1>, vectorize = true}
// A depthwise convolution with one output per channel is the named op
// without a multiplier dimension (a unit one would trail the register
// tiles); with a multiplier of 2 it keeps it.
// PLAN-DAG: linalg.depthwise_conv_2d_nhwc_hwc {{.*}}tile_interchange = array<i64: 0, 1, 3, 2, 4, 5>, tile_sizes = array<i64: 1, 1, 8, 32, 1, 1>
// PLAN-DAG: linalg.depthwise_conv_2d_nhwc_hwcm {{.*}}tile_sizes = array<i64: 1, 1, 8, 0, 1, 1, 1>
// VEC: vector.outerproduct {{.*}} : vector<8xf32>, vector<32xf32>
// VEC: vector.fma {{.*}} : vector<32xf32>

func.func @main(%x: tensor<2x9x21x5xf32>, %w: tensor<3x3x5x40xf32>,
                %y: tensor<1x17x19x8xf32>, %v: tensor<3x3x8x16xf32>,
                %s: tensor<2x30x6xf32>, %u: tensor<5x6x33xf32>,
                %t: tensor<1x4x5x12x3xf64>, %r: tensor<2x2x3x3x20xf64>,
                %p: tensor<1x7x9x16xf32>, %q: tensor<1x1x16x48xf32>,
                %xi: tensor<2x9x21x5xi32>, %wi: tensor<3x3x5x40xi32>,
                %a: tensor<1x6x40x4xf32>, %b: tensor<2x3x4x24xf32>,
                %d: tensor<3x3x1x40xf32>, %e: tensor<3x3x1x10xf32>,
                %di: tensor<3x3x1x40xi32>)
    -> (tensor<2x9x21x40xf32>, tensor<1x7x6x16xf32>, tensor<2x9x33xf32>,
        tensor<1x3x4x10x20xf64>, tensor<1x7x9x48xf32>, tensor<2x9x21x40xi32>,
        tensor<1x6x20x24xf32>, tensor<2x9x21x40xf32>, tensor<2x4x11x10xf32>,
        tensor<2x9x21x40xi32>) {
  // SAME padding, 21 columns: row tiles of 8, 8 and a peeled 5; 40
  // channels: a panel of 32 and a peeled 8.
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x21x5xf32>, tensor<3x3x5x40xf32>) -> tensor<2x9x21x40xf32>
  // Strides and window dilation: the rows are gathered with a step.
  %1 = hlo.convolution(%y, %v) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 3], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x17x19x8xf32>, tensor<3x3x8x16xf32>) -> tensor<1x7x6x16xf32>
  // 1-D, stride 3, 33 channels (a panel and one more).
  %2 = hlo.convolution(%s, %u) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [3]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x30x6xf32>, tensor<5x6x33xf32>) -> tensor<2x9x33xf32>
  // 3-D in f64 (8 lanes: panels of 16).
  %3 = hlo.convolution(%t, %r) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x5x12x3xf64>, tensor<2x2x3x3x20xf64>) -> tensor<1x3x4x10x20xf64>
  // A 1x1 window: a matmul over the pixels.
  %4 = hlo.convolution(%p, %q) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x7x9x16xf32>, tensor<1x1x16x48xf32>) -> tensor<1x7x9x48xf32>
  // Wrapping integers: exact.
  %5 = hlo.convolution(%xi, %wi) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x21x5xi32>, tensor<3x3x5x40xi32>) -> tensor<2x9x21x40xi32>
  // Stride 2 with asymmetric padding (a strided layer of a ResNet).
  %6 = hlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [[1, 0], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x40x4xf32>, tensor<2x3x4x24xf32>) -> tensor<1x6x20x24xf32>
  %x5 = hlo.add %x, %x : tensor<2x9x21x5xf32>
  %xi40 = hlo.add %5, %5 : tensor<2x9x21x40xi32>
  // Depthwise (one input channel per group): 40 channels, a panel of 32
  // and a peeled 8; with a stride and a channel multiplier of 2 (5 input
  // channels, 10 outputs); in wrapping integers.
  %7 = hlo.convolution(%0, %d) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 40 : i64} : (tensor<2x9x21x40xf32>, tensor<3x3x1x40xf32>) -> tensor<2x9x21x40xf32>
  %8 = hlo.convolution(%x5, %e) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 5 : i64} : (tensor<2x9x21x5xf32>, tensor<3x3x1x10xf32>) -> tensor<2x4x11x10xf32>
  %9 = hlo.convolution(%xi40, %di) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 40 : i64} : (tensor<2x9x21x40xi32>, tensor<3x3x1x40xi32>) -> tensor<2x9x21x40xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<2x9x21x40xf32>, tensor<1x7x6x16xf32>, tensor<2x9x33xf32>, tensor<1x3x4x10x20xf64>, tensor<1x7x9x48xf32>, tensor<2x9x21x40xi32>, tensor<1x6x20x24xf32>, tensor<2x9x21x40xf32>, tensor<2x4x11x10xf32>, tensor<2x9x21x40xi32>
}
