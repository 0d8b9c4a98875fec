// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// The output is filled with the init value once; linalg.reduce combines.
// Its short form `{ op }` stands for `op(accumulator, element)`, the
// operand order of hlo bodies.
// CHECK-LABEL: func.func @sum
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[INIT:.*]]: tensor<f32>)
// CHECK: %[[I:.*]] = tensor.extract %[[INIT]][] : tensor<f32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[I]] : f32) outs(%[[E]] : tensor<4xf32>)
// CHECK: %[[R:.*]] = linalg.reduce { arith.addf } ins(%[[X]] : tensor<4x5xf32>) outs(%[[F]] : tensor<4xf32>) dimensions = [1]
// CHECK: return %[[R]]
func.func @sum(%x: tensor<4x5xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.reduce(%x init: %init) applies hlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Non-commutative bodies keep the (accumulator, element) operand order.
// CHECK-LABEL: func.func @subtract_unsorted_dims
// CHECK: linalg.reduce { arith.subi {{.*}} } ins(%{{.*}} : tensor<2x3x4xi32>) outs(%{{.*}} : tensor<3xi32>) dimensions = [0, 2]
func.func @subtract_unsorted_dims(%x: tensor<2x3x4xi32>, %init: tensor<i32>) -> tensor<3xi32> {
  %0 = hlo.reduce(%x init: %init) applies hlo.subtract across dimensions = [2, 0] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// argmax: two inputs and two inits reduced together by one linalg.reduce;
// the hlo body takes (accumulators..., elements...).
// CHECK-LABEL: func.func @argmax
// CHECK: %[[R:.*]]:2 = linalg.reduce ins(%{{.*}}, %{{.*}} : tensor<4x5xf32>, tensor<4x5xi32>) outs(%{{.*}}, %{{.*}} : tensor<5xf32>, tensor<5xi32>) dimensions = [0]
// CHECK-NEXT: (%[[V:.*]]: f32, %[[I:.*]]: i32, %[[AV:.*]]: f32, %[[AI:.*]]: i32) {
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[AV]], %[[V]] : f32
// CHECK-NEXT: %[[SV:.*]] = arith.select %[[GT]], %[[AV]], %[[V]] : f32
// CHECK-NEXT: %[[SI:.*]] = arith.select %[[GT]], %[[AI]], %[[I]] : i32
// CHECK-NEXT: linalg.yield %[[SV]], %[[SI]] : f32, i32
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @argmax(%x: tensor<4x5xf32>, %i: tensor<4x5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %c = hlo.constant dense<0xFF800000> : tensor<f32>
  %z = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%x init: %c), (%i init: %z) across dimensions = [0] : (tensor<4x5xf32>, tensor<4x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = hlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %j = hlo.select %gt, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

// Unsigned reductions: signless tensors, unsigned comparison in the body.
// CHECK-LABEL: func.func @max_ui8
// CHECK-SAME: (%{{.*}}: tensor<6xi8>, %{{.*}}: tensor<i8>) -> tensor<i8>
// CHECK: linalg.reduce { arith.maxui } ins(%{{.*}} : tensor<6xi8>) outs(%{{.*}} : tensor<i8>) dimensions = [0]
func.func @max_ui8(%x: tensor<6xui8>, %init: tensor<ui8>) -> tensor<ui8> {
  %0 = hlo.reduce(%x init: %init) applies hlo.maximum across dimensions = [0] : (tensor<6xui8>, tensor<ui8>) -> tensor<ui8>
  return %0 : tensor<ui8>
}

// -----

// A reduction over no dimension combines every element with the init.
// CHECK-LABEL: func.func @no_dims
// CHECK: linalg.reduce { arith.mulf } ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<3xf32>) dimensions = []
func.func @no_dims(%x: tensor<3xf32>, %init: tensor<f32>) -> tensor<3xf32> {
  %0 = hlo.reduce(%x init: %init) applies hlo.multiply across dimensions = [] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Canonicalization hoists constants out of bodies, and bodies may read
// other single-element values: constants are re-created in the body, other
// values are extracted once before the linalg op.
// CHECK-LABEL: func.func @captured_values
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[INIT:.*]]: tensor<f32>, %[[K:.*]]: tensor<1xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[KS:.*]] = tensor.extract %[[K]][%[[C0]]] : tensor<1xf32>
// CHECK: linalg.reduce ins(%[[X]] : tensor<4xf32>)
// CHECK-NEXT: (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[IN]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.mulf %[[S]], %[[TWO]] : f32
// CHECK-NEXT: %[[U:.*]] = arith.addf %[[T]], %[[KS]] : f32
// CHECK-NEXT: linalg.yield %[[U]] : f32
func.func @captured_values(%x: tensor<4xf32>, %init: tensor<f32>, %k: tensor<1xf32>) -> tensor<f32> {
  %two = hlo.constant dense<2.0> : tensor<f32>
  %0 = hlo.reduce(%x init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %s = hlo.add %a, %b : tensor<f32>
    %t = hlo.multiply %s, %two : tensor<f32>
    %k0 = hlo.reshape %k : (tensor<1xf32>) -> tensor<f32>
    %u = hlo.add %t, %k0 : tensor<f32>
    hlo.return %u : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @captured_tensor(%x: tensor<4xf32>, %init: tensor<f32>, %k: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+2 {{'hlo.reduce' op has a body that uses a value of type 'tensor<4xf32>' defined outside it; only single elements can be read}}
  // expected-error @+1 {{failed to legalize operation 'hlo.reduce'}}
  %0 = hlo.reduce(%x init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %s = hlo.reduce(%k init: %a) applies hlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @body_not_scalar(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+2 {{'hlo.reduce' op has a body that is not scalar code}}
  // expected-error @+1 {{failed to legalize operation 'hlo.reduce'}}
  %0 = hlo.reduce(%x init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    // expected-note @+1 {{'hlo.map' has no scalar lowering}}
    %m = "hlo.map"(%a, %b) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %s = hlo.add %p, %q : tensor<f32>
      hlo.return %s : tensor<f32>
    }) {dimensions = array<i64>} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %0 : tensor<f32>
}
