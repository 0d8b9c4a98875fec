// RUN: xla-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// broadcast_in_dim
//===----------------------------------------------------------------------===//

func.func @broadcast_in_dim_element_type(%a: tensor<2xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op result element type 'i32' differs from the operand element type 'f32'}}
  %0 = hlo.broadcast_in_dim %a, dims = [0] : (tensor<2xf32>) -> tensor<2xi32>
  func.return %0 : tensor<2xi32>
}

// -----

func.func @broadcast_in_dim_dims_size(%a: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions [0, 1] has 2 elements but the operand rank is 1}}
  %0 = hlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

func.func @broadcast_in_dim_dims_range(%a: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions [2]: dimension 2 is out of range [0, 2) of the result rank}}
  %0 = hlo.broadcast_in_dim %a, dims = [2] : (tensor<2xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

func.func @broadcast_in_dim_dims_unique(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op broadcast_dimensions [1, 1] has duplicate dimension 1}}
  %0 = hlo.broadcast_in_dim %a, dims = [1, 1] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

func.func @broadcast_in_dim_dim_size(%a: tensor<2xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op operand dimension 0 has size 2, which is neither 1 nor the size 3 of result dimension 1 (broadcast_dimensions [1])}}
  %0 = hlo.broadcast_in_dim %a, dims = [1] : (tensor<2xf32>) -> tensor<3x3xf32>
  func.return %0 : tensor<3x3xf32>
}

// -----

func.func @broadcast_in_dim_dynamic_result(%a: tensor<2xf32>) -> tensor<?x2xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op result #0 must be statically shaped tensor}}
  %0 = hlo.broadcast_in_dim %a, dims = [1] : (tensor<2xf32>) -> tensor<?x2xf32>
  func.return %0 : tensor<?x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

func.func @broadcast_negative_size(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{'hlo.broadcast' op broadcast_sizes [-1] must be non-negative}}
  // expected-error @+1 {{'hlo.broadcast' op failed to infer returned types}}
  %0 = hlo.broadcast %a, sizes = [-1] : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @broadcast_result(%a: tensor<2xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{'hlo.broadcast' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf32>'}}
  // expected-error @+1 {{'hlo.broadcast' op failed to infer returned types}}
  %0 = hlo.broadcast %a, sizes = [3] : (tensor<2xf32>) -> tensor<3x3xf32>
  func.return %0 : tensor<3x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_broadcast_in_dim
//===----------------------------------------------------------------------===//

func.func @dynamic_broadcast_in_dim_dim_size(%a: tensor<2xf32>, %s: tensor<2xi64>) -> tensor<?x3xf32> {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op operand dimension 0 has size 2, which is neither 1 nor the size 3 of result dimension 1}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  func.return %0 : tensor<?x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_output_dimensions(%a: tensor<?xf32>, %s: tensor<3xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op output_dimensions has 3 elements but the result has rank 2}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0] : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_known_range(%a: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op known_expanding_dimensions [1]: dimension 1 is out of range [0, 1) of the operand rank}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0] {known_expanding_dimensions = array<i64: 1>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_known_disjoint(%a: tensor<?xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'hlo.dynamic_broadcast_in_dim' op dimension 0 is in both known_expanding_dimensions [0] and known_nonexpanding_dimensions [0]}}
  %0 = hlo.dynamic_broadcast_in_dim %a, %s, dims = [0] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// reshape, dynamic_reshape
//===----------------------------------------------------------------------===//

func.func @reshape_num_elements(%a: tensor<2x3xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'hlo.reshape' op operand 'tensor<2x3xf32>' has 6 elements but result 'tensor<5xf32>' has 5; reshape must keep the number of elements}}
  %0 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

func.func @reshape_element_type(%a: tensor<2x3xf32>) -> tensor<6xf16> {
  // expected-error @+1 {{'hlo.reshape' op result element type 'f16' differs from the operand element type 'f32'}}
  %0 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<6xf16>
  func.return %0 : tensor<6xf16>
}

// -----

