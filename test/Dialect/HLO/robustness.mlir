// RUN: xla-opt %s -split-input-file -verify-diagnostics
// Inputs a mutation fuzzer made (issue 11): each used to crash, abort or be
// accepted with wrong data; each now gets a located diagnostic.

// A spatial index near 2^32 used to size a vector ("SmallVector unable to
// grow"); indices are checked against the layout's length first.
func.func @conv_spatial_index_huge(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{spatial dimension 4294967296 is out of range for a layout with 2 spatial dimensions}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 4294967296, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_spatial_index_2_31(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{spatial dimension 2147483647 is out of range for a layout with 2 spatial dimensions}}
  %0 = "hlo.convolution"(%lhs, %rhs) {dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 2147483647, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_spatial_index_duplicate(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{duplicate spatial dimension 0}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

// A layout entry of a huge type is a splat: small in memory, but the
// verifier used to expand it.
func.func @custom_call_layout_huge(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.custom_call' op operand layout #0 has 1099511627776 entries, expected one per dimension of 'tensor<2x3xf32>'}}
  hlo.custom_call @my.op(%a) {operand_layouts = [dense<0> : tensor<1099511627776xindex>], result_layouts = []} : (tensor<2x3xf32>) -> ()
  func.return
}

// -----

func.func @dynamic_conv_padding_huge(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x?x?x1xf32> {
  %pad = hlo.constant dense<0> : tensor<1099511627776x2xi64>
  // expected-error @+1 {{'hlo.dynamic_conv' op padding must have shape [2, 2], got [1099511627776, 2] (C4)}}
  %0 = "hlo.dynamic_conv"(%lhs, %rhs, %pad) {dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<1099511627776x2xi64>) -> tensor<1x?x?x1xf32>
  func.return %0 : tensor<1x?x?x1xf32>
}

// -----

func.func @collective_permute_pairs_huge(%a: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'hlo.collective_permute' op source 0 appears more than once in source_target_pairs}}
  %0 = "hlo.collective_permute"(%a) {source_target_pairs = dense<0> : tensor<1099511627776x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// -----

// An odd digit count used to be read as if it had a leading zero, which
// shifted every byte.
func.func @constant_hex_odd() -> tensor<2xi8> {
  // expected-error @+1 {{hex string in dense<> has an odd number (3) of digits; each byte takes two}}
  %0 = hlo.constant dense<"0x102"> : tensor<2xi8>
  func.return %0 : tensor<2xi8>
}

// -----

// INT64_MIN is MLIR's marker of a dynamic size; as a written slice size it
// skipped the range check and compiled to out-of-bounds reads.
func.func @gather_slice_size_int64_min(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op slice_sizes[0] = -9223372036854775808 must be non-negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: -9223372036854775808, 4>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @dynamic_gather_slice_size_int64_min(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  %sizes = hlo.constant dense<[-9223372036854775808, 4]> : tensor<2xi64>
  // expected-error @+2 {{'hlo.dynamic_gather' op slice_sizes[0] = -9223372036854775808 must be non-negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.dynamic_gather"(%a, %i, %sizes) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// INT64_MAX is the empty key of LLVM's DenseSet<int64_t>: the duplicate
// check of replica ids and permutation pairs used to insert it and abort.
func.func @replica_id_int64_max(%a: tensor<1x2xi64>) -> tensor<1x2xi64> {
  // expected-error @+1 {{'hlo.collective_broadcast' op replica id 9223372036854775807 appears more than once in replica_groups}}
  %0 = "hlo.collective_broadcast"(%a) {replica_groups = dense<[[9223372036854775807, 9223372036854775807]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  func.return %0 : tensor<1x2xi64>
}

// -----

func.func @permute_source_int64_max(%a: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'hlo.collective_permute' op source 9223372036854775807 appears more than once in source_target_pairs}}
  %0 = "hlo.collective_permute"(%a) {source_target_pairs = dense<[[9223372036854775807, 0], [9223372036854775807, 1]]> : tensor<2x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}
