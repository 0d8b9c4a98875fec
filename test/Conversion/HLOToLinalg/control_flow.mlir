// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// while -> scf.while: cond's hlo.return becomes scf.condition on the
// extracted predicate, forwarding the iteration values; body ops are
// lowered in place. Unsigned iteration values are retyped.
// CHECK-LABEL: func.func @while
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>)
// CHECK: %[[R:.*]]:2 = scf.while (%[[I:.*]] = %{{.*}}, %[[V:.*]] = %[[X]]) : (tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>) {
// CHECK: %[[P:.*]] = linalg.generic
// CHECK: arith.cmpi slt
// CHECK: %[[PE:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: scf.condition(%[[PE]]) %[[I]], %[[V]] : tensor<i64>, tensor<4xi32>
// CHECK: } do {
// CHECK: ^bb0(%[[BI:.*]]: tensor<i64>, %[[BV:.*]]: tensor<4xi32>):
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[BI]], %{{.*}} : tensor<i64>, tensor<i64>)
// CHECK: %[[W:.*]] = linalg.generic {{.*}} ins(%[[BV]], %[[BV]] : tensor<4xi32>, tensor<4xi32>)
// CHECK: scf.yield %[[N]], %[[W]] : tensor<i64>, tensor<4xi32>
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @while(%x: tensor<4xui32>) -> (tensor<i64>, tensor<4xui32>) {
  %c0 = hlo.constant dense<0> : tensor<i64>
  %0:2 = hlo.while(%i = %c0, %v = %x) : tensor<i64>, tensor<4xui32>
   cond {
    %c10 = hlo.constant dense<10> : tensor<i64>
    %p = hlo.compare LT, %i, %c10 : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
    %c1 = hlo.constant dense<1> : tensor<i64>
    %n = hlo.add %i, %c1 : tensor<i64>
    %w = hlo.add %v, %v : tensor<4xui32>
    hlo.return %n, %w : tensor<i64>, tensor<4xui32>
  }
  return %0#0, %0#1 : tensor<i64>, tensor<4xui32>
}

// -----

// Values defined outside the loop are used in place; loops nest.
// CHECK-LABEL: func.func @nested_while
// CHECK-SAME: (%[[LIMIT:.*]]: tensor<i32>)
// CHECK: scf.while
// CHECK: } do {
// CHECK: scf.while
// CHECK: ins(%{{.*}}, %[[LIMIT]] : tensor<i32>, tensor<i32>)
// CHECK: scf.condition
// CHECK: scf.yield
// CHECK: scf.yield
func.func @nested_while(%limit: tensor<i32>) -> tensor<i32> {
  %c0 = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.while(%i = %c0) : tensor<i32>
   cond {
    %p = hlo.compare LT, %i, %limit : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
    %1 = hlo.while(%j = %i) : tensor<i32>
     cond {
      %p = hlo.compare LT, %j, %limit : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %p : tensor<i1>
    } do {
      %c1 = hlo.constant dense<1> : tensor<i32>
      %n = hlo.add %j, %c1 : tensor<i32>
      hlo.return %n : tensor<i32>
    }
    hlo.return %1 : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @if
// CHECK-SAME: (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<4xi32>, %[[B:.*]]: tensor<4xi32>)
// CHECK: %[[C:.*]] = tensor.extract %[[P]][] : tensor<i1>
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (tensor<4xi32>) {
// CHECK: %[[S:.*]] = linalg.generic
// CHECK: arith.addi
// CHECK: scf.yield %[[S]] : tensor<4xi32>
// CHECK: } else {
// CHECK: scf.yield %[[B]] : tensor<4xi32>
// CHECK: return %[[R]]
func.func @if(%p: tensor<i1>, %a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xui32> {
  %0 = "hlo.if"(%p) ({
    %1 = hlo.add %a, %b : tensor<4xui32>
    hlo.return %1 : tensor<4xui32>
  }, {
    hlo.return %b : tensor<4xui32>
  }) : (tensor<i1>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// case: branches 0..N-2 are cases, the last branch is the default, so an
// out-of-range index (negative or >= N-1) runs the last branch.
// CHECK-LABEL: func.func @case
// CHECK-SAME: (%[[I:.*]]: tensor<i32>, %[[A:.*]]: tensor<f32>)
// CHECK: %[[E:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK: %[[IDX:.*]] = arith.index_cast %[[E]] : i32 to index
// CHECK: %[[R:.*]] = scf.index_switch %[[IDX]] -> tensor<f32>
// CHECK: case 0 {
// CHECK: scf.yield %[[A]] : tensor<f32>
// CHECK: case 1 {
// CHECK: arith.negf
// CHECK: default {
// CHECK: math.exp
// CHECK: return %[[R]]
func.func @case(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  %0 = "hlo.case"(%i) ({
    hlo.return %a : tensor<f32>
  }, {
    %1 = hlo.negate %a : tensor<f32>
    hlo.return %1 : tensor<f32>
  }, {
    %1 = hlo.exponential %a : tensor<f32>
    hlo.return %1 : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// A single branch is just the default.
// CHECK-LABEL: func.func @case_single
// CHECK: scf.index_switch %{{.*}} -> tensor<f32>
// CHECK-NOT: case
// CHECK: default {
func.func @case_single(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {
  %0 = "hlo.case"(%i) ({
    hlo.return %a : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}
