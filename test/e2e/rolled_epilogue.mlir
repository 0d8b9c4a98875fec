// A large epilogue of a packed product (`roll_epilogue`: 12 scalar ops or
// more) runs as a loop over each register tile's rows, which read the
// accumulators back from a stack buffer of the tile's own
// (lib/Transforms/FuseEpilogue.cpp, xla-hoist-tile-buffers). Here a dense
// layer of 70 rows (8 whole row tiles and 6 rows) with a per-column bias, a
// per-row scale, a residual and two results, and a product with k in cache
// blocks (its last block's tiles take the epilogue). Fused results equal
// one kernel per op with 2 cores, 1 core, no parallel loops and AVX2
// register tiles; a short epilogue (a bias) stays unrolled.
// RUN: xla-run %s --seed 1 --compare-unfused --runs 2 --target=l1=4K,l2=16K | FileCheck %s
// RUN: xla-run %s --seed 2 --compare-unfused --runs 2 --target=l1=4K,l2=16K,cores=1 | FileCheck %s
// RUN: xla-run %s --seed 3 --compare-unfused --runs 2 --target=l1=4K,l2=16K --parallel-loops=false | FileCheck %s
// RUN: xla-run %s --seed 4 --compare-unfused --runs 2 --target=cpu=x86-64-v3,l1=4K,l2=16K | FileCheck %s
// CHECK: fused and unfused agree on all 4 output(s)
//
// The plans: the two large epilogues roll, the bias does not.
// RUN: rm -rf %t.dump
// RUN: xla-run %s --seed 1 --no-print --target=l1=4K,l2=16K --dump-to=%t.dump
// RUN: cat %t.dump/passes/*/*/*xla-plan-tiling.mlir | FileCheck %s --check-prefix=PLAN
// PLAN-COUNT-2: roll_epilogue = true
// PLAN-NOT: roll_epilogue
// The buffers of the first product: one per register tile shape (8 and 6
// rows), at the start of each thread's parallel region once hoisted.
// RUN: cat %t.dump/passes/*/func_func_output_dot_general_fusion/*xla-hoist-tile-buffers.mlir | FileCheck %s --check-prefix=HOIST
// HOIST-LABEL: func.func private @output_dot_general_fusion(
// HOIST: omp.parallel {
// HOIST-NEXT: memref.alloca() {alignment = 64 : i64} : memref<8x1x{{[0-9]+}}xf32>
// HOIST-NEXT: memref.alloca() {alignment = 64 : i64} : memref<6x1x{{[0-9]+}}xf32>
// HOIST-NOT: xla.tile_buffer
// HOIST: return
func.func @main(%x: tensor<70x24xf32>, %w: tensor<24x128xf32>, %b: tensor<128xf32>,
                %s: tensor<70xf32>, %r: tensor<70x128xf32>,
                %x2: tensor<64x300xf32>, %w2: tensor<300x128xf32>,
                %w3: tensor<24x128xf32>)
    -> (tensor<70x128xf32>, tensor<70x128xf32>, tensor<64x128xf32>, tensor<70x128xf32>) {
  %xw = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<70x24xf32>, tensor<24x128xf32>) -> tensor<70x128xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<70x128xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<70xf32>) -> tensor<70x128xf32>
  %one = hlo.constant dense<1.0> : tensor<70x128xf32>
  %half = hlo.constant dense<0.5> : tensor<70x128xf32>
  %h0 = hlo.add %xw, %bb : tensor<70x128xf32>
  %h1 = hlo.multiply %h0, %sb : tensor<70x128xf32>
  %h2 = hlo.tanh %h1 : tensor<70x128xf32>
  %h3 = hlo.multiply %h2, %r : tensor<70x128xf32>
  %h4 = hlo.abs %h3 : tensor<70x128xf32>
  %h5 = hlo.add %h4, %one : tensor<70x128xf32>
  %h6 = hlo.sqrt %h5 : tensor<70x128xf32>
  %h7 = hlo.negate %h6 : tensor<70x128xf32>
  %h8 = hlo.exponential %h7 : tensor<70x128xf32>
  %h9 = hlo.multiply %h8, %half : tensor<70x128xf32>
  %h10 = hlo.add %h9, %one : tensor<70x128xf32>
  %h11 = hlo.log %h10 : tensor<70x128xf32>
  %o1 = hlo.multiply %h11, %r : tensor<70x128xf32>
  %o2 = hlo.negate %o1 : tensor<70x128xf32>
  // k = 300 in cache blocks; the epilogue on the last block's tiles.
  %xw2 = hlo.dot_general %x2, %w2, contracting_dims = [1] x [0] : (tensor<64x300xf32>, tensor<300x128xf32>) -> tensor<64x128xf32>
  %b2 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %one2 = hlo.constant dense<1.0> : tensor<64x128xf32>
  %y0 = hlo.add %xw2, %b2 : tensor<64x128xf32>
  %y1 = hlo.tanh %y0 : tensor<64x128xf32>
  %y2 = hlo.multiply %y1, %y1 : tensor<64x128xf32>
  %y3 = hlo.subtract %one2, %y2 : tensor<64x128xf32>
  %y4 = hlo.multiply %y3, %y0 : tensor<64x128xf32>
  %y5 = hlo.abs %y4 : tensor<64x128xf32>
  %y6 = hlo.add %y5, %one2 : tensor<64x128xf32>
  %y7 = hlo.sqrt %y6 : tensor<64x128xf32>
  %y8 = hlo.divide %y4, %y7 : tensor<64x128xf32>
  %y9 = hlo.exponential %y8 : tensor<64x128xf32>
  %y10 = hlo.multiply %y9, %y1 : tensor<64x128xf32>
  %y11 = hlo.add %y10, %y8 : tensor<64x128xf32>
  %y12 = hlo.subtract %y11, %y2 : tensor<64x128xf32>
  // A short epilogue: unrolled.
  %xw3 = hlo.dot_general %x, %w3, contracting_dims = [1] x [0] : (tensor<70x24xf32>, tensor<24x128xf32>) -> tensor<70x128xf32>
  %z = hlo.add %xw3, %bb : tensor<70x128xf32>
  return %o1, %o2, %y12, %z : tensor<70x128xf32>, tensor<70x128xf32>, tensor<64x128xf32>, tensor<70x128xf32>
}
