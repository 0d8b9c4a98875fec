// A program compiled in parts that each allocate through the runtime
// (lib/Transforms/PartitionProgram.cpp, lib/Compiler/ParallelCodeGen.cpp):
// twelve products, each with its own epilogue, are twelve kernels whose
// packing buffers come from the buffer pool. The program is split into two
// parts before translation; the entry's part defines the runtime's import
// slots and the others declare the slots they call through. The JIT, the
// object and a shared library (the cache's) run the same code: the same
// results, bit for bit, and the same results unfused.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 3 --no-cache --no-print --dump-to %t/dump --output-dir %t/jit --dump-object %t/jit.o
// RUN: ls %t/dump/parts | FileCheck %s --check-prefix=PARTS
// PARTS: part_0.mlir
// PARTS-NEXT: part_1.mlir
// PARTS-NOT: part_
// RUN: FileCheck %s --check-prefix=KERNELS < %t/dump/parts/part_0.mlir
// KERNELS: llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
// KERNELS: llvm.func hidden @output_dot_general_fusion{{.*}} {
// KERNELS: llvm.call @_mlir_memref_to_llvm_aligned_alloc
// KERNELS-NOT: llvm.func @main
// RUN: FileCheck %s --check-prefix=ENTRY < %t/dump/parts/part_1.mlir
// ENTRY-DAG: llvm.func hidden @output_dot_general_fusion{{[_0-9]*}}(!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr)
// ENTRY-DAG: llvm.func @main(
// Each import slot is defined once, in the entry's part, and the parts
// join into one object.
// RUN: llvm-nm %t/jit.o | FileCheck %s --check-prefix=SLOTS
// SLOTS-DAG: B _xla_import__mlir_memref_to_llvm_aligned_alloc
// SLOTS-DAG: B _xla_import__mlir_memref_to_llvm_free
// SLOTS-DAG: T main
// RUN: xla-translate %s --emit=obj --parallel-loops=true --runtime-alloc=true -o %t/translated.o
// RUN: cmp %t/jit.o %t/translated.o
// A shared library exports the slots for the loader: a miss compiles and
// links one into the cache, a hit loads it without compiling.
// RUN: xla-run %s --seed 3 --cache-dir %t/cache --no-print --expected %t/jit/output_0.npy --rtol 0 --atol 0 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: xla-run %s --seed 3 --cache-dir %t/cache --no-print --time --runs 1 --expected %t/jit/output_0.npy --rtol 0 --atol 0 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: llvm-nm -D --defined-only %t/cache/*.so | FileCheck %s --check-prefix=SLOTS
// MATCH: output 0 matches
// HIT: (compilation cache: hit)
// HIT: output 0 matches
// RUN: xla-run %s --seed 3 --no-cache --no-print --compare-unfused 2>&1 | FileCheck %s --check-prefix=UNFUSED
// UNFUSED: agree

func.func @main(%x: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %c = hlo.constant dense<[-0.50, -0.25, 0.00, 0.25, 0.50, 0.75, 1.00, -0.50, -0.25, 0.00, 0.25, 0.50, 0.75, 1.00, -0.50, -0.25]> : tensor<16xf32>
  %cb = hlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<16x16xf32>
  %d0 = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s0 = hlo.constant dense<1.0000> : tensor<16x16xf32>
  %e0 = hlo.multiply %cb, %s0 : tensor<16x16xf32>
  %v0 = hlo.add %d0, %e0 : tensor<16x16xf32>
  %d1 = hlo.dot_general %v0, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s1 = hlo.constant dense<1.0625> : tensor<16x16xf32>
  %e1 = hlo.multiply %cb, %s1 : tensor<16x16xf32>
  %v1 = hlo.add %d1, %e1 : tensor<16x16xf32>
  %d2 = hlo.dot_general %v1, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s2 = hlo.constant dense<1.1250> : tensor<16x16xf32>
  %e2 = hlo.multiply %cb, %s2 : tensor<16x16xf32>
  %v2 = hlo.add %d2, %e2 : tensor<16x16xf32>
  %d3 = hlo.dot_general %v2, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s3 = hlo.constant dense<1.1875> : tensor<16x16xf32>
  %e3 = hlo.multiply %cb, %s3 : tensor<16x16xf32>
  %v3 = hlo.add %d3, %e3 : tensor<16x16xf32>
  %d4 = hlo.dot_general %v3, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s4 = hlo.constant dense<1.2500> : tensor<16x16xf32>
  %e4 = hlo.multiply %cb, %s4 : tensor<16x16xf32>
  %v4 = hlo.add %d4, %e4 : tensor<16x16xf32>
  %d5 = hlo.dot_general %v4, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s5 = hlo.constant dense<1.3125> : tensor<16x16xf32>
  %e5 = hlo.multiply %cb, %s5 : tensor<16x16xf32>
  %v5 = hlo.add %d5, %e5 : tensor<16x16xf32>
  %d6 = hlo.dot_general %v5, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s6 = hlo.constant dense<1.3750> : tensor<16x16xf32>
  %e6 = hlo.multiply %cb, %s6 : tensor<16x16xf32>
  %v6 = hlo.add %d6, %e6 : tensor<16x16xf32>
  %d7 = hlo.dot_general %v6, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s7 = hlo.constant dense<1.4375> : tensor<16x16xf32>
  %e7 = hlo.multiply %cb, %s7 : tensor<16x16xf32>
  %v7 = hlo.add %d7, %e7 : tensor<16x16xf32>
  %d8 = hlo.dot_general %v7, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s8 = hlo.constant dense<1.5000> : tensor<16x16xf32>
  %e8 = hlo.multiply %cb, %s8 : tensor<16x16xf32>
  %v8 = hlo.add %d8, %e8 : tensor<16x16xf32>
  %d9 = hlo.dot_general %v8, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s9 = hlo.constant dense<1.5625> : tensor<16x16xf32>
  %e9 = hlo.multiply %cb, %s9 : tensor<16x16xf32>
  %v9 = hlo.add %d9, %e9 : tensor<16x16xf32>
  %d10 = hlo.dot_general %v9, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s10 = hlo.constant dense<1.6250> : tensor<16x16xf32>
  %e10 = hlo.multiply %cb, %s10 : tensor<16x16xf32>
  %v10 = hlo.add %d10, %e10 : tensor<16x16xf32>
  %d11 = hlo.dot_general %v10, %w, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %s11 = hlo.constant dense<1.6875> : tensor<16x16xf32>
  %e11 = hlo.multiply %cb, %s11 : tensor<16x16xf32>
  %v11 = hlo.add %d11, %e11 : tensor<16x16xf32>
  return %v11 : tensor<16x16xf32>
}
