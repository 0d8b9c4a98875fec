// Output fusions run as one loop over the contraction's register tiles
// (xla-plan-kernel-blocks, xla-tile-and-fuse-blocks): each block computes
// an accumulator tile over all of k and applies the epilogue to it before
// the only store. A dense layer with bias, tanh and a residual add (whose
// pre-activation the kernel also returns, computed in the same block), an
// integer product, a 3x3 convolution with bias and relu (its padded input
// prepared before the blocks), and a product with two batch dimensions.
// Fused results equal those of one kernel per op, where each product is
// stored and its epilogue reads it back.
// RUN: xla-run %s --seed 2 --compare-unfused --runs 2 | FileCheck %s
// RUN: xla-run %s --seed 3 --compare-unfused --runs 2 --parallel-loops=false | FileCheck %s
// RUN: xla-run %s --seed 4 --compare-unfused --runs 2 --target=cores=1 | FileCheck %s
// RUN: xla-run %s --seed 5 --compare-unfused --runs 2 --vectorize=false | FileCheck %s
// CHECK: fused and unfused agree on all 6 output(s)

// The blocks: columns outermost, as the products' tiles run (a register
// tile of 8 rows by one vector: 16 columns with AVX-512, 8 with AVX2; the
// convolution's 8 pixels by two vectors of channels, all 32 with AVX-512;
// with AVX2, 16 channels, and 4 pixels: AVX2's 16 registers hold 6 rows of
// two vectors, which do not divide 16).
// RUN: rm -rf %t.dump
// RUN: xla-run %s --seed 2 --no-print --dump-to=%t.dump
// RUN: cat %t.dump/passes/*/func_func_output_dot_general_fusion/*xla-plan-kernel-blocks.mlir | FileCheck %s --check-prefix=PLAN
// PLAN: xla.block_interchange = array<i64: 1, 0>, xla.block_tiles = array<i64: 8, {{16|8}}>
// RUN: cat %t.dump/passes/*/func_func_output_convolution_fusion/*xla-plan-kernel-blocks.mlir | FileCheck %s --check-prefix=CONV
// CONV: xla.block_tiles = array<i64: 1, 1, {{8, 0|4, 16}}>
// RUN: cat %t.dump/passes/*/*/*xla-plan-kernel-blocks.mlir | FileCheck %s --check-prefix=QKT
// QKT: xla.block_relayout_rhs
// The dense layer's kernel is one loop: the accumulator starts at zero
// (no fill of the product in memory), the tanh is applied to it, and the
// loop stores the two results only.
// RUN: cat %t.dump/passes/*/func_func_output_dot_general_fusion/*xla-tile-and-vectorize.mlir | FileCheck %s --check-prefix=DENSE
// DENSE: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8x[[W:16|8]]xf32>
// DENSE: scf.forall {{.*}} -> (tensor<256x96xf32>, tensor<256x96xf32>)
// DENSE: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (vector<8x[[W]]xf32>)
// DENSE: vector.outerproduct
// DENSE: math.tanh
// DENSE: scf.forall.in_parallel
// DENSE-NEXT: tensor.parallel_insert_slice
// DENSE-NEXT: tensor.parallel_insert_slice
// DENSE-NEXT: }
// DENSE-NEXT: }
// DENSE-NEXT: return
func.func @main(%x: tensor<256x64xf32>, %w: tensor<64x96xf32>, %b: tensor<96xf32>, %r: tensor<256x96xf32>,
                %xi: tensor<128x32xi32>, %wi: tensor<32x48xi32>,
                %img: tensor<2x16x16x8xf32>, %f: tensor<3x3x8x32xf32>, %fb: tensor<32xf32>,
                %q: tensor<2x4x32x16xf32>, %k: tensor<2x4x16x64xf32>, %kt: tensor<2x4x64x16xf32>)
    -> (tensor<256x96xf32>, tensor<256x96xf32>, tensor<128x48xi32>, tensor<2x16x16x32xf32>, tensor<2x4x32x64xf32>, tensor<2x4x32x64xf32>) {
  // Dense layer: bias, tanh, residual; the pre-activation is returned too.
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x64xf32>, tensor<64x96xf32>) -> tensor<256x96xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<96xf32>) -> tensor<256x96xf32>
  %h = hlo.add %p, %bb : tensor<256x96xf32>
  %t = hlo.tanh %h : tensor<256x96xf32>
  %y = hlo.add %t, %r : tensor<256x96xf32>
  // Integers: exact in any order.
  %pi = hlo.dot_general %xi, %wi, contracting_dims = [1] x [0] : (tensor<128x32xi32>, tensor<32x48xi32>) -> tensor<128x48xi32>
  %three = hlo.constant dense<3> : tensor<128x48xi32>
  %one = hlo.constant dense<1> : tensor<128x48xi32>
  %pi3 = hlo.multiply %pi, %three : tensor<128x48xi32>
  %yi = hlo.add %pi3, %one : tensor<128x48xi32>
  // A 3x3 convolution with bias and relu.
  %c = hlo.convolution(%img, %f) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x16x8xf32>, tensor<3x3x8x32xf32>) -> tensor<2x16x16x32xf32>
  %cb = hlo.broadcast_in_dim %fb, dims = [3] : (tensor<32xf32>) -> tensor<2x16x16x32xf32>
  %cs = hlo.add %c, %cb : tensor<2x16x16x32xf32>
  %zero = hlo.constant dense<0.0> : tensor<2x16x16x32xf32>
  %relu = hlo.maximum %cs, %zero : tensor<2x16x16x32xf32>
  // Attention-like: two batch dimensions, scaled.
  %s = hlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x4x32x16xf32>, tensor<2x4x16x64xf32>) -> tensor<2x4x32x64xf32>
  %scale = hlo.constant dense<0.25> : tensor<2x4x32x64xf32>
  %ss = hlo.multiply %s, %scale : tensor<2x4x32x64xf32>
  // Q K^T: the keys are rows, read across the lanes.
  %st = hlo.dot_general %q, %kt, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<2x4x32x16xf32>, tensor<2x4x64x16xf32>) -> tensor<2x4x32x64xf32>
  %sst = hlo.multiply %st, %scale : tensor<2x4x32x64xf32>
  return %y, %h, %yi, %relu, %ss, %sst : tensor<256x96xf32>, tensor<256x96xf32>, tensor<128x48xi32>, tensor<2x16x16x32xf32>, tensor<2x4x32x64xf32>, tensor<2x4x32x64xf32>
}
