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
