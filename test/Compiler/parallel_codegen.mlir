// Machine code for a large program is generated in parts on a thread pool
// (lib/Compiler/ParallelCodeGen.cpp). Unfused, this program has 96
// kernels (90 scalings, each by its own constant, so none shares another's
// code, and six transcendental ones, each shared by 15 calls), enough
// instructions to be optimized and compiled in parts: one compile thread or
// two give the same object bytes, the same bytes as the JIT runs, and the
// same results.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --compile-threads=1 -o %t/one.o
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --compile-threads=2 -o %t/two.o
// RUN: cmp %t/one.o %t/two.o
// RUN: xla-run %s --seed 5 --fusion=false --no-cache --compile-threads=2 --no-print --dump-object %t/jit.o --output-dir %t/two
// RUN: cmp %t/one.o %t/jit.o
// RUN: xla-run %s --seed 5 --fusion=false --no-cache --compile-threads=1 --no-print --expected %t/two/output_0.npy --rtol 0 --atol 0
// One part per core of the target, of at least about 1000 ops each: one
// for one core, two for two, three for three, and four (of its 4444 ops)
// for eight. --time-compile lists them.
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --target=cores=1 --time-compile -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONECORE
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --target=cores=2 --time-compile -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWOCORES
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --target=cores=3 --time-compile -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREECORES
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --target=cores=8 --time-compile -o /dev/null 2>&1 | FileCheck %s --check-prefix=EIGHTCORES
// ONECORE: ===- parts (1) on 1 threads
// TWOCORES: ===- parts (2) on {{[0-9]+}} threads
// THREECORES: ===- parts (3) on {{[0-9]+}} threads
// EIGHTCORES: ===- parts (4) on {{[0-9]+}} threads
// Each part is optimized and compiled in one go; --time-compile shows the
// two under one stage, and timing changes no byte.
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --fusion=false --time-compile -o %t/timed.o 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: cmp %t/one.o %t/timed.o
// The kernels take bare pointers, so no interprocedural removal of
// descriptor arguments runs first: the LLVM-dialect program is split
// (lib/Compiler/PartitionProgram.cpp), and each part is translated to LLVM
// IR on its own thread.
// STAGES-NOT: dead arguments
// STAGES: partitioning
// STAGES-NOT: splitting into parts
// STAGES: LLVM optimization and code generation
// STAGES-DAG: {{^ +[0-9.]+ \( *[0-9.]+%\) +[0-9.]+ \( *[0-9.]+%\)    translation to LLVM IR$}}
// STAGES-DAG: {{^ +[0-9.]+ \( *[0-9.]+%\) +[0-9.]+ \( *[0-9.]+%\)    LLVM optimization$}}
// STAGES-DAG: {{^ +[0-9.]+ \( *[0-9.]+%\) +[0-9.]+ \( *[0-9.]+%\)    code generation$}}
// STAGES: joining the parts
// An object needs no optimized module: the parts are not linked back.
// STAGES-NOT: linking the optimized parts
// The optimized parts are linked back into one module for dumps and
// --emit=llvmir: the kernels take one pointer per buffer
// (xla-bare-pointer-kernels) and keep their names.
// RUN: xla-translate %s --emit=llvmir --runtime-alloc=true --parallel-loops=true --fusion=false -o - | FileCheck %s --check-prefix=IR
// RUN: xla-translate %s --emit=llvmir --runtime-alloc=true --parallel-loops=true --fusion=false --time-compile -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINKED
// LLVM IR alone needs no machine code: the parts are optimized and linked.
// LINKED: partitioning
// LINKED-NEXT: LLVM optimization
// LINKED-NEXT: translation to LLVM IR
// LINKED-NOT: code generation
// LINKED: linking the optimized parts
// IR-DAG: define void @main(
// IR-DAG: define void @_xla_packed_main(
// IR-DAG: define hidden void @loop_exponential_fusion(ptr {{[^,]*}}, ptr {{[^,]*}})
// IR-DAG: define hidden void @loop_tanh_fusion(ptr {{[^,]*}}, ptr {{[^,]*}})
// The parts are joined into one relocatable object that defines every
// kernel and the entry.
// RUN: llvm-nm --defined-only %t/one.o | FileCheck %s
// The kernels are hidden: a shared library exports only the entries.
// RUN: xla-translate %s --emit=shared --fusion=false -o %t/lib.so
// RUN: llvm-nm -D --defined-only %t/lib.so | FileCheck %s --check-prefix=EXPORTS
// EXPORTS-DAG: T main
// EXPORTS-DAG: T _xla_packed_main
// EXPORTS-NOT: fusion
// CHECK-DAG: T main
// CHECK-DAG: T _xla_packed_main
// CHECK-DAG: loop_exponential_fusion
// CHECK-DAG: loop_tanh_fusion

