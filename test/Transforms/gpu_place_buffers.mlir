// RUN: xla-opt %s --xla-gpu-place-buffers | FileCheck %s

memref.global "private" constant @bias : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func private @kernel(memref<4xf32>, memref<4xf32>, memref<4xf32>)

// Inputs (xla.input) are copied to device buffers at the start, out-params
// are computed in device buffers and copied out before the return, and a
// constant passed to a kernel function is uploaded first.
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[IN:.*]]: memref<4xf32> {xla.input}, %[[OUT:.*]]: memref<4xf32>)
// CHECK:         %[[DIN:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    gpu.memcpy %[[DIN]], %[[IN]]
// CHECK-NEXT:    %[[DOUT:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         %[[G:.*]] = memref.get_global @bias
// CHECK:         %[[DG:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    gpu.memcpy %[[DG]], %[[G]]
// CHECK-NEXT:    call @kernel(%[[DIN]], %[[DG]], %[[DOUT]])
// CHECK-NEXT:    gpu.memcpy %[[OUT]], %[[DOUT]]
// CHECK-NEXT:    return
func.func @main(%in: memref<4xf32> {xla.input}, %out: memref<4xf32>) {
  %g = memref.get_global @bias : memref<4xf32>
  call @kernel(%in, %g, %out) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  return
}

// Private functions (kernels) take device buffers from their callers.
// CHECK-LABEL: func.func private @helper(
// CHECK-NOT:     gpu.memcpy
// CHECK:         return
func.func private @helper(%a: memref<4xf32>) {
  return
}
