// RUN: xla-opt %s --split-input-file --verify-diagnostics --xla-test-partition-program="parts=2" | FileCheck %s

// Functions go largest first to the lighter part: @kernel_big to part 0,
// then @main, @kernel_small and @helper to part 1. A private global or
// internal function that both parts use becomes a hidden external, a
// global defined in the first part that uses it; every function but the
// entry is hidden. Each part declares what it uses from the other and
// gets its own copy of the declarations it calls.

// CHECK-LABEL: module @part_0 attributes
// CHECK-SAME: xla.externalized = ["table", "helper"]
// CHECK-SAME: xla.imports = ["_mlir_memref_to_llvm_aligned_alloc", "_mlir_memref_to_llvm_free"]
// CHECK-NOT: xla.entry_part
// CHECK-NEXT: llvm.mlir.global external hidden constant @table(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>)
// CHECK-NEXT: llvm.mlir.global private constant @coefficients(dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf32>)
// CHECK-NEXT: llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
// CHECK-NEXT: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// CHECK-NEXT: llvm.func @expf(f32) -> f32
// CHECK-NEXT: llvm.func hidden @helper(f32) -> f32
// CHECK-NEXT: llvm.func hidden @kernel_big(%{{.*}}: !llvm.ptr) {
// CHECK-NOT: llvm.func
// CHECK: module @part_1 attributes {xla.entry_part} {
// CHECK-NEXT: llvm.mlir.global external hidden constant @table() {{.*}}: !llvm.array<2 x f32>
// CHECK-NEXT: llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
// CHECK-NEXT: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// CHECK-NEXT: llvm.func @expf(f32) -> f32
// Nothing uses it: it stays with the entry.
// CHECK-NEXT: llvm.func @unused(f64) -> f64
// CHECK-NEXT: llvm.func hidden @helper(%{{.*}}: f32) -> f32 {
// CHECK: llvm.func hidden @kernel_big(!llvm.ptr)
// CHECK-NEXT: llvm.func hidden @kernel_small(%{{.*}}: !llvm.ptr) {
// CHECK: llvm.func @main(%{{.*}}: !llvm.ptr) {
// CHECK-NOT: llvm.func

