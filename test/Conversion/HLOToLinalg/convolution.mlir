// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// NHWC/HWIO: padding becomes a tensor.pad with zeros, then the named op.
// CHECK-LABEL: func.func @nhwc
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x8x3xf32>, %[[W:.*]]: tensor<3x3x3x16xf32>)
// CHECK: %[[PAD:.*]] = tensor.pad %[[X]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x4x3x16xf32>)
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK-SAME: ins(%[[PAD]], %[[W]] : tensor<1x10x10x3xf32>, tensor<3x3x3x16xf32>) outs(%[[FILL]] : tensor<1x4x3x16xf32>)
// CHECK: return %[[CONV]]
func.func @nhwc(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x16xf32>) -> tensor<1x4x3x16xf32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x4x3x16xf32>
  return %0 : tensor<1x4x3x16xf32>
}

// -----

// Other layouts are transposed into the named op's and back.
// CHECK-LABEL: func.func @nchw
// CHECK: %[[X:.*]] = linalg.transpose ins(%{{.*}} : tensor<2x3x9x9xf32>) outs(%{{.*}} : tensor<2x9x9x3xf32>) permutation = [0, 2, 3, 1]
// CHECK: %[[W:.*]] = linalg.transpose ins(%{{.*}} : tensor<4x3x3x3xf32>) outs(%{{.*}} : tensor<3x3x3x4xf32>) permutation = [2, 3, 1, 0]
// CHECK: %[[C:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[X]], %[[W]] : tensor<2x9x9x3xf32>, tensor<3x3x3x4xf32>) outs(%{{.*}} : tensor<2x7x7x4xf32>)
// CHECK: %[[R:.*]] = linalg.transpose ins(%[[C]] : tensor<2x7x7x4xf32>) outs(%{{.*}} : tensor<2x4x7x7xf32>) permutation = [0, 3, 1, 2]
// CHECK: return %[[R]]
func.func @nchw(%x: tensor<2x3x9x9xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x7x7xf32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x7x7xf32>
  return %0 : tensor<2x4x7x7xf32>
}

// -----

// One input feature per group: depthwise, with the kernel's output features
// split into (channel, multiplier) and the result's merged back.
// CHECK-LABEL: func.func @depthwise
// CHECK: %[[K:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] : tensor<3x3x1x8xf32> into tensor<3x3x8xf32>
// CHECK: %[[K2:.*]] = tensor.expand_shape %[[K]] {{\[\[}}0], [1], [2, 3]] output_shape [3, 3, 4, 2] : tensor<3x3x8xf32> into tensor<3x3x4x2xf32>
// CHECK: %[[D:.*]] = linalg.depthwise_conv_2d_nhwc_hwcm {{.*}} ins(%{{.*}}, %[[K2]] : tensor<1x8x8x4xf32>, tensor<3x3x4x2xf32>) outs(%{{.*}} : tensor<1x6x6x4x2xf32>)
// CHECK: tensor.collapse_shape %[[D]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<1x6x6x4x2xf32> into tensor<1x6x6x8xf32>
func.func @depthwise(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x1x8xf32>) -> tensor<1x6x6x8xf32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x1x8xf32>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

// One output feature per group (no multiplier): the named op without a
// multiplier dimension, on the kernel's [h, w, channels].
// CHECK-LABEL: func.func @depthwise_one_per_channel
// CHECK: %[[K:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] : tensor<3x3x1x4xf32> into tensor<3x3x4xf32>
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{.*}}, %[[K]] : tensor<1x8x8x4xf32>, tensor<3x3x4xf32>) outs(%{{.*}} : tensor<1x6x6x4xf32>)
// CHECK-NOT: linalg.depthwise_conv_2d_nhwc_hwcm
func.func @depthwise_one_per_channel(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x1x4xf32>) -> tensor<1x6x6x4xf32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x1x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

// lhs dilation is interior zero padding; window reversal flips the kernel;
// i8 x i8 -> i32 uses the named op's sign extension.
// CHECK-DAG: #[[FLIP:.*]] = affine_map<(d0, d1, d2) -> (-d0 + 1, d1, d2)>
// CHECK-LABEL: func.func @lhs_dilated_reversed
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : i8) outs(%{{.*}} : tensor<1x10x2xi8>)
// CHECK: %[[X:.*]] = tensor.insert_slice %{{.*}} into %[[Z]][0, 1, 0] [1, 5, 2] [1, 2, 1]
// CHECK: %[[W:.*]] = linalg.generic {indexing_maps = [#[[FLIP]], {{.*}}]
// CHECK: linalg.conv_1d_nwc_wcf {{.*}} ins(%[[X]], %[[W]] : tensor<1x10x2xi8>, tensor<2x2x3xi8>) outs(%{{.*}} : tensor<1x9x3xi32>)
func.func @lhs_dilated_reversed(%x: tensor<1x5x2xi8>, %w: tensor<2x2x3xi8>) -> tensor<1x9x3xi32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 0]], lhs_dilate = [2], reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2xi8>, tensor<2x2x3xi8>) -> tensor<1x9x3xi32>
  return %0 : tensor<1x9x3xi32>
}

// -----

// Feature groups with several input features per group: a generic whose
// output feature is split into (group, feature in group); the group picks
// the lhs feature block and the kernel's output feature block.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3 * 2 + d4, d1 * 2 + d5)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1 * 3 + d2, d4, d5)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @feature_groups
// CHECK: %[[G:.*]] = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK-SAME: outs(%{{.*}} : tensor<2x2x3x3xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: tensor.collapse_shape %[[G]] {{\[\[}}0], [1, 2], [3]] : tensor<2x2x3x3xf32> into tensor<2x6x3xf32>
func.func @feature_groups(%x: tensor<2x7x4xf32>, %w: tensor<6x3x2xf32>) -> tensor<2x6x3xf32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[o, 0, i]->[b, f, 0], window = {stride = [2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x7x4xf32>, tensor<6x3x2xf32>) -> tensor<2x6x3xf32>
  return %0 : tensor<2x6x3xf32>
}

// -----

// Batch groups: the group picks the lhs batch block.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d2 * 2 + d0, d1 + d4, d5)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5, d2 * 3 + d3)>
// CHECK-LABEL: func.func @batch_groups
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], {{.*}}]
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1], [2, 3]] : tensor<2x3x2x3xf32> into tensor<2x3x6xf32>
func.func @batch_groups(%x: tensor<4x5x2xf32>, %w: tensor<3x2x6xf32>) -> tensor<2x3x6xf32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x5x2xf32>, tensor<3x2x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

// -----

// bf16 accumulates in f32 and rounds once.
// CHECK-LABEL: func.func @bf16
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x4x4x2xbf16>, tensor<2x2x2x3xbf16>) outs(%{{.*}} : tensor<1x3x3x3xf32>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @bf16(%x: tensor<1x4x4x2xbf16>, %w: tensor<2x2x2x3xbf16>) -> tensor<1x3x3x3xbf16> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xbf16>, tensor<2x2x2x3xbf16>) -> tensor<1x3x3x3xbf16>
  return %0 : tensor<1x3x3x3xbf16>
}
