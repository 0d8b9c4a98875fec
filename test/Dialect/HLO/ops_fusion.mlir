// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// hlo.fusion prints, parses and round-trips through the generic form, for
// each kind.

// CHECK-LABEL: func @loop
// CHECK: hlo.fusion "loop_multiply_fusion" kind(loop) (%{{.*}}, %{{.*}}) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
// CHECK: ^bb0(%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>):
// CHECK: hlo.add %[[A]], %[[B]]
// CHECK: hlo.return
func.func @loop(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.fusion "loop_multiply_fusion" kind(loop) (%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %0 = hlo.add %a, %b : tensor<4xf32>
    %1 = hlo.multiply %0, %a : tensor<4xf32>
    hlo.return %1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func @input
// CHECK: hlo.fusion "input_reduce_fusion" kind(input)
func.func @input(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %r = hlo.fusion "input_reduce_fusion" kind(input) (%x) : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %e = hlo.exponential %a : tensor<4x8xf32>
    %s = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func @output
// CHECK: hlo.fusion "output_dot_general_fusion" kind(output)
func.func @output(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %b: tensor<2xf32>) -> tensor<4x2xf32> {
  %r = hlo.fusion "output_dot_general_fusion" kind(output) (%x, %w, %b) : (tensor<4x8xf32>, tensor<8x2xf32>, tensor<2xf32>) -> tensor<4x2xf32> {
  ^bb0(%a: tensor<4x8xf32>, %c: tensor<8x2xf32>, %d: tensor<2xf32>):
    %0 = hlo.dot_general %a, %c, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
    %1 = hlo.broadcast_in_dim %d, dims = [1] : (tensor<2xf32>) -> tensor<4x2xf32>
    %2 = hlo.add %0, %1 : tensor<4x2xf32>
    hlo.return %2 : tensor<4x2xf32>
  }
  return %r : tensor<4x2xf32>
}

// CHECK-LABEL: func @multi_output
// CHECK: hlo.fusion "multi_output_add_fusion" kind(multi_output) (%{{.*}}) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
func.func @multi_output(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = hlo.fusion "multi_output_add_fusion" kind(multi_output) (%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    %0 = hlo.negate %a : tensor<4xf32>
    %1 = hlo.add %0, %a : tensor<4xf32>
    hlo.return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
