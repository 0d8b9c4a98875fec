// xla-finalize-memref-to-llvm: upstream finalize-memref-to-llvm's patterns,
// with the globals and the declarations of what the ops call made first,
// then the functions converted on all cores. The declarations are those
// upstream makes, in the same order; one no op calls (a contiguous copy
// is a memcpy) is erased. With the runtime's allocation functions the copy
// it declared is the runtime's too, xla_rt_memref_copy.
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(xla-finalize-memref-to-llvm{use-generic-functions=1 use-aligned-alloc=1})' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(xla-finalize-memref-to-llvm)' | FileCheck %s --check-prefix=MALLOC
// Threads change nothing.
// RUN: xla-opt %s --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(xla-finalize-memref-to-llvm{use-generic-functions=1 use-aligned-alloc=1})' | FileCheck %s
// The result is upstream's pass's, op for op, but for that name.
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(xla-finalize-memref-to-llvm{use-generic-functions=1 use-aligned-alloc=1})' | sed 's/@xla_rt_memref_copy/@memrefCopy/' > %t.ours
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(finalize-memref-to-llvm{use-generic-functions=1 use-aligned-alloc=1})' > %t.upstream
// RUN: diff %t.ours %t.upstream
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(xla-finalize-memref-to-llvm)' > %t.ours-malloc
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(finalize-memref-to-llvm)' > %t.upstream-malloc
// RUN: diff %t.ours-malloc %t.upstream-malloc

// CHECK-LABEL: module
// CHECK-NEXT: llvm.func @xla_rt_memref_copy(i64, !llvm.ptr, !llvm.ptr)
// CHECK-NEXT: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// CHECK-NEXT: llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
// CHECK-NEXT: llvm.mlir.global private constant @table(dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>)
// MALLOC-LABEL: module
// MALLOC-NEXT: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
// MALLOC-NEXT: llvm.func @free(!llvm.ptr)
// MALLOC-NEXT: llvm.func @malloc(i64) -> !llvm.ptr
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// CHECK-LABEL: func.func @scale(
// CHECK-NOT: memref.
// CHECK: llvm.mlir.addressof @table
// CHECK: llvm.call @_mlir_memref_to_llvm_aligned_alloc
// CHECK: "llvm.intr.memcpy"
// CHECK: llvm.load
// CHECK: llvm.store
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// MALLOC-LABEL: func.func @scale(
// MALLOC: llvm.call @malloc
// MALLOC: llvm.call @free
func.func @scale(%out: memref<4xf32>) {
  %t = memref.get_global @table : memref<4xf32>
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  memref.copy %t, %tmp : memref<4xf32> to memref<4xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %tmp[%c0] : memref<4xf32>
  memref.store %v, %out[%c0] : memref<4xf32>
  memref.dealloc %tmp : memref<4xf32>
  return
}

// An allocation without an alignment of its own: its size comes from the
// data layout (each task has its own).
// CHECK-LABEL: func.func @unaligned(
// CHECK-NOT: memref.
// CHECK: llvm.call @_mlir_memref_to_llvm_aligned_alloc
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// MALLOC-LABEL: func.func @unaligned(
// MALLOC: llvm.call @malloc
func.func @unaligned(%n: index) {
  %tmp = memref.alloc() : memref<3xi16>
  memref.dealloc %tmp : memref<3xi16>
  return
}

// A column is no contiguous buffer: memrefCopy copies it.
// CHECK-LABEL: func.func @strided(
// CHECK: llvm.call @xla_rt_memref_copy
// MALLOC-LABEL: func.func @strided(
// MALLOC: llvm.call @memrefCopy
func.func @strided(%in: memref<4x4xf32>, %out: memref<4xf32>) {
  %col = memref.subview %in[0, 1] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: 1>>
  memref.copy %col, %out : memref<4xf32, strided<[4], offset: 1>> to memref<4xf32>
  return
}

// -----

// Only contiguous copies: no memrefCopy, and nothing to allocate or free.
// CHECK-LABEL: module
// CHECK-NOT: llvm.func @
// CHECK-LABEL: func.func @contiguous(
// CHECK: "llvm.intr.memcpy"
// CHECK-NOT: memrefCopy
// MALLOC-LABEL: module
// MALLOC-NOT: llvm.func @
func.func @contiguous(%in: memref<8xf32>, %out: memref<8xf32>) {
  memref.copy %in, %out : memref<8xf32> to memref<8xf32>
  return
}

// -----

// A memrefCopy declared before the pass stays, called or not, and keeps
// its name.
// CHECK-LABEL: module
// CHECK-NEXT: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: func.func @declared(
// CHECK: "llvm.intr.memcpy"
// MALLOC-LABEL: module
// MALLOC-NEXT: llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
llvm.func @memrefCopy(i64, !llvm.ptr, !llvm.ptr)
func.func @declared(%in: memref<8xf32>, %out: memref<8xf32>) {
  memref.copy %in, %out : memref<8xf32> to memref<8xf32>
  return
}
