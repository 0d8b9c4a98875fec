// The JIT runs the object the ahead-of-time path writes: for the same
// target and options, `xla-run --dump-object` and `xla-translate --emit=obj`
// produce identical bytes (the driver builds both, Compiler/Compiler.h).
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 3 --no-print --dump-object %t/jit.o
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true -o %t/aot.o
// RUN: cmp %t/jit.o %t/aot.o
// The same with another target (SSE2 only: it runs on any x86-64 host) and
// other options on both sides.
// RUN: xla-run %s --seed 3 --no-print --target=cpu=x86-64 --fusion=false --dump-object %t/jit128.o
// RUN: xla-translate %s --emit=obj --runtime-alloc=true --parallel-loops=true --target=cpu=x86-64 --fusion=false -o %t/aot128.o
// RUN: cmp %t/jit128.o %t/aot128.o
// RUN: not cmp -s %t/jit.o %t/jit128.o

// The target decides the tile width for every tool: haswell has 256-bit
// vectors, skylake-avx512 512-bit ones. (The program is large enough for
// its tiles to be spread over cores, so --parallel-loops matters.)
// RUN: xla-translate %s --emit=llvmir --target=cpu=haswell | FileCheck %s --check-prefix=AVX2
// RUN: xla-translate %s --emit=llvmir --target=cpu=skylake-avx512 | FileCheck %s --check-prefix=AVX512
// AVX2: fmul <8 x float>
// AVX2-NOT: <16 x float>
// AVX512: fmul <16 x float>

// Objects for C programs default to plain loops and malloc (libc only);
// the JIT and shared libraries to OpenMP and the buffer pool.
// RUN: xla-translate %s --emit=llvmir | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: __kmpc_fork_call
// PLAIN-NOT: _xla_import_
// RUN: xla-run %s --seed 3 --no-print --dump-llvm %t/jit.ll
// RUN: FileCheck %s --check-prefix=JIT < %t/jit.ll
// JIT: __kmpc_fork_call

// Bad overrides are reported, not ignored.
// RUN: not xla-translate %s --emit=llvmir --target=cpu=pentium9 2>&1 | FileCheck %s --check-prefix=BADCPU
// BADCPU: unknown CPU 'pentium9'
// RUN: not xla-run %s --target=cores=0 2>&1 | FileCheck %s --check-prefix=BADVALUE
// BADVALUE: --target: bad value '0' for cores
// RUN: not xla-run %s --target=speed=9 2>&1 | FileCheck %s --check-prefix=BADKEY
// BADKEY: --target: unknown key 'speed'

func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = hlo.multiply %a, %b : tensor<512x512xf32>
  %1 = hlo.exponential %0 : tensor<512x512xf32>
  return %1 : tensor<512x512xf32>
}
