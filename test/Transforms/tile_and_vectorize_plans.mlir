// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-tile-and-vectorize))' | FileCheck %s

// The mechanism alone, on hand-written plans: it does what `xla.tiling`
// says, whatever the strategy would have decided, and removes it.

#id = affine_map<(d0, d1) -> (d0, d1)>

// A tile of 2x8 (the strategy would take 1x16) with 4x40 = 160 iterations
// distributed (the strategy would not): the rows go to an scf.forall, two
// per iteration, the columns to a loop of 8-lane vectors.
// CHECK-LABEL: func.func @exp_distributed
// CHECK: scf.forall (%{{.*}}) = (0) to (4) step (2)
// CHECK:   scf.for %{{.*}} = %c0 to %c40 step %c8
// CHECK:     math.exp %{{.*}} : vector<8xf32>
// CHECK:     math.exp %{{.*}} : vector<8xf32>
// CHECK-NOT: xla.tiling
// CHECK: return
func.func @exp_distributed(%a: tensor<4x40xf32>) -> tensor<4x40xf32> {
  %e = tensor.empty() : tensor<4x40xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x40xf32>) outs(%e : tensor<4x40xf32>)
      attrs = {xla.tiling = {tile_sizes = array<i64: 2, 8>, distribute = true, peel = true, vectorize = true}} {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x40xf32>
  return %0 : tensor<4x40xf32>
}

// A matmul large enough for the strategy to distribute, planned without
// distribution and with 4x8 register tiles: no forall.
// CHECK-LABEL: func.func @matmul_not_distributed
// CHECK-NOT: scf.forall
// CHECK: scf.for %{{.*}} = %c0 to %c40 step %c8
// CHECK:   scf.for %{{.*}} = %c0 to %c64 step %c4
// CHECK:     vector.outerproduct {{.*}} : vector<4xf32>, vector<8xf32>
// CHECK-NOT: scf.forall
// CHECK: return
func.func @matmul_not_distributed(%a: tensor<64x40xf32>, %b: tensor<40x40xf32>, %c: tensor<64x40xf32>) -> tensor<64x40xf32> {
  %0 = linalg.matmul {xla.tiling = {interchange = array<i64: 0, 2, 1>, tile_sizes = array<i64: 4, 1, 8>, tile_interchange = array<i64: 2, 0, 1>, peel = true, vectorize = true}}
      ins(%a, %b : tensor<64x40xf32>, tensor<40x40xf32>) outs(%c : tensor<64x40xf32>) -> tensor<64x40xf32>
  return %0 : tensor<64x40xf32>
}

