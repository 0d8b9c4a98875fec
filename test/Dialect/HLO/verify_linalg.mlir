// RUN: xla-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

func.func @dot_rank3(%a: tensor<2x3x4xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.dot' op expects lhs and rhs of rank 1 or 2}}
  %0 = hlo.dot %a, %b : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @dot_contracting_mismatch(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'hlo.dot' op contracting dimension sizes must match: the last dimension of lhs has size 3 but the first dimension of rhs has size 4}}
  %0 = hlo.dot %a, %b : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  func.return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_result_shape(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.dot' op result shape [3] does not match the inferred shape [2]}}
  %0 = hlo.dot %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @dot_element_types(%a: tensor<3xf32>, %b: tensor<3xf16>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.dot' op lhs and rhs must have the same element type, got 'f32' and 'f16'}}
  %0 = hlo.dot %a, %b : (tensor<3xf32>, tensor<3xf16>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @dot_precision(%a: tensor<3xf32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.dot' op precision_config must have 2 entries, got 3}}
  %0 = hlo.dot %a, %a, precision = [DEFAULT, DEFAULT, HIGH] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

//===----------------------------------------------------------------------===//
// dot_general
//===----------------------------------------------------------------------===//

func.func @dot_general_c1(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs_batching_dimensions and rhs_batching_dimensions must have the same size, got 1 and 0 (C1)}}
  %0 = "hlo.dot_general"(%a, %b) {dot_dimension_numbers = #hlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  func.return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c2(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs_contracting_dimensions and rhs_contracting_dimensions must have the same size, got 2 and 1 (C2)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [0, 1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c3(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.dot_general' op dimension 0 appears more than once among the batching and contracting dimensions of lhs (C3)}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @dot_general_c4(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.dot_general' op dimension 1 appears more than once among the batching and contracting dimensions of rhs (C4)}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [1], contracting_dims = [1] x [1] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @dot_general_c5(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs_batching_dimensions[0] = 2 is out of range [0, 2) (C5)}}
  %0 = hlo.dot_general %a, %b, batching_dims = [2] x [0], contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c6(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs_contracting_dimensions[0] = -1 is out of range [0, 2) (C6)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [-1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c7(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op rhs_batching_dimensions[0] = 3 is out of range [0, 3) (C7)}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [3], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  func.return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c8(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op rhs_contracting_dimensions[0] = 5 is out of range [0, 2) (C8)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [5] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c9(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op batching dimension sizes must match: lhs dimension 0 has size 2 but rhs dimension 0 has size 3 (C9)}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  func.return %0 : tensor<2x3x5xf32>
}

// -----

func.func @dot_general_c10(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) -> tensor<3x6xf32> {
  // expected-error @+1 {{'hlo.dot_general' op contracting dimension sizes must match: lhs dimension 1 has size 4 but rhs dimension 0 has size 5 (C10)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  func.return %0 : tensor<3x6xf32>
}

// -----

func.func @dot_general_c11(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op precision_config must have 2 entries, got 1 (C11)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGH] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c12(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x5x3xf32> {
  // expected-error @+1 {{'hlo.dot_general' op result shape [2, 5, 3] does not match the inferred shape [2, 3, 5] (C12)}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x5x3xf32>
  func.return %0 : tensor<2x5x3xf32>
}

// -----

func.func @dot_general_c13(%a: tensor<3x4xf32>, %b: tensor<4x5xbf16>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs and rhs must have the same element type, got 'f32' and 'bf16' (C13)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xbf16>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c14(%a: tensor<3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<4x5xf32>) -> tensor<3x5x!quant.uniform<i8:f32, 0.5>> {
  // expected-error @+1 {{'hlo.dot_general' op rhs must be quantized when lhs or result is, got 'f32' (C14)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 0.5>>, tensor<4x5xf32>) -> tensor<3x5x!quant.uniform<i8:f32, 0.5>>
  func.return %0 : tensor<3x5x!quant.uniform<i8:f32, 0.5>>
}

// -----

func.func @dot_general_c14_result(%a: tensor<3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op lhs and result must both be quantized or both not, got '!quant.uniform<i8:f32, 5.000000e-01>' and 'f32' (C14)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 0.5>>, tensor<4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c15(%a: tensor<3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<4x5x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<3x5x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{'hlo.dot_general' op quantized rhs must have zero points of 0, got 3 (C15)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 0.5>>, tensor<4x5x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<3x5x!quant.uniform<i32:f32, 0.25>>
  func.return %0 : tensor<3x5x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @dot_general_c16(%a: tensor<3x2x!quant.uniform<i8:f32, 0.5>>, %b: tensor<2x5x!quant.uniform<i8:f32:0, {0.5, 0.25}>>) -> tensor<3x5x!quant.uniform<i32:f32:1, {0.5, 0.5, 0.5, 0.5, 0.5}>> {
  // expected-error @+1 {{'hlo.dot_general' op the quantization dimension of rhs, 0, must not be a contracting dimension (C16)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x2x!quant.uniform<i8:f32, 0.5>>, tensor<2x5x!quant.uniform<i8:f32:0, {0.5, 0.25}>>) -> tensor<3x5x!quant.uniform<i32:f32:1, {0.5, 0.5, 0.5, 0.5, 0.5}>>
  func.return %0 : tensor<3x5x!quant.uniform<i32:f32:1, {0.5, 0.5, 0.5, 0.5, 0.5}>>
}

// -----

func.func @dot_general_c17(%a: tensor<3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<4x5x!quant.uniform<i16:f32, 0.5>>) -> tensor<3x5x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{'hlo.dot_general' op quantized lhs and rhs must have the same storage type, got 'i8' and 'i16' (C17)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 0.5>>, tensor<4x5x!quant.uniform<i16:f32, 0.5>>) -> tensor<3x5x!quant.uniform<i32:f32, 0.25>>
  func.return %0 : tensor<3x5x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @dot_general_c18(%a: tensor<3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x5x!quant.uniform<i32:f16, 0.25>> {
  // expected-error @+1 {{'hlo.dot_general' op lhs, rhs and result must have the same expressed type, got 'f32', 'f32' and 'f16' (C18)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 0.5>>, tensor<4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x5x!quant.uniform<i32:f16, 0.25>>
  func.return %0 : tensor<3x5x!quant.uniform<i32:f16, 0.25>>
}

// -----

func.func @dot_general_c19(%a: tensor<3x4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<4x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x2x!quant.uniform<i32:f32:1, {0.5, 0.5}>> {
  // expected-error @+1 {{'hlo.dot_general' op result must be per-tensor quantized when rhs is (C19)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4x!quant.uniform<i8:f32, 0.5>>, tensor<4x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x2x!quant.uniform<i32:f32:1, {0.5, 0.5}>>
  func.return %0 : tensor<3x2x!quant.uniform<i32:f32:1, {0.5, 0.5}>>
}

// -----

func.func @dot_general_c20(%a: tensor<3x4xf16>, %b: tensor<4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op with a non-quantized lhs, lhs, the expressed type of rhs and result must be the same type, got 'f16', 'f32' and 'f32' (C20)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf16>, tensor<4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c21(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op precision_config must be DEFAULT when an algorithm is given, got HIGHEST (C21)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, HIGHEST], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c22(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op algorithm lhs_component_count must be positive, got 0 (C22)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c23(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op algorithm rhs_component_count must be positive, got -1 (C23)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = -1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_c24(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op algorithm num_primitive_operations must be positive, got 0 (C24)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 0, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_algorithm_type(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'hlo.dot_general' op algorithm accumulation_type must be a floating-point type, got 'i32'}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = i32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_algorithm_missing_field(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{missing required field 'accumulation_type'}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_algorithm_unknown_field(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{unknown field 'precision'}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <precision = tf32> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_algorithm_duplicate_field(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{duplicate field 'lhs_precision_type'}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, lhs_precision_type = tf32> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_algorithm_camel_case(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{unknown field 'lhsPrecisionType'}}
  %0 = "hlo.dot_general"(%a, %b) <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, algorithm = #hlo.dot_algorithm<lhsPrecisionType = f32>}> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_algorithm_bad_bool(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{expected true or false, got 'maybe'}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <allow_imprecise_accumulation = maybe> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

func.func @dot_general_bad_keyword(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{expected 'precision' or 'algorithm' (each at most once)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], precision = [DEFAULT, DEFAULT] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

//===----------------------------------------------------------------------===//
// convolution
//===----------------------------------------------------------------------===//

func.func @conv_c1(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op lhs and rhs must have the same rank, got 4 and 3 (C1)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c2(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op window_strides must have 2 entries (one per spatial dimension), got 3 (C2)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c3(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op window_strides[1] must be positive, got 0 (C3)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c4(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op padding must have shape [2, 2], got [3, 2] (C4)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0], [0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c4_generic(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op padding must have shape [2, 2], got [4] (C4)}}
  %0 = "hlo.convolution"(%lhs, %rhs) {padding = dense<0> : tensor<4xi64>, dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c5(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op lhs_dilation must have 2 entries (one per spatial dimension), got 1 (C5)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c6(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op lhs_dilation[0] must be positive, got -2 (C6)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [-2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c7(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op rhs_dilation must have 2 entries (one per spatial dimension), got 0 (C7)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = []} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c8(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op rhs_dilation[1] must be positive, got 0 (C8)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {rhs_dilate = [1, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c9(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op window_reversal must have 2 entries (one per spatial dimension), got 1 (C9)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c10(%lhs: tensor<3x4x4x1xf32>, %rhs: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'hlo.convolution' op input batch dimension size 3 must be a multiple of batch_group_count 2 (C10)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<3x4x4x1xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @conv_c11(%lhs: tensor<1x4x4x3xf32>, %rhs: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'hlo.convolution' op input feature dimension size 3 must be a multiple of feature_group_count 2 (C11)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x3xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @conv_c12(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op input has 1 spatial dimensions but the operands have rank 4 (C12)}}
  %0 = "hlo.convolution"(%lhs, %rhs) {dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c13(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op input dimension 1 appears more than once (C13)}}
  %0 = "hlo.convolution"(%lhs, %rhs) {dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c14(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op kernel input feature dimension size 1 must be the input feature dimension size 2 divided by feature_group_count 1 (C14)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c15(%lhs: tensor<2x4x4x1xf32>, %rhs: tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32> {
  // expected-error @+1 {{'hlo.convolution' op kernel output feature dimension size 3 must be a multiple of batch_group_count 2 (C15)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x4x4x1xf32>, tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32>
  func.return %0 : tensor<1x2x2x3xf32>
}

// -----

func.func @conv_c16(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32> {
  // expected-error @+1 {{'hlo.convolution' op kernel output feature dimension size 3 must be a multiple of feature_group_count 2 (C16)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x1x3xf32>) -> tensor<1x2x2x3xf32>
  func.return %0 : tensor<1x2x2x3xf32>
}

// -----

func.func @conv_c17(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op kernel has 3 spatial dimensions but the operands have rank 4 (C17)}}
  %0 = "hlo.convolution"(%lhs, %rhs) {dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c18(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op kernel dimension 4 is out of range [0, 4) (C18)}}
  %0 = "hlo.convolution"(%lhs, %rhs) {dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 4, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c19(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op output has 0 spatial dimensions but the operands have rank 4 (C19)}}
  %0 = "hlo.convolution"(%lhs, %rhs) {dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = []>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c20(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op output dimension 0 appears more than once (C20)}}
  %0 = "hlo.convolution"(%lhs, %rhs) {dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 0, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c21(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op feature_group_count must be positive, got 0 (C21)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 0 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c22(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op batch_group_count must be positive, got -1 (C22)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = -1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c23(%lhs: tensor<2x4x4x2xf32>, %rhs: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  // expected-error @+1 {{'hlo.convolution' op feature_group_count and batch_group_count cannot both exceed 1, got 2 and 2 (C23)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<2x4x4x2xf32>, tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @conv_c24(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op precision_config must have 2 entries, got 3 (C24)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>, #hlo<precision DEFAULT>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c25(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x3x3x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op result shape [1, 3, 3, 1] does not match the inferred shape [1, 2, 2, 1] (C25)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x3x3x1xf32>
  func.return %0 : tensor<1x3x3x1xf32>
}

// -----

func.func @conv_c26(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2xf32> {
  // expected-error @+1 {{'hlo.convolution' op result rank 3 must equal the operand rank 4 (C26)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2xf32>
  func.return %0 : tensor<1x2x2xf32>
}

// -----

func.func @conv_c27(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf16>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op lhs and rhs must have the same element type, got 'f32' and 'f16' (C27)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf16>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_c29(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:2, {0.5}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{'hlo.convolution' op the quantization dimension of rhs, 2, must be the kernel output feature dimension 3 (C29)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x1x2x!quant.uniform<i8:f32:2, {0.5}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32, 0.25>>
  func.return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @conv_c30(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3x3x1x2x!quant.uniform<i8:f32:3, {0.5, 0.5}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>> {
  // expected-error @+1 {{'hlo.convolution' op the quantization dimension of the result, 1, must be the output feature dimension 3 (C30)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x1x2x!quant.uniform<i8:f32:3, {0.5, 0.5}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>>
  func.return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32:1, {0.25, 0.25}>>
}

// -----

func.func @conv_c31(%lhs: tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>, %rhs: tensor<3x3x1x2x!quant.uniform<i4:f32, 0.5>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{'hlo.convolution' op quantized lhs and rhs must have the same storage type, got 'i8' and 'i4' (C31)}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x1x2x!quant.uniform<i4:f32, 0.5>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32, 0.25>>
  func.return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @conv_unknown_window_attr(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{unknown window attribute 'strides'; expected stride, pad, lhs_dilate, rhs_dilate or reverse}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {strides = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_duplicate_window_attr(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{duplicate window attribute 'stride'}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_bad_pad_pair(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // expected-error @+1 {{expected a [low, high] padding pair}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0], [0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @conv_overflow(%lhs: tensor<1x4x1xf32>, %rhs: tensor<3x1x1xf32>) -> tensor<1x2x1xf32> {
  // expected-error @+1 {{'hlo.convolution' op the size of output spatial dimension 1 overflows}}
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {lhs_dilate = [9223372036854775807]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>
  func.return %0 : tensor<1x2x1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dynamic_conv
//===----------------------------------------------------------------------===//

func.func @dynamic_conv_padding_shape(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>, %pad: tensor<3x2xi64>) -> tensor<1x?x?x1xf32> {
  // expected-error @+1 {{'hlo.dynamic_conv' op padding must have shape [2, 2], got [3, 2] (C4)}}
  %0 = "hlo.dynamic_conv"(%lhs, %rhs, %pad) {dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<3x2xi64>) -> tensor<1x?x?x1xf32>
  func.return %0 : tensor<1x?x?x1xf32>
}

// -----

func.func @dynamic_conv_constant_padding(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  %pad = hlo.constant dense<1> : tensor<2x2xi64>
  // expected-error @+1 {{'hlo.dynamic_conv' op result shape [1, 2, 2, 1] does not match the inferred shape [1, 4, 4, 1] (C25)}}
  %0 = "hlo.dynamic_conv"(%lhs, %rhs, %pad) {dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// -----

func.func @dynamic_conv_feature(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>, %pad: tensor<2x2xi64>) -> tensor<1x?x?x2xf32> {
  // expected-error @+1 {{'hlo.dynamic_conv' op result shape [1, ?, ?, 2] does not match the inferred shape [1, ?, ?, 1] (C25)}}
  %0 = "hlo.dynamic_conv"(%lhs, %rhs, %pad) {dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x?x?x2xf32>
  func.return %0 : tensor<1x?x?x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

func.func @fft_c1(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op operand rank 1 is less than the size of fft_length 2 (C1)}}
  %0 = hlo.fft %x, type = FFT, length = [4, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  func.return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @fft_c2_fft_real(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fft' op IFFT requires a complex operand, got 'f32' (C2)}}
  %0 = hlo.fft %x, type = IFFT, length = [4] : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @fft_c2_rfft_f16(%x: tensor<4xf16>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op RFFT requires an f32 or f64 operand, got 'f16' (C2)}}
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<4xf16>) -> tensor<3xcomplex<f32>>
  func.return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @fft_c2_irfft_real(%x: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fft' op IRFFT requires a complex operand, got 'f32' (C2)}}
  %0 = hlo.fft %x, type = IRFFT, length = [4] : (tensor<3xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @fft_c2_result(%x: tensor<4xf32>) -> tensor<3xcomplex<f64>> {
  // expected-error @+2 {{'hlo.fft' op inferred type(s) 'tensor<3xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<3xcomplex<f64>>'}}
  // expected-error @+1 {{'hlo.fft' op failed to infer returned types}}
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f64>>
  func.return %0 : tensor<3xcomplex<f64>>
}

// -----

func.func @fft_c3(%x: tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op fft_length must have 1 to 3 entries, got 4 (C3)}}
  %0 = hlo.fft %x, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  func.return %0 : tensor<2x2x2x2xcomplex<f32>>
}

// -----

func.func @fft_c4(%x: tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op the trailing dimensions of the RFFT operand, [3, 8], must equal fft_length [4, 8] (C4)}}
  %0 = hlo.fft %x, type = RFFT, length = [4, 8] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  func.return %0 : tensor<3x5xcomplex<f32>>
}

// -----

func.func @fft_c5(%x: tensor<4x4xcomplex<f32>>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'hlo.fft' op the trailing dimensions of the IRFFT operand, [4, 4], must be [4, 5] for fft_length [4, 8] (C4, C5)}}
  %0 = hlo.fft %x, type = IRFFT, length = [4, 8] : (tensor<4x4xcomplex<f32>>) -> tensor<4x8xf32>
  func.return %0 : tensor<4x8xf32>
}

// -----

func.func @fft_c5_result(%x: tensor<4x5xcomplex<f32>>) -> tensor<4x9xf32> {
  // expected-error @+2 {{'hlo.fft' op inferred type(s) 'tensor<4x8xf32>' are incompatible with return type(s) of operation 'tensor<4x9xf32>'}}
  // expected-error @+1 {{'hlo.fft' op failed to infer returned types}}
  %0 = hlo.fft %x, type = IRFFT, length = [4, 8] : (tensor<4x5xcomplex<f32>>) -> tensor<4x9xf32>
  func.return %0 : tensor<4x9xf32>
}

// -----

func.func @fft_negative_length(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op fft_length entries must be non-negative, got [-4]}}
  %0 = hlo.fft %x, type = FFT, length = [-4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  func.return %0 : tensor<4xcomplex<f32>>
}

// -----

//===----------------------------------------------------------------------===//
// triangular_solve
//===----------------------------------------------------------------------===//

func.func @triangular_solve_c1(%a: tensor<3x3xf32>, %b: tensor<3x1xf64>) -> tensor<3x1xf64> {
  // expected-error @+1 {{'hlo.triangular_solve' op a and b must have the same element type, got 'f32' and 'f64' (C1)}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf64>) -> tensor<3x1xf64>
  func.return %0 : tensor<3x1xf64>
}

// -----

func.func @triangular_solve_c2(%a: tensor<2x3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{'hlo.triangular_solve' op a and b must have the same rank, at least 2, got 'tensor<2x3x3xf32>' and 'tensor<3x1xf32>' (C2)}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  func.return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_c2_rank1(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.triangular_solve' op a and b must have the same rank, at least 2}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @triangular_solve_c3_batch(%a: tensor<2x3x3xf32>, %b: tensor<4x3x1xf32>) -> tensor<4x3x1xf32> {
  // expected-error @+1 {{'hlo.triangular_solve' op batch dimensions of a and b must match, got [2] and [4] (C3)}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<4x3x1xf32>) -> tensor<4x3x1xf32>
  func.return %0 : tensor<4x3x1xf32>
}

// -----

func.func @triangular_solve_c3_square(%a: tensor<3x4xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{'hlo.triangular_solve' op a must be a batch of square matrices, got 'tensor<3x4xf32>' (C3)}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  func.return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_c3_left(%a: tensor<3x3xf32>, %b: tensor<1x3xf32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{'hlo.triangular_solve' op dimension 0 of b has size 1 but the matrices of a have size 3 (C3, left_side = true)}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  func.return %0 : tensor<1x3xf32>
}

// -----

func.func @triangular_solve_c3_right(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{'hlo.triangular_solve' op dimension 1 of b has size 1 but the matrices of a have size 3 (C3, left_side = false)}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  func.return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_c4(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{'hlo.triangular_solve' op inferred type(s) 'tensor<3x1xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{'hlo.triangular_solve' op failed to infer returned types}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

func.func @triangular_solve_transpose_invalid(%a: tensor<3x3xf32>, %b: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{'hlo.triangular_solve' op transpose_a must be NO_TRANSPOSE, TRANSPOSE or ADJOINT}}
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose TRANSPOSE_INVALID>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  func.return %0 : tensor<3x1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// cholesky
//===----------------------------------------------------------------------===//

func.func @cholesky_c1(%a: tensor<3x3xf32>) -> tensor<3x3xf64> {
  // expected-error @+2 {{'hlo.cholesky' op inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf64>'}}
  // expected-error @+1 {{'hlo.cholesky' op failed to infer returned types}}
  %0 = hlo.cholesky %a, lower = true : (tensor<3x3xf32>) -> tensor<3x3xf64>
  func.return %0 : tensor<3x3xf64>
}

// -----

func.func @cholesky_c2(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'hlo.cholesky' op a must have rank at least 2, got 'tensor<3xf32>' (C2)}}
  %0 = hlo.cholesky %a : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @cholesky_c3(%a: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'hlo.cholesky' op a must be a batch of square matrices, got 'tensor<2x3x4xf32>' (C3)}}
  %0 = hlo.cholesky %a : tensor<2x3x4xf32>
  func.return %0 : tensor<2x3x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// batch_norm_*
//===----------------------------------------------------------------------===//

func.func @batch_norm_training_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_training' op feature_index 2 is out of range [0, 2) (C1)}}
  %0:3 = "hlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c2(%x: tensor<2x3xf32>, %s: tensor<3xf16>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_training' op scale must have the element type of operand, 'f32', got 'f16' (C2)}}
  %0:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf16>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c3(%x: tensor<2x3xf32>, %s: tensor<2xf32>, %o: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_training' op the size of scale, 2, must be the size of operand dimension 1, 3 (C3)}}
  %0:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_training' op the size of offset, 4, must be the size of operand dimension 1, 3 (C4)}}
  %0:3 = "hlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_training_c5(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.batch_norm_training' op inferred type(s) 'tensor<2x3xf32>', 'tensor<3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>', 'tensor<2xf32>', 'tensor<3xf32>'}}
  // expected-error @+1 {{'hlo.batch_norm_training' op failed to infer returned types}}
  %0:3 = "hlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c5(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_inference' op the size of mean, 2, must be the size of operand dimension 1, 3 (C5)}}
  %0 = "hlo.batch_norm_inference"(%x, %s, %s, %m, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c6(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %v: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_inference' op the size of variance, 4, must be the size of operand dimension 1, 3 (C6)}}
  %0 = "hlo.batch_norm_inference"(%x, %s, %s, %s, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_inference_c7(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{'hlo.batch_norm_inference' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{'hlo.batch_norm_inference' op failed to infer returned types}}
  %0 = "hlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

func.func @batch_norm_inference_rank(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %m: tensor<3x1xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_inference' op operand #3 must be 1D tensor of}}
  %0 = "hlo.batch_norm_inference"(%x, %s, %s, %m, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c1(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_grad' op feature_index -1 is out of range [0, 2) (C1)}}
  %0:3 = "hlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = -1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c3(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %g: tensor<3x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_grad' op grad_output must have the type of operand, 'tensor<2x3xf32>', got 'tensor<3x3xf32>' (C2, C3)}}
  %0:3 = "hlo.batch_norm_grad"(%x, %s, %s, %s, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_c4(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %v: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.batch_norm_grad' op the size of variance, 2, must be the size of operand dimension 1, 3 (C4, C5)}}
  %0:3 = "hlo.batch_norm_grad"(%x, %s, %s, %v, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_grad_results(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.batch_norm_grad' op inferred type(s) 'tensor<2x3xf32>', 'tensor<3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>', 'tensor<3xf32>', 'tensor<3xf64>'}}
  // expected-error @+1 {{'hlo.batch_norm_grad' op failed to infer returned types}}
  %0:3 = "hlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf64>)
  func.return %0#0 : tensor<2x3xf32>
}

// -----

//===----------------------------------------------------------------------===//
// einsum, unary_einsum
//===----------------------------------------------------------------------===//

func.func @einsum_no_arrow(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.einsum' op einsum_config "ab,bc" must have the form "inputs->output"}}
  %0 = hlo.einsum %a, %b, config = "ab,bc" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_terms(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.einsum' op einsum_config "ab->ab" has 1 input terms but the op has 2 operands}}
  %0 = hlo.einsum %a, %b, config = "ab->ab" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_rank(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.einsum' op einsum_config term "abc" has 3 labels but operand #0 has rank 2}}
  %0 = hlo.einsum %a, %b, config = "abc,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_label_size(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.einsum' op einsum_config label 'b' has size 4 in operand #1 but size 3 elsewhere}}
  %0 = hlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_label_char(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.einsum' op einsum_config labels must be letters, got '1' in "a1,1c->ac"}}
  %0 = hlo.einsum %a, %b, config = "a1,1c->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_output_unknown(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.einsum' op einsum_config output label 'd' does not appear in any input}}
  %0 = hlo.einsum %a, %b, config = "ab,bc->ad" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

func.func @einsum_output_repeated(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'hlo.einsum' op einsum_config output label 'a' appears more than once}}
  %0 = hlo.einsum %a, %b, config = "ab,bc->aa" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// -----

func.func @einsum_result(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'hlo.einsum' op result dimension labeled 'c' has size 5 but the inputs give it size 4}}
  %0 = hlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  func.return %0 : tensor<2x5xf32>
}

// -----

func.func @unary_einsum_result_rank(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'hlo.unary_einsum' op einsum_config output "a" has 1 labels but the result has rank 2}}
  %0 = hlo.unary_einsum %a, config = "ab->a" : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
