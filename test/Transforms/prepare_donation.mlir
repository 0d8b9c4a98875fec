// RUN: xla-opt %s --split-input-file --xla-prepare-donation --verify-diagnostics | FileCheck %s

// The update kernel is the last reader of %w and may write its result over
// it (xla.in_place pairs argument 0 with out-param 2): nothing changes.
func.func private @update(%w: memref<8xf32>, %g: memref<8xf32>, %out: memref<8xf32>) attributes {xla.in_place = array<i64: 0, 2>} {
  return
}
func.func private @read(%x: memref<8xf32>, %out: memref<f32>) {
  return
}
// CHECK-LABEL: func.func @in_place
// CHECK-NEXT: call @read(%arg0, %arg3)
// CHECK-NEXT: call @update(%arg0, %arg1, %arg2)
// CHECK-NEXT: return
func.func @in_place(%w: memref<8xf32> {xla.input, xla.aliased_result = 0 : i64}, %g: memref<8xf32> {xla.input}, %new: memref<8xf32>, %sum: memref<f32>) {
  call @read(%w, %sum) : (memref<8xf32>, memref<f32>) -> ()
  call @update(%w, %g, %new) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
  return
}

// An input that is read after the result is written, or by a kernel that
// does not promise element-wise access, or through a view: the result goes
// to a buffer of its own, copied into the out-param at the end.
// CHECK-LABEL: func.func @read_after
// CHECK-NEXT: %[[OWN:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT: call @update(%arg0, %arg1, %[[OWN]])
// CHECK-NEXT: call @read(%arg0, %arg3)
// CHECK-NEXT: memref.copy %[[OWN]], %arg2
// CHECK-NEXT: return
func.func @read_after(%w: memref<8xf32> {xla.input, xla.aliased_result = 0 : i64}, %g: memref<8xf32> {xla.input}, %new: memref<8xf32>, %sum: memref<f32>) {
  call @update(%w, %g, %new) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
  call @read(%w, %sum) : (memref<8xf32>, memref<f32>) -> ()
  return
}
// CHECK-LABEL: func.func @wrong_pair
// CHECK-NEXT: %[[OWN:.*]] = memref.alloc()
// CHECK-NEXT: call @update(%arg1, %arg0, %[[OWN]])
// CHECK-NEXT: memref.copy %[[OWN]], %arg2
func.func @wrong_pair(%w: memref<8xf32> {xla.input, xla.aliased_result = 0 : i64}, %g: memref<8xf32> {xla.input}, %new: memref<8xf32>) {
  call @update(%g, %w, %new) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
  return
}
// CHECK-LABEL: func.func @through_a_view
// CHECK: memref.alloc()
// CHECK: memref.copy
func.func @through_a_view(%w: memref<8xf32> {xla.input, xla.aliased_result = 0 : i64}, %g: memref<8xf32> {xla.input}, %new: memref<8xf32>) {
  %v = memref.cast %w : memref<8xf32> to memref<8xf32>
  call @update(%v, %g, %new) : (memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
  return
}

// -----

// A result that is its input unchanged is a copy onto itself when donated;
// a copy of something else after the last read needs nothing either.
// CHECK-LABEL: func.func @unchanged
// CHECK-NOT: memref.alloc
// CHECK: memref.copy %arg0, %arg1
// CHECK-NEXT: memref.copy %arg0, %arg2
func.func @unchanged(%w: memref<8xf32> {xla.input, xla.aliased_result = 0 : i64}, %out0: memref<8xf32>, %out1: memref<8xf32>) {
  memref.copy %w, %out0 : memref<8xf32> to memref<8xf32>
  memref.copy %w, %out1 : memref<8xf32> to memref<8xf32>
  return
}

// -----

// expected-error @+1 {{'func.func' op argument 0: xla.aliased_result = 3 names no out-param of the argument's type}}
func.func @bad(%w: memref<8xf32> {xla.input, xla.aliased_result = 3 : i64}, %out: memref<8xf32>) {
  return
}
