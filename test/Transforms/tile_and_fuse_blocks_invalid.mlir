// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(xla-tile-and-fuse-blocks))' --verify-diagnostics

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @wrong_rank(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %e2 = tensor.empty() : tensor<64x256xf32>
  // expected-error @+1 {{xla.block_tiles: expected one size per loop (2)}}
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x256xf32>) outs(%e2 : tensor<64x256xf32>)
      attrs = {xla.block_tiles = array<i64: 8>} {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @bad_interchange(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %e2 = tensor.empty() : tensor<64x256xf32>
  // expected-error @+1 {{xla.block_interchange: expected a permutation of the 2 loops}}
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x256xf32>) outs(%e2 : tensor<64x256xf32>)
      attrs = {xla.block_tiles = array<i64: 8, 16>, xla.block_interchange = array<i64: 1, 1>} {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}
