// RUN: xla-opt %s -hlo-simplify -split-input-file | FileCheck %s

// An embedding's gradient (a scatter-add of row gradients into zeros the
// size of the table) added to a tied projection's: the rows are scattered
// into the projection's gradient instead.
// CHECK-LABEL: func @tied_embedding
// CHECK-SAME: (%[[P:.*]]: tensor<1000x64xf32>, %[[I:.*]]: tensor<8x1xi32>, %[[U:.*]]: tensor<8x64xf32>)
// CHECK-NEXT: %[[S:.*]] = "hlo.scatter"(%[[P]], %[[I]], %[[U]])
// CHECK: hlo.add
// CHECK: }) : (tensor<1000x64xf32>, tensor<8x1xi32>, tensor<8x64xf32>) -> tensor<1000x64xf32>
// CHECK-NEXT: return %[[S]]
func.func @tied_embedding(%p: tensor<1000x64xf32>, %i: tensor<8x1xi32>, %u: tensor<8x64xf32>) -> tensor<1000x64xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %zeros = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<1000x64xf32>
  %s = "hlo.scatter"(%zeros, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.add %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }) : (tensor<1000x64xf32>, tensor<8x1xi32>, tensor<8x64xf32>) -> tensor<1000x64xf32>
  %g = hlo.add %p, %s : tensor<1000x64xf32>
  return %g : tensor<1000x64xf32>
}

// -----

// The scatter on the left of the add, zeros as a splat constant of -0.0
// and of integers, and the body's arguments swapped: all qualify. The
// scatter is built at the add, after A's definition.
// CHECK-LABEL: func @forms
// CHECK-NOT: hlo.constant
// CHECK: %[[A:.*]] = hlo.multiply
// CHECK-NEXT: %[[S:.*]] = "hlo.scatter"(%[[A]],
// CHECK: %[[B:.*]] = hlo.negate
// CHECK-NEXT: %[[T:.*]] = "hlo.scatter"(%[[B]],
// CHECK: return %[[S]], %[[T]]
func.func @forms(%x: tensor<10xf32>, %y: tensor<10xi32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>, %v: tensor<3xi32>) -> (tensor<10xf32>, tensor<10xi32>) {
  %zeros = hlo.constant dense<-0.0> : tensor<10xf32>
  %s = "hlo.scatter"(%zeros, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.add %b, %a : tensor<f32>
    hlo.return %r : tensor<f32>
  }) : (tensor<10xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<10xf32>
  %m = hlo.multiply %x, %x : tensor<10xf32>
  %g = hlo.add %s, %m : tensor<10xf32>
  %izeros = hlo.constant dense<0> : tensor<10xi32>
  %t = "hlo.scatter"(%izeros, %i, %v) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%c: tensor<i32>, %d: tensor<i32>):
    %r = hlo.add %c, %d : tensor<i32>
    hlo.return %r : tensor<i32>
  }) : (tensor<10xi32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<10xi32>
  %n = hlo.negate %y : tensor<10xi32>
  %h = hlo.add %n, %t : tensor<10xi32>
  return %g, %h : tensor<10xf32>, tensor<10xi32>
}

// -----

// Left alone: the scatter has another user, it starts from ones, it keeps
// the last update instead of adding, it multiplies, and its body computes
// in f32 for bf16 zeros.
// CHECK-LABEL: func @kept
// CHECK-DAG: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<10xf32>
// CHECK-DAG: %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<10xf32>
// CHECK: %[[S0:.*]] = "hlo.scatter"(%[[ZERO]],
// CHECK: hlo.add %arg0, %[[S0]]
// CHECK: %[[S1:.*]] = "hlo.scatter"(%[[ONE]],
// CHECK: hlo.add %arg0, %[[S1]]
// CHECK: %[[S2:.*]] = "hlo.scatter"(%[[ZERO]],
// CHECK: hlo.add %arg0, %[[S2]]
// CHECK: %[[S3:.*]] = "hlo.scatter"(%[[ZERO]],
// CHECK: hlo.add %arg0, %[[S3]]
// CHECK: %[[S4:.*]] = "hlo.scatter"(
// CHECK: hlo.add %arg0, %[[S4]]
func.func @kept(%p: tensor<10xf32>, %i: tensor<3x1xi32>, %u: tensor<3xf32>, %w: tensor<3xbf16>) -> (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>) {
  %zeros = hlo.constant dense<0.0> : tensor<10xf32>
  %ones = hlo.constant dense<1.0> : tensor<10xf32>
  %s0 = "hlo.scatter"(%zeros, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.add %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }) : (tensor<10xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<10xf32>
  %g0 = hlo.add %p, %s0 : tensor<10xf32>
  %s1 = "hlo.scatter"(%ones, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.add %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }) : (tensor<10xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<10xf32>
  %g1 = hlo.add %p, %s1 : tensor<10xf32>
  %s2 = "hlo.scatter"(%zeros, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }) : (tensor<10xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<10xf32>
  %g2 = hlo.add %p, %s2 : tensor<10xf32>
  %s3 = "hlo.scatter"(%zeros, %i, %u) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.multiply %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }) : (tensor<10xf32>, tensor<3x1xi32>, tensor<3xf32>) -> tensor<10xf32>
  %g3 = hlo.add %p, %s3 : tensor<10xf32>
  %bzeros = hlo.constant dense<0.0> : tensor<10xbf16>
  %s4 = "hlo.scatter"(%bzeros, %i, %w) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.add %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }) : (tensor<10xbf16>, tensor<3x1xi32>, tensor<3xbf16>) -> tensor<10xf32>
  %g4 = hlo.add %p, %s4 : tensor<10xf32>
  return %g0, %g1, %g2, %g3, %s0, %g4 : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>
}