// The scalar path's plan, a loop order alone: the matmul becomes a generic
// with its loops as (m, k, n), and nothing else happens.
// CHECK-LABEL: func.func @interchange_only
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction", "parallel"]
// CHECK-NOT: xla.tiling
// CHECK-NOT: scf.for
// CHECK: return
func.func @interchange_only(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %0 = linalg.matmul {xla.tiling = {interchange = array<i64: 0, 2, 1>}}
      ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// Tiles without vectorization, and a remainder without peeling: 10 = 4+4+2
// stays one loop with dynamic tiles of linalg ops.
// CHECK-LABEL: func.func @tile_only
// CHECK: scf.for %{{.*}} = %c0 to %c10 step %c4
// CHECK:   linalg.generic
// CHECK-NOT: vector.
// CHECK: return
func.func @tile_only(%a: tensor<10xf32>) -> tensor<10xf32> {
  %e = tensor.empty() : tensor<10xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<10xf32>) outs(%e : tensor<10xf32>)
      attrs = {xla.tiling = {tile_sizes = array<i64: 4>}} {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// Without a plan an op is left alone, however vectorizable.
// CHECK-LABEL: func.func @no_plan
// CHECK-NEXT: %[[E:.*]] = tensor.empty
// CHECK-NEXT: linalg.generic
// CHECK-NOT: vector.
// CHECK: return
func.func @no_plan(%a: tensor<4x40xf32>) -> tensor<4x40xf32> {
  %e = tensor.empty() : tensor<4x40xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x40xf32>) outs(%e : tensor<4x40xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x40xf32>
  return %0 : tensor<4x40xf32>
}

// A packed contraction: the rhs is split at 32 = two panels of 16 columns
// plus 8 columns left unpacked (`pack_remainder`, tiled by their own plan);
// the 2 panels are copied to 2x20x16 (`pack_copy`); the output is expanded
// to 16x2x16 and tiled first for the caches (one panel per forall
// iteration, k blocks of 8, a peeled block of 4) and then for the
// registers (8 rows x one panel, k by 1, accumulators carried across k).
// CHECK-LABEL: func.func @packed
// CHECK: %[[RHS:.*]] = tensor.extract_slice %arg1[0, 0] [20, 32]
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape %[[RHS]] {{\[}}[0], [1, 2]] output_shape [20, 2, 16]
// CHECK: %[[PACKED:.*]] = scf.for
// CHECK:   scf.for
// CHECK:     vector.transfer_read %[[SPLIT]]{{.*}} vector<16xf32>
// CHECK:     vector.transfer_write {{.*}} tensor<2x20x16xf32>
// CHECK: %[[OUT:.*]] = tensor.expand_shape {{.*}} output_shape [16, 2, 16]
// CHECK: scf.forall (%[[P:.*]]) in (2) shared_outs(%{{.*}} = %[[OUT]])
// CHECK:   scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK:     scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK:       scf.for %{{.*}} = %c0 to %c8 step %c1 {{.*}} -> (vector<8x1x16xf32>)
// CHECK:         vector.transfer_read %[[PACKED]][%[[P]], {{.*}} vector<16xf32>
// CHECK:         vector.outerproduct {{.*}} : vector<8xf32>, vector<16xf32>
// CHECK:   scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK:     scf.for %{{.*}} = %c0 to %c4 step %c1 {{.*}} -> (vector<8x1x16xf32>)
// CHECK: tensor.collapse_shape {{.*}} into tensor<16x32xf32>
// CHECK: tensor.extract_slice {{.*}}[0, 32] [16, 8]
// CHECK: scf.for
// CHECK:   vector.outerproduct {{.*}} : vector<8xf32>, vector<8xf32>
// CHECK-NOT: xla.tiling
// CHECK: return
func.func @packed(%a: tensor<16x20xf32>, %b: tensor<20x40xf32>, %c: tensor<16x40xf32>) -> tensor<16x40xf32> {
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64, pack_copy = {tile_sizes = array<i64: 1, 1, 0>, vectorize = true},
                                    pack_remainder = {tile_sizes = array<i64: 8, 8, 1>, tile_interchange = array<i64: 0, 2, 1>, peel = true, vectorize = true},
                                    cache_tile_sizes = array<i64: 0, 1, 8, 0>, cache_tile_interchange = array<i64: 1, 2, 0, 3>, distribute = true,
                                    tile_sizes = array<i64: 8, 1, 1, 0>, tile_interchange = array<i64: 0, 1, 2, 3>, peel = true, vectorize = true}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x40xf32>) outs(%c : tensor<16x40xf32>) -> tensor<16x40xf32>
  return %0 : tensor<16x40xf32>
}

// `prefetch_lhs`: the k loop of each register tile (in both k blocks) is
// marked for xla-prefetch-lhs-strips with the plan's locality; the
// columns short of a panel (their own plan) are not.
// CHECK-LABEL: func.func @packed_prefetch_lhs
// CHECK: scf.forall
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1 {{.*}} -> (vector<8x1x16xf32>)
// CHECK: } {xla.prefetch_lhs_strip = 2 : i64}
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c1 {{.*}} -> (vector<8x1x16xf32>)
// CHECK: } {xla.prefetch_lhs_strip = 2 : i64}
// CHECK: scf.forall.in_parallel
// CHECK-NOT: xla.prefetch_lhs_strip
// CHECK: return
func.func @packed_prefetch_lhs(%a: tensor<16x20xf32>, %b: tensor<20x40xf32>, %c: tensor<16x40xf32>) -> tensor<16x40xf32> {
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64, pack_copy = {tile_sizes = array<i64: 1, 1, 0>, vectorize = true},
                                    pack_remainder = {tile_sizes = array<i64: 8, 8, 1>, tile_interchange = array<i64: 0, 2, 1>, peel = true, vectorize = true},
                                    cache_tile_sizes = array<i64: 0, 1, 8, 0>, cache_tile_interchange = array<i64: 1, 2, 0, 3>, distribute = true,
                                    tile_sizes = array<i64: 8, 1, 1, 0>, tile_interchange = array<i64: 0, 1, 2, 3>, peel = true, vectorize = true,
                                    prefetch_lhs = 2 : i64}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x40xf32>) outs(%c : tensor<16x40xf32>) -> tensor<16x40xf32>
  return %0 : tensor<16x40xf32>
}

