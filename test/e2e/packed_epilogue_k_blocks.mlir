// Epilogues of packed contractions whose k is split into cache blocks
// (`fuse_epilogue` with cache tiles, lib/Transforms/FuseEpilogue.cpp).
// Where the distributed tile's product outgrows half of L2, the last k
// block's register tiles apply the epilogue before their only store, and
// the earlier blocks add into a product of the distributed tile's own.
// Three ways that last block comes about: a remainder of k (300 = 12 x 24
// + 12; with a partial row tile and a bias), k a multiple of the block
// (240 = 10 x 24: its last iteration is peeled off), and two blocks (48:
// the first is peeled for the fill, the other is the last). Where it fits
// (`epilogue_after_k_blocks`: the 40 x 64 product here, 40 x 32 per tile),
// every block adds into that product and the epilogue reads it back after
// them. Small caches in the target make these small products take those
// paths; the last run gives all of them the second. Fused results equal
// those of one kernel per op in every configuration.
// RUN: xla-run %s --seed 1 --compare-unfused --runs 2 --target=l1=4K,l2=16K | FileCheck %s
// RUN: xla-run %s --seed 2 --compare-unfused --runs 2 --target=l1=4K,l2=16K,cores=1 | FileCheck %s
// RUN: xla-run %s --seed 3 --compare-unfused --runs 2 --target=l1=4K,l2=16K --parallel-loops=false | FileCheck %s
// RUN: xla-run %s --seed 4 --compare-unfused --runs 2 --target=l1=4K,l2=16K --donate | FileCheck %s
// RUN: xla-run %s --seed 5 --compare-unfused --runs 2 --target=l1=4K,l2=64K | FileCheck %s
// CHECK: fused and unfused agree on all 3 output(s)

// All three are planned with k blocks and the epilogue, two on the last
// block and one after the blocks; each distributed tile (2 or 1 panels of
// 32 columns) allocates its own product, and no kernel allocates a whole
// one ([rows, panels, 32]). That is with AVX-512; with AVX2 (panels of 16
// columns, k blocks of 40) the first two are on the last block, each tile
// 4 panels of 16, and the third after the blocks, each tile 2 panels.
// RUN: rm -rf %t.dump
// RUN: xla-run %s --seed 1 --no-print --target=l1=4K,l2=16K --dump-to=%t.dump
// RUN: %if host-avx512 %{ cat %t.dump/passes/*/*/*xla-plan-tiling.mlir | FileCheck %s --check-prefix=PLAN %}
// RUN: %if !host-avx512 %{ cat %t.dump/passes/*/*/*xla-plan-tiling.mlir | FileCheck %s --check-prefix=PLAN256 %}
// PLAN-DAG: cache_tile_sizes = array<i64: 0, 2, 24, 0>, distribute = true, fuse_epilogue = true
// PLAN-DAG: cache_tile_sizes = array<i64: 0, 2, 24, 0>, distribute = true, fuse_epilogue = true
// PLAN-DAG: cache_tile_sizes = array<i64: 0, 1, 24, 0>, distribute = true, epilogue_after_k_blocks = true, fuse_epilogue = true
// PLAN256-DAG: cache_tile_sizes = array<i64: 0, 4, 40, 0>, distribute = true, fuse_epilogue = true
// PLAN256-DAG: cache_tile_sizes = array<i64: 0, 4, 40, 0>, distribute = true, fuse_epilogue = true
// PLAN256-DAG: cache_tile_sizes = array<i64: 0, 2, 40, 0>, distribute = true, epilogue_after_k_blocks = true, fuse_epilogue = true
// RUN: %if host-avx512 %{ cat %t.dump/passes/*/*_scf-forall-to-*.mlir | FileCheck %s --check-prefix=ALLOC %}
// RUN: %if !host-avx512 %{ cat %t.dump/passes/*/*_scf-forall-to-*.mlir | FileCheck %s --check-prefix=ALLOC256 %}
// ALLOC-DAG: memref.alloc() {{.*}} : memref<70x2x32xf32>
// ALLOC-DAG: memref.alloc() {{.*}} : memref<64x2x32xf32>
// ALLOC-DAG: memref.alloc() {{.*}} : memref<40x1x32xf32>
// ALLOC256-DAG: memref.alloc() {{.*}} : memref<70x4x16xf32>
// ALLOC256-DAG: memref.alloc() {{.*}} : memref<64x4x16xf32>
// ALLOC256-DAG: memref.alloc() {{.*}} : memref<40x2x16xf32>
// RUN: cat %t.dump/passes/*/*_scf-forall-to-*.mlir | not grep -E 'memref.alloc.*memref<(70x4x32|64x4x32|40x2x32|70x8x16|64x8x16|40x4x16)xf32>'
func.func @main(%x: tensor<70x300xf32>, %w: tensor<300x128xf32>, %b: tensor<128xf32>,
                %x2: tensor<64x240xf32>, %w2: tensor<240x128xf32>, %r: tensor<64x128xf32>,
                %x3: tensor<40x48xf32>, %w3: tensor<48x64xf32>)
    -> (tensor<70x128xf32>, tensor<64x128xf32>, tensor<40x64xf32>) {
  %xw = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<70x300xf32>, tensor<300x128xf32>) -> tensor<70x128xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<70x128xf32>
  %h = hlo.add %xw, %bb : tensor<70x128xf32>
  %y = hlo.tanh %h : tensor<70x128xf32>
  %p2 = hlo.dot_general %x2, %w2, contracting_dims = [1] x [0] : (tensor<64x240xf32>, tensor<240x128xf32>) -> tensor<64x128xf32>
  %y2 = hlo.multiply %p2, %r : tensor<64x128xf32>
  %p3 = hlo.dot_general %x3, %w3, contracting_dims = [1] x [0] : (tensor<40x48xf32>, tensor<48x64xf32>) -> tensor<40x64xf32>
  %y3 = hlo.exponential %p3 : tensor<40x64xf32>
  return %y, %y2, %y3 : tensor<70x128xf32>, tensor<64x128xf32>, tensor<40x64xf32>
}
