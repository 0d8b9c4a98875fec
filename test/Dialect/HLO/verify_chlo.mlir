// RUN: xla-opt %s -split-input-file -verify-diagnostics

func.func @unary_int_operand(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.acosh' op operand #0 must be ranked tensor of}}
  %0 = hlo.acosh %a : tensor<4xi32> -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

func.func @unary_quantized_operand(%a: tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<4x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @+1 {{'hlo.sinh' op operand #0 must be ranked tensor of}}
  %0 = hlo.sinh %a : tensor<4x!quant.uniform<i8:f32, 1.0>> -> tensor<4x!quant.uniform<i8:f32, 1.0>>
  func.return %0 : tensor<4x!quant.uniform<i8:f32, 1.0>>
}

// -----

func.func @real_only_op_on_complex(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.lgamma' op operand #0 must be ranked tensor of}}
  %0 = chlo.lgamma %a : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  func.return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @erf_inv_on_complex(%a: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  // expected-error @+1 {{'hlo.erf_inv' op operand #0 must be ranked tensor of}}
  %0 = chlo.erf_inv %a : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  func.return %0 : tensor<4xcomplex<f64>>
}

// -----

func.func @unranked_operand(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'hlo.erf' op operand #0 must be ranked tensor of}}
  %0 = "hlo.erf"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

func.func @unary_shape_mismatch(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'hlo.cosh' op all non-scalar operands/results must have the same shape and base type}}
  %0 = chlo.cosh %a : tensor<4xf32> -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// -----

func.func @unary_element_type_mismatch(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'hlo.atan' op requires the same element type for all operands and results}}
  %0 = chlo.atan %a : tensor<4xf32> -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

func.func @unary_syntax_needs_result_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected '->'}}
  %0 = chlo.asin %a : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @is_inf_on_complex(%a: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.is_inf' op operand #0 must be ranked tensor of}}
  %0 = chlo.is_inf %a : tensor<4xcomplex<f32>> -> tensor<4xi1>
  func.return %0 : tensor<4xi1>
}

// -----

func.func @is_inf_result_not_pred(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.is_pos_inf' op result #0 must be ranked tensor of bool values}}
  %0 = chlo.is_pos_inf %a : tensor<4xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @is_inf_result_shape(%a: tensor<4xf32>) -> tensor<2x2xi1> {
  // expected-error @+1 {{'hlo.is_neg_inf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = chlo.is_neg_inf %a : tensor<4xf32> -> tensor<2x2xi1>
  func.return %0 : tensor<2x2xi1>
}

// -----

func.func @binary_int_operands(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.next_after' op operand #0 must be ranked tensor of}}
  %0 = chlo.next_after %a, %a : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

func.func @binary_complex_operands(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.zeta' op operand #0 must be ranked tensor of}}
  %0 = chlo.zeta %a, %a : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  func.return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @binary_shape_mismatch(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.polygamma' op all non-scalar operands/results must have the same shape and base type}}
  %0 = chlo.polygamma %a, %b : tensor<4xf32>, tensor<5xf32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @binary_element_type_mismatch(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.next_after' op requires the same element type for all operands and results}}
  %0 = chlo.next_after %a, %b : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @binary_no_broadcast(%a: tensor<4xf32>, %s: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.zeta' op all non-scalar operands/results must have the same shape and base type}}
  %0 = chlo.zeta %a, %s : tensor<4xf32>, tensor<f32> -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @top_k_k_too_large(%a: tensor<5xf32>) {
  // expected-error @+2 {{'hlo.top_k' op k = 7 exceeds the size of the last dimension of the operand (5) in 'tensor<5xf32>'}}
  // expected-error @+1 {{'hlo.top_k' op failed to infer returned types}}
  %0:2 = chlo.top_k(%a, k = 7) : tensor<5xf32> -> (tensor<7xf32>, tensor<7xi32>)
  func.return
}

// -----

func.func @top_k_k_exceeds_bound(%a: tensor<?xf32, #hlo.type_extensions<bounds = [4]>>) {
  // expected-error @+2 {{'hlo.top_k' op k = 5 exceeds the bound of the last dimension of the operand (4)}}
  // expected-error @+1 {{'hlo.top_k' op failed to infer returned types}}
  %0:2 = chlo.top_k(%a, k = 5) : tensor<?xf32, #hlo.type_extensions<bounds = [4]>> -> (tensor<5xf32>, tensor<5xi32>)
  func.return
}

// -----

func.func @top_k_negative_k(%a: tensor<5xf32>) {
  // expected-error @+2 {{'hlo.top_k' op k = -1 must be non-negative}}
  // expected-error @+1 {{'hlo.top_k' op failed to infer returned types}}
  %0:2 = chlo.top_k(%a, k = -1) : tensor<5xf32> -> (tensor<5xf32>, tensor<5xi32>)
  func.return
}

// -----

func.func @top_k_scalar_operand(%a: tensor<f32>) {
  // expected-error @+2 {{'hlo.top_k' op operand must have rank at least 1, got 'tensor<f32>'}}
  // expected-error @+1 {{'hlo.top_k' op failed to infer returned types}}
  %0:2 = chlo.top_k(%a, k = 1) : tensor<f32> -> (tensor<1xf32>, tensor<1xi32>)
  func.return
}

// -----

func.func @top_k_complex_operand(%a: tensor<5xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.top_k' op operand #0 must be ranked tensor of}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<5xcomplex<f32>> -> (tensor<2xcomplex<f32>>, tensor<2xi32>)
  func.return
}

// -----

func.func @top_k_indices_not_i32(%a: tensor<5xf32>) {
  // expected-error @+1 {{'hlo.top_k' op result #1 must be ranked tensor of 32-bit signless integer values}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<5xf32> -> (tensor<2xf32>, tensor<2xi64>)
  func.return
}

// -----

func.func @top_k_values_wrong_shape(%a: tensor<3x5xf32>) {
  // expected-error @+2 {{'hlo.top_k' op inferred type(s) 'tensor<3x2xf32>', 'tensor<3x2xi32>' are incompatible with return type(s) of operation 'tensor<3x3xf32>', 'tensor<3x2xi32>'}}
  // expected-error @+1 {{'hlo.top_k' op failed to infer returned types}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<3x5xf32> -> (tensor<3x3xf32>, tensor<3x2xi32>)
  func.return
}

// -----

func.func @top_k_indices_wrong_shape(%a: tensor<3x5xf32>) {
  // expected-error @+2 {{'hlo.top_k' op inferred type(s) 'tensor<3x2xf32>', 'tensor<3x2xi32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>', 'tensor<2x2xi32>'}}
  // expected-error @+1 {{'hlo.top_k' op failed to infer returned types}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<3x5xf32> -> (tensor<3x2xf32>, tensor<2x2xi32>)
  func.return
}

// -----

func.func @top_k_values_wrong_element_type(%a: tensor<5xf32>) {
  // expected-error @+2 {{'hlo.top_k' op inferred type(s) 'tensor<2xf32>', 'tensor<2xi32>' are incompatible with return type(s) of operation 'tensor<2xf16>', 'tensor<2xi32>'}}
  // expected-error @+1 {{'hlo.top_k' op failed to infer returned types}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<5xf32> -> (tensor<2xf16>, tensor<2xi32>)
  func.return
}

// -----

func.func @top_k_missing_k(%a: tensor<5xf32>) {
  // expected-error @+1 {{'hlo.top_k' op requires attribute 'k'}}
  %0:2 = "hlo.top_k"(%a) : (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  func.return
}
