// RUN: xla-opt %s --xla-mark-readonly-arguments | FileCheck %s
// RUN: xla-opt %s --xla-mark-readonly-arguments --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF

// Tensor arguments of public functions belong to the caller; private
// functions and non-tensor arguments are left alone.

// CHECK-LABEL: func.func @entry
// CHECK-SAME: (%{{.*}}: tensor<4xf32> {bufferization.writable = false, xla.input}, %{{.*}}: i32)
// CHECK-LABEL: func.func private @helper
// CHECK-SAME: (%{{.*}}: tensor<4xf32>)

// An in-place update of an input becomes a copy into a new buffer.
// BUF-LABEL: func.func @entry
// BUF: memref.alloc
// BUF: memref.copy
// BUF: memref.store
func.func @entry(%a: tensor<4xf32>, %i: i32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %0 = tensor.insert %f into %a[%c0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
