// Gathers on seeded inputs: an embedding lookup and a batched lookup, each
// checked against independent lowerings of the same selection
// (torch_index_select, and dynamic_slice + concatenate). Indices lie in
// [-10, 10], so out-of-range ones are clamped on every path.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 3 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 5 --fusion=false 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<3x4xf32>
// CHECK-NOT: error
// CHECK: exit code: 0

func.func @main(%table: tensor<8x4xf32>, %ids: tensor<3xi32>,
                %batched: tensor<2x5x3xf32>, %bids: tensor<2x4xi64>)
    -> tensor<3x4xf32> {
  // Embedding lookup: rows ids[k] of the table.
  %ids2 = hlo.reshape %ids : (tensor<3xi32>) -> tensor<3x1xi32>
  %emb = "hlo.gather"(%table, %ids2) {
    dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
                                    start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 4>
  } : (tensor<8x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  %sel = "hlo.torch_index_select"(%table, %ids) {dim = 0 : i64, batch_dims = 0 : i64}
      : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  check.expect_eq %emb, %sel : tensor<3x4xf32>

  %zero = hlo.constant dense<0> : tensor<i32>
  %s0 = hlo.slice %ids [0:1] : (tensor<3xi32>) -> tensor<1xi32>
  %s1 = hlo.slice %ids [1:2] : (tensor<3xi32>) -> tensor<1xi32>
  %s2 = hlo.slice %ids [2:3] : (tensor<3xi32>) -> tensor<1xi32>
  %i0 = hlo.reshape %s0 : (tensor<1xi32>) -> tensor<i32>
  %i1 = hlo.reshape %s1 : (tensor<1xi32>) -> tensor<i32>
  %i2 = hlo.reshape %s2 : (tensor<1xi32>) -> tensor<i32>
  %r0 = hlo.dynamic_slice %table, %i0, %zero, sizes = [1, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %r1 = hlo.dynamic_slice %table, %i1, %zero, sizes = [1, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %r2 = hlo.dynamic_slice %table, %i2, %zero, sizes = [1, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %rows = hlo.concatenate %r0, %r1, %r2, dim = 0 : (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<3x4xf32>
  check.expect_eq %emb, %rows : tensor<3x4xf32>

  // Batched lookup: result[b, k, :] = batched[b, bids[b, k], :], through
  // batching dimensions and through torch_index_select's batch_dims.
  %bg = "hlo.gather"(%batched, %bids) {
    dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [1],
                                    operand_batching_dims = [0], start_indices_batching_dims = [0],
                                    start_index_map = [1], index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 1, 3>
  } : (tensor<2x5x3xf32>, tensor<2x4xi64>) -> tensor<2x4x3xf32>
  %bs = "hlo.torch_index_select"(%batched, %bids) {dim = 1 : i64, batch_dims = 1 : i64}
      : (tensor<2x5x3xf32>, tensor<2x4xi64>) -> tensor<2x4x3xf32>
  check.expect_eq %bg, %bs : tensor<2x4x3xf32>
  return %emb : tensor<3x4xf32>
}
