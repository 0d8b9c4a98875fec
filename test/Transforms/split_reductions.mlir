// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-split-reductions))' --split-input-file | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-split-reductions{block-size=32}))' --split-input-file | FileCheck %s --check-prefix=B32
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-split-reductions{block-size=0}))' --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-split-reductions{row-threads=256}))' --split-input-file | FileCheck %s --check-prefix=ROW
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-split-reductions{vector-bits=512}))' --split-input-file | FileCheck %s --check-prefix=LANES

// A column sum of 512 rows: blocks of 16 rows into a 32x256 partial (the
// rows reshaped to 32x16), then 32 = 2 x 16 again, then the last 2 partials
// into the original init. Chains: 16 + 16 + 2 instead of 512.
// CHECK-LABEL: func.func @column
// CHECK-SAME: (%[[X:.*]]: tensor<512x256xf32>, %[[INIT:.*]]: tensor<256xf32>)
// CHECK: %[[E:.*]] = tensor.expand_shape %[[X]] {{\[}}[0, 1], [2]] output_shape [32, 16, 256]
// CHECK: %[[Z:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[P0:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<32x256xf32>)
// CHECK: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[E]] : tensor<32x16x256xf32>) outs(%[[P0]] : tensor<32x256xf32>)
// CHECK: %[[E2:.*]] = tensor.expand_shape %[[P]] {{\[}}[0, 1], [2]] output_shape [2, 16, 256]
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[E2]] : tensor<2x16x256xf32>) outs(%{{.*}} : tensor<2x256xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%[[Q]] : tensor<2x256xf32>) outs(%[[INIT]] : tensor<256xf32>)
// CHECK: return %[[R]]
// B32-LABEL: func.func @column
// B32: tensor.expand_shape {{.*}} output_shape [16, 32, 256]
// B32-NOT: tensor.expand_shape
// B32: return
// OFF-LABEL: func.func @column
// OFF-NEXT: linalg.reduce
// With threads per row, a column (not contiguous) splits as before.
// ROW-LABEL: func.func @column
// ROW: tensor.expand_shape {{.*}} output_shape [32, 16, 256]
func.func @column(%x: tensor<512x256xf32>, %init: tensor<256xf32>) -> tensor<256xf32> {
  %0 = linalg.reduce ins(%x : tensor<512x256xf32>) outs(%init : tensor<256xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<256xf32>
}

// -----

// 1009 (prime) has no block size between 8 and 16 that divides it: 63
// blocks of 16 are reduced from a slice (and the 63 partials in 7 blocks of
// 9), the last element on its own, and it is added last.
// CHECK-LABEL: func.func @remainder
// CHECK: %[[MAIN:.*]] = tensor.extract_slice %arg0[0, 0] [3, 1008] [1, 1]
// CHECK: tensor.expand_shape %[[MAIN]] {{\[}}[0], [1, 2]] output_shape [3, 63, 16]
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [3, 7, 9]
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<3x7xf32>) outs(%arg1 : tensor<3xf32>)
// CHECK: %[[TAIL:.*]] = tensor.extract_slice %arg0[0, 1008] [3, 1] [1, 1]
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[TAIL]] : tensor<3x1xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[T]] : tensor<3xf32>) outs(%[[SUM]] : tensor<3xf32>)
// CHECK: return %[[R]]
func.func @remainder(%x: tensor<3x1009xf32>, %init: tensor<3xf32>) -> tensor<3xf32> {
  %0 = linalg.reduce ins(%x : tensor<3x1009xf32>) outs(%init : tensor<3xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<3xf32>
}

// -----

// Several short reduction loops: the innermost ones whose product fits in
// a block are reduced first (here 8, as 8 x 8 > 16), then the next.
// CHECK-LABEL: func.func @multi
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%arg0 : tensor<8x8x8x4xf32>) outs(%{{.*}} : tensor<8x8x4xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<8x8x4xf32>) outs(%{{.*}} : tensor<8x4xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<8x4xf32>) outs(%arg1 : tensor<4xf32>)
func.func @multi(%x: tensor<8x8x8x4xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce ins(%x : tensor<8x8x8x4xf32>) outs(%init : tensor<4xf32>) dimensions = [0, 1, 2]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<4xf32>
}

