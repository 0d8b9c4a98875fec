// RUN: xla-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// StableHLO text, custom and generic forms, reads as hlo.
// CHECK-LABEL: func @stablehlo_text
func.func @stablehlo_text(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: %[[C:.*]] = hlo.constant dense<1.000000e+00> : tensor<4xf32>
  %c = stablehlo.constant dense<1.0> : tensor<4xf32>
  // CHECK-NEXT: %[[A:.*]] = hlo.add %arg0, %[[C]] : tensor<4xf32>
  %0 = stablehlo.add %a, %c : tensor<4xf32>
  // CHECK-NEXT: %[[M:.*]] = hlo.multiply %[[A]], %[[A]] : tensor<4xf32>
  %1 = "stablehlo.multiply"(%0, %0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.compare  GT, %[[M]], %[[C]],  FLOAT
  %2 = "stablehlo.compare"(%1, %c) {comparison_direction = #stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.reduce_precision %{{.*}}, format = e8m7
  %3 = "stablehlo.reduce_precision"(%1) <{exponent_bits = 8 : i32, mantissa_bits = 7 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
  func.return %3 : tensor<4xf32>
}

// -----

// JAX test programs check results with custom calls; they become check ops.
// CHECK-LABEL: func @check_calls
func.func @check_calls(%a: tensor<4xf32>, %i: tensor<4xi32>) {
  // CHECK-NEXT: check.expect_close %arg0, %arg0, max_ulp_difference = 3 : tensor<4xf32>, tensor<4xf32>
  stablehlo.custom_call @check.expect_close(%a, %a) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  // CHECK-NEXT: check.expect_almost_eq %arg0, %arg0, tolerance = 1.000000e-03 : tensor<4xf32>
  stablehlo.custom_call @check.expect_almost_eq(%a, %a) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()
  // CHECK-NEXT: check.expect_eq %arg1, %arg1 : tensor<4xi32>
  stablehlo.custom_call @check.expect_eq(%i, %i) {has_side_effect = true} : (tensor<4xi32>, tensor<4xi32>) -> ()
  // Other targets are left alone.
  // CHECK-NEXT: hlo.custom_call @foo(%arg1)
  stablehlo.custom_call @foo(%i) {has_side_effect = true} : (tensor<4xi32>) -> ()
  func.return
}

// -----

func.func @unknown_generic_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown op 'stablehlo.frobnicate': it has no counterpart in the hlo dialect}}
  %0 = "stablehlo.frobnicate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @unknown_custom_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'stablehlo.frobnicate' is unknown}}
  %0 = stablehlo.frobnicate %a : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

func.func @generic_op_fails_hlo_verifier(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.add' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// TensorFlow's StableHLO has mhlo.copy (on every variable it updates): it
// reads as hlo.copy.
// CHECK-LABEL: func @mhlo_copy
func.func @mhlo_copy(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK-NEXT: %[[C:.*]] = hlo.copy %arg0 : tensor<2x3xf32>
  %0 = mhlo.copy %a : tensor<2x3xf32>
  // CHECK-NEXT: %[[G:.*]] = hlo.copy %[[C]] : tensor<2x3xf32>
  %1 = "mhlo.copy"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: return %[[G]]
  return %1 : tensor<2x3xf32>
}
