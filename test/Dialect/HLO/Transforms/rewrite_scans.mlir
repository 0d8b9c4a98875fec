// RUN: xla-opt %s -hlo-rewrite-scans=block-size=8 -split-input-file -verify-diagnostics | FileCheck %s
// RUN: not xla-opt %s -hlo-rewrite-scans=block-size=1 -split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: hlo-rewrite-scans: block-size must be at least 2, got 1

// A forward scan of 40 = 5 blocks of 8: a window-8 scan in each block, the
// last column scanned as block totals (5 <= 8: one window), shifted one
// block on with the init value first, and combined by the body through
// hlo.map, earlier elements on the left.
// CHECK-LABEL: func.func @cumsum
// CHECK-SAME: (%[[X:.*]]: tensor<40x3xf32>)
// CHECK: %[[INIT:.*]] = hlo.constant dense<0.000000e+00>
// CHECK: %[[R:.*]] = hlo.reshape %[[X]] : (tensor<40x3xf32>) -> tensor<5x8x3xf32>
// CHECK: %[[INNER:.*]] = "hlo.reduce_window"(%[[R]], %[[INIT]]) <{padding = dense<{{\[}}[0, 0], [7, 0], [0, 0]]> : tensor<3x2xi64>, window_dimensions = array<i64: 1, 8, 1>}>
// CHECK: %[[LAST:.*]] = hlo.slice %[[INNER]] [0:5, 7:8, 0:3]
// CHECK: %[[TOTALS:.*]] = hlo.reshape %[[LAST]] : (tensor<5x1x3xf32>) -> tensor<5x3xf32>
// CHECK: %[[OUTER:.*]] = "hlo.reduce_window"(%[[TOTALS]], %[[INIT]]) <{padding = dense<{{\[}}[4, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 5, 1>}>
// CHECK: %[[BEFORE:.*]] = hlo.pad %[[OUTER]], %[[INIT]], low = [1, 0], high = [-1, 0]
// CHECK: %[[SPREAD:.*]] = hlo.broadcast_in_dim %[[BEFORE]], dims = [0, 2] : (tensor<5x3xf32>) -> tensor<5x8x3xf32>
// CHECK: %[[SUM:.*]] = "hlo.map"(%[[SPREAD]], %[[INNER]])
// CHECK: hlo.add
// CHECK: %[[OUT:.*]] = hlo.reshape %[[SUM]] : (tensor<5x8x3xf32>) -> tensor<40x3xf32>
// CHECK: return %[[OUT]]
func.func @cumsum(%x: tensor<40x3xf32>) -> tensor<40x3xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %zero) <{padding = dense<[[39, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 40, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<40x3xf32>, tensor<f32>) -> tensor<40x3xf32>
  return %0 : tensor<40x3xf32>
}

// -----

// A reverse scan of 70 along the last dimension: padded at the front to
// 72 = 9 blocks, the block totals are the first column, their scan (9 > 8)
// is itself blocked (2 blocks, padded to 16), the shift goes the other
// way, the scanned block comes first in the body, and the front padding
// is sliced off.
// CHECK-LABEL: func.func @reverse_cummax
// CHECK: %[[P:.*]] = hlo.pad %{{.*}}, %[[INIT:.*]], low = [0, 2], high = [0, 0]
// CHECK: %[[R:.*]] = hlo.reshape %[[P]] : (tensor<2x72xf32>) -> tensor<2x9x8xf32>
// CHECK: %[[INNER:.*]] = "hlo.reduce_window"(%[[R]], %[[INIT]]) <{padding = dense<{{\[}}[0, 0], [0, 0], [0, 7]]> : tensor<3x2xi64>, window_dimensions = array<i64: 1, 1, 8>}>
// CHECK: hlo.slice %[[INNER]] [0:2, 0:9, 0:1]
// CHECK: hlo.pad %{{.*}}, %[[INIT]], low = [0, 7], high = [0, 0]
// CHECK: hlo.reshape %{{.*}} : (tensor<2x16xf32>) -> tensor<2x2x8xf32>
// CHECK: %[[OUTER:.*]] = hlo.slice %{{.*}} [0:2, 7:16]
// CHECK: %[[AFTER:.*]] = hlo.pad %[[OUTER]], %[[INIT]], low = [0, -1], high = [0, 1]
// CHECK: %[[SPREAD:.*]] = hlo.broadcast_in_dim %[[AFTER]], dims = [0, 1] : (tensor<2x9xf32>) -> tensor<2x9x8xf32>
// CHECK: "hlo.map"(%[[INNER]], %[[SPREAD]])
// CHECK: hlo.maximum
// CHECK: %[[FULL:.*]] = hlo.reshape %{{.*}} : (tensor<2x9x8xf32>) -> tensor<2x72xf32>
// CHECK: %[[OUT:.*]] = hlo.slice %[[FULL]] [0:2, 2:72]
// CHECK: return %[[OUT]]
func.func @reverse_cummax(%x: tensor<2x70xf32>) -> tensor<2x70xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %ninf) <{padding = dense<[[0, 0], [0, 69]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 70>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }) : (tensor<2x70xf32>, tensor<f32>) -> tensor<2x70xf32>
  return %0 : tensor<2x70xf32>
}

// -----

// Left alone: scans that fit one block, moving windows shorter than the
// dimension, strided windows, and windows over two dimensions.
// CHECK-LABEL: func.func @not_scans
// CHECK-COUNT-4: "hlo.reduce_window"
// CHECK-NOT: hlo.map
func.func @not_scans(%x: tensor<8x40xf32>, %y: tensor<40x40xf32>) -> (tensor<8x40xf32>, tensor<8x40xf32>, tensor<8x20xf32>, tensor<40x40xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %short = "hlo.reduce_window"(%x, %zero) <{padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 8, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<8x40xf32>, tensor<f32>) -> tensor<8x40xf32>
  %moving = "hlo.reduce_window"(%x, %zero) <{padding = dense<[[0, 0], [9, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 10>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<8x40xf32>, tensor<f32>) -> tensor<8x40xf32>
  %strided = "hlo.reduce_window"(%x, %zero) <{padding = dense<[[0, 0], [39, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 40>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<8x40xf32>, tensor<f32>) -> tensor<8x20xf32>
  %two = "hlo.reduce_window"(%y, %zero) <{padding = dense<[[39, 0], [39, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 40, 40>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<40x40xf32>, tensor<f32>) -> tensor<40x40xf32>
  return %short, %moving, %strided, %two : tensor<8x40xf32>, tensor<8x40xf32>, tensor<8x20xf32>, tensor<40x40xf32>
}
