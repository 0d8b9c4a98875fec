// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-forward-result-copies))' | FileCheck %s

func.func private @kernel(memref<4xf32>, memref<4xf32>)

// The kernel writes the out-param directly.
// CHECK-LABEL: func.func @forwarded(
// CHECK-SAME: %[[IN:.*]]: memref<4xf32>, %[[OUT:.*]]: memref<4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: call @kernel(%[[IN]], %[[OUT]])
// CHECK-NOT: memref.copy
// CHECK: return
func.func @forwarded(%in: memref<4xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  call @kernel(%in, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  return
}

// The allocation is read after the copy: kept.
// CHECK-LABEL: func.func @read_after_copy(
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @read_after_copy(%in: memref<4xf32>, %out: memref<4xf32>, %out2: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  call @kernel(%in, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  call @kernel(%a, %out2) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// The out-param has another use: kept.
// CHECK-LABEL: func.func @target_used_twice(
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @target_used_twice(%in: memref<4xf32>, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  call @kernel(%in, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  call @kernel(%out, %in) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

func.func private @tiled(memref<4x2x2xf32>)

// A tiled contraction writes its result through expand_shape and copies it
// back through the inverse collapse_shape: the round trip is the
// allocation itself, so the out-param is written directly.
// CHECK-LABEL: func.func @reshape_round_trip(
// CHECK-SAME: %[[OUT:.*]]: memref<4x4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[E:.*]] = memref.expand_shape %[[OUT]]
// CHECK: call @tiled(%[[E]])
// CHECK-NOT: memref.collapse_shape
// CHECK-NOT: memref.copy
// CHECK: return
func.func @reshape_round_trip(%out: memref<4x4xf32>) {
  %a = memref.alloc() : memref<4x4xf32>
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 2, 2] : memref<4x4xf32> into memref<4x2x2xf32>
  call @tiled(%e) : (memref<4x2x2xf32>) -> ()
  %c = memref.collapse_shape %e [[0], [1, 2]] : memref<4x2x2xf32> into memref<4x4xf32>
  memref.copy %c, %out : memref<4x4xf32> to memref<4x4xf32>
  return
}

// A collapse of the allocation (an epilogue fused into a packed
// product's tiles writes its result in the product's panels, [4, 2, 2]
// for [4, 4]): the kernel writes the out-param through an expand_shape.
// CHECK-LABEL: func.func @collapsed_allocation(
// CHECK-SAME: %[[OUT:.*]]: memref<4x4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[E:.*]] = memref.expand_shape %[[OUT]] {{\[}}[0], [1, 2]] output_shape [4, 2, 2]
// CHECK: call @tiled(%[[E]])
// CHECK-NOT: memref.copy
// CHECK: return
func.func @collapsed_allocation(%out: memref<4x4xf32>) {
  %a = memref.alloc() : memref<4x2x2xf32>
  call @tiled(%a) : (memref<4x2x2xf32>) -> ()
  %c = memref.collapse_shape %a [[0], [1, 2]] : memref<4x2x2xf32> into memref<4x4xf32>
  memref.copy %c, %out : memref<4x4xf32> to memref<4x4xf32>
  return
}

// A collapse copied into two out-params: the kernel writes the first, and
// the second is copied from it.
// CHECK-LABEL: func.func @collapsed_twice(
// CHECK-SAME: %[[OUT:.*]]: memref<4x4xf32>, %[[OUT2:.*]]: memref<4x4xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[E:.*]] = memref.expand_shape %[[OUT]]
// CHECK: call @tiled(%[[E]])
// CHECK: %[[C:.*]] = memref.collapse_shape %[[E]]
// CHECK: memref.copy %[[C]], %[[OUT2]]
// CHECK: return
func.func @collapsed_twice(%out: memref<4x4xf32>, %out2: memref<4x4xf32>) {
  %a = memref.alloc() : memref<4x2x2xf32>
  call @tiled(%a) : (memref<4x2x2xf32>) -> ()
  %c = memref.collapse_shape %a [[0], [1, 2]] : memref<4x2x2xf32> into memref<4x4xf32>
  memref.copy %c, %out : memref<4x4xf32> to memref<4x4xf32>
  memref.copy %c, %out2 : memref<4x4xf32> to memref<4x4xf32>
  return
}

// A collapse_shape that is not the inverse (another grouping) is a
// different view: kept.
// CHECK-LABEL: func.func @other_reshape(
// CHECK: memref.alloc
// CHECK: memref.copy
func.func @other_reshape(%out: memref<16xf32>) {
  %a = memref.alloc() : memref<4x4xf32>
  %e = memref.expand_shape %a [[0], [1, 2]] output_shape [4, 2, 2] : memref<4x4xf32> into memref<4x2x2xf32>
  call @tiled(%e) : (memref<4x2x2xf32>) -> ()
  %c = memref.collapse_shape %e [[0, 1, 2]] : memref<4x2x2xf32> into memref<16xf32>
  memref.copy %c, %out : memref<16xf32> to memref<16xf32>
  return
}
