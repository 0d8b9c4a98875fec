// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// hlo.select_and_scatter becomes hloext.select_and_scatter into a tensor
// filled with the init value; both bodies become scalar code.

// CHECK-LABEL: func @select_and_scatter
// CHECK-SAME: (%[[OP:.*]]: tensor<4x2xi64>, %[[SRC:.*]]: tensor<2x2xi64>, %[[INIT:.*]]: tensor<i64>)
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4x2xi64>
// CHECK: %[[V:.*]] = tensor.extract %[[INIT]][] : tensor<i64>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[V]] : i64) outs(%[[EMPTY]] : tensor<4x2xi64>)
// CHECK: %[[R:.*]] = hloext.select_and_scatter window_dimensions = [3, 1] window_strides = [2, 1] padding_low = [0, 0] padding_high = [1, 0]
// CHECK-SAME: ins(%[[OP]], %[[SRC]] : tensor<4x2xi64>, tensor<2x2xi64>) outs(%[[FILL]] : tensor<4x2xi64>) select {
// CHECK:   arith.cmpi sge
// CHECK: } scatter {
// CHECK:   arith.addi
// CHECK: } -> tensor<4x2xi64>
// CHECK: return %[[R]]
func.func @select_and_scatter(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init: tensor<i64>) -> tensor<4x2xi64> {
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %ge = stablehlo.compare GE, %a, %b : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

// Absent strides and padding are 1 and 0; unsigned elements become
// signless with unsigned compares.
// CHECK-LABEL: func @defaults
// CHECK: hloext.select_and_scatter window_dimensions = [2] window_strides = [1] padding_low = [0] padding_high = [0]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<5xi8>, tensor<4xi8>)
// CHECK: arith.cmpi ugt
func.func @defaults(%operand: tensor<5xui8>, %source: tensor<4xui8>, %init: tensor<ui8>) -> tensor<5xui8> {
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %gt = stablehlo.compare GT, %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) {window_dimensions = array<i64: 2>} : (tensor<5xui8>, tensor<4xui8>, tensor<ui8>) -> tensor<5xui8>
  return %0 : tensor<5xui8>
}

// -----

func.func @not_scalar(%operand: tensor<5xf32>, %source: tensor<4xf32>, %init: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+2 {{'hlo.select_and_scatter' op scatter must be elementwise code on 0-d tensors to be lowered}}
  // expected-error @+1 {{failed to legalize operation 'hlo.select_and_scatter'}}
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.transpose %b, dims = [] : (tensor<f32>) -> tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<5xf32>, tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
