// RUN: xla-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// replica_groups (shared by the collectives; checked here on all_gather)
//===----------------------------------------------------------------------===//

func.func @replica_groups_not_2d(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op replica_groups must be a 2-dimensional tensor, got 'tensor<2xi64>'}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[0, 1]> : tensor<2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @replica_groups_duplicate(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op replica id 0 appears more than once in replica_groups}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @replica_groups_negative(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op replica_groups holds id -1, but ids must be non-negative}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @replica_groups_out_of_range(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op replica id 2 is out of range: the 2 ids of replica_groups must be 0..1}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @use_global_device_ids_without_channel(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op use_global_device_ids requires a channel_handle with a positive handle, got no channel_handle}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @use_global_device_ids_channel_zero(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op use_global_device_ids requires a channel_handle with a positive handle, got handle = 0}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 0, type = 0>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @use_global_device_ids_empty_groups(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op replica_groups must not be empty when use_global_device_ids is set}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<> : tensor<0x0xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// all_gather
//===----------------------------------------------------------------------===//

func.func @all_gather_dim_out_of_range(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op all_gather_dim 2 is out of range [0, 2) for operand #0 of type 'tensor<2x2xf32>'}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_dim_negative(%a: tensor<2x2xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op all_gather_dim -1 is out of range [0, 2)}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = -1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @all_gather_wrong_size_cross_replica(%a: tensor<2x2xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'hlo.all_gather' op result #0 has size 6 along all_gather_dim 1, expected 4 (operand size 2 times the 2 processes of a process group)}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  func.return %0 : tensor<2x6xf32>
}

// -----

