// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// hlo.sort becomes hloext.sort, which sorts its (converted) inputs in
// place; the comparator becomes scalar code with hlo's argument order.

// A JAX-style multi-key comparator on two operands: TOTALORDER on the
// float keys, then the integer values. A negative dimension counts from the
// end.
// CHECK-LABEL: func @sort_two_keys
// CHECK-SAME: (%[[K:.*]]: tensor<3x8xf32>, %[[V:.*]]: tensor<3x8xi32>)
// CHECK: %[[R:.*]]:2 = hloext.sort dimension = 1 outs(%[[K]], %[[V]] : tensor<3x8xf32>, tensor<3x8xi32>) {
// CHECK: ^bb0(%[[L0:.*]]: f32, %[[R0:.*]]: f32, %[[L1:.*]]: i32, %[[R1:.*]]: i32):
// CHECK:   arith.bitcast %[[L0]] : f32 to i32
// CHECK:   arith.bitcast %[[R0]] : f32 to i32
// CHECK:   arith.cmpi slt
// CHECK:   arith.cmpi eq
// CHECK:   arith.cmpi slt, %[[L1]], %[[R1]] : i32
// CHECK:   %[[LESS:.*]] = arith.ori
// CHECK:   hloext.yield %[[LESS]] : i1
// CHECK: } -> tensor<3x8xf32>, tensor<3x8xi32>
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @sort_two_keys(%keys: tensor<3x8xf32>, %values: tensor<3x8xi32>) -> (tensor<3x8xf32>, tensor<3x8xi32>) {
  %0:2 = "stablehlo.sort"(%keys, %values) <{dimension = -1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt2 = stablehlo.compare LT, %c, %d, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt2 : tensor<i1>
    %less = stablehlo.or %lt, %tie : tensor<i1>
    stablehlo.return %less : tensor<i1>
  }) : (tensor<3x8xf32>, tensor<3x8xi32>) -> (tensor<3x8xf32>, tensor<3x8xi32>)
  return %0#0, %0#1 : tensor<3x8xf32>, tensor<3x8xi32>
}

// -----

// Unsigned elements become signless; the comparison stays unsigned.
// CHECK-LABEL: func @sort_unsigned
// CHECK: hloext.sort dimension = 0 outs(%{{.*}} : tensor<5xi8>) {
// CHECK: ^bb0(%[[L:.*]]: i8, %[[R:.*]]: i8):
// CHECK:   %[[GT:.*]] = arith.cmpi ugt, %[[L]], %[[R]] : i8
// CHECK:   hloext.yield %[[GT]] : i1
// CHECK: } -> tensor<5xi8>
func.func @sort_unsigned(%x: tensor<5xui8>) -> tensor<5xui8> {
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %gt = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) : (tensor<5xui8>) -> tensor<5xui8>
  return %0 : tensor<5xui8>
}

// -----

func.func @sort_not_scalar(%x: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{'hlo.sort' op comparator must be elementwise code on 0-d tensors to be lowered}}
  // expected-error @+1 {{failed to legalize operation 'hlo.sort'}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.transpose %a, dims = [] : (tensor<f32>) -> tensor<f32>
    %lt = stablehlo.compare LT, %t, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) : (tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
