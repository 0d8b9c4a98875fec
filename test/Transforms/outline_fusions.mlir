// RUN: xla-opt %s --hlo-outline-fusions | FileCheck %s

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