// The same with `pack_per_tile`: each forall iteration packs the one
// panel it reads, and each of its k blocks (8, then a peeled 4) packs its
// own rows of it, into a tensor of its own, just before the register tiles
// read them; no 2x20x16 copy of the whole rhs is made.
// CHECK-LABEL: func.func @packed_per_tile
// CHECK-NOT: tensor<2x20x16xf32>
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape {{.*}} output_shape [20, 2, 16]
// CHECK-NOT: tensor<2x20x16xf32>
// CHECK: scf.forall (%[[P:.*]]) in (2)
// CHECK:   scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK:     %[[EMPTY:.*]] = tensor.empty() : tensor<1x8x16xf32>
// CHECK:     %[[BLOCK:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[EMPTY]])
// CHECK:       vector.transfer_read %[[SPLIT]][%{{.*}}, %[[P]], %c0]
// CHECK:       vector.transfer_write {{.*}}, %[[ACC]]{{.*}} tensor<1x8x16xf32>
// CHECK:     vector.transfer_read %[[BLOCK]][%c0, {{.*}} vector<16xf32>
// CHECK:     vector.outerproduct
// CHECK:   tensor.empty() : tensor<1x4x16xf32>
// CHECK:   vector.outerproduct
// CHECK: scf.forall.in_parallel
// CHECK-NOT: tensor<2x20x16xf32>
// CHECK-NOT: xla.tiling
// CHECK-NOT: xla.pack_per_slice
// CHECK: return
func.func @packed_per_tile(%a: tensor<16x20xf32>, %b: tensor<20x40xf32>, %c: tensor<16x40xf32>) -> tensor<16x40xf32> {
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64, pack_copy = {tile_sizes = array<i64: 1, 1, 0>, vectorize = true}, pack_per_tile = true, pack_per_cache_tile = true,
                                    pack_remainder = {tile_sizes = array<i64: 8, 8, 1>, tile_interchange = array<i64: 0, 2, 1>, peel = true, vectorize = true},
                                    cache_tile_sizes = array<i64: 0, 1, 8, 0>, cache_tile_interchange = array<i64: 1, 2, 0, 3>, distribute = true,
                                    tile_sizes = array<i64: 8, 1, 1, 0>, tile_interchange = array<i64: 0, 1, 2, 3>, peel = true, vectorize = true}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x40xf32>) outs(%c : tensor<16x40xf32>) -> tensor<16x40xf32>
  return %0 : tensor<16x40xf32>
}

