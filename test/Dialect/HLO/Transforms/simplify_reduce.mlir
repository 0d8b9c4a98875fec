// RUN: xla-opt %s -hlo-simplify -split-input-file | FileCheck %s

// A bias gradient at batch 1: a sum over [batch, position] of a 1 x 1 x 768
// tensor combines each output with one element. A sum from +0.0 keeps its
// add (-0.0 + 0.0 is +0.0), now elementwise.
// CHECK-LABEL: func @sum_over_unit_dims
// CHECK-SAME: (%[[X:.*]]: tensor<1x1x768xf32>)
// CHECK-DAG: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-DAG: %[[R:.*]] = hlo.reshape %[[X]] : (tensor<1x1x768xf32>) -> tensor<768xf32>
// CHECK-DAG: %[[B:.*]] = hlo.broadcast_in_dim %[[ZERO]], dims = [] : (tensor<f32>) -> tensor<768xf32>
// CHECK: %[[S:.*]] = hlo.add %[[R]], %[[B]] : tensor<768xf32>
// CHECK-NEXT: return %[[S]]
func.func @sum_over_unit_dims(%x: tensor<1x1x768xf32>) -> tensor<768xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [0, 1] : (tensor<1x1x768xf32>, tensor<f32>) -> tensor<768xf32>
  return %0 : tensor<768xf32>
}

// -----

// From the body's exact identity only the reshape stays: -0.0 for a float
// sum, -inf for a maximum, the lowest value for an integer maximum, 1 for a
// product, all ones for an and; the body's operands may be swapped.
// CHECK-LABEL: func @identities
// CHECK-NOT: hlo.reduce
// CHECK-NOT: hlo.broadcast_in_dim
// CHECK: %[[A:.*]] = hlo.reshape %{{.*}} : (tensor<1x128x1xf32>) -> tensor<128xf32>
// CHECK: %[[B:.*]] = hlo.reshape %{{.*}} : (tensor<4x1xf32>) -> tensor<4xf32>
// CHECK: %[[C:.*]] = hlo.reshape %{{.*}} : (tensor<1x8xi32>) -> tensor<8xi32>
// CHECK: %[[D:.*]] = hlo.reshape %{{.*}} : (tensor<1x8xui8>) -> tensor<8xui8>
// CHECK: %[[E:.*]] = hlo.reshape %{{.*}} : (tensor<3x1xi1>) -> tensor<3xi1>
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @identities(%a: tensor<1x128x1xf32>, %b: tensor<4x1xf32>, %c: tensor<1x8xi32>, %d: tensor<1x8xui8>, %e: tensor<3x1xi1>) -> (tensor<128xf32>, tensor<4xf32>, tensor<8xi32>, tensor<8xui8>, tensor<3xi1>) {
  %nz = hlo.constant dense<-0.0> : tensor<f32>
  %0 = hlo.reduce(%a init: %nz) applies hlo.add across dimensions = [0, 2] : (tensor<1x128x1xf32>, tensor<f32>) -> tensor<128xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %1 = hlo.reduce(%b init: %ninf) across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%acc: tensor<f32>, %v: tensor<f32>) {
      %m = hlo.maximum %v, %acc : tensor<f32>
      hlo.return %m : tensor<f32>
    }
  %imin = hlo.constant dense<-2147483648> : tensor<i32>
  %2 = hlo.reduce(%c init: %imin) applies hlo.maximum across dimensions = [0] : (tensor<1x8xi32>, tensor<i32>) -> tensor<8xi32>
  %one = hlo.constant dense<1> : tensor<ui8>
  %3 = hlo.reduce(%d init: %one) applies hlo.multiply across dimensions = [0] : (tensor<1x8xui8>, tensor<ui8>) -> tensor<8xui8>
  %true = hlo.constant dense<true> : tensor<i1>
  %4 = hlo.reduce(%e init: %true) applies hlo.and across dimensions = [1] : (tensor<3x1xi1>, tensor<i1>) -> tensor<3xi1>
  return %0, %1, %2, %3, %4 : tensor<128xf32>, tensor<4xf32>, tensor<8xi32>, tensor<8xui8>, tensor<3xi1>
}

// -----

// An init that is no identity, or not a constant, is combined with each
// element; an unsigned maximum from 0 needs nothing. No reduced dimension at
// all is the same rewrite, without the reshape.
// CHECK-LABEL: func @combined
// CHECK-SAME: (%[[X:.*]]: tensor<2x1xf32>, %[[I:.*]]: tensor<f32>, %[[U:.*]]: tensor<1x4xui32>, %[[Y:.*]]: tensor<5xi32>)
// CHECK: %[[R:.*]] = hlo.reshape %[[X]]
// CHECK: %[[B:.*]] = hlo.broadcast_in_dim %[[I]], dims = [] : (tensor<f32>) -> tensor<2xf32>
// CHECK: %[[M:.*]] = hlo.minimum %[[R]], %[[B]] : tensor<2xf32>
// CHECK: %[[V:.*]] = hlo.reshape %[[U]]
// CHECK: %[[S:.*]] = hlo.add %[[Y]], %{{.*}} : tensor<5xi32>
// CHECK: return %[[M]], %[[V]], %[[S]]
func.func @combined(%x: tensor<2x1xf32>, %init: tensor<f32>, %u: tensor<1x4xui32>, %y: tensor<5xi32>) -> (tensor<2xf32>, tensor<4xui32>, tensor<5xi32>) {
  %0 = hlo.reduce(%x init: %init) applies hlo.minimum across dimensions = [1] : (tensor<2x1xf32>, tensor<f32>) -> tensor<2xf32>
  %zero = hlo.constant dense<0> : tensor<ui32>
  %1 = hlo.reduce(%u init: %zero) applies hlo.maximum across dimensions = [0] : (tensor<1x4xui32>, tensor<ui32>) -> tensor<4xui32>
  %seven = hlo.constant dense<7> : tensor<i32>
  %2 = hlo.reduce(%y init: %seven) applies hlo.add across dimensions = [] : (tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
  return %0, %1, %2 : tensor<2xf32>, tensor<4xui32>, tensor<5xi32>
}

// -----

// Left alone: a reduced dimension longer than 1, a body of two ops, and two
// inputs reduced together (an argmax).
// CHECK-LABEL: func @kept
// CHECK-COUNT-3: hlo.reduce
func.func @kept(%x: tensor<1x3xf32>, %y: tensor<1x3xf32>, %i: tensor<1x3xi32>) -> (tensor<1xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<1x3xf32>, tensor<f32>) -> tensor<1xf32>
  %1 = hlo.reduce(%x init: %zero) across dimensions = [0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<3xf32>
    reducer(%acc: tensor<f32>, %v: tensor<f32>) {
      %s = hlo.add %v, %acc : tensor<f32>
      %t = hlo.multiply %s, %s : tensor<f32>
      hlo.return %t : tensor<f32>
    }
  %izero = hlo.constant dense<0> : tensor<i32>
  %2:2 = hlo.reduce(%y init: %zero), (%i init: %izero) across dimensions = [0] : (tensor<1x3xf32>, tensor<1x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>) {
      %m = hlo.maximum %a, %b : tensor<f32>
      %n = hlo.minimum %c, %d : tensor<i32>
      hlo.return %m, %n : tensor<f32>, tensor<i32>
    }
  return %0, %1, %2#0, %2#1 : tensor<1xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi32>
}
