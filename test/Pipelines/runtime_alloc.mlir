// RUN: xla-opt %s --hlo-cpu-pipeline="fusion=false" | FileCheck %s --check-prefix=MALLOC
// RUN: xla-opt %s --hlo-cpu-pipeline="fusion=false runtime-alloc=true" | FileCheck %s --check-prefix=POOL

// Unfused, a + b is a temporary. By default it comes from malloc, so AOT
// objects need nothing but libc; with runtime-alloc the JIT runtime's
// buffer pool provides it, aligned by the pool (the alignment is passed,
// not added to the size, which would move a power-of-two buffer into the
// pool's next size class).
// MALLOC: llvm.call @malloc
// MALLOC: llvm.call @free
// MALLOC-NOT: _mlir_memref_to_llvm
// POOL-NOT: llvm.call @malloc
// POOL: llvm.call @_mlir_memref_to_llvm_aligned_alloc
// POOL: llvm.call @_mlir_memref_to_llvm_free
// POOL-NOT: llvm.call @free
func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = hlo.add %a, %b : tensor<64x64xf32>
  %1 = hlo.exponential %0 : tensor<64x64xf32>
  return %1 : tensor<64x64xf32>
}
