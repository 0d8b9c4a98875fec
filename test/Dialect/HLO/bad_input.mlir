// Malformed programs are rejected with a located diagnostic and a non-zero
// exit code, never a crash.
// RUN: not xla-opt %S/Inputs/truncated.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: truncated.mlir:3:30: error: expected SSA operand
// RUN: xla-opt %s -split-input-file -verify-diagnostics

func.func @unknown_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'hlo.frobnicate' is unknown}}
  %0 = hlo.frobnicate %a : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @too_few_operands(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.add' op expected 2 operands, but found 1}}
  %0 = "hlo.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @too_many_operands_stablehlo(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.negate' op requires a single operand}}
  %0 = "stablehlo.negate"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @wrong_type_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 2 operand types but got 1}}
  %0 = hlo.add %a, %a : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @mismatched_shapes(%a: tensor<4xf32>, %b: tensor<2x2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.multiply' op all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.multiply %a, %b : (tensor<4xf32>, tensor<2x2xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'hlo.abs' op operand #0 must be ranked tensor}}
  %0 = hlo.abs %a : tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

func.func @bad_element_type(%a: tensor<4xi7>) -> tensor<4xi7> {
  // expected-error @+1 {{'hlo.add' op operand #0 must be ranked tensor of}}
  %0 = hlo.add %a, %a : tensor<4xi7>
  func.return %0 : tensor<4xi7>
}

// -----

func.func @undefined_value() -> tensor<4xf32> {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = hlo.abs %nothere : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @bad_enum(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+2 {{expected ::xla::hlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error @+1 {{failed to parse HLO_ComparisonDirectionAttr parameter 'value'}}
  %0 = hlo.compare XX, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  func.return %0 : tensor<4xi1>
}

// -----

func.func @constant_type_mismatch() -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.constant' op value type 'tensor<4xf64>' does not match result type 'tensor<4xf32>'}}
  %0 = "hlo.constant"() <{value = dense<1.0> : tensor<4xf64>}> : () -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