func.func @all_gather_wrong_size_flattened_ids(%a: tensor<2x2xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{'hlo.all_gather' op result #0 has size 6 along all_gather_dim 1, expected 8 (operand size 2 times the 4 processes of a process group)}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  func.return %0 : tensor<2x6xf32>
}

// -----

func.func @all_gather_not_a_multiple(%a: tensor<2x2xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'hlo.all_gather' op result #0 has size 5 along all_gather_dim 1, which is not a positive multiple of the operand size 2}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 0>} : (tensor<2x2xf32>) -> tensor<2x5xf32>
  func.return %0 : tensor<2x5xf32>
}

// -----

func.func @all_gather_other_dim_differs(%a: tensor<2x2xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'hlo.all_gather' op result #0 has size 3 in dimension 0 but the operand has 2; only all_gather_dim 1 may differ}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

func.func @all_gather_element_type(%a: tensor<2x2xf32>) -> tensor<2x4xf16> {
  // expected-error @+1 {{'hlo.all_gather' op result #0 of type 'tensor<2x4xf16>' must have the rank and element type of operand 'tensor<2x2xf32>'}}
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf16>
  func.return %0 : tensor<2x4xf16>
}

// -----

func.func @all_gather_result_count(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{'hlo.all_gather' op has 2 operand(s) but 1 result(s); each operand produces one result}}
  %0 = "hlo.all_gather"(%a, %a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

//===----------------------------------------------------------------------===//
// all_reduce: the computation region
//===----------------------------------------------------------------------===//

func.func @all_reduce_one_argument(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op computation must take 2 arguments of type tensor<E>, got 1}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_non_scalar_argument(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op computation argument #0 must be a 0-d tensor, got 'tensor<1xf32>'}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<1xf32>, %y: tensor<1xf32>):
    hlo.return %x : tensor<1xf32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_argument_types_differ(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op computation arguments must have the same type, got 'tensor<f32>' and 'tensor<f64>'}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f64>):
    hlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_returns_two_values(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op computation must return one value of its argument type 'tensor<f32>', got ('tensor<f32>', 'tensor<f32>')}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x, %y : tensor<f32>, tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_returns_other_type(%a: tensor<4xf32>, %c: tensor<f64>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op computation must return one value of its argument type 'tensor<f32>', got ('tensor<f64>')}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %c : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_element_type_mismatch(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.all_reduce' op computation element type 'i32' cannot accumulate operand #0 of element type 'f32'}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = hlo.add %x, %y : tensor<i32>
    hlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

func.func @all_reduce_narrower_accumulator(%a: tensor<4xf32>) -> tensor<4xbf16> {
  // expected-error @+1 {{'hlo.all_reduce' op computation element type 'bf16' cannot accumulate operand #0 of element type 'f32'}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
    %s = hlo.add %x, %y : tensor<bf16>
    hlo.return %s : tensor<bf16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xbf16>
  func.return %0 : tensor<4xbf16>
}

// -----

func.func @all_reduce_result_type(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op result #0 has type 'tensor<5xf32>', expected 'tensor<4xf32>' (the operand shape with the computation element type)}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

func.func @all_reduce_bad_padding(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.all_reduce' op replica_groups holds id -2, but ids must be non-negative (only -1 may pad a group)}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [2, -2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_no_terminator(%a: tensor<4xf32>) -> tensor<4xf32> {
  // A block that does not end in a terminator is reported by MLIR itself.
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    // expected-error @+1 {{block with no terminator}}
    %s = hlo.add %x, %y : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// collective_reduce
//===----------------------------------------------------------------------===//

func.func @collective_reduce_result_count(%a: tensor<4xi64>) {
  // expected-error @+1 {{'hlo.collective_reduce' op has 1 operand(s) but 2 result(s); each operand produces one result}}
  %0:2 = "hlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
  func.return
}

// -----

func.func @collective_reduce_bad_root(%a: tensor<4xi64>, %root: tensor<2xi32>) -> tensor<4xi64> {
  // expected-error @+1 {{'hlo.collective_reduce' op the root operand must be a 1-D integer tensor with one entry per data operand (1), got 'tensor<2xi32>'}}
  %0 = "hlo.collective_reduce"(%a, %root) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xi64>, tensor<2xi32>) -> tensor<4xi64>
  func.return %0 : tensor<4xi64>
}

// -----

//===----------------------------------------------------------------------===//
// all_to_all
//===----------------------------------------------------------------------===//

func.func @all_to_all_split_count_zero(%a: tensor<2x4xi64>) -> tensor<2x4xi64> {
  // expected-error @+1 {{'hlo.all_to_all' op split_count must be positive, got 0}}
  %0 = "hlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x4xi64>
  func.return %0 : tensor<2x4xi64>
}

// -----

func.func @all_to_all_split_dimension_out_of_range(%a: tensor<2x4xi64>) -> tensor<4x2xi64> {
  // expected-error @+1 {{'hlo.all_to_all' op split_dimension 2 is out of range [0, 2) for operand #0 of type 'tensor<2x4xi64>'}}
  %0 = "hlo.all_to_all"(%a) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  func.return %0 : tensor<4x2xi64>
}

// -----

func.func @all_to_all_concat_dimension_out_of_range(%a: tensor<2x4xi64>) -> tensor<4x2xi64> {
  // expected-error @+1 {{'hlo.all_to_all' op concat_dimension -1 is out of range [0, 2) for operand #0 of type 'tensor<2x4xi64>'}}
  %0 = "hlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  func.return %0 : tensor<4x2xi64>
}

// -----

func.func @all_to_all_not_divisible(%a: tensor<2x3xi64>) -> tensor<4x1xi64> {
  // expected-error @+1 {{'hlo.all_to_all' op split_dimension 1 of operand #0 has size 3, which is not divisible by split_count 2}}
  %0 = "hlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xi64>) -> tensor<4x1xi64>
  func.return %0 : tensor<4x1xi64>
}

// -----

func.func @all_to_all_wrong_result(%a: tensor<2x4xi64>) -> tensor<2x4xi64> {
  // expected-error @+2 {{'hlo.all_to_all' op inferred type(s) 'tensor<4x2xi64>' are incompatible with return type(s) of operation 'tensor<2x4xi64>'}}
  // expected-error @+1 {{'hlo.all_to_all' op failed to infer returned types}}
  %0 = "hlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x4xi64>
  func.return %0 : tensor<2x4xi64>
}

// -----

func.func @all_to_all_group_size(%a: tensor<2x4xi64>) -> tensor<4x2xi64> {
  // expected-error @+1 {{'hlo.all_to_all' op replica groups have 4 members, but split_count is 2}}
  %0 = "hlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  func.return %0 : tensor<4x2xi64>
}

// -----

//===----------------------------------------------------------------------===//
// reduce_scatter
//===----------------------------------------------------------------------===//

func.func @reduce_scatter_dimension_out_of_range(%a: tensor<2x4xi64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'hlo.reduce_scatter' op scatter_dimension 2 is out of range [0, 2) for operand #0 of type 'tensor<2x4xi64>'}}
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// -----

func.func @reduce_scatter_not_divisible(%a: tensor<2x5xi64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'hlo.reduce_scatter' op scatter_dimension 1 of the operand has size 5, which is not divisible by the 2 processes of a process group}}
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x5xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// -----

func.func @reduce_scatter_wrong_size(%a: tensor<2x4xi64>) -> tensor<2x4xi64> {
  // expected-error @+1 {{'hlo.reduce_scatter' op result has size 4 along scatter_dimension 1, expected 2 (operand size 4 / 2 processes of a process group)}}
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x4xi64>
  func.return %0 : tensor<2x4xi64>
}

// -----

func.func @reduce_scatter_not_a_multiple(%a: tensor<2x4xi64>) -> tensor<2x3xi64> {
  // expected-error @+1 {{'hlo.reduce_scatter' op operand size 4 along scatter_dimension 1 is not a multiple of the result size 3}}
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 0>} : (tensor<2x4xi64>) -> tensor<2x3xi64>
  func.return %0 : tensor<2x3xi64>
}

// -----

func.func @reduce_scatter_other_dim_differs(%a: tensor<2x4xi64>) -> tensor<3x2xi64> {
  // expected-error @+1 {{'hlo.reduce_scatter' op result has size 3 in dimension 0 but the operand has 2; only scatter_dimension 1 may differ}}
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<3x2xi64>
  func.return %0 : tensor<3x2xi64>
}

// -----

func.func @reduce_scatter_rank(%a: tensor<2x4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{'hlo.reduce_scatter' op result of type 'tensor<4xi64>' must have the rank of operand 'tensor<2x4xi64>'}}
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4xi64>
  func.return %0 : tensor<4xi64>
}

// -----

func.func @reduce_scatter_result_element_type(%a: tensor<2x4xi32>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'hlo.reduce_scatter' op result element type 'i32' must be the computation element type 'i64'}}
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi32>) -> tensor<2x2xi32>
  func.return %0 : tensor<2x2xi32>
}

