// RUN: xla-opt %s -hlo-simplify -split-input-file | FileCheck %s

// A patch embedding (windows that tile the input, stride = window): the
// input's spatial dimensions split into (position, offset) in place, and a
// dot_general contracts the offsets and the features with the kernel's
// window and input features. NHWC in and out: no transpose.
// CHECK-LABEL: func @nhwc
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x12x3xf32>, %[[W:.*]]: tensor<4x4x3x5xf32>)
// CHECK-NEXT: %[[P:.*]] = hlo.reshape %[[X]] : (tensor<2x8x12x3xf32>) -> tensor<2x2x4x3x4x3xf32>
// CHECK-NEXT: %[[D:.*]] = hlo.dot_general %[[P]], %[[W]], contracting_dims = [2, 4, 5] x [0, 1, 2]
// CHECK-SAME: precision = [HIGHEST, DEFAULT]
// CHECK-SAME: -> tensor<2x2x3x5xf32>
// CHECK-NEXT: return %[[D]]
func.func @nhwc(%x: tensor<2x8x12x3xf32>, %w: tensor<4x4x3x5xf32>) -> tensor<2x2x3x5xf32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision HIGHEST>, #hlo<precision DEFAULT>]} : (tensor<2x8x12x3xf32>, tensor<4x4x3x5xf32>) -> tensor<2x2x3x5xf32>
  return %0 : tensor<2x2x3x5xf32>
}

// -----

// NCHW with an OIHW kernel: the product comes out [b, h, w, o] and is
// transposed into the convolution's layout.
// CHECK-LABEL: func @nchw
// CHECK: %[[P:.*]] = hlo.reshape %{{.*}} : (tensor<2x3x8x12xf32>) -> tensor<2x3x2x4x3x4xf32>
// CHECK-NEXT: %[[D:.*]] = hlo.dot_general %[[P]], %{{.*}}, contracting_dims = [3, 5, 1] x [2, 3, 1]
// CHECK-SAME: -> tensor<2x2x3x5xf32>
// CHECK-NEXT: %[[T:.*]] = hlo.transpose %[[D]], dims = [0, 3, 1, 2] : (tensor<2x2x3x5xf32>) -> tensor<2x5x2x3xf32>
// CHECK-NEXT: return %[[T]]
func.func @nchw(%x: tensor<2x3x8x12xf32>, %w: tensor<5x3x4x4xf32>) -> tensor<2x5x2x3xf32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [4, 4]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x8x12xf32>, tensor<5x3x4x4xf32>) -> tensor<2x5x2x3xf32>
  return %0 : tensor<2x5x2x3xf32>
}

// -----

// One spatial dimension, integers widened in the product as in the
// convolution.
// CHECK-LABEL: func @ints
// CHECK: hlo.reshape %{{.*}} : (tensor<1x8x2xi8>) -> tensor<1x4x2x2xi8>
// CHECK-NEXT: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [2, 3] x [0, 1]
// CHECK-SAME: -> tensor<1x4x3xi32>
func.func @ints(%x: tensor<1x8x2xi8>, %w: tensor<2x2x3xi8>) -> tensor<1x4x3xi32> {
  %0 = hlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x2xi8>, tensor<2x2x3xi8>) -> tensor<1x4x3xi32>
  return %0 : tensor<1x4x3xi32>
}

// -----

// Left alone: overlapping windows (stride 2 < 3), padding, an input the
// windows do not cover exactly (one column left over), a dilated kernel,
// groups, and 1x1 windows (the convolution's own tiling handles those).
// CHECK-LABEL: func @not_patches
// CHECK-NOT: hlo.dot_general
// CHECK-COUNT-6: hlo.convolution
// CHECK-NOT: hlo.dot_general
func.func @not_patches(%x: tensor<1x9x9x4xf32>, %w3: tensor<3x3x4x8xf32>,
                       %x2: tensor<1x9x8x4xf32>, %w2: tensor<2x2x4x8xf32>,
                       %wg: tensor<2x2x2x8xf32>, %w1: tensor<1x1x4x8xf32>)
    -> (tensor<1x4x4x8xf32>, tensor<1x3x3x8xf32>, tensor<1x4x4x8xf32>,
        tensor<1x4x3x8xf32>, tensor<1x4x4x8xf32>, tensor<1x9x9x8xf32>) {
  %0 = hlo.convolution(%x, %w3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x4x4x8xf32>
  %1 = hlo.convolution(%x, %w3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [3, 3], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x3x3x8xf32>
  %2 = hlo.convolution(%x, %w2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x4xf32>, tensor<2x2x4x8xf32>) -> tensor<1x4x4x8xf32>
  %3 = hlo.convolution(%x2, %w2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x8x4xf32>, tensor<2x2x4x8xf32>) -> tensor<1x4x3x8xf32>
  %4 = hlo.convolution(%x2, %wg) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x9x8x4xf32>, tensor<2x2x2x8xf32>) -> tensor<1x4x4x8xf32>
  %5 = hlo.convolution(%x, %w1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x4xf32>, tensor<1x1x4x8xf32>) -> tensor<1x9x9x8xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x4x4x8xf32>, tensor<1x3x3x8xf32>, tensor<1x4x4x8xf32>, tensor<1x4x3x8xf32>, tensor<1x4x4x8xf32>, tensor<1x9x9x8xf32>
}