func.func @reshape_dynamic_result(%a: tensor<2x3xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.reshape' op result #0 must be statically shaped tensor}}
  %0 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @dynamic_reshape_output_shape(%a: tensor<?xf32>, %s: tensor<3xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'hlo.dynamic_reshape' op output_shape has 3 elements but the result has rank 2}}
  %0 = hlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_reshape_num_elements(%a: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'hlo.dynamic_reshape' op operand 'tensor<6xf32>' has 6 elements but result 'tensor<2x2xf32>' has 4}}
  %0 = hlo.dynamic_reshape %a, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

func.func @transpose_permutation_size(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{'hlo.transpose' op permutation [1, 0, 2] has 3 elements but the operand rank is 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.transpose %a, dims = [1, 0, 2] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_not_permutation(%a: tensor<2x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{'hlo.transpose' op permutation [1, 1] has duplicate dimension 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x3xf32>
  func.return %0 : tensor<3x3xf32>
}

// -----

func.func @transpose_result(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.transpose' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

func.func @slice_sizes(%a: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.slice' op start_indices [0] has 1 elements but the operand rank is 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.slice"(%a) {start_indices = array<i64: 0>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @slice_stride(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{'hlo.slice' op stride 0 of dimension 0 must be positive}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.slice %a [0:2:0] : (tensor<4xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @slice_start_after_limit(%a: tensor<4xf32>) -> tensor<0xf32> {
  // expected-error @+2 {{'hlo.slice' op slice range 3:2 of dimension 0 must satisfy 0 <= start <= limit <= 4 (the operand dimension size)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.slice %a [3:2] : (tensor<4xf32>) -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

func.func @slice_limit_out_of_bounds(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{'hlo.slice' op slice range 0:5 of dimension 0 must satisfy 0 <= start <= limit <= 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.slice %a [0:5] : (tensor<4xf32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

func.func @slice_result(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{'hlo.slice' op inferred type(s) 'tensor<1xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.slice %a [0:3:3] : (tensor<4xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_slice
//===----------------------------------------------------------------------===//

func.func @dynamic_slice_num_indices(%a: tensor<4x4xf32>, %i: tensor<i64>) -> tensor<2x2xf32> {
  // expected-error @+2 {{'hlo.dynamic_slice' op has 1 start indices but the operand has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_slice %a, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_sizes_size(%a: tensor<4x4xf32>, %i: tensor<i64>) -> tensor<2xf32> {
  // expected-error @+2 {{'hlo.dynamic_slice' op slice_sizes [2] has 1 elements but the operand rank is 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_slice %a, %i, %i, sizes = [2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_index_types(%a: tensor<4x4xf32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{'hlo.dynamic_slice' op start index #1 has type 'tensor<i32>' but start index #0 has type 'tensor<i64>'; all start indices must have the same type}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_slice %a, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_index_rank(%a: tensor<4xf32>, %i: tensor<1xi64>) -> tensor<2xf32> {
  // expected-error @+1 {{'hlo.dynamic_slice' op operand #1 must be variadic of 0D tensor of}}
  %0 = hlo.dynamic_slice %a, %i, sizes = [2] : (tensor<4xf32>, tensor<1xi64>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_size_too_large(%a: tensor<4x4xf32>, %i: tensor<i64>) -> tensor<5x2xf32> {
  // expected-error @+2 {{'hlo.dynamic_slice' op slice_sizes [5, 2]: size 5 of dimension 0 is out of range [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_slice %a, %i, %i, sizes = [5, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<5x2xf32>
  func.return %0 : tensor<5x2xf32>
}

// -----

func.func @dynamic_slice_result(%a: tensor<4x4xf32>, %i: tensor<i64>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.dynamic_slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_slice %a, %i, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_update_slice
//===----------------------------------------------------------------------===//

func.func @dynamic_update_slice_element_type(%a: tensor<4xf32>, %u: tensor<2xi32>, %i: tensor<i64>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.dynamic_update_slice' op update element type 'i32' differs from the operand element type 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %a, %u, %i : (tensor<4xf32>, tensor<2xi32>, tensor<i64>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_update_slice_rank(%a: tensor<4xf32>, %u: tensor<2x1xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.dynamic_update_slice' op update 'tensor<2x1xf32>' has rank 2 but the operand 'tensor<4xf32>' has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %a, %u, %i : (tensor<4xf32>, tensor<2x1xf32>, tensor<i64>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_update_slice_num_indices(%a: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.dynamic_update_slice' op has 2 start indices but the operand has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %a, %u, %i, %i : (tensor<4xf32>, tensor<2xf32>, tensor<i64>, tensor<i64>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_update_slice_index_types(%a: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>, %j: tensor<ui32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{'hlo.dynamic_update_slice' op start index #1 has type 'tensor<ui32>' but start index #0 has type 'tensor<i64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %a, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<ui32>) -> tensor<4x4xf32>
  func.return %0 : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_too_large(%a: tensor<4xf32>, %u: tensor<5xf32>, %i: tensor<i64>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.dynamic_update_slice' op update dimension 0 has size 5, larger than the operand dimension size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %a, %u, %i : (tensor<4xf32>, tensor<5xf32>, tensor<i64>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_update_slice_result(%a: tensor<4xf32>, %u: tensor<2xf32>, %i: tensor<i64>) -> tensor<5xf32> {
  // expected-error @+2 {{'hlo.dynamic_update_slice' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %a, %u, %i : (tensor<4xf32>, tensor<2xf32>, tensor<i64>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// real_dynamic_slice
//===----------------------------------------------------------------------===//

func.func @real_dynamic_slice_index_size(%a: tensor<?x4xf32>, %v: tensor<3xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'hlo.real_dynamic_slice' op start_indices, limit_indices and strides have 3 elements but the operand has rank 2}}
  %0 = hlo.real_dynamic_slice %a, %v, %v, %v : (tensor<?x4xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @real_dynamic_slice_result_rank(%a: tensor<?x4xf32>, %v: tensor<2xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.real_dynamic_slice' op result 'tensor<?xf32>' has rank 1 but the operand has rank 2}}
  %0 = hlo.real_dynamic_slice %a, %v, %v, %v : (tensor<?x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @real_dynamic_slice_index_types(%a: tensor<?xf32>, %v: tensor<1xi64>, %w: tensor<1xi32>) -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.real_dynamic_slice' op failed to verify that all of {start_indices, limit_indices, strides} have same type}}
  %0 = hlo.real_dynamic_slice %a, %v, %w, %v : (tensor<?xf32>, tensor<1xi64>, tensor<1xi32>, tensor<1xi64>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @real_dynamic_slice_constant_stride(%a: tensor<8xf32>) -> tensor<?xf32> {
  %start = hlo.constant dense<0> : tensor<1xi64>
  %limit = hlo.constant dense<4> : tensor<1xi64>
  %stride = hlo.constant dense<0> : tensor<1xi64>
  // expected-error @+1 {{'hlo.real_dynamic_slice' op stride 0 of dimension 0 must be positive}}
  %0 = hlo.real_dynamic_slice %a, %start, %limit, %stride : (tensor<8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @real_dynamic_slice_constant_result(%a: tensor<8xf32>) -> tensor<3xf32> {
  %start = hlo.constant dense<0> : tensor<1xi64>
  %limit = hlo.constant dense<4> : tensor<1xi64>
  %stride = hlo.constant dense<2> : tensor<1xi64>
  // expected-error @+1 {{'hlo.real_dynamic_slice' op result dimension 0 has size 3 but the slice has size 2}}
  %0 = hlo.real_dynamic_slice %a, %start, %limit, %stride : (tensor<8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// concatenate
//===----------------------------------------------------------------------===//

func.func @concatenate_no_inputs() -> tensor<0xf32> {
  // expected-error @+2 {{'hlo.concatenate' op requires at least one input}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.concatenate"() {dimension = 0 : i64} : () -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

func.func @concatenate_dimension(%a: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.concatenate' op dimension 1 is out of range [0, 1) of the input rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.concatenate %a, %a, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_rank(%a: tensor<2xf32>, %b: tensor<2x1xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.concatenate' op input #1 'tensor<2x1xf32>' has rank 2 but input #0 'tensor<2xf32>' has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_element_type(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.concatenate' op input #1 element type 'i32' differs from input #0 element type 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @concatenate_shape(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{'hlo.concatenate' op input #1 'tensor<2x4xf32>' has size 4 in dimension 1 but an earlier input has size 3; inputs may differ only in dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

func.func @concatenate_result(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.concatenate' op inferred type(s) 'tensor<5xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<3xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// pad, dynamic_pad
//===----------------------------------------------------------------------===//

func.func @pad_value_rank(%a: tensor<2xf32>, %v: tensor<1xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{'hlo.pad' op padding_value must be a 0-dimensional tensor, got 'tensor<1xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.pad %a, %v, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @pad_element_type(%a: tensor<2xf32>, %v: tensor<i32>) -> tensor<2xf32> {
  // expected-error @+2 {{'hlo.pad' op padding_value element type 'i32' differs from the operand element type 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.pad %a, %v, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @pad_sizes(%a: tensor<2xf32>, %v: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+2 {{'hlo.pad' op edge_padding_high [0, 0] has 2 elements but the operand rank is 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.pad %a, %v, low = [0], high = [0, 0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @pad_negative_interior(%a: tensor<2xf32>, %v: tensor<f32>) -> tensor<1xf32> {
  // expected-error @+2 {{'hlo.pad' op interior padding -1 of dimension 0 must be non-negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.pad %a, %v, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

func.func @pad_negative_size(%a: tensor<2xf32>, %v: tensor<f32>) -> tensor<0xf32> {
  // expected-error @+2 {{'hlo.pad' op padding dimension 0 of size 2 with low = -2, high = -1, interior = 0 gives a negative or overflowing size}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.pad %a, %v, low = [-2], high = [-1], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<0xf32>
  func.return %0 : tensor<0xf32>
}

// -----

func.func @pad_result(%a: tensor<2xf32>, %v: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{'hlo.pad' op inferred type(s) 'tensor<5xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.pad %a, %v, low = [1], high = [1], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_pad_sizes(%a: tensor<?x2xf32>, %v: tensor<f32>, %p: tensor<1xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'hlo.dynamic_pad' op edge_padding_low, edge_padding_high and interior_padding have 1 elements but the operand has rank 2}}
  %0 = hlo.dynamic_pad %a, %v, %p, %p, %p : (tensor<?x2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_pad_value_rank(%a: tensor<?xf32>, %v: tensor<1xf32>, %p: tensor<1xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.dynamic_pad' op padding_value must be a 0-dimensional tensor, got 'tensor<1xf32>'}}
  %0 = hlo.dynamic_pad %a, %v, %p, %p, %p : (tensor<?xf32>, tensor<1xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @dynamic_pad_result_rank(%a: tensor<?xf32>, %v: tensor<f32>, %p: tensor<1xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'hlo.dynamic_pad' op result 'tensor<?x?xf32>' has rank 2 but the operand has rank 1}}
  %0 = hlo.dynamic_pad %a, %v, %p, %p, %p : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// -----

func.func @dynamic_pad_constant_interior(%a: tensor<2xf32>, %v: tensor<f32>) -> tensor<?xf32> {
  %z = hlo.constant dense<0> : tensor<1xi64>
  %i = hlo.constant dense<-1> : tensor<1xi64>
  // expected-error @+1 {{'hlo.dynamic_pad' op interior padding -1 of dimension 0 must be non-negative}}
  %0 = hlo.dynamic_pad %a, %v, %z, %z, %i : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @dynamic_pad_constant_result(%a: tensor<2xf32>, %v: tensor<f32>) -> tensor<3xf32> {
  %z = hlo.constant dense<0> : tensor<1xi64>
  %o = hlo.constant dense<2> : tensor<1xi64>
  // expected-error @+1 {{'hlo.dynamic_pad' op result dimension 0 has size 3 but padding gives size 4}}
  %0 = hlo.dynamic_pad %a, %v, %z, %o, %z : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// reverse
//===----------------------------------------------------------------------===//

func.func @reverse_duplicate(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.reverse' op dimensions [0, 0] has duplicate dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.reverse %a, dims = [0, 0] : tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_range(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.reverse' op dimensions [2]: dimension 2 is out of range [0, 2) of the operand rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.reverse %a, dims = [2] : tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_result(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{'hlo.reverse' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.reverse %a, dims = [0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// iota, dynamic_iota
//===----------------------------------------------------------------------===//

func.func @iota_dimension() -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.iota' op iota_dimension 1 is out of range [0, 1) of the output rank}}
  %0 = hlo.iota dim = 1 : tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

func.func @iota_scalar() -> tensor<i32> {
  // expected-error @+1 {{'hlo.iota' op iota_dimension 0 is out of range [0, 0) of the output rank}}
  %0 = hlo.iota dim = 0 : tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

func.func @iota_bool() -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.iota' op result #0 must be statically shaped tensor of}}
  %0 = hlo.iota dim = 0 : tensor<4xi1>
  func.return %0 : tensor<4xi1>
}

// -----

func.func @dynamic_iota_output_shape(%s: tensor<2xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.dynamic_iota' op output_shape has 2 elements but the result has rank 1}}
  %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @dynamic_iota_dimension(%s: tensor<1xi64>) -> tensor<?xf32> {
  // expected-error @+1 {{'hlo.dynamic_iota' op iota_dimension -1 is out of range [0, 1) of the result rank}}
  %0 = hlo.dynamic_iota %s, dim = -1 : (tensor<1xi64>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// get_dimension_size
//===----------------------------------------------------------------------===//

func.func @get_dimension_size_dimension(%a: tensor<2x3xf32>) -> tensor<i32> {
  // expected-error @+2 {{'hlo.get_dimension_size' op dimension 2 is out of range [0, 2) of the operand rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.get_dimension_size %a, dim = 2 : (tensor<2x3xf32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

func.func @get_dimension_size_result(%a: tensor<2x3xf32>) -> tensor<i64> {
  // expected-error @+1 {{'hlo.get_dimension_size' op result #0 must be 0D tensor of 32-bit signless integer values}}
  %0 = hlo.get_dimension_size %a, dim = 0 : (tensor<2x3xf32>) -> tensor<i64>
  func.return %0 : tensor<i64>
}

// -----

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

func.func @gather_index_vector_dim(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op index_vector_dim 3 is out of range [0, 2] (the start_indices rank)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_operand_dims(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op offset_dims [1], collapsed_slice_dims [] and operand_batching_dims [] have 1 dimensions in all but the operand has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_offset_dims_sorted(%a: tensor<3x4x5xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x5xf32> {
  // expected-error @+2 {{'hlo.gather' op offset_dims [2, 1] must be sorted and unique}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4, 5>} : (tensor<3x4x5xf32>, tensor<2x1xi64>) -> tensor<2x4x5xf32>
  func.return %0 : tensor<2x4x5xf32>
}

// -----

func.func @gather_offset_dims_range(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op offset_dims [2]: dimension 2 is out of range [0, 2) of the result rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_collapsed_range(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op collapsed_slice_dims [2]: dimension 2 is out of range [0, 2) of the operand rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_collapsed_sorted(%a: tensor<3x4x5xf32>, %i: tensor<2x1xi64>) -> tensor<2x5xf32> {
  // expected-error @+2 {{'hlo.gather' op collapsed_slice_dims [1, 0] must be sorted}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [1, 0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 5>} : (tensor<3x4x5xf32>, tensor<2x1xi64>) -> tensor<2x5xf32>
  func.return %0 : tensor<2x5xf32>
}

// -----

func.func @gather_collapsed_and_batching(%a: tensor<3x4xf32>, %i: tensor<3x1xi64>) -> tensor<3xf32> {
  // expected-error @+2 {{'hlo.gather' op collapsed_slice_dims ++ operand_batching_dims [0, 0] has duplicate dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xf32>, tensor<3x1xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @gather_indices_batching_range(%a: tensor<3x4xf32>, %i: tensor<3x1xi64>) -> tensor<3xf32> {
  // expected-error @+2 {{'hlo.gather' op start_indices_batching_dims [2]: dimension 2 is out of range [0, 2) of the start_indices rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xf32>, tensor<3x1xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @gather_indices_batching_index_vector_dim(%a: tensor<3x4xf32>, %i: tensor<3x1xi64>) -> tensor<3xf32> {
  // expected-error @+2 {{'hlo.gather' op start_indices_batching_dims [1] must not contain index_vector_dim 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xf32>, tensor<3x1xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @gather_batching_sizes(%a: tensor<3x4x5xf32>, %i: tensor<3x1xi64>) -> tensor<3x5xf32> {
  // expected-error @+2 {{'hlo.gather' op operand_batching_dims [0] and start_indices_batching_dims [] must have the same size}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 5>} : (tensor<3x4x5xf32>, tensor<3x1xi64>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @gather_batching_dim_sizes(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2xf32> {
  // expected-error @+2 {{'hlo.gather' op operand batching dimension 0 has size 3 but start_indices batching dimension 0 has size 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @gather_start_index_map_unique(%a: tensor<3x4xf32>, %i: tensor<2x2xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op start_index_map [0, 0] has duplicate dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_start_index_map_and_batching(%a: tensor<3x4xf32>, %i: tensor<3x1xi64>) -> tensor<3xf32> {
  // expected-error @+2 {{'hlo.gather' op start_index_map ++ operand_batching_dims [0, 0] has duplicate dimension 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x4xf32>, tensor<3x1xi64>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @gather_start_index_map_size(%a: tensor<3x4xf32>, %i: tensor<2x2xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op start_index_map [0] has 1 elements but the index vector (dimension 1 of start_indices) has size 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_slice_sizes_size(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op slice_sizes [1] has 1 elements but the operand rank is 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_slice_size_bound(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x5xf32> {
  // expected-error @+2 {{'hlo.gather' op slice_sizes [1, 5]: size 5 of dimension 1 is out of range [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x5xf32>
  func.return %0 : tensor<2x5xf32>
}

// -----

func.func @gather_collapsed_slice_size(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  // expected-error @+2 {{'hlo.gather' op slice_sizes [2, 4]: collapsed or batching dimension 0 must have slice size 0 or 1, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 4>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_result(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.gather' op inferred type(s) 'tensor<2x4xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @gather_float_indices(%a: tensor<3x4xf32>, %i: tensor<2x1xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.gather' op operand #1 must be ranked tensor of}}
  %0 = "hlo.gather"(%a, %i) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_gather
//===----------------------------------------------------------------------===//

func.func @dynamic_gather_slice_sizes_size(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>, %s: tensor<3xi64>) -> tensor<2x?xf32> {
  // expected-error @+2 {{'hlo.dynamic_gather' op slice_sizes 'tensor<3xi64>' must be a 1-D tensor of 2 elements (the operand rank)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x?xf32>
  func.return %0 : tensor<2x?xf32>
}

// -----

func.func @dynamic_gather_constant_slice_size(%a: tensor<3x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x?xf32> {
  %s = hlo.constant dense<[1, 5]> : tensor<2xi64>
  // expected-error @+2 {{'hlo.dynamic_gather' op slice_sizes [1, 5]: size 5 of dimension 1 is out of range [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #hlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x?xf32>
  func.return %0 : tensor<2x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// torch_index_select
//===----------------------------------------------------------------------===//

func.func @torch_index_select_dim(%a: tensor<4x5xf32>, %i: tensor<3xi32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{'hlo.torch_index_select' op dim 2 is out of range [0, 2) of the operand rank}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.torch_index_select"(%a, %i) {dim = 2 : i64, batch_dims = 0 : i64} : (tensor<4x5xf32>, tensor<3xi32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

func.func @torch_index_select_batch_dims(%a: tensor<4x5xf32>, %i: tensor<4x3xi32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{'hlo.torch_index_select' op batch_dims 1 must be in [0, min(2, 0)] (the index rank and dim)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.torch_index_select"(%a, %i) {dim = 0 : i64, batch_dims = 1 : i64} : (tensor<4x5xf32>, tensor<4x3xi32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

func.func @torch_index_select_batch_sizes(%a: tensor<4x5xf32>, %i: tensor<2x3xi32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{'hlo.torch_index_select' op batch dimension 0 has size 4 in the operand but 2 in the index}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.torch_index_select"(%a, %i) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<4x5xf32>, tensor<2x3xi32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// -----

func.func @torch_index_select_result(%a: tensor<4x5xf32>, %i: tensor<3xi32>) -> tensor<4x5xf32> {
  // expected-error @+2 {{'hlo.torch_index_select' op inferred type(s) 'tensor<4x3xf32>' are incompatible with return type(s) of operation 'tensor<4x5xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.torch_index_select"(%a, %i) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<4x5xf32>, tensor<3xi32>) -> tensor<4x5xf32>
  func.return %0 : tensor<4x5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Custom syntax errors
//===----------------------------------------------------------------------===//

func.func @slice_syntax(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected ':'}}
  %0 = hlo.slice %a [0 2] : (tensor<4xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