// -----

//===----------------------------------------------------------------------===//
// collective_permute
//===----------------------------------------------------------------------===//

func.func @collective_permute_pairs_shape(%a: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'hlo.collective_permute' op source_target_pairs must have shape Nx2, got 'tensor<1x3xi64>'}}
  %0 = "hlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// -----

func.func @collective_permute_duplicate_source(%a: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'hlo.collective_permute' op source 0 appears more than once in source_target_pairs}}
  %0 = "hlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// -----

func.func @collective_permute_duplicate_target(%a: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'hlo.collective_permute' op target 1 appears more than once in source_target_pairs}}
  %0 = "hlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// -----

func.func @collective_permute_negative(%a: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // expected-error @+1 {{'hlo.collective_permute' op source_target_pairs holds a negative id in [-1, 1]}}
  %0 = "hlo.collective_permute"(%a) {source_target_pairs = dense<[[-1, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// -----

func.func @collective_permute_result_type(%a: tensor<2x2xi64>) -> tensor<2x3xi64> {
  // expected-error @+1 {{'hlo.collective_permute' op failed to verify that all of {operand, result} have same type}}
  %0 = "hlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x3xi64>
  func.return %0 : tensor<2x3xi64>
}

// -----

//===----------------------------------------------------------------------===//
// collective_broadcast
//===----------------------------------------------------------------------===//

func.func @collective_broadcast_result_type(%a: tensor<1x2xi64>) -> tensor<1x2xi32> {
  // expected-error @+1 {{'hlo.collective_broadcast' op result #0 has type 'tensor<1x2xi32>' but operand #0 has type 'tensor<1x2xi64>'; they must match}}
  %0 = "hlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi32>
  func.return %0 : tensor<1x2xi32>
}

// -----

func.func @collective_broadcast_duplicate_id(%a: tensor<1x2xi64>) -> tensor<1x2xi64> {
  // expected-error @+1 {{'hlo.collective_broadcast' op replica id 2 appears more than once in replica_groups}}
  %0 = "hlo.collective_broadcast"(%a) {replica_groups = dense<[[2, 2]]> : tensor<1x2xi64>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  func.return %0 : tensor<1x2xi64>
}

// -----

func.func @collective_broadcast_root_without_data(%root: tensor<1xi32>) {
  // expected-error @+1 {{'hlo.collective_broadcast' op has_dynamic_root requires at least one data operand followed by the root operand}}
  "hlo.collective_broadcast"(%root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<1xi32>) -> ()
  func.return
}

// -----

func.func @collective_broadcast_float_root(%a: tensor<1x2xi64>, %root: tensor<1xf32>) -> tensor<1x2xi64> {
  // expected-error @+1 {{'hlo.collective_broadcast' op the root operand must be a 1-D integer tensor with one entry per data operand (1), got 'tensor<1xf32>'}}
  %0 = "hlo.collective_broadcast"(%a, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<1x2xi64>, tensor<1xf32>) -> tensor<1x2xi64>
  func.return %0 : tensor<1x2xi64>
}

// -----

func.func @collective_broadcast_root_result(%a: tensor<1x2xi64>, %root: tensor<1xi32>) {
  // expected-error @+1 {{'hlo.collective_broadcast' op has 1 operand(s) but 2 result(s); each operand produces one result}}
  %0:2 = "hlo.collective_broadcast"(%a, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<1x2xi64>, tensor<1xi32>) -> (tensor<1x2xi64>, tensor<1xi32>)
  func.return
}

// -----

//===----------------------------------------------------------------------===//
// Process ids
//===----------------------------------------------------------------------===//

func.func @replica_id_type() -> tensor<i32> {
  // expected-error @+1 {{'hlo.replica_id' op result #0 must be 0D tensor of 32-bit unsigned integer values}}
  %0 = hlo.replica_id : tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

//===----------------------------------------------------------------------===//
// infeed, outfeed, send, recv
//===----------------------------------------------------------------------===//

func.func @infeed_no_results(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.infeed' op must have at least one result, the token}}
  "hlo.infeed"(%t) : (!hlo.token) -> ()
  func.return
}

// -----

func.func @infeed_last_not_token(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.infeed' op last result must be a token, got 'tensor<2xi64>'}}
  %0:2 = "hlo.infeed"(%t) : (!hlo.token) -> (!hlo.token, tensor<2xi64>)
  func.return
}

// -----

func.func @infeed_token_first(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.infeed' op result #0 must be a tensor, got '!hlo.token'; only the last result is a token}}
  %0:2 = "hlo.infeed"(%t) : (!hlo.token) -> (!hlo.token, !hlo.token)
  func.return
}

// -----

func.func @infeed_layout_count(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.infeed' op layout has 2 entries but the infeed produces 1 tensor(s)}}
  %0:2 = "hlo.infeed"(%t) {layout = [[0, 1], [0]]} : (!hlo.token) -> (tensor<2x2xi64>, !hlo.token)
  func.return
}

// -----

func.func @infeed_layout_not_permutation(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.infeed' op layout #0 must be an array holding a permutation of [0, 2) for result type 'tensor<2x2xi64>', got [1, 1]}}
  %0:2 = "hlo.infeed"(%t) {layout = [[1, 1]]} : (!hlo.token) -> (tensor<2x2xi64>, !hlo.token)
  func.return
}

// -----

func.func @outfeed_token_input(%t: !hlo.token) -> !hlo.token {
  // expected-error @+1 {{'hlo.outfeed' op operand #0 must be variadic of ranked tensor}}
  %0 = "hlo.outfeed"(%t, %t) : (!hlo.token, !hlo.token) -> !hlo.token
  func.return %0 : !hlo.token
}

// -----

func.func @send_host_channel_type(%a: tensor<2xi64>, %t: !hlo.token) -> !hlo.token {
  // expected-error @+1 {{'hlo.send' op channel_handle type must be 2 (DEVICE_TO_HOST) when is_host_transfer is true, got 1 (DEVICE_TO_DEVICE)}}
  %0 = "hlo.send"(%a, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<2xi64>, !hlo.token) -> !hlo.token
  func.return %0 : !hlo.token
}

// -----

func.func @send_device_channel_type(%a: tensor<2xi64>, %t: !hlo.token) -> !hlo.token {
  // expected-error @+1 {{'hlo.send' op channel_handle type must be 1 (DEVICE_TO_DEVICE) when is_host_transfer is false, got 0 (CHANNEL_TYPE_INVALID)}}
  %0 = "hlo.send"(%a, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 0>} : (tensor<2xi64>, !hlo.token) -> !hlo.token
  func.return %0 : !hlo.token
}

// -----

func.func @send_source_target_pairs(%a: tensor<2xi64>, %t: !hlo.token) -> !hlo.token {
  // expected-error @+1 {{'hlo.send' op target 1 appears more than once in source_target_pairs}}
  %0 = "hlo.send"(%a, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2xi64>, !hlo.token) -> !hlo.token
  func.return %0 : !hlo.token
}

// -----

func.func @recv_host_channel_type(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.recv' op channel_handle type must be 3 (HOST_TO_DEVICE) when is_host_transfer is true, got 2 (DEVICE_TO_HOST)}}
  %0:2 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (!hlo.token) -> (tensor<2xi64>, !hlo.token)
  func.return
}

// -----

func.func @recv_device_channel_type(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.recv' op channel_handle type must be 1 (DEVICE_TO_DEVICE) when is_host_transfer is false, got 3 (HOST_TO_DEVICE)}}
  %0:2 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 3>} : (!hlo.token) -> (tensor<2xi64>, !hlo.token)
  func.return
}

// -----

func.func @recv_last_not_token(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.recv' op last result must be a token, got 'tensor<2xi64>'}}
  %0 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 1>} : (!hlo.token) -> tensor<2xi64>
  func.return
}

// -----

//===----------------------------------------------------------------------===//
// rng and rng_bit_generator
//===----------------------------------------------------------------------===//

func.func @rng_normal_int(%a: tensor<i32>) -> tensor<3xi32> {
  %shape = hlo.constant dense<[3]> : tensor<1xi64>
  // expected-error @+1 {{'hlo.rng' op distribution NORMAL requires a floating-point element type, got 'i32'}}
  %0 = hlo.rng %a, %a, %shape, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

func.func @rng_rank_mismatch(%a: tensor<f32>, %shape: tensor<2xi64>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.rng' op result of rank 1 does not match the 2 element(s) of the shape operand}}
  %0 = hlo.rng %a, %a, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @rng_constant_shape_mismatch(%a: tensor<f32>) -> tensor<3x5xf32> {
  %shape = hlo.constant dense<[3, 4]> : tensor<2xi64>
  // expected-error @+1 {{'hlo.rng' op result type 'tensor<3x5xf32>' does not match the shape [3, 4] of the shape operand}}
  %0 = hlo.rng %a, %a, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @rng_negative_shape(%a: tensor<f32>) -> tensor<?xf32> {
  %shape = hlo.constant dense<[-3]> : tensor<1xi64>
  // expected-error @+1 {{'hlo.rng' op shape operand holds negative dimension size -3}}
  %0 = hlo.rng %a, %a, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @rng_element_types_differ(%a: tensor<f32>, %b: tensor<f64>, %shape: tensor<1xi64>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.rng' op failed to verify that all of {a, b, result} have same element type}}
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f64>, tensor<1xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @rng_non_scalar_bound(%a: tensor<1xf32>, %shape: tensor<1xi64>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.rng' op operand #0 must be 0D tensor}}
  %0 = hlo.rng %a, %a, %shape, distribution = UNIFORM : (tensor<1xf32>, tensor<1xf32>, tensor<1xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @rng_bit_generator_state_type(%s: tensor<2xui64>) {
  // expected-error @+1 {{'hlo.rng_bit_generator' op output_state type 'tensor<3xui64>' must match the initial_state type 'tensor<2xui64>'}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  func.return
}

// -----

func.func @rng_bit_generator_three_fry_state(%s: tensor<3xui64>) {
  // expected-error @+1 {{'hlo.rng_bit_generator' op algorithm THREE_FRY requires an initial_state of 2 elements, got 3}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  func.return
}

// -----

func.func @rng_bit_generator_philox_state(%s: tensor<4xui64>) {
  // expected-error @+1 {{'hlo.rng_bit_generator' op algorithm PHILOX requires an initial_state of 2 or 3 elements, got 4}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  func.return
}

// -----

func.func @rng_bit_generator_state_element_type(%s: tensor<2xi64>) {
  // expected-error @+1 {{'hlo.rng_bit_generator' op operand #0 must be 1D tensor of 64-bit unsigned integer values}}
  %0:2 = hlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xi64>) -> (tensor<2xi64>, tensor<4xui32>)
  func.return
}

// -----

//===----------------------------------------------------------------------===//
// uniform_quantize and uniform_dequantize
//===----------------------------------------------------------------------===//

func.func @quantize_expressed_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op result expressed type 'f16' must match the operand's 'f32'}}
  %0 = hlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f16, 0.1:-30>>
  func.return
}

// -----

func.func @requantize_expressed_type(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op result expressed type 'f16' must match the operand's 'f32'}}
  %0 = hlo.uniform_quantize %a : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2x!quant.uniform<i8:f16, 0.1:-30>>
  func.return
}

// -----

func.func @quantize_to_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op result #0 must be ranked tensor of quantized integer values}}
  %0 = hlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @quantize_shape(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1:-30>>
  func.return
}

// -----

func.func @quantize_per_axis_dimension(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op result quantized dimension 1 is out of range [0, 1)}}
  %0 = hlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-20}>>
  func.return
}

// -----

func.func @quantize_per_axis_scales(%a: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.uniform_quantize' op result type 'tensor<3x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>' has 2 scale(s) for quantized dimension 0 of size 3}}
  %0 = hlo.uniform_quantize %a : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>
  func.return
}

// -----

func.func @dequantize_result_type(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) {
  // expected-error @+2 {{'hlo.uniform_dequantize' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf16>'}}
  // expected-error @+1 {{'hlo.uniform_dequantize' op failed to infer returned types}}
  %0 = hlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2xf16>
  func.return
}

// -----

func.func @dequantize_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.uniform_dequantize' op operand #0 must be ranked tensor of quantized integer values}}
  %0 = hlo.uniform_dequantize %a : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @dequantize_per_axis_scales(%a: tensor<3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) {
  // expected-error @+1 {{'hlo.uniform_dequantize' op operand type 'tensor<3x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>' has 2 scale(s) for quantized dimension 0 of size 3}}
  %0 = hlo.uniform_dequantize %a : (tensor<3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<3xf32>
  func.return
}
