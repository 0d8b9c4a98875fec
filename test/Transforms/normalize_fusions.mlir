// RUN: xla-opt %s --split-input-file --hlo-normalize-fusions | FileCheck %s
// RUN: xla-opt %s --split-input-file --hlo-normalize-fusions --hlo-outline-fusions | FileCheck %s --check-prefix=SHARED

// Independent ops in another order, and the operands in another order:
// the ops are put in post-order from the result, the operands in the
// order that walk reads them, and the two layers share a kernel.
// CHECK-LABEL: func.func @order
// CHECK: hlo.fusion "loop_fusion" kind(loop) (%arg0, %arg1, %arg2)
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[M:.*]] = hlo.multiply %[[A]], %[[B]]
// CHECK-NEXT: %[[E:.*]] = hlo.exponential %[[C]]
// CHECK-NEXT: %[[S:.*]] = hlo.add %[[M]], %[[E]]
// CHECK-NEXT: hlo.return %[[S]]
// CHECK: hlo.fusion "loop_fusion_1" kind(loop) (%arg0, %arg1, %arg2)
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[M:.*]] = hlo.multiply %[[A]], %[[B]]
// CHECK-NEXT: %[[E:.*]] = hlo.exponential %[[C]]
// CHECK-NEXT: %[[S:.*]] = hlo.add %[[M]], %[[E]]
// CHECK-NEXT: hlo.return %[[S]]
// SHARED-LABEL: func.func private @loop_fusion(
// SHARED-SAME: xla.fusions = ["loop_fusion", "loop_fusion_1"]
// SHARED-NOT: func.func private
// SHARED: call @loop_fusion(%arg0, %arg1, %arg2)
// SHARED: call @loop_fusion(%arg0, %arg1, %arg2)
func.func @order(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.fusion "loop_fusion" kind(loop) (%x, %y, %z) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>):
    %m = hlo.multiply %a, %b : tensor<4xf32>
    %e = hlo.exponential %c : tensor<4xf32>
    %s = hlo.add %m, %e : tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  %1 = hlo.fusion "loop_fusion_1" kind(loop) (%z, %x, %y) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%c: tensor<4xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>):
    %e = hlo.exponential %c : tensor<4xf32>
    %m = hlo.multiply %a, %b : tensor<4xf32>
    %s = hlo.add %m, %e : tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A bias broadcast from 1x1x4 in one layer and from 4 through 1x1x4 in the
