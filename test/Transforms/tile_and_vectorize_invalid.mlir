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
