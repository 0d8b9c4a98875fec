// RUN: xla-opt %s -split-input-file -verify-diagnostics

func.func @binary_shape_mismatch(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = hlo.add %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @int_op_on_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = hlo.popcnt %a : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @result_type_not_inferred(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+2 {{'hlo.negate' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf64>'}}
  // expected-error @+1 {{'hlo.negate' op failed to infer returned types}}
  %0 = hlo.negate %a : (tensor<4xf32>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

func.func @compare_type_mismatch(%a: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type FLOAT is not valid for element type 'i32'}}
  %0 = hlo.compare LT, %a, %a, FLOAT : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  func.return %0 : tensor<4xi1>
}

// -----

func.func @clamp_bad_min(%min: tensor<3xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{min must be a scalar or have the shape of the operand}}
  %0 = hlo.clamp %min, %a, %a : (tensor<3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @select_bad_pred(%p: tensor<3xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{pred must be a scalar or have the shape of the operand}}
  %0 = hlo.select %p, %a, %a : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @bitcast_bad_shape(%a: tensor<4xf32>) -> tensor<4x2xi8> {
  // expected-error @+1 {{the narrower type needs one extra trailing dimension of size 4}}
  %0 = hlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4x2xi8>
  func.return %0 : tensor<4x2xi8>
}

// -----

func.func @reduce_precision_bad_format(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected a format like 'e5m10', got 'x5'}}
  %0 = hlo.reduce_precision %a, format = x5 : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @complex_bad_operands(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{requires the same element type for all operands}}
  %0 = hlo.complex %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  func.return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @binary_element_type_mismatch(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to verify that operands have compatible element types}}
  %0 = hlo.add %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
