// RUN: xla-opt %s --split-input-file --xla-reuse-operand-buffers | FileCheck %s

// The gradient kernel may write its result (out-param 2) over input 0,
// which no later op reads: the result takes that buffer. Input 1 is read
// later and keeps its own.
func.func private @produce(%x: memref<8xf32>, %out: memref<8xf32>) {
  return
}
func.func private @grad(%a: memref<8xf32>, %b: memref<8xf32>, %out: memref<8xf32>) attributes {xla.in_place = array<i64: 0, 2, 1, 2>} {
  return
}
func.func private @use(%a: memref<8xf32>, %out: memref<f32>) {
  return
}
// CHECK-LABEL: func.func @dying_input
// CHECK-NEXT: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: call @produce(%arg0, %[[A]])
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT: call @produce(%arg0, %[[B]])
// CHECK-NEXT: call @grad(%[[A]], %[[B]], %[[A]])
// CHECK-NEXT: call @use(%[[A]], %arg1)
// CHECK-NEXT: call @use(%[[B]], %arg1)
// CHECK-NEXT: return
func.func @dying_input(%x: memref<8xf32>, %sum: memref<f32>) {
  %a = memref.alloc() : memref<8xf32>
  call @produce(%x, %a) : (memref<8xf32>, memref<8xf32>) -> ()
  %b = memref.alloc() : memref<8xf32>
  call @produce(%x, %b) : (memref<8xf32>, memref<8xf32>) -> ()
  %c = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  call @grad(%a, %b, %c) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
  call @use(%c, %sum) : (memref<8xf32>, memref<f32>) -> ()
  call @use(%b, %sum) : (memref<8xf32>, memref<f32>) -> ()
  return
}

// -----

// No reuse: an input read after the call, a function argument, an input
// seen through a view, another type, a kernel without pairs, an out-param
// used before the call, and an out-param whose view comes before the
// input's allocation.
func.func private @produce(%x: memref<8xf32>, %out: memref<8xf32>) {
  return
}
func.func private @grad(%a: memref<8xf32>, %out: memref<8xf32>) attributes {xla.in_place = array<i64: 0, 1>} {
  return
}
func.func private @cast(%a: memref<8xf32>, %out: memref<8xf16>) attributes {xla.in_place = array<i64: 0, 1>} {
  return
}
func.func private @plain(%a: memref<8xf32>, %out: memref<8xf32>) {
  return
}
func.func private @use(%a: memref<8xf32>, %out: memref<f32>) {
  return
}
func.func private @use2(%a: memref<2x4xf32>, %out: memref<f32>) {
  return
}
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-9: memref.alloc()
// CHECK-NOT: memref.alloc()
// CHECK: return
func.func @kept(%x: memref<8xf32>, %sum: memref<f32>) {
  %a = memref.alloc() : memref<8xf32>
  call @produce(%x, %a) : (memref<8xf32>, memref<8xf32>) -> ()
  %r1 = memref.alloc() : memref<8xf32>
  call @grad(%a, %r1) : (memref<8xf32>, memref<8xf32>) -> ()
  call @use(%a, %sum) : (memref<8xf32>, memref<f32>) -> ()
  %r2 = memref.alloc() : memref<8xf32>
  call @grad(%x, %r2) : (memref<8xf32>, memref<8xf32>) -> ()
  %r3 = memref.alloc() : memref<8xf32>
  %view = memref.subview %r1[0] [8] [1] : memref<8xf32> to memref<8xf32, strided<[1]>>
  %cast = memref.cast %view : memref<8xf32, strided<[1]>> to memref<8xf32>
  call @grad(%cast, %r3) : (memref<8xf32>, memref<8xf32>) -> ()
  %r4 = memref.alloc() : memref<8xf16>
  call @cast(%r2, %r4) : (memref<8xf32>, memref<8xf16>) -> ()
  %r5 = memref.alloc() : memref<8xf32>
  call @plain(%r3, %r5) : (memref<8xf32>, memref<8xf32>) -> ()
  %r6 = memref.alloc() : memref<8xf32>
  call @produce(%x, %r6) : (memref<8xf32>, memref<8xf32>) -> ()
  call @grad(%r5, %r6) : (memref<8xf32>, memref<8xf32>) -> ()
  %r7 = memref.alloc() : memref<8xf32>
  %shaped = memref.expand_shape %r7 [[0, 1]] output_shape [2, 4] : memref<8xf32> into memref<2x4xf32>
  %r8 = memref.alloc() : memref<8xf32>
  call @produce(%x, %r8) : (memref<8xf32>, memref<8xf32>) -> ()
  call @grad(%r8, %r7) : (memref<8xf32>, memref<8xf32>) -> ()
  call @use2(%shaped, %sum) : (memref<2x4xf32>, memref<f32>) -> ()
  call @use(%r6, %sum) : (memref<8xf32>, memref<f32>) -> ()
  return
}