// next: the broadcasts compose and the operand loses its unit dimensions,
// reshaped by the caller (through the reshape that made it).
// CHECK-LABEL: func.func @bias
// CHECK: %[[R:.*]] = hlo.reshape %arg1 : (tensor<1x1x4xf32>) -> tensor<4xf32>
// CHECK: hlo.fusion "loop_fusion" kind(loop) (%arg0, %[[R]])
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2x3x4xf32>, %[[B:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[S:.*]] = hlo.broadcast_in_dim %[[B]], dims = [2] : (tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: hlo.add %[[X]], %[[S]]
// CHECK: hlo.fusion "loop_fusion_1" kind(loop) (%arg0, %arg2)
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2x3x4xf32>, %[[B:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[S:.*]] = hlo.broadcast_in_dim %[[B]], dims = [2] : (tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: hlo.add %[[X]], %[[S]]
// CHECK-NOT: hlo.broadcast_in_dim
// CHECK: hlo.fusion "loop_fusion_2" kind(loop) (%arg0, %arg2)
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2x3x4xf32>, %[[B:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[S:.*]] = hlo.broadcast_in_dim %[[B]], dims = [2] : (tensor<4xf32>) -> tensor<2x3x4xf32>
// SHARED-LABEL: func.func private @loop_fusion(
// SHARED-SAME: xla.fusions = ["loop_fusion", "loop_fusion_1", "loop_fusion_2"]
func.func @bias(%x: tensor<2x3x4xf32>, %b3: tensor<1x1x4xf32>, %b: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = hlo.fusion "loop_fusion" kind(loop) (%x, %b3) : (tensor<2x3x4xf32>, tensor<1x1x4xf32>) -> tensor<2x3x4xf32> {
  ^bb0(%a: tensor<2x3x4xf32>, %c: tensor<1x1x4xf32>):
    %s = hlo.broadcast_in_dim %c, dims = [0, 1, 2] : (tensor<1x1x4xf32>) -> tensor<2x3x4xf32>
    %t = hlo.add %a, %s : tensor<2x3x4xf32>
    hlo.return %t : tensor<2x3x4xf32>
  }
  %1 = hlo.fusion "loop_fusion_1" kind(loop) (%x, %b) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32> {
  ^bb0(%a: tensor<2x3x4xf32>, %c: tensor<4xf32>):
    %r = hlo.broadcast_in_dim %c, dims = [2] : (tensor<4xf32>) -> tensor<1x1x4xf32>
    %s = hlo.broadcast_in_dim %r, dims = [0, 1, 2] : (tensor<1x1x4xf32>) -> tensor<2x3x4xf32>
    %t = hlo.add %a, %s : tensor<2x3x4xf32>
    hlo.return %t : tensor<2x3x4xf32>
  }
  // The caller's reshape of the bias is looked through.
  %r = hlo.reshape %b : (tensor<4xf32>) -> tensor<1x4xf32>
  %2 = hlo.fusion "loop_fusion_2" kind(loop) (%x, %r) : (tensor<2x3x4xf32>, tensor<1x4xf32>) -> tensor<2x3x4xf32> {
  ^bb0(%a: tensor<2x3x4xf32>, %c: tensor<1x4xf32>):
    %s = hlo.broadcast_in_dim %c, dims = [0, 2] : (tensor<1x4xf32>) -> tensor<2x3x4xf32>
    %t = hlo.add %a, %s : tensor<2x3x4xf32>
    hlo.return %t : tensor<2x3x4xf32>
  }
  return %0, %1, %2 : tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// An operand that is only reshaped is reshaped by the caller, so a sum
// over the unit dimensions of 1x1x4 reads the same whether the operand
// came as 4 or as 1x1x4. A reshape of a reshape is one.
// CHECK-LABEL: func.func @reshaped
// CHECK: %[[R:.*]] = hlo.reshape %arg0 : (tensor<4xf32>) -> tensor<1x1x4xf32>
// CHECK: hlo.fusion "input_reduce_fusion" kind(input) (%[[R]])
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<1x1x4xf32>):
// CHECK-NEXT: hlo.constant
// CHECK-NEXT: hlo.reduce(%[[A]]
// CHECK: hlo.fusion "input_reduce_fusion_1" kind(input) (%arg1)
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<1x1x4xf32>):
// CHECK-NEXT: hlo.constant
// CHECK-NEXT: hlo.reduce(%[[A]]
// SHARED-LABEL: func.func private @input_reduce_fusion(
// SHARED-SAME: xla.fusions = ["input_reduce_fusion", "input_reduce_fusion_1"]
func.func @reshaped(%v: tensor<4xf32>, %w: tensor<1x1x4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.fusion "input_reduce_fusion" kind(input) (%v) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %f = hlo.reshape %a : (tensor<4xf32>) -> tensor<1x4xf32>
    %r = hlo.reshape %f : (tensor<1x4xf32>) -> tensor<1x1x4xf32>
    %s = hlo.reduce(%r init: %zero) applies hlo.add across dimensions = [0, 1] : (tensor<1x1x4xf32>, tensor<f32>) -> tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  %1 = hlo.fusion "input_reduce_fusion_1" kind(input) (%w) : (tensor<1x1x4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<1x1x4xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.reduce(%a init: %zero) applies hlo.add across dimensions = [0, 1] : (tensor<1x1x4xf32>, tensor<f32>) -> tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// An operand passed twice is passed once; an unused one, and the ops that
// compute nothing the fusion returns, are dropped.
// CHECK-LABEL: func.func @operands
// CHECK: hlo.fusion "loop_fusion" kind(loop) (%arg0)
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[S:.*]] = hlo.add %[[A]], %[[A]]
// CHECK-NEXT: hlo.return %[[S]]
func.func @operands(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.fusion "loop_fusion" kind(loop) (%y, %x, %x) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%u: tensor<4xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>):
    %dead = hlo.negate %u : tensor<4xf32>
    %s = hlo.add %a, %b : tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// A multi-output fusion keeps its results in order; the walk starts from
// the first.
// CHECK-LABEL: func.func @results
// CHECK: hlo.fusion "multi_output_fusion" kind(multi_output) (%arg1, %arg0)
// CHECK-NEXT: ^bb0(%[[Y:.*]]: tensor<4xf32>, %[[X:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[N:.*]] = hlo.negate %[[Y]]
// CHECK-NEXT: %[[E:.*]] = hlo.exponential %[[X]]
// CHECK-NEXT: hlo.return %[[N]], %[[E]]
func.func @results(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = hlo.fusion "multi_output_fusion" kind(multi_output) (%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %e = hlo.exponential %a : tensor<4xf32>
    %n = hlo.negate %b : tensor<4xf32>
    hlo.return %n, %e : tensor<4xf32>, tensor<4xf32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