// A packed product whose accumulators start from a fill, with k whole at
// the cache level (one k block): the fill moves into the tiles, each
// register tile starts from zeros in registers, and no loop fills the
// whole result first. With k blocks of 8 (the partial sums of a block go
// through memory to the next), the blocks are one loop whose first
// iteration's register tiles start from zeros (a branch, no load) and the
// others' from the partial sums, which nothing fills; the last block (4)
// adds to them.
// CHECK-LABEL: func.func @packed_fill
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8x1x16xf32>
// CHECK-NOT: tensor<1x32xf32>
// CHECK: scf.forall
// CHECK:   scf.for %{{.*}} = %c0 to %c20 step %c1 iter_args(%{{.*}} = %[[ZERO]]) -> (vector<8x1x16xf32>)
// CHECK: return
// CHECK-LABEL: func.func @packed_fill_k_blocks
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8x1x16xf32>
// CHECK-NOT: tensor<1x32xf32>
// CHECK: scf.forall
// CHECK-NOT: vector.transfer_write %[[ZERO]]
// CHECK:   scf.for %[[KB:.*]] = %c0 to %c16 step %c8
// CHECK:     %[[FIRST:.*]] = arith.cmpi eq, %[[KB]], %c0
// CHECK:     %[[START:.*]] = scf.if %[[FIRST]] -> (vector<8x1x16xf32>) {
// CHECK-NEXT:  scf.yield %[[ZERO]]
// CHECK-NEXT: } else {
// CHECK-NEXT:  vector.transfer_read {{.*}} : tensor<16x1x16xf32>, vector<8x1x16xf32>
// CHECK:     scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args(%{{.*}} = %[[START]]) -> (vector<8x1x16xf32>)
// CHECK:   %[[REST:.*]] = vector.transfer_read {{.*}} : tensor<16x1x16xf32>, vector<8x1x16xf32>
// CHECK:   scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args(%{{.*}} = %[[REST]]) -> (vector<8x1x16xf32>)
// CHECK: return
func.func @packed_fill(%a: tensor<16x20xf32>, %b: tensor<20x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %c = linalg.fill {xla.tiling = {tile_sizes = array<i64: 1, 16>, distribute = true, peel = true, vectorize = true}}
      ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64, pack_copy = {tile_sizes = array<i64: 1, 1, 0>, vectorize = true},
                                    cache_tile_sizes = array<i64: 0, 1, 0, 0>, cache_tile_interchange = array<i64: 1, 2, 0, 3>, distribute = true,
                                    tile_sizes = array<i64: 8, 1, 1, 0>, tile_interchange = array<i64: 0, 1, 2, 3>, peel = true, vectorize = true}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}
func.func @packed_fill_k_blocks(%a: tensor<16x20xf32>, %b: tensor<20x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %c = linalg.fill {xla.tiling = {tile_sizes = array<i64: 1, 16>, distribute = true, peel = true, vectorize = true}}
      ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64, pack_copy = {tile_sizes = array<i64: 1, 1, 0>, vectorize = true},
                                    cache_tile_sizes = array<i64: 0, 1, 8, 0>, cache_tile_interchange = array<i64: 1, 2, 0, 3>, distribute = true,
                                    tile_sizes = array<i64: 8, 1, 1, 0>, tile_interchange = array<i64: 0, 1, 2, 3>, peel = true, vectorize = true}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// A convolution's register tiles: the input rows of a tile are gathered
// (8 extracts, stride 2) into the lhs of an outer product with a panel of
// the filter; the accumulators are read before the window and channel
// loops and written after them.
// CHECK-LABEL: func.func @conv_tiles
// CHECK: vector.transfer_read {{.*}} : tensor<2x9x8x64xf32>, vector<8x32xf32>
// CHECK: scf.for {{.*}} -> (vector<1x1x8x32xf32>)
// CHECK: scf.for {{.*}} -> (vector<1x1x8x32xf32>)
// CHECK: scf.for {{.*}} -> (vector<1x1x8x32xf32>)
// CHECK: tensor.extract_slice {{.*}} [1, 1, 15, 1] [1, 1, 1, 1]
// CHECK: tensor.extract %{{.*}}[%c0, %c0, %c0, %c0]
// CHECK: tensor.extract %{{.*}}[%c0, %c0, %c2, %c0]
// CHECK-COUNT-6: tensor.extract
// CHECK: %[[ROWS:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK: %[[PANEL:.*]] = vector.transfer_read {{.*}} : tensor<3x3x8x64xf32>, vector<32xf32>
// CHECK: vector.outerproduct %[[ROWS]], %[[PANEL]], {{.*}} : vector<8xf32>, vector<32xf32>
// CHECK: scf.yield
// CHECK: scf.yield
// CHECK: scf.yield
// CHECK: vector.transfer_write {{.*}} : vector<8x32xf32>, tensor<2x9x8x64xf32>
func.func @conv_tiles(%x: tensor<2x20x20x8xf32>, %w: tensor<3x3x8x64xf32>, %o: tensor<2x9x8x64xf32>) -> tensor<2x9x8x64xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>, xla.tiling = {peel = true, tile_interchange = array<i64: 0, 1, 3, 2, 4, 5, 6>, tile_sizes = array<i64: 1, 1, 0, 32, 1, 1, 1>, vectorize = true}} ins(%x, %w : tensor<2x20x20x8xf32>, tensor<3x3x8x64xf32>) outs(%o : tensor<2x9x8x64xf32>) -> tensor<2x9x8x64xf32>
  return %0 : tensor<2x9x8x64xf32>
}

