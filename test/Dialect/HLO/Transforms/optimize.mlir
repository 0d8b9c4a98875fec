// RUN: xla-opt %s -hlo-optimize -split-input-file | FileCheck %s
// RUN: xla-opt %s -hlo-optimize=cse=false -split-input-file | FileCheck %s --check-prefix=NOCSE

// Simplification and folding share one driver: the folded 1.0 lets the
// multiply go, and the subtract of two folded constants folds in turn.
// CHECK-LABEL: func @fold_then_simplify
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
func.func @fold_then_simplify(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hlo.constant dense<3.0> : tensor<4xf32>
  %b = hlo.constant dense<2.0> : tensor<4xf32>
  %one = hlo.subtract %a, %b : tensor<4xf32>
  %0 = hlo.multiply %x, %one : tensor<4xf32>
  %1 = hlo.subtract %one, %b : tensor<4xf32>
  // CHECK: %[[C:.*]] = hlo.constant dense<-1.000000e+00> : tensor<4xf32>
  // CHECK-NEXT: return %[[X]], %[[C]]
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CSE merges the two negations, after which the select has the same value
// on both sides and goes: a second round of rewriting.
// CHECK-LABEL: func @cse_then_simplify
// CHECK-SAME: (%[[P:.*]]: tensor<4xi1>, %[[X:.*]]: tensor<4xf32>)
// NOCSE-LABEL: func @cse_then_simplify
func.func @cse_then_simplify(%p: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %a = hlo.negate %x : tensor<4xf32>
  %b = hlo.negate %x : tensor<4xf32>
  %0 = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  // CHECK: %[[N:.*]] = hlo.negate %[[X]]
  // CHECK-NEXT: return %[[N]]
  // NOCSE: hlo.negate
  // NOCSE: hlo.negate
  // NOCSE: hlo.select
  func.return %0 : tensor<4xf32>
}

// -----

// Ops with side effects are neither erased nor merged: check ops, and custom
// calls with has_side_effect. A custom call without it is a pure function
// of its operands (as in XLA): merged with its twin, erased when unused.
// CHECK-LABEL: func @side_effects
func.func @side_effects(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-COUNT-2: hlo.custom_call @effect(%{{.*}}) {has_side_effect = true}
  %0 = hlo.custom_call @effect(%x) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = hlo.custom_call @effect(%x) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: %[[P:.*]] = hlo.custom_call @pure(
  // CHECK-NOT: hlo.custom_call
  %2 = hlo.custom_call @pure(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = hlo.custom_call @pure(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = hlo.custom_call @unused(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK-COUNT-2: check.expect_eq %[[P]], %[[P]]
  check.expect_eq %2, %3 : tensor<4xf32>
  check.expect_eq %2, %3 : tensor<4xf32>
  // CHECK: return %[[P]]
  func.return %2 : tensor<4xf32>
}

// -----

// Only `dce` on: dead ops are swept, nothing is rewritten or merged.
// RUN: xla-opt %s -hlo-optimize="hlo-simplify=false fold-constants=false cse=false" -split-input-file | FileCheck %s --check-prefix=DCE
// And nothing at all with every part off.
// RUN: xla-opt %s -hlo-optimize="hlo-simplify=false fold-constants=false cse=false dce=false" -split-input-file | FileCheck %s --check-prefix=NONE
// DCE-LABEL: func @dead
// DCE-NOT: hlo.exponential
// DCE: hlo.add
// DCE: hlo.add
// NONE-LABEL: func @dead
// NONE: hlo.exponential
func.func @dead(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %unused = hlo.exponential %x : tensor<4xf32>
  %0 = hlo.add %x, %x : tensor<4xf32>
  %1 = hlo.add %x, %x : tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
