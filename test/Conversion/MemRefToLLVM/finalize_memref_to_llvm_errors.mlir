// xla-finalize-memref-to-llvm on a module that already declares an
// allocation function with another type: a diagnostic that names the
// function and the rule, at its declaration, and a non-zero exit.
// RUN: not xla-opt %s --pass-pipeline='builtin.module(xla-finalize-memref-to-llvm)' 2>&1 | FileCheck %s
// CHECK: finalize_memref_to_llvm_errors.mlir:[[@LINE+1]]:1: error: redefinition of reserved function 'malloc' of different type '!llvm.func<ptr (i32)>' is prohibited
llvm.func @malloc(i32) -> !llvm.ptr

func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
