// A shared library from `xla-translate --emit=shared` runs in a process
// that links the runtime and no LLVM or MLIR (xla-load-artifact, see
// test/Runtime/LoadArtifact.cpp): checks report through the runtime, whose
// functions the library imports through pointers (ABI/EntryABI.h).
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-translate %s --emit=shared -o %t/prog.so
// RUN: not xla-load-artifact %t/prog.so 2> %t/err.txt | FileCheck %s
// RUN: FileCheck %s --check-prefix=CHECKFAIL < %t/err.txt
// RUN: readelf -d %t/prog.so | FileCheck %s --check-prefix=LIB
// RUN: readelf -d xla-load-artifact | FileCheck %s --check-prefix=LOADER

// Inputs are 1, 2, 3, ...: sum = 2a, prod = a*a.
// CHECK: output 0: tensor<2x3xf32>
// CHECK-NEXT: 2.0 4.0 6.0 8.0 10.0 12.0
// CHECK: output 1: tensor<2x3xi32>
// CHECK-NEXT: 1 4 9 16 25 36

// The second check fails on purpose, with its location.
// CHECKFAIL: load_artifact.mlir:{{[0-9]+}}:3: error: check.expect_eq failed: 1 of 6 elements differ

// The library names no runtime (it imports through pointers) and the
// loader no LLVM or MLIR library.
// LIB-NOT: NEEDED{{.*}}(LLVM|MLIR|xla)
// LOADER-NOT: NEEDED{{.*}}LLVM
// LOADER-NOT: NEEDED{{.*}}MLIR

// A strided copy is the runtime's too (xla_rt_memref_copy, an import), not
// MLIR's C runner utilities' memrefCopy, which would need libMLIR.so and
// libLLVM.so where the artifact runs.
// RUN: xla-translate %S/Inputs/strided_copy.mlir --emit=shared -o %t/copy.so
// RUN: xla-load-artifact %t/copy.so | FileCheck %s --check-prefix=COPY
// RUN: readelf -d %t/copy.so | FileCheck %s --check-prefix=LIB
// RUN: readelf -d %t/copy.so | FileCheck %s --check-prefix=COPYLIB
// RUN: readelf -W --dyn-syms %t/copy.so | FileCheck %s --check-prefix=COPYSYMS
// COPY: output 0: tensor<4x3xf32>
// COPY-NEXT: 46.0 47.0 48.0 94.0 95.0 96.0 142.0 143.0 144.0 190.0 191.0 192.0
// COPYLIB-NOT: NEEDED{{.*}}mlir
// COPYSYMS: _xla_import_xla_rt_memref_copy
// COPYSYMS-NOT: memrefCopy

// --repeat N runs N more times, times them and compares each run's outputs
// with the first run's, bit for bit.
// RUN: xla-load-artifact %t/copy.so --repeat 2 | FileCheck %s --check-prefix=REPEAT
// REPEAT: time: median {{.*}} ms, min {{.*}} ms over 2 runs
// REPEAT-NEXT: reproducible: 1 of 1 outputs the same bits in all 3 runs{{$}}

// RUN: not xla-load-artifact %t/prog.so other 2>&1 | FileCheck %s --check-prefix=NOENTRY
// NOENTRY: error: {{.*}}prog.so has no compiled entry 'other'
// RUN: not xla-load-artifact %t/missing.so 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot load {{.*}}missing.so

// --batch runs a list of artifacts in one process, each run's output after
// a header, its exit code after it; a missing one does not stop the rest,
// and the batch exits with the worst code.
// RUN: printf '%t/prog.so\n%t/missing.so\n%t/prog.so\tother\n%t/prog.so\tmain\n' > %t/list
// RUN: not xla-load-artifact --batch %t/list > %t/batch.out 2> %t/batch.err
// RUN: FileCheck %s --check-prefix=BATCH < %t/batch.out
// RUN: FileCheck %s --check-prefix=BATCHERR < %t/batch.err
// BATCH: === xla-load-artifact 0 {{.*}}prog.so
// BATCH-NEXT: output 0: tensor<2x3xf32>
// BATCH: === exit 1
// BATCH-NEXT: === xla-load-artifact 1 {{.*}}missing.so
// BATCH-NEXT: === exit 2
// BATCH-NEXT: === xla-load-artifact 2 {{.*}}prog.so
// BATCH-NEXT: === exit 2
// BATCH-NEXT: === xla-load-artifact 3 {{.*}}prog.so
// BATCH-NEXT: output 0: tensor<2x3xf32>
// BATCH: === exit 1
// BATCHERR: === xla-load-artifact 0
// BATCHERR-NEXT: error: check.expect_eq failed
// BATCHERR: === xla-load-artifact 1
// BATCHERR-NEXT: error: cannot load {{.*}}missing.so
// BATCHERR: === xla-load-artifact 2
// BATCHERR-NEXT: error: {{.*}}has no compiled entry 'other'
// BATCHERR: === xla-load-artifact 3
// BATCHERR-NEXT: error: check.expect_eq failed

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %0 = hlo.add %a, %a : tensor<2x3xf32>
  %1 = hlo.multiply %b, %b : tensor<2x3xi32>
  check.expect_almost_eq_const %0, dense<[[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]> : tensor<2x3xf32>
  check.expect_eq_const %1, dense<[[1, 4, 9], [16, 25, 99]]> : tensor<2x3xi32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xi32>
}
