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