// A depthwise convolution's register tiles: 8 rows of the input, each a
// vector along the channels, times the filter's vector of those channels,
// added to the accumulators with one FMA per row (the pass leaves n-D
// elementwise math as rows). The filter's vector runs along its channels,
// followed by the unit multiplier dimension: it is read from a collapsed
// filter, with a minor identity map (one vector load), not as a strided
// read (a loop of scalar loads once lowered).
// CHECK-LABEL: func.func @depthwise_tiles
// CHECK: scf.for {{.*}} -> (vector<1x1x8x32x1xf32>)
// CHECK: scf.for {{.*}} -> (vector<1x1x8x32x1xf32>)
// CHECK-COUNT-8: vector.transfer_read {{.*}} : tensor<1x10x10x64xf32>, vector<32xf32>
// CHECK: %[[W:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0], [1], [2, 3]] : tensor<3x3x64x1xf32> into tensor<3x3x64xf32>
// CHECK: %[[FILTER:.*]] = vector.transfer_read %[[W]][{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<3x3x64xf32>, vector<32xf32>
// CHECK-COUNT-8: vector.fma %{{.*}}, %[[FILTER]], %{{.*}} : vector<32xf32>
func.func @depthwise_tiles(%x: tensor<1x10x10x64xf32>, %w: tensor<3x3x64x1xf32>, %o: tensor<1x8x8x64x1xf32>) -> tensor<1x8x8x64x1xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, xla.tiling = {peel = true, tile_interchange = array<i64: 0, 1, 3, 4, 2, 5, 6>, tile_sizes = array<i64: 0, 1, 0, 32, 0, 1, 1>, vectorize = true}} ins(%x, %w : tensor<1x10x10x64xf32>, tensor<3x3x64x1xf32>) outs(%o : tensor<1x8x8x64x1xf32>) -> tensor<1x8x8x64x1xf32>
  return %0 : tensor<1x8x8x64x1xf32>
}

