// RUN: xla-opt %s --xla-place-constant-globals | FileCheck %s
// RUN: xla-opt %s --xla-place-constant-globals --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUFFERS

// The globals of tensor constants are created in program order (the first
// function's first; each goes to the top of the module, so they read in
// reverse), one per distinct value and type; bufferization then reuses them
// instead of creating its own in its visiting order.
// CHECK: memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<[3, 4]> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<2.000000e+00> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<1.000000e+00> {alignment = 64 : i64}
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func private @first
// CHECK: arith.constant dense<1.000000e+00> : tensor<4xf32>
// BUFFERS-COUNT-3: memref.global
// BUFFERS-NOT: memref.global
// BUFFERS-LABEL: func.func private @first
// BUFFERS: memref.get_global @__constant_4xf32 :
// BUFFERS-LABEL: func.func private @second
// BUFFERS: memref.get_global @__constant_4xf32_0 :
// BUFFERS: memref.get_global @__constant_2xi32 :
// BUFFERS: memref.get_global @__constant_4xf32 :
func.func private @first() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}
func.func private @second() -> (tensor<4xf32>, tensor<2xi32>, tensor<4xf32>) {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %i = arith.constant dense<[3, 4]> : tensor<2xi32>
  %same = arith.constant dense<1.0> : tensor<4xf32>
  return %c, %i, %same : tensor<4xf32>, tensor<2xi32>, tensor<4xf32>
}
func.func @main() -> (tensor<4xf32>, tensor<4xf32>, tensor<2xi32>, tensor<4xf32>) {
  %a = call @first() : () -> tensor<4xf32>
  %b:3 = call @second() : () -> (tensor<4xf32>, tensor<2xi32>, tensor<4xf32>)
  return %a, %b#0, %b#1, %b#2 : tensor<4xf32>, tensor<4xf32>, tensor<2xi32>, tensor<4xf32>
}