// -----

// A fused body (sum of x * y + index) keeps its computation in the first
// level; linalg.index of the split loop becomes outer * 16 + inner.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @fused
// CHECK: linalg.generic
// CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK:   %[[O:.*]] = linalg.index 1 : index
// CHECK:   %[[I:.*]] = linalg.index 2 : index
// CHECK:   %[[B:.*]] = arith.muli %[[O]], %c16
// CHECK:   arith.addi %[[B]], %[[I]]
// CHECK:   arith.mulf
// CHECK:   arith.addf
func.func @fused(%x: tensor<4x64xf32>, %y: tensor<4x64xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %y : tensor<4x64xf32>, tensor<4x64xf32>) outs(%init : tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %fi = arith.sitofp %ii : i32 to f32
      %m = arith.mulf %a, %b : f32
      %t = arith.addf %m, %fi : f32
      %s = arith.addf %acc, %t : f32
      linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Left alone: sums of at most a block, max (exact in any order), integer
// sums, and matmul (a contraction keeps one chain along k, as XLA's GEMM).
// CHECK-LABEL: func.func @untouched
// CHECK-NOT: tensor.expand_shape
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @untouched(%x: tensor<4x16xf32>, %i: tensor<4x1024xi32>, %m: tensor<4x1024xf32>,
                     %a: tensor<8x512xf32>, %b: tensor<512x8xf32>, %c: tensor<8x8xf32>,
                     %f: tensor<4xf32>, %n: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<8x8xf32>) {
  %0 = linalg.reduce ins(%x : tensor<4x16xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  %1 = linalg.reduce ins(%i : tensor<4x1024xi32>) outs(%n : tensor<4xi32>) dimensions = [1]
    (%in: i32, %acc: i32) {
      %s = arith.addi %acc, %in : i32
      linalg.yield %s : i32
    }
  %2 = linalg.reduce ins(%m : tensor<4x1024xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.maximumf %acc, %in : f32
      linalg.yield %s : f32
    }
  %3 = linalg.matmul ins(%a, %b : tensor<8x512xf32>, tensor<512x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<8x8xf32>
}

// -----

// A 1x1 convolution that narrows 32 channels to 16 (as a generic, the
// form it has inside a kernel) reads each input element 16 times, yet its
// partials (2 per output) would take no more elements than its input. It is
// register-tiled, accumulating the channels in registers, so it is never
// split. A sum pooling window (no filter to multiply by) is split as
// before.
// CHECK-LABEL: func.func @narrowing_conv
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
// CHECK-LABEL: func.func @sum_pool
// CHECK: linalg.fill
// CHECK: linalg.generic
// CHECK: linalg.generic
func.func @narrowing_conv(%x: tensor<2x8x8x32xf32>, %w: tensor<1x1x32x16xf32>, %o: tensor<2x8x8x16xf32>) -> tensor<2x8x8x16xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(n, h, w, f, kh, kw, c) -> (n, h + kh, w + kw, c)>, affine_map<(n, h, w, f, kh, kw, c) -> (kh, kw, c, f)>, affine_map<(n, h, w, f, kh, kw, c) -> (n, h, w, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<2x8x8x32xf32>, tensor<1x1x32x16xf32>) outs(%o : tensor<2x8x8x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x8x8x16xf32>
  return %0 : tensor<2x8x8x16xf32>
}
func.func @sum_pool(%x: tensor<1x64x64x8xf32>, %window: tensor<8x8xf32>, %o: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %0 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<8> : tensor<2xi64>} ins(%x, %window : tensor<1x64x64x8xf32>, tensor<8x8xf32>) outs(%o : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

// Rows of 4096 along the contiguous dimension: split in blocks of 16 by
// default; with 256 threads per row (a GPU block, 16 elements each before
// a tree) they are short enough as they are, and rows of 8192 split in
// two blocks of 4096 rather than 512 of 16.
// CHECK-LABEL: func.func @rows
// CHECK: tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [8, 256, 16]
// CHECK: tensor.expand_shape %arg1 {{\[}}[0], [1, 2]] output_shape [8, 512, 16]
// ROW-LABEL: func.func @rows
// ROW-NOT: tensor.expand_shape %arg0
// ROW: tensor.expand_shape %arg1 {{\[}}[0], [1, 2]] output_shape [8, 2, 4096]
// ROW: return
// With 16-lane vectors (vector-bits=512) the blocks are lane-strided: 16
// elements 16 apart into a partial indexed by (block, lane); then the
// blocks, lane by lane (split again when there are more than 16); then the
// 16 lanes, once per row. Chains of 16 at each level, as above.
// LANES-LABEL: func.func @rows
// LANES: %[[E:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2, 3]] output_shape [8, 16, 16, 16]
// LANES: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%[[E]] : tensor<8x16x16x16xf32>) outs(%{{.*}} : tensor<8x16x16xf32>)
// LANES: %[[L:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[P]] : tensor<8x16x16xf32>) outs(%{{.*}} : tensor<8x16xf32>)
// LANES: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[L]] : tensor<8x16xf32>) outs(%arg2 : tensor<8xf32>)
// LANES: tensor.expand_shape %arg1 {{\[}}[0], [1, 2, 3]] output_shape [8, 32, 16, 16]
// LANES: %[[P1:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8x32x16xf32>)
// LANES: %[[E1:.*]] = tensor.expand_shape %[[P1]] {{\[}}[0], [1, 2], [3]] output_shape [8, 2, 16, 16]
// LANES: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%[[E1]] : tensor<8x2x16x16xf32>) outs(%{{.*}} : tensor<8x2x16xf32>)
// LANES: return
func.func @rows(%x: tensor<8x4096xf32>, %y: tensor<8x8192xf32>, %init: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = linalg.reduce ins(%x : tensor<8x4096xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  %1 = linalg.reduce ins(%y : tensor<8x8192xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Rows of bf16 (or f16, f64): the GPU's row threads exchange f32 partials
// only, so these keep blocks of 16 with row-threads too.
// ROW-LABEL: func.func @rows_bf16
// ROW: tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [8, 256, 16]
func.func @rows_bf16(%x: tensor<8x4096xbf16>, %init: tensor<8xbf16>) -> tensor<8xbf16> {
  %0 = linalg.reduce ins(%x : tensor<8x4096xbf16>) outs(%init : tensor<8xbf16>) dimensions = [1]
    (%in: bf16, %acc: bf16) {
      %s = arith.addf %acc, %in : bf16
      linalg.yield %s : bf16
    }
  return %0 : tensor<8xbf16>
}

// -----

// A row of 3 vectors is one lane-strided block: chains of 3 per lane, then
// the (unit) block and the lanes in one op. A row that is not a multiple
// of the lanes keeps contiguous blocks.
// LANES-LABEL: func.func @short_rows
// LANES: %[[E:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2, 3]] output_shape [8, 1, 3, 16]
// LANES: %[[P:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%[[E]] : tensor<8x1x3x16xf32>) outs(%{{.*}} : tensor<8x1x16xf32>)
// LANES: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[P]] : tensor<8x1x16xf32>) outs(%arg2 : tensor<8xf32>)
// LANES: tensor.expand_shape %arg1 {{\[}}[0], [1, 2]] output_shape [8, 5, 10]
func.func @short_rows(%x: tensor<8x48xf32>, %y: tensor<8x50xf32>, %init: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = linalg.reduce ins(%x : tensor<8x48xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  %1 = linalg.reduce ins(%y : tensor<8x50xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}