// relayout_lhs: the lhs [k, m] is copied to [m, k] by a linalg.transpose,
// tiled and vectorized by its own plan (8x8 blocks read transposed), and
// the contraction reads the copy: its register tiles load one lhs element
// per row from rows of k, as a plain matmul's do.
// CHECK-LABEL: func.func @relayout_lhs
// CHECK: %[[COPY:.*]] = scf.for
// CHECK:   vector.transfer_read {{.*}} permutation_map = {{.*}} : tensor<32x64xf32>, vector<8x8xf32>
// CHECK: scf.for
// CHECK:   tensor.extract_slice %[[COPY]]
// CHECK:   vector.outerproduct {{.*}} : vector<8xf32>, vector<16xf32>
// CHECK-NOT: xla.tiling
// CHECK: return
#rl_lhs = affine_map<(d0, d1, d2) -> (d2, d0)>
#rl_rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#rl_out = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @relayout_lhs(%a: tensor<32x64xf32>, %b: tensor<32x16xf32>, %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
  %0 = linalg.generic {indexing_maps = [#rl_lhs, #rl_rhs, #rl_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<32x64xf32>, tensor<32x16xf32>) outs(%c : tensor<64x16xf32>)
      attrs = {xla.tiling = {relayout_lhs = {tile_sizes = array<i64: 8, 8>, vectorize = true}, interchange = array<i64: 0, 2, 1>, tile_sizes = array<i64: 8, 1, 16>, tile_interchange = array<i64: 2, 0, 1>, peel = true, vectorize = true}} {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x16xf32>
  return %0 : tensor<64x16xf32>
}

// relayout_lhs of an elementwise producer that only the contraction reads:
// the copy computes it, reading its input in 8x8 transposed blocks, so the
// producer's value is written once, in the copy's layout, and its own
// plan goes with it. The copy runs where the producer ran, before the op
// in between (which may write over %a in place).
// CHECK-LABEL: func.func @relayout_lhs_producer
// CHECK-NOT: tensor<32x64xf32>, vector<8xf32>
// CHECK: %[[COPY:.*]] = scf.for
// CHECK:   vector.transfer_read %arg0{{.*}} permutation_map = {{.*}} : tensor<32x64xf32>, vector<8x8xf32>
// CHECK:   arith.mulf {{.*}} : vector<8xf32>
// CHECK:   vector.transfer_write {{.*}} : vector<8x8xf32>, tensor<64x32xf32>
// CHECK: arith.addf {{.*}} : vector<8xf32>
// CHECK: vector.transfer_write {{.*}} : vector<8xf32>, tensor<32x64xf32>
// CHECK: scf.for
// CHECK:   tensor.extract_slice %[[COPY]]
// CHECK-NOT: xla.tiling
// CHECK: return
#rlp_in = affine_map<(d0, d1) -> (d0, d1)>
func.func @relayout_lhs_producer(%a: tensor<32x64xf32>, %b: tensor<32x16xf32>, %c: tensor<64x16xf32>) -> (tensor<64x16xf32>, tensor<32x64xf32>) {
  %e = tensor.empty() : tensor<32x64xf32>
  %p = linalg.generic {indexing_maps = [#rlp_in, #rlp_in], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x64xf32>) outs(%e : tensor<32x64xf32>)
      attrs = {xla.tiling = {tile_sizes = array<i64: 1, 8>, peel = true, vectorize = true}} {
  ^bb0(%x: f32, %o: f32):
    %h = arith.constant 0.5 : f32
    %m = arith.mulf %x, %h : f32
    linalg.yield %m : f32
  } -> tensor<32x64xf32>
  %e2 = tensor.empty() : tensor<32x64xf32>
  %w = linalg.generic {indexing_maps = [#rlp_in, #rlp_in], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<32x64xf32>) outs(%e2 : tensor<32x64xf32>)
      attrs = {xla.tiling = {tile_sizes = array<i64: 1, 8>, peel = true, vectorize = true}} {
  ^bb0(%x: f32, %o: f32):
    %d = arith.addf %x, %x : f32
    linalg.yield %d : f32
  } -> tensor<32x64xf32>
  %0 = linalg.generic {indexing_maps = [#rl_lhs, #rl_rhs, #rl_out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p, %b : tensor<32x64xf32>, tensor<32x16xf32>) outs(%c : tensor<64x16xf32>)
      attrs = {xla.tiling = {relayout_lhs = {tile_sizes = array<i64: 8, 8>, vectorize = true}, interchange = array<i64: 0, 2, 1>, tile_sizes = array<i64: 8, 1, 16>, tile_interchange = array<i64: 2, 0, 1>, peel = true, vectorize = true}} {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<64x16xf32>
  return %0, %w : tensor<64x16xf32>, tensor<32x64xf32>
}

// pack_rhs of an elementwise producer that only the product reads: the
// producer's n dimension is split into panels (its input reshaped alike,
// its [20, 1] scale read at (d0, 0) collapsed to [20] first) and each k
// block's packing copy computes it, so no 20x32 tensor of the scaled rhs
// is made and each element is scaled once, when it is packed.
// CHECK-LABEL: func.func @packed_per_tile_producer
// CHECK-NOT: tensor<20x32xf32>, vector
// CHECK-NOT: -> tensor<20x32xf32>
// CHECK: %[[SCALE:.*]] = tensor.collapse_shape %arg3 {{.*}} : tensor<20x1xf32> into tensor<20xf32>
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape %arg1 {{.*}} output_shape [20, 2, 16]
// CHECK: scf.forall (%[[P:.*]]) in (2)
// CHECK:   scf.for %{{.*}} = %c0 to %c16 step %c8
// CHECK:     scf.for
// CHECK:       vector.transfer_read %[[SPLIT]][%{{.*}}, %[[P]], %c0]{{.*}} vector<16xf32>
// CHECK:       vector.transfer_read %[[SCALE]]
// CHECK:       arith.mulf {{.*}} : vector<16xf32>
// CHECK:       vector.transfer_write {{.*}} tensor<1x8x16xf32>
// CHECK:     vector.outerproduct
// CHECK: scf.forall.in_parallel
// CHECK-NOT: xla.tiling
// CHECK: return
#ppp_map = affine_map<(d0, d1) -> (d0, d1)>
#ppp_unit = affine_map<(d0, d1) -> (d0, 0)>
func.func @packed_per_tile_producer(%a: tensor<16x20xf32>, %b: tensor<20x32xf32>, %c: tensor<16x32xf32>, %s: tensor<20x1xf32>) -> tensor<16x32xf32> {
  %e = tensor.empty() : tensor<20x32xf32>
  %p = linalg.generic {indexing_maps = [#ppp_map, #ppp_unit, #ppp_map], iterator_types = ["parallel", "parallel"]}
      ins(%b, %s : tensor<20x32xf32>, tensor<20x1xf32>) outs(%e : tensor<20x32xf32>)
      attrs = {xla.tiling = {tile_sizes = array<i64: 1, 8>, peel = true, vectorize = true}} {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<20x32xf32>
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64, pack_copy = {tile_sizes = array<i64: 1, 1, 0>, vectorize = true}, pack_per_tile = true, pack_per_cache_tile = true,
                                    pack_remainder = {tile_sizes = array<i64: 8, 8, 1>, tile_interchange = array<i64: 0, 2, 1>, peel = true, vectorize = true},
                                    cache_tile_sizes = array<i64: 0, 1, 8, 0>, cache_tile_interchange = array<i64: 1, 2, 0, 3>, distribute = true,
                                    tile_sizes = array<i64: 8, 1, 1, 0>, tile_interchange = array<i64: 0, 1, 2, 3>, peel = true, vectorize = true}}
      ins(%a, %p : tensor<16x20xf32>, tensor<20x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// The same, but the kernel may write its second result over %b
// (xla.in_place): packed per tile, the producer would read %b where the
// product runs, after that write, so it stays a loop of its own, before.
// CHECK-LABEL: func.func @packed_producer_reads_in_place_argument
// CHECK: %[[SCALED:.*]] = scf.for
// CHECK:   arith.mulf {{.*}} : vector<8xf32>
// CHECK: tensor.expand_shape %[[SCALED]]
// CHECK: scf.forall
// CHECK: return
func.func @packed_producer_reads_in_place_argument(%a: tensor<16x20xf32>, %b: tensor<20x32xf32>, %c: tensor<16x32xf32>) -> (tensor<16x32xf32>, tensor<20x32xf32>)
    attributes {xla.in_place = array<i64: 1, 4>} {
  %e = tensor.empty() : tensor<20x32xf32>
  %p = linalg.generic {indexing_maps = [#ppp_map, #ppp_map], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<20x32xf32>) outs(%e : tensor<20x32xf32>)
      attrs = {xla.tiling = {tile_sizes = array<i64: 1, 8>, peel = true, vectorize = true}} {
  ^bb0(%x: f32, %o: f32):
    %h = arith.constant 0.5 : f32
    %m = arith.mulf %x, %h : f32
    linalg.yield %m : f32
  } -> tensor<20x32xf32>
  %e2 = tensor.empty() : tensor<20x32xf32>
  %w = linalg.generic {indexing_maps = [#ppp_map, #ppp_map], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<20x32xf32>) outs(%e2 : tensor<20x32xf32>)
      attrs = {xla.tiling = {tile_sizes = array<i64: 1, 8>, peel = true, vectorize = true}} {
  ^bb0(%x: f32, %o: f32):
    %d = arith.addf %x, %x : f32
    linalg.yield %d : f32
  } -> tensor<20x32xf32>
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64, pack_copy = {tile_sizes = array<i64: 1, 1, 0>, vectorize = true}, pack_per_tile = true, pack_per_cache_tile = true,
                                    pack_remainder = {tile_sizes = array<i64: 8, 8, 1>, tile_interchange = array<i64: 0, 2, 1>, peel = true, vectorize = true},
                                    cache_tile_sizes = array<i64: 0, 1, 8, 0>, cache_tile_interchange = array<i64: 1, 2, 0, 3>, distribute = true,
                                    tile_sizes = array<i64: 8, 1, 1, 0>, tile_interchange = array<i64: 0, 1, 2, 3>, peel = true, vectorize = true}}
      ins(%a, %p : tensor<16x20xf32>, tensor<20x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0, %w : tensor<16x32xf32>, tensor<20x32xf32>
}
