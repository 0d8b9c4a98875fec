// Machine code for a large program is generated in parts on a thread pool
// (lib/Compiler/ParallelCodeGen.cpp). Unfused, this program has over 64
// kernels, so it is split in two: one compile thread or two give the same
// object bytes, the same bytes as the JIT runs, and the same results.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --compile-threads=1 -o %t/one.o
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --compile-threads=2 -o %t/two.o
// RUN: cmp %t/one.o %t/two.o
// RUN: xla-run %s --seed 5 --fusion=false --no-cache --compile-threads=2 --no-print --dump-object %t/jit.o --output-dir %t/two
// RUN: cmp %t/one.o %t/jit.o
// RUN: xla-run %s --seed 5 --fusion=false --no-cache --compile-threads=1 --no-print --expected %t/two/output_0.npy --rtol 0 --atol 0
// The parts are joined into one relocatable object that defines every
// kernel and the entry.
// RUN: llvm-nm --defined-only %t/one.o | FileCheck %s
// CHECK-DAG: T main
// CHECK-DAG: T _xla_packed_main
// CHECK-DAG: loop_exponential_fusion
// CHECK-DAG: loop_tanh_fusion

func.func @main(%x: tensor<256xf32>) -> tensor<256xf32> {
  %v0 = hlo.exponential %x : tensor<256xf32>
  %v1 = hlo.sine %v0 : tensor<256xf32>
  %v2 = hlo.tanh %v1 : tensor<256xf32>
  %v3 = hlo.cosine %v2 : tensor<256xf32>
  %s3 = hlo.add %v3, %x : tensor<256xf32>
  %v4 = hlo.negate %s3 : tensor<256xf32>
  %v5 = hlo.abs %v4 : tensor<256xf32>
  %v6 = hlo.exponential %v5 : tensor<256xf32>
  %v7 = hlo.sine %v6 : tensor<256xf32>
  %s7 = hlo.add %v7, %x : tensor<256xf32>
  %v8 = hlo.tanh %s7 : tensor<256xf32>
  %v9 = hlo.cosine %v8 : tensor<256xf32>
  %v10 = hlo.negate %v9 : tensor<256xf32>
  %v11 = hlo.abs %v10 : tensor<256xf32>
  %s11 = hlo.add %v11, %x : tensor<256xf32>
  %v12 = hlo.exponential %s11 : tensor<256xf32>
  %v13 = hlo.sine %v12 : tensor<256xf32>
  %v14 = hlo.tanh %v13 : tensor<256xf32>
  %v15 = hlo.cosine %v14 : tensor<256xf32>
  %s15 = hlo.add %v15, %x : tensor<256xf32>
  %v16 = hlo.negate %s15 : tensor<256xf32>
  %v17 = hlo.abs %v16 : tensor<256xf32>
  %v18 = hlo.exponential %v17 : tensor<256xf32>
  %v19 = hlo.sine %v18 : tensor<256xf32>
  %s19 = hlo.add %v19, %x : tensor<256xf32>
  %v20 = hlo.tanh %s19 : tensor<256xf32>
  %v21 = hlo.cosine %v20 : tensor<256xf32>
  %v22 = hlo.negate %v21 : tensor<256xf32>
  %v23 = hlo.abs %v22 : tensor<256xf32>
  %s23 = hlo.add %v23, %x : tensor<256xf32>
  %v24 = hlo.exponential %s23 : tensor<256xf32>
  %v25 = hlo.sine %v24 : tensor<256xf32>
  %v26 = hlo.tanh %v25 : tensor<256xf32>
  %v27 = hlo.cosine %v26 : tensor<256xf32>
  %s27 = hlo.add %v27, %x : tensor<256xf32>
  %v28 = hlo.negate %s27 : tensor<256xf32>
  %v29 = hlo.abs %v28 : tensor<256xf32>
  %v30 = hlo.exponential %v29 : tensor<256xf32>
  %v31 = hlo.sine %v30 : tensor<256xf32>
  %s31 = hlo.add %v31, %x : tensor<256xf32>
  %v32 = hlo.tanh %s31 : tensor<256xf32>
  %v33 = hlo.cosine %v32 : tensor<256xf32>
  %v34 = hlo.negate %v33 : tensor<256xf32>
  %v35 = hlo.abs %v34 : tensor<256xf32>
  %s35 = hlo.add %v35, %x : tensor<256xf32>
  %v36 = hlo.exponential %s35 : tensor<256xf32>
  %v37 = hlo.sine %v36 : tensor<256xf32>
  %v38 = hlo.tanh %v37 : tensor<256xf32>
  %v39 = hlo.cosine %v38 : tensor<256xf32>
  %s39 = hlo.add %v39, %x : tensor<256xf32>
  %v40 = hlo.negate %s39 : tensor<256xf32>
  %v41 = hlo.abs %v40 : tensor<256xf32>
  %v42 = hlo.exponential %v41 : tensor<256xf32>
  %v43 = hlo.sine %v42 : tensor<256xf32>
  %s43 = hlo.add %v43, %x : tensor<256xf32>
  %v44 = hlo.tanh %s43 : tensor<256xf32>
  %v45 = hlo.cosine %v44 : tensor<256xf32>
  %v46 = hlo.negate %v45 : tensor<256xf32>
  %v47 = hlo.abs %v46 : tensor<256xf32>
  %s47 = hlo.add %v47, %x : tensor<256xf32>
  %v48 = hlo.exponential %s47 : tensor<256xf32>
  %v49 = hlo.sine %v48 : tensor<256xf32>
  %v50 = hlo.tanh %v49 : tensor<256xf32>
  %v51 = hlo.cosine %v50 : tensor<256xf32>
  %s51 = hlo.add %v51, %x : tensor<256xf32>
  %v52 = hlo.negate %s51 : tensor<256xf32>
  %v53 = hlo.abs %v52 : tensor<256xf32>
  %v54 = hlo.exponential %v53 : tensor<256xf32>
  %v55 = hlo.sine %v54 : tensor<256xf32>
  %s55 = hlo.add %v55, %x : tensor<256xf32>
  %v56 = hlo.tanh %s55 : tensor<256xf32>
  %v57 = hlo.cosine %v56 : tensor<256xf32>
  %v58 = hlo.negate %v57 : tensor<256xf32>
  %v59 = hlo.abs %v58 : tensor<256xf32>
  %s59 = hlo.add %v59, %x : tensor<256xf32>
  %v60 = hlo.exponential %s59 : tensor<256xf32>
  %v61 = hlo.sine %v60 : tensor<256xf32>
  %v62 = hlo.tanh %v61 : tensor<256xf32>
  %v63 = hlo.cosine %v62 : tensor<256xf32>
  %s63 = hlo.add %v63, %x : tensor<256xf32>
  %v64 = hlo.negate %s63 : tensor<256xf32>
  %v65 = hlo.abs %v64 : tensor<256xf32>
  %v66 = hlo.exponential %v65 : tensor<256xf32>
  %v67 = hlo.sine %v66 : tensor<256xf32>
  %s67 = hlo.add %v67, %x : tensor<256xf32>
  %v68 = hlo.tanh %s67 : tensor<256xf32>
  %v69 = hlo.cosine %v68 : tensor<256xf32>
  %v70 = hlo.negate %v69 : tensor<256xf32>
  %v71 = hlo.abs %v70 : tensor<256xf32>
  %s71 = hlo.add %v71, %x : tensor<256xf32>
  return %s71 : tensor<256xf32>
}