module @program {
  llvm.mlir.global private constant @table(dense<[1.0, 2.0]> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>
  llvm.mlir.global private constant @coefficients(dense<[3.0, 4.0]> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>
  llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
  llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
  llvm.func @expf(f32) -> f32
  llvm.func @unused(f64) -> f64
  llvm.func internal @helper(%x: f32) -> f32 {
    %y = llvm.call @expf(%x) : (f32) -> f32
    llvm.return %y : f32
  }
  llvm.func @kernel_big(%out: !llvm.ptr) {
    %table = llvm.mlir.addressof @table : !llvm.ptr
    %coefficients = llvm.mlir.addressof @coefficients : !llvm.ptr
    %a = llvm.load %table : !llvm.ptr -> f32
    %b = llvm.load %coefficients : !llvm.ptr -> f32
    %c = llvm.fmul %a, %b : f32
    %d = llvm.call @helper(%c) : (f32) -> f32
    %e = llvm.call @expf(%d) : (f32) -> f32
    %size = llvm.mlir.constant(64 : i64) : i64
    %buffer = llvm.call @_mlir_memref_to_llvm_aligned_alloc(%size, %size) : (i64, i64) -> !llvm.ptr
    llvm.store %e, %buffer : f32, !llvm.ptr
    %f = llvm.load %buffer : !llvm.ptr -> f32
    llvm.call @_mlir_memref_to_llvm_free(%buffer) : (!llvm.ptr) -> ()
    %g = llvm.fadd %f, %e : f32
    %h = llvm.fadd %g, %g : f32
    llvm.store %h, %out : f32, !llvm.ptr
    llvm.return
  }
  llvm.func @kernel_small(%out: !llvm.ptr) {
    %table = llvm.mlir.addressof @table : !llvm.ptr
    %a = llvm.load %table : !llvm.ptr -> f32
    llvm.store %a, %out : f32, !llvm.ptr
    llvm.return
  }
  llvm.func @main(%out: !llvm.ptr) {
    %size = llvm.mlir.constant(64 : i64) : i64
    %buffer = llvm.call @_mlir_memref_to_llvm_aligned_alloc(%size, %size) : (i64, i64) -> !llvm.ptr
    llvm.call @kernel_big(%buffer) : (!llvm.ptr) -> ()
    llvm.call @kernel_small(%out) : (!llvm.ptr) -> ()
    %x = llvm.load %buffer : !llvm.ptr -> f32
    %y = llvm.call @helper(%x) : (f32) -> f32
    llvm.store %y, %out : f32, !llvm.ptr
    llvm.call @_mlir_memref_to_llvm_free(%buffer) : (!llvm.ptr) -> ()
    llvm.return
  }
}

// -----

// Global constructors tie functions to a list: such a program is compiled
// as one module.
// expected-error @+1 {{the program cannot be split into parts}}
module @constructors {
  llvm.func @init() {
    llvm.return
  }
  llvm.mlir.global_ctors ctors = [@init], priorities = [0 : i32], data = [#llvm.zero]
  llvm.func @main() {
    llvm.return
  }
}

// -----

// An initializer region may name other symbols.
// expected-error @+1 {{the program cannot be split into parts}}
module @initializer {
  llvm.mlir.global internal @pointer() {addr_space = 0 : i32} : !llvm.ptr {
    %0 = llvm.mlir.addressof @main : !llvm.ptr
    llvm.return %0 : !llvm.ptr
  }
  llvm.func @main() {
    llvm.return
  }
}

// -----

// Kernels that contain equal parallel regions share a part, where the
// regions, outlined by translation, are merged: @kernel_a and @kernel_c
// (7 ops each, a group of 14) go first, to part 0. By size alone, @big
// (10) and @other (8) would have gone first, and the two kernels to
// different parts.

// CHECK-LABEL: module @part_0
// CHECK-NOT: module
// CHECK: llvm.func hidden @kernel_a(
// CHECK-NOT: module
// CHECK: llvm.func hidden @kernel_c(
// CHECK: module @part_1
// CHECK-NOT: llvm.func hidden @kernel_{{a|c}}(%
// CHECK: llvm.func hidden @big(%
// CHECK-NOT: llvm.func hidden @kernel_{{a|c}}(%

module @shared_regions {
  llvm.func @big(%out: !llvm.ptr) {
    %0 = llvm.mlir.constant(1.0 : f32) : f32
    %1 = llvm.fadd %0, %0 : f32
    %2 = llvm.fadd %1, %1 : f32
    %3 = llvm.fadd %2, %2 : f32
    %4 = llvm.fadd %3, %3 : f32
    %5 = llvm.fadd %4, %4 : f32
    %6 = llvm.fadd %5, %5 : f32
    llvm.store %6, %out : f32, !llvm.ptr
    llvm.return
  }
  llvm.func @kernel_a(%out: !llvm.ptr) {
    %0 = llvm.mlir.constant(2.0 : f32) : f32
    omp.parallel {
      %1 = llvm.fmul %0, %0 : f32
      llvm.store %1, %out : f32, !llvm.ptr
      omp.terminator
    }
    llvm.return
  }
  llvm.func @other(%out: !llvm.ptr) {
    %0 = llvm.mlir.constant(3.0 : f32) : f32
    %1 = llvm.fadd %0, %0 : f32
    %2 = llvm.fadd %1, %1 : f32
    %3 = llvm.fadd %2, %2 : f32
    %4 = llvm.fadd %3, %3 : f32
    llvm.store %4, %out : f32, !llvm.ptr
    llvm.return
  }
  llvm.func @kernel_c(%out: !llvm.ptr) {
    %0 = llvm.mlir.constant(4.0 : f32) : f32
    omp.parallel {
      %1 = llvm.fmul %0, %0 : f32
      llvm.store %1, %out : f32, !llvm.ptr
      omp.terminator
    }
    llvm.return
  }
  llvm.func @main(%out: !llvm.ptr) {
    llvm.call @big(%out) : (!llvm.ptr) -> ()
    llvm.call @kernel_a(%out) : (!llvm.ptr) -> ()
    llvm.call @other(%out) : (!llvm.ptr) -> ()
    llvm.call @kernel_c(%out) : (!llvm.ptr) -> ()
    llvm.return
  }
}