func.func @main(%x: tensor<256xf32>) -> tensor<256xf32> {
  %v0 = hlo.exponential %x : tensor<256xf32>
  %c0 = hlo.constant dense<1.0078125> : tensor<256xf32>
  %s0 = hlo.multiply %v0, %c0 : tensor<256xf32>
  %v1 = hlo.sine %s0 : tensor<256xf32>
  %c1 = hlo.constant dense<1.0156250> : tensor<256xf32>
  %s1 = hlo.multiply %v1, %c1 : tensor<256xf32>
  %v2 = hlo.tanh %s1 : tensor<256xf32>
  %c2 = hlo.constant dense<1.0234375> : tensor<256xf32>
  %s2 = hlo.multiply %v2, %c2 : tensor<256xf32>
  %v3 = hlo.cosine %s2 : tensor<256xf32>
  %c3 = hlo.constant dense<1.0312500> : tensor<256xf32>
  %s3 = hlo.multiply %v3, %c3 : tensor<256xf32>
  %v4 = hlo.negate %s3 : tensor<256xf32>
  %c4 = hlo.constant dense<1.0390625> : tensor<256xf32>
  %s4 = hlo.multiply %v4, %c4 : tensor<256xf32>
  %v5 = hlo.abs %s4 : tensor<256xf32>
  %c5 = hlo.constant dense<1.0468750> : tensor<256xf32>
  %s5 = hlo.multiply %v5, %c5 : tensor<256xf32>
  %v6 = hlo.exponential %s5 : tensor<256xf32>
  %c6 = hlo.constant dense<1.0546875> : tensor<256xf32>
  %s6 = hlo.multiply %v6, %c6 : tensor<256xf32>
  %v7 = hlo.sine %s6 : tensor<256xf32>
  %c7 = hlo.constant dense<1.0625000> : tensor<256xf32>
  %s7 = hlo.multiply %v7, %c7 : tensor<256xf32>
  %v8 = hlo.tanh %s7 : tensor<256xf32>
  %c8 = hlo.constant dense<1.0703125> : tensor<256xf32>
  %s8 = hlo.multiply %v8, %c8 : tensor<256xf32>
  %v9 = hlo.cosine %s8 : tensor<256xf32>
  %c9 = hlo.constant dense<1.0781250> : tensor<256xf32>
  %s9 = hlo.multiply %v9, %c9 : tensor<256xf32>
  %v10 = hlo.negate %s9 : tensor<256xf32>
  %c10 = hlo.constant dense<1.0859375> : tensor<256xf32>
  %s10 = hlo.multiply %v10, %c10 : tensor<256xf32>
  %v11 = hlo.abs %s10 : tensor<256xf32>
  %c11 = hlo.constant dense<1.0937500> : tensor<256xf32>
  %s11 = hlo.multiply %v11, %c11 : tensor<256xf32>
  %v12 = hlo.exponential %s11 : tensor<256xf32>
  %c12 = hlo.constant dense<1.1015625> : tensor<256xf32>
  %s12 = hlo.multiply %v12, %c12 : tensor<256xf32>
  %v13 = hlo.sine %s12 : tensor<256xf32>
  %c13 = hlo.constant dense<1.1093750> : tensor<256xf32>
  %s13 = hlo.multiply %v13, %c13 : tensor<256xf32>
  %v14 = hlo.tanh %s13 : tensor<256xf32>
  %c14 = hlo.constant dense<1.1171875> : tensor<256xf32>
  %s14 = hlo.multiply %v14, %c14 : tensor<256xf32>
  %v15 = hlo.cosine %s14 : tensor<256xf32>
  %c15 = hlo.constant dense<1.1250000> : tensor<256xf32>
  %s15 = hlo.multiply %v15, %c15 : tensor<256xf32>
  %v16 = hlo.negate %s15 : tensor<256xf32>
  %c16 = hlo.constant dense<1.1328125> : tensor<256xf32>
  %s16 = hlo.multiply %v16, %c16 : tensor<256xf32>
  %v17 = hlo.abs %s16 : tensor<256xf32>
  %c17 = hlo.constant dense<1.1406250> : tensor<256xf32>
  %s17 = hlo.multiply %v17, %c17 : tensor<256xf32>
  %v18 = hlo.exponential %s17 : tensor<256xf32>
  %c18 = hlo.constant dense<1.1484375> : tensor<256xf32>
  %s18 = hlo.multiply %v18, %c18 : tensor<256xf32>
  %v19 = hlo.sine %s18 : tensor<256xf32>
  %c19 = hlo.constant dense<1.1562500> : tensor<256xf32>
  %s19 = hlo.multiply %v19, %c19 : tensor<256xf32>
  %v20 = hlo.tanh %s19 : tensor<256xf32>
  %c20 = hlo.constant dense<1.1640625> : tensor<256xf32>
  %s20 = hlo.multiply %v20, %c20 : tensor<256xf32>
  %v21 = hlo.cosine %s20 : tensor<256xf32>
  %c21 = hlo.constant dense<1.1718750> : tensor<256xf32>
  %s21 = hlo.multiply %v21, %c21 : tensor<256xf32>
  %v22 = hlo.negate %s21 : tensor<256xf32>
  %c22 = hlo.constant dense<1.1796875> : tensor<256xf32>
  %s22 = hlo.multiply %v22, %c22 : tensor<256xf32>
  %v23 = hlo.abs %s22 : tensor<256xf32>
  %c23 = hlo.constant dense<1.1875000> : tensor<256xf32>
  %s23 = hlo.multiply %v23, %c23 : tensor<256xf32>
  %v24 = hlo.exponential %s23 : tensor<256xf32>
  %c24 = hlo.constant dense<1.1953125> : tensor<256xf32>
  %s24 = hlo.multiply %v24, %c24 : tensor<256xf32>
  %v25 = hlo.sine %s24 : tensor<256xf32>
  %c25 = hlo.constant dense<1.2031250> : tensor<256xf32>
  %s25 = hlo.multiply %v25, %c25 : tensor<256xf32>
  %v26 = hlo.tanh %s25 : tensor<256xf32>
  %c26 = hlo.constant dense<1.2109375> : tensor<256xf32>
  %s26 = hlo.multiply %v26, %c26 : tensor<256xf32>
  %v27 = hlo.cosine %s26 : tensor<256xf32>
  %c27 = hlo.constant dense<1.2187500> : tensor<256xf32>
  %s27 = hlo.multiply %v27, %c27 : tensor<256xf32>
  %v28 = hlo.negate %s27 : tensor<256xf32>
  %c28 = hlo.constant dense<1.2265625> : tensor<256xf32>
  %s28 = hlo.multiply %v28, %c28 : tensor<256xf32>
  %v29 = hlo.abs %s28 : tensor<256xf32>
  %c29 = hlo.constant dense<1.2343750> : tensor<256xf32>
  %s29 = hlo.multiply %v29, %c29 : tensor<256xf32>
  %v30 = hlo.exponential %s29 : tensor<256xf32>
  %c30 = hlo.constant dense<1.2421875> : tensor<256xf32>
  %s30 = hlo.multiply %v30, %c30 : tensor<256xf32>
  %v31 = hlo.sine %s30 : tensor<256xf32>
  %c31 = hlo.constant dense<1.2500000> : tensor<256xf32>
  %s31 = hlo.multiply %v31, %c31 : tensor<256xf32>
  %v32 = hlo.tanh %s31 : tensor<256xf32>
  %c32 = hlo.constant dense<1.2578125> : tensor<256xf32>
  %s32 = hlo.multiply %v32, %c32 : tensor<256xf32>
  %v33 = hlo.cosine %s32 : tensor<256xf32>
  %c33 = hlo.constant dense<1.2656250> : tensor<256xf32>
  %s33 = hlo.multiply %v33, %c33 : tensor<256xf32>
  %v34 = hlo.negate %s33 : tensor<256xf32>
  %c34 = hlo.constant dense<1.2734375> : tensor<256xf32>
  %s34 = hlo.multiply %v34, %c34 : tensor<256xf32>
  %v35 = hlo.abs %s34 : tensor<256xf32>
  %c35 = hlo.constant dense<1.2812500> : tensor<256xf32>
  %s35 = hlo.multiply %v35, %c35 : tensor<256xf32>
  %v36 = hlo.exponential %s35 : tensor<256xf32>
  %c36 = hlo.constant dense<1.2890625> : tensor<256xf32>
  %s36 = hlo.multiply %v36, %c36 : tensor<256xf32>
  %v37 = hlo.sine %s36 : tensor<256xf32>
  %c37 = hlo.constant dense<1.2968750> : tensor<256xf32>
  %s37 = hlo.multiply %v37, %c37 : tensor<256xf32>
  %v38 = hlo.tanh %s37 : tensor<256xf32>
  %c38 = hlo.constant dense<1.3046875> : tensor<256xf32>
  %s38 = hlo.multiply %v38, %c38 : tensor<256xf32>
  %v39 = hlo.cosine %s38 : tensor<256xf32>
  %c39 = hlo.constant dense<1.3125000> : tensor<256xf32>
  %s39 = hlo.multiply %v39, %c39 : tensor<256xf32>
  %v40 = hlo.negate %s39 : tensor<256xf32>
  %c40 = hlo.constant dense<1.3203125> : tensor<256xf32>
  %s40 = hlo.multiply %v40, %c40 : tensor<256xf32>
  %v41 = hlo.abs %s40 : tensor<256xf32>
  %c41 = hlo.constant dense<1.3281250> : tensor<256xf32>
  %s41 = hlo.multiply %v41, %c41 : tensor<256xf32>
  %v42 = hlo.exponential %s41 : tensor<256xf32>
  %c42 = hlo.constant dense<1.3359375> : tensor<256xf32>
  %s42 = hlo.multiply %v42, %c42 : tensor<256xf32>
  %v43 = hlo.sine %s42 : tensor<256xf32>
  %c43 = hlo.constant dense<1.3437500> : tensor<256xf32>
  %s43 = hlo.multiply %v43, %c43 : tensor<256xf32>
  %v44 = hlo.tanh %s43 : tensor<256xf32>
  %c44 = hlo.constant dense<1.3515625> : tensor<256xf32>
  %s44 = hlo.multiply %v44, %c44 : tensor<256xf32>
  %v45 = hlo.cosine %s44 : tensor<256xf32>
  %c45 = hlo.constant dense<1.3593750> : tensor<256xf32>
  %s45 = hlo.multiply %v45, %c45 : tensor<256xf32>
  %v46 = hlo.negate %s45 : tensor<256xf32>
  %c46 = hlo.constant dense<1.3671875> : tensor<256xf32>
  %s46 = hlo.multiply %v46, %c46 : tensor<256xf32>
  %v47 = hlo.abs %s46 : tensor<256xf32>
  %c47 = hlo.constant dense<1.3750000> : tensor<256xf32>
  %s47 = hlo.multiply %v47, %c47 : tensor<256xf32>
  %v48 = hlo.exponential %s47 : tensor<256xf32>
  %c48 = hlo.constant dense<1.3828125> : tensor<256xf32>
  %s48 = hlo.multiply %v48, %c48 : tensor<256xf32>
  %v49 = hlo.sine %s48 : tensor<256xf32>
  %c49 = hlo.constant dense<1.3906250> : tensor<256xf32>
  %s49 = hlo.multiply %v49, %c49 : tensor<256xf32>
  %v50 = hlo.tanh %s49 : tensor<256xf32>
  %c50 = hlo.constant dense<1.3984375> : tensor<256xf32>
  %s50 = hlo.multiply %v50, %c50 : tensor<256xf32>
  %v51 = hlo.cosine %s50 : tensor<256xf32>
  %c51 = hlo.constant dense<1.4062500> : tensor<256xf32>
  %s51 = hlo.multiply %v51, %c51 : tensor<256xf32>
  %v52 = hlo.negate %s51 : tensor<256xf32>
  %c52 = hlo.constant dense<1.4140625> : tensor<256xf32>
  %s52 = hlo.multiply %v52, %c52 : tensor<256xf32>
  %v53 = hlo.abs %s52 : tensor<256xf32>
  %c53 = hlo.constant dense<1.4218750> : tensor<256xf32>
  %s53 = hlo.multiply %v53, %c53 : tensor<256xf32>
  %v54 = hlo.exponential %s53 : tensor<256xf32>
  %c54 = hlo.constant dense<1.4296875> : tensor<256xf32>
  %s54 = hlo.multiply %v54, %c54 : tensor<256xf32>
  %v55 = hlo.sine %s54 : tensor<256xf32>
  %c55 = hlo.constant dense<1.4375000> : tensor<256xf32>
  %s55 = hlo.multiply %v55, %c55 : tensor<256xf32>
  %v56 = hlo.tanh %s55 : tensor<256xf32>
  %c56 = hlo.constant dense<1.4453125> : tensor<256xf32>
  %s56 = hlo.multiply %v56, %c56 : tensor<256xf32>
  %v57 = hlo.cosine %s56 : tensor<256xf32>
  %c57 = hlo.constant dense<1.4531250> : tensor<256xf32>
  %s57 = hlo.multiply %v57, %c57 : tensor<256xf32>
  %v58 = hlo.negate %s57 : tensor<256xf32>
  %c58 = hlo.constant dense<1.4609375> : tensor<256xf32>
  %s58 = hlo.multiply %v58, %c58 : tensor<256xf32>
  %v59 = hlo.abs %s58 : tensor<256xf32>
  %c59 = hlo.constant dense<1.4687500> : tensor<256xf32>
  %s59 = hlo.multiply %v59, %c59 : tensor<256xf32>
  %v60 = hlo.exponential %s59 : tensor<256xf32>
  %c60 = hlo.constant dense<1.4765625> : tensor<256xf32>
  %s60 = hlo.multiply %v60, %c60 : tensor<256xf32>
  %v61 = hlo.sine %s60 : tensor<256xf32>
  %c61 = hlo.constant dense<1.4843750> : tensor<256xf32>
  %s61 = hlo.multiply %v61, %c61 : tensor<256xf32>
  %v62 = hlo.tanh %s61 : tensor<256xf32>
  %c62 = hlo.constant dense<1.4921875> : tensor<256xf32>
  %s62 = hlo.multiply %v62, %c62 : tensor<256xf32>
  %v63 = hlo.cosine %s62 : tensor<256xf32>
  %c63 = hlo.constant dense<1.5000000> : tensor<256xf32>
  %s63 = hlo.multiply %v63, %c63 : tensor<256xf32>
  %v64 = hlo.negate %s63 : tensor<256xf32>
  %c64 = hlo.constant dense<1.5078125> : tensor<256xf32>
  %s64 = hlo.multiply %v64, %c64 : tensor<256xf32>
  %v65 = hlo.abs %s64 : tensor<256xf32>
  %c65 = hlo.constant dense<1.5156250> : tensor<256xf32>
  %s65 = hlo.multiply %v65, %c65 : tensor<256xf32>
  %v66 = hlo.exponential %s65 : tensor<256xf32>
  %c66 = hlo.constant dense<1.5234375> : tensor<256xf32>
  %s66 = hlo.multiply %v66, %c66 : tensor<256xf32>
  %v67 = hlo.sine %s66 : tensor<256xf32>
  %c67 = hlo.constant dense<1.5312500> : tensor<256xf32>
  %s67 = hlo.multiply %v67, %c67 : tensor<256xf32>
  %v68 = hlo.tanh %s67 : tensor<256xf32>
  %c68 = hlo.constant dense<1.5390625> : tensor<256xf32>
  %s68 = hlo.multiply %v68, %c68 : tensor<256xf32>
  %v69 = hlo.cosine %s68 : tensor<256xf32>
  %c69 = hlo.constant dense<1.5468750> : tensor<256xf32>
  %s69 = hlo.multiply %v69, %c69 : tensor<256xf32>
  %v70 = hlo.negate %s69 : tensor<256xf32>
  %c70 = hlo.constant dense<1.5546875> : tensor<256xf32>
  %s70 = hlo.multiply %v70, %c70 : tensor<256xf32>
  %v71 = hlo.abs %s70 : tensor<256xf32>
  %c71 = hlo.constant dense<1.5625000> : tensor<256xf32>
  %s71 = hlo.multiply %v71, %c71 : tensor<256xf32>
  %v72 = hlo.exponential %s71 : tensor<256xf32>
  %c72 = hlo.constant dense<1.5703125> : tensor<256xf32>
  %s72 = hlo.multiply %v72, %c72 : tensor<256xf32>
  %v73 = hlo.sine %s72 : tensor<256xf32>
  %c73 = hlo.constant dense<1.5781250> : tensor<256xf32>
  %s73 = hlo.multiply %v73, %c73 : tensor<256xf32>
  %v74 = hlo.tanh %s73 : tensor<256xf32>
  %c74 = hlo.constant dense<1.5859375> : tensor<256xf32>
  %s74 = hlo.multiply %v74, %c74 : tensor<256xf32>
  %v75 = hlo.cosine %s74 : tensor<256xf32>
  %c75 = hlo.constant dense<1.5937500> : tensor<256xf32>
  %s75 = hlo.multiply %v75, %c75 : tensor<256xf32>
  %v76 = hlo.negate %s75 : tensor<256xf32>
  %c76 = hlo.constant dense<1.6015625> : tensor<256xf32>
  %s76 = hlo.multiply %v76, %c76 : tensor<256xf32>
  %v77 = hlo.abs %s76 : tensor<256xf32>
  %c77 = hlo.constant dense<1.6093750> : tensor<256xf32>
  %s77 = hlo.multiply %v77, %c77 : tensor<256xf32>
  %v78 = hlo.exponential %s77 : tensor<256xf32>
  %c78 = hlo.constant dense<1.6171875> : tensor<256xf32>
  %s78 = hlo.multiply %v78, %c78 : tensor<256xf32>
  %v79 = hlo.sine %s78 : tensor<256xf32>
  %c79 = hlo.constant dense<1.6250000> : tensor<256xf32>
  %s79 = hlo.multiply %v79, %c79 : tensor<256xf32>
  %v80 = hlo.tanh %s79 : tensor<256xf32>
  %c80 = hlo.constant dense<1.6328125> : tensor<256xf32>
  %s80 = hlo.multiply %v80, %c80 : tensor<256xf32>
  %v81 = hlo.cosine %s80 : tensor<256xf32>
  %c81 = hlo.constant dense<1.6406250> : tensor<256xf32>
  %s81 = hlo.multiply %v81, %c81 : tensor<256xf32>
  %v82 = hlo.negate %s81 : tensor<256xf32>
  %c82 = hlo.constant dense<1.6484375> : tensor<256xf32>
  %s82 = hlo.multiply %v82, %c82 : tensor<256xf32>
  %v83 = hlo.abs %s82 : tensor<256xf32>
  %c83 = hlo.constant dense<1.6562500> : tensor<256xf32>
  %s83 = hlo.multiply %v83, %c83 : tensor<256xf32>
  %v84 = hlo.exponential %s83 : tensor<256xf32>
  %c84 = hlo.constant dense<1.6640625> : tensor<256xf32>
  %s84 = hlo.multiply %v84, %c84 : tensor<256xf32>
  %v85 = hlo.sine %s84 : tensor<256xf32>
  %c85 = hlo.constant dense<1.6718750> : tensor<256xf32>
  %s85 = hlo.multiply %v85, %c85 : tensor<256xf32>
  %v86 = hlo.tanh %s85 : tensor<256xf32>
  %c86 = hlo.constant dense<1.6796875> : tensor<256xf32>
  %s86 = hlo.multiply %v86, %c86 : tensor<256xf32>
  %v87 = hlo.cosine %s86 : tensor<256xf32>
  %c87 = hlo.constant dense<1.6875000> : tensor<256xf32>
  %s87 = hlo.multiply %v87, %c87 : tensor<256xf32>
  %v88 = hlo.negate %s87 : tensor<256xf32>
  %c88 = hlo.constant dense<1.6953125> : tensor<256xf32>
  %s88 = hlo.multiply %v88, %c88 : tensor<256xf32>
  %v89 = hlo.abs %s88 : tensor<256xf32>
  %c89 = hlo.constant dense<1.7031250> : tensor<256xf32>
  %s89 = hlo.multiply %v89, %c89 : tensor<256xf32>
  return %s89 : tensor<256xf32>
}
