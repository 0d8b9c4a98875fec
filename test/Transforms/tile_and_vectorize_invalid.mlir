// RUN: xla-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(xla-tile-and-vectorize))'

// A plan that does not fit the op is an error, not a guess.
func.func @wrong_rank(%a: tensor<4x40xf32>, %b: tensor<4x40xf32>) -> tensor<4x40xf32> {
  // expected-error @+1 {{xla.tiling does not fit the op's 2 loops}}
  %0 = linalg.add {xla.tiling = {tile_sizes = array<i64: 4>, vectorize = true}}
      ins(%a, %b : tensor<4x40xf32>, tensor<4x40xf32>) outs(%b : tensor<4x40xf32>) -> tensor<4x40xf32>
  return %0 : tensor<4x40xf32>
}

// -----

func.func @not_a_permutation(%a: tensor<4x40xf32>, %b: tensor<4x40xf32>) -> tensor<4x40xf32> {
  // expected-error @+1 {{xla.tiling does not fit the op's 2 loops}}
  %0 = linalg.add {xla.tiling = {interchange = array<i64: 0, 0>}}
      ins(%a, %b : tensor<4x40xf32>, tensor<4x40xf32>) outs(%b : tensor<4x40xf32>) -> tensor<4x40xf32>
  return %0 : tensor<4x40xf32>
}

// -----

func.func @unknown_entry(%a: tensor<4x40xf32>, %b: tensor<4x40xf32>) -> tensor<4x40xf32> {
  // expected-error @+1 {{bad entry in xla.tiling: tile_size}}
  %0 = linalg.add {xla.tiling = {tile_size = array<i64: 1, 16>}}
      ins(%a, %b : tensor<4x40xf32>, tensor<4x40xf32>) outs(%b : tensor<4x40xf32>) -> tensor<4x40xf32>
  return %0 : tensor<4x40xf32>
}

// -----

// Packing needs a contraction whose n dimension spans a panel.
func.func @pack_not_a_contraction(%a: tensor<4x40xf32>, %b: tensor<4x40xf32>) -> tensor<4x40xf32> {
  // expected-error @+1 {{xla.tiling: pack_rhs = 16 does not apply to this op}}
  %0 = linalg.add {xla.tiling = {pack_rhs = 16 : i64}}
      ins(%a, %b : tensor<4x40xf32>, tensor<4x40xf32>) outs(%b : tensor<4x40xf32>) -> tensor<4x40xf32>
  return %0 : tensor<4x40xf32>
}

// -----

func.func @pack_wider_than_n(%a: tensor<16x20xf32>, %b: tensor<20x8xf32>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  // expected-error @+1 {{xla.tiling: pack_rhs = 16 does not apply to this op}}
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x8xf32>) outs(%c : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// With pack_rhs the tiles index the packed op's loops (one more).
func.func @pack_tiles_of_unpacked_loops(%a: tensor<16x20xf32>, %b: tensor<20x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{xla.tiling does not fit the op's 4 loops}}
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 16 : i64, tile_sizes = array<i64: 8, 1, 1>}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// relayout_lhs needs a contraction whose lhs has a contracting dimension
// that is not last; a matmul's is last already.
func.func @relayout_lhs_k_last(%a: tensor<16x20xf32>, %b: tensor<20x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{xla.tiling: relayout_lhs does not apply to this op}}
  %0 = linalg.matmul {xla.tiling = {relayout_lhs = {}}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// fuse_epilogue needs the product read by one all-parallel generic; here
// it is returned.
func.func @fuse_epilogue_without_epilogue(%a: tensor<16x20xf32>, %b: tensor<20x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{xla.tiling: fuse_epilogue needs one all-parallel linalg.generic reading the product}}
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 32 : i64, fuse_epilogue = true}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// The epilogue joins the register tiles, which needs them distributed.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @fuse_epilogue_undistributed(%a: tensor<16x20xf32>, %b: tensor<20x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  // expected-error @+1 {{xla.tiling: fuse_epilogue: the register tiles are not in a distributed tile}}
  %0 = linalg.matmul {xla.tiling = {pack_rhs = 32 : i64, fuse_epilogue = true, peel = true, tile_interchange = array<i64: 0, 1, 2, 3>, tile_sizes = array<i64: 8, 1, 1, 0>, vectorize = true}}
      ins(%a, %b : tensor<16x20xf32>, tensor<20x32xf32>) outs(%c : tensor<16x32xf32>) -> tensor<16x32xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%p: f32, %o: f32):
    %r = arith.maximumf %p, %zero : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}
