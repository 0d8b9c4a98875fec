// RUN: xla-opt %s --split-input-file --hlo-outline-fusions | FileCheck %s
// RUN: xla-opt %s --split-input-file --hlo-outline-fusions=share=false | FileCheck %s --check-prefix=NOSHARE

// Each fusion becomes a private noinline function named after it (renamed
// where the name is taken) and a call.

// CHECK: func.func private @loop_negate_fusion(%[[A:.*]]: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"], xla.fusion_kind = "loop"} {
// CHECK-NEXT: %[[N:.*]] = hlo.negate %[[A]]
// CHECK-NEXT: return %[[N]]
// CHECK: func.func private @input_reduce_fusion_0(
// CHECK-SAME: xla.fusion_kind = "input"
// CHECK: hlo.reduce
// CHECK: func.func @main
// CHECK: %[[R:.*]] = call @loop_negate_fusion(%arg0)
// CHECK: call @input_reduce_fusion_0(%[[R]])
func.func @main(%x: tensor<4xf32>) -> tensor<f32> {
  %0 = hlo.fusion "loop_negate_fusion" kind(loop) (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %n = hlo.negate %a : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  %1 = hlo.fusion "input_reduce_fusion" kind(input) (%0) : (tensor<4xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<4xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.reduce(%a init: %zero) applies hlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %1 : tensor<f32>
}

// CHECK: func.func private @input_reduce_fusion(
func.func private @input_reduce_fusion(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

// -----

// Fusions that compute the same thing (two layers) are calls of one
// function, whatever their locations; one that differs in a constant, a
// type or its kind gets its own. `share=false` outlines each.
// CHECK-LABEL: func.func private @loop_add_fusion(
// CHECK-SAME: xla.fusions = ["loop_add_fusion", "loop_add_fusion_1"]
// CHECK: func.func private @loop_add_fusion_2(
// CHECK-NOT: xla.fusions
// CHECK: func.func private @loop_add_fusion_3(
// CHECK-LABEL: func.func @layers
// CHECK: %[[A:.*]] = call @loop_add_fusion(%arg0, %arg1)
// CHECK: %[[B:.*]] = call @loop_add_fusion(%[[A]], %arg1)
// CHECK: %[[C:.*]] = call @loop_add_fusion_2(%[[B]], %arg1)
// CHECK: call @loop_add_fusion_3(%arg2, %arg2)
// NOSHARE-COUNT-4: func.func private @loop_add_fusion
// NOSHARE-NOT: xla.fusions
func.func @layers(%x: tensor<4xf32>, %b: tensor<4xf32>, %h: tensor<4xf16>) -> (tensor<4xf32>, tensor<4xf16>) {
  %0 = hlo.fusion "loop_add_fusion" kind(loop) (%x, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %one = hlo.constant dense<1.0> : tensor<4xf32>
    %s = hlo.add %p, %q : tensor<4xf32> loc("layer0.mlir":1:1)
    %t = hlo.add %s, %one : tensor<4xf32>
    hlo.return %t : tensor<4xf32>
  }
  %1 = hlo.fusion "loop_add_fusion_1" kind(loop) (%0, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %one = hlo.constant dense<1.0> : tensor<4xf32>
    %s = hlo.add %p, %q : tensor<4xf32> loc("layer1.mlir":2:2)
    %t = hlo.add %s, %one : tensor<4xf32>
    hlo.return %t : tensor<4xf32>
  }
  %2 = hlo.fusion "loop_add_fusion_2" kind(loop) (%1, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %two = hlo.constant dense<2.0> : tensor<4xf32>
    %s = hlo.add %p, %q : tensor<4xf32>
    %t = hlo.add %s, %two : tensor<4xf32>
    hlo.return %t : tensor<4xf32>
  }
  %3 = hlo.fusion "loop_add_fusion_3" kind(loop) (%h, %h) : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16> {
  ^bb0(%p: tensor<4xf16>, %q: tensor<4xf16>):
    %one = hlo.constant dense<1.0> : tensor<4xf16>
    %s = hlo.add %p, %q : tensor<4xf16>
    %t = hlo.add %s, %one : tensor<4xf16>
    hlo.return %t : tensor<4xf16>
  }
  return %2, %3 : tensor<4xf32>, tensor<4xf16>
}

// -----

// The same ops on the operands in another order are another kernel.
// CHECK-LABEL: func.func private @loop_subtract_fusion(
// CHECK: func.func private @loop_subtract_fusion_1(
// CHECK: call @loop_subtract_fusion(
// CHECK: call @loop_subtract_fusion_1(
func.func @swapped(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.fusion "loop_subtract_fusion" kind(loop) (%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %s = hlo.subtract %p, %q : tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  %1 = hlo.fusion "loop_subtract_fusion_1" kind(loop) (%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %s = hlo.subtract %q, %p : tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
