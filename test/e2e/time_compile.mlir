// --time-compile prints, on stderr, the time of each compile stage with
// every MLIR pass under "MLIR passes", then the functions (kernels, named
// after their fusions) that took longest in MLIR passes and LLVM's
// optimizer, then every LLVM optimization pass, slowest first, with the
// functions, loops or parts it ran on, then the parts of the program in
// the order they started, each with its size, thread, start and time. It
// changes no code: the object is the same with and without.
// RUN: xla-run %s --no-cache --time-compile 2>&1 >/dev/null | FileCheck %s --check-prefixes=STAGES,JIT
// RUN: xla-translate %s --emit=shared --time-compile -o %t.so 2>&1 | FileCheck %s --check-prefixes=STAGES,AOT
// RUN: xla-translate %s --emit=obj -o %t.timed.o --time-compile 2>/dev/null
// RUN: xla-translate %s --emit=obj -o %t.plain.o
// RUN: cmp %t.timed.o %t.plain.o
// A cache hit compiles nothing; the report shows the lookup.
// RUN: rm -rf %t.cache
// RUN: xla-run %s --cache-dir %t.cache > /dev/null
// RUN: xla-run %s --cache-dir %t.cache --time-compile 2>&1 >/dev/null | FileCheck %s --check-prefix=HIT

// STAGES: ===- compile time -===
// AOT: parse and verify
// STAGES: import and signature
// STAGES: MLIR passes
// STAGES-NEXT: CheckTensorSizesPass
// STAGES: HLOPlanFusionPass
// STAGES: TileAndVectorizePass
// Without complex numbers in the program, no complex lowering walks it.
// STAGES-NOT: ConvertComplex
// STAGES: ConvertFuncToLLVMPass
// STAGES: translation to LLVM IR
// STAGES: LLVM optimization
// STAGES: code generation
// JIT: JIT link and load
// AOT: shared library
// STAGES: Total
// STAGES: ===- slowest functions ({{[0-9]+}} of {{[0-9]+}}), seconds -===
// STAGES-NEXT: total  MLIR passes  LLVM opt  function
// STAGES-DAG: {{[0-9.]+ +[0-9.]+ +[0-9.]+}}  input_reduce_fusion
// STAGES-DAG: {{[0-9.]+ +[0-9.]+ +[0-9.]+}}  loop_exponential_fusion
// STAGES: ===- LLVM optimization passes ({{[0-9]+}}), slowest first -===
// STAGES-NEXT: seconds   runs  pass
// STAGES-DAG: {{^ +[0-9.]+ +[0-9]+}}  InstCombinePass
// STAGES-DAG: {{^ +[0-9.]+ +[0-9]+}}  SROAPass
// Pass managers and adaptors are no lines of their own.
// STAGES-NOT: PassManager
// STAGES-NOT: Adaptor
// STAGES: ===- parts (1) on 1 threads: span {{[0-9.]+}} s, busy {{[0-9.]+}} s -===
// STAGES-NEXT: part    size  thread     start   seconds
// STAGES-NEXT: {{^ +0 +[0-9]+ +0 +0.0000 +[0-9.]+$}}

// HIT: cache lookup and load
// HIT-NOT: MLIR passes
// HIT: Total

func.func @main(%x: tensor<64x256xf32>) -> (tensor<64xf32>, tensor<64x256xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1]
      : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %e = hlo.exponential %x : tensor<64x256xf32>
  return %sum, %e : tensor<64xf32>, tensor<64x256xf32>
}
