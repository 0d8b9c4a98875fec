// RUN: xla-opt %s -hlo-simplify -split-input-file | FileCheck %s
// The patterns are opt-in: canonicalize leaves the ops alone.
// RUN: xla-opt %s -canonicalize -split-input-file | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
// CANON-LABEL: func @identities
// CANON: hlo.multiply
func.func @identities(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>) {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %negzero = hlo.constant dense<-0.0> : tensor<4xf32>
  %zero = hlo.constant dense<0.0> : tensor<4xf32>
  %izero = hlo.constant dense<0> : tensor<4xi32>
  %0 = hlo.multiply %one, %x : tensor<4xf32>
  %1 = hlo.add %x, %negzero : tensor<4xf32>
  %2 = hlo.subtract %x, %zero : tensor<4xf32>
  %3 = hlo.add %i, %izero : tensor<4xi32>
  %4 = hlo.multiply %i, %izero : tensor<4xi32>
  %5 = hlo.divide %x, %one : tensor<4xf32>
  // CHECK: %[[Z:.*]] = hlo.constant dense<0> : tensor<4xi32>
  // CHECK: return %[[X]], %[[X]], %[[X]], %[[I]], %[[Z]], %[[X]]
  func.return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>
}

// -----

// x + 0.0 is not x when x is -0.0, and x * 0.0 is not 0 for NaN or inf.
// CHECK-LABEL: func @not_simplified
func.func @not_simplified(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<4xf32>
  // CHECK: hlo.add %arg0, %{{.*}}
  %0 = hlo.add %x, %zero : tensor<4xf32>
  // CHECK: hlo.multiply %arg0, %{{.*}}
  %1 = hlo.multiply %x, %zero : tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func @structural
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xi1>, %[[P:.*]]: tensor<i1>)
func.func @structural(%x: tensor<4xf32>, %b: tensor<4xi1>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
  %n = hlo.negate %x : tensor<4xf32>
  %0 = hlo.negate %n : tensor<4xf32>
  %nb = hlo.not %b : tensor<4xi1>
  %1 = hlo.not %nb : tensor<4xi1>
  %2 = hlo.maximum %x, %x : tensor<4xf32>
  %3 = hlo.convert %x : tensor<4xf32>
  %t = hlo.constant dense<true> : tensor<i1>
  %4 = hlo.select %t, %x, %n : tensor<i1>, tensor<4xf32>
  %5 = hlo.select %p, %b, %b : tensor<i1>, tensor<4xi1>
  // CHECK: return %[[X]], %[[B]], %[[X]], %[[X]], %[[X]], %[[B]]
  func.return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func @constant_to_rhs
func.func @constant_to_rhs(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c = hlo.constant dense<7> : tensor<4xi32>
  // CHECK: %[[C:.*]] = hlo.constant dense<7>
  // CHECK: hlo.and %arg0, %[[C]]
  %0 = hlo.and %c, %x : tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// -----

// copy is the identity (no layouts here): it folds away, also under plain
// canonicalization.
// CHECK-LABEL: func @copy
// CHECK-NEXT: return %arg0
// CANON-LABEL: func @copy
// CANON-NEXT: return %arg0
func.func @copy(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.copy %a : tensor<4xf32>
  %1 = hlo.copy %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}
