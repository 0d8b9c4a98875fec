// The GPU code generation checked without a GPU: every end-to-end program
// that compiles for the GPU, compiled with --gpu-emulate (the same kernels,
// from NVVM, compiled for the host; Runtime/GPUEmulator.h), runs here and
// prints what the CPU prints (scripts/gpu_artifacts.py compares them).
// The strategies that are off by default too: the contraction epilogues
// without the row fusions, with the threads between two synchronizations
// run in reverse order (a missing barrier shows in one order or the
// other); cuBLAS (plain loops in the emulator) and the transposes' tiles;
// the tensor cores on the programs with products.
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --gpu-flag=--gpu-emulate | FileCheck %s --check-prefix=BUILD
// RUN: python3 %xla_src/scripts/gpu_artifacts.py run %t --strict | FileCheck %s
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --gpu-flag=--gpu-emulate --gpu-flag=--gpu-contraction-epilogues --gpu-flag=--gpu-row-fusion=false | FileCheck %s --check-prefix=BUILD
// RUN: env XLA_GPU_EMULATOR_ORDER=reverse python3 %xla_src/scripts/gpu_artifacts.py run %t --strict | FileCheck %s
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --gpu-flag=--gpu-emulate --gpu-flag=--gpu-cublas --gpu-flag=--gpu-transpose-tiles | FileCheck %s --check-prefix=BUILD
// RUN: python3 %xla_src/scripts/gpu_artifacts.py run %t --strict | FileCheck %s

// tf32x3 is near f32, not f32: packed_rhs_producer's exact comparison of
// two products of integers above 2^11 (which tf32x3 splits, dropping the
// product of the tails) fails as it does on a GPU; the others pass. In
// reverse order: a tile of the cp.async ring read before every thread's
// copies landed, or overwritten while a warp still reads it, shows.
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --filter dot --filter epilogue --filter gradient --filter attention --filter packed --gpu-flag=--gpu-emulate --gpu-flag=--gpu-tensor-cores=tf32x3 --gpu-flag=--gpu-contraction-epilogues | FileCheck %s --check-prefix=BUILD
// RUN: env XLA_GPU_EMULATOR_ORDER=reverse python3 %xla_src/scripts/gpu_artifacts.py run %t | FileCheck %s --check-prefix=TF32X3
// tf32 (operands rounded in place in the ring) on the products whose
// values its 10 bits keep within the comparison's tolerance, and the
// tiles staged through registers instead of cp.async.
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --filter dot --filter gradient --filter attention --gpu-flag=--gpu-emulate --gpu-flag=--gpu-tensor-cores=tf32 | FileCheck %s --check-prefix=BUILD
// RUN: env XLA_GPU_EMULATOR_ORDER=reverse python3 %xla_src/scripts/gpu_artifacts.py run %t --strict | FileCheck %s
// RUN: rm -rf %t && python3 %xla_src/scripts/gpu_artifacts.py build %t --no-corpus --strict --filter dot --filter gradient --filter attention --gpu-flag=--gpu-emulate --gpu-flag=--gpu-tensor-cores=tf32x3 --gpu-flag=--gpu-async-copies=false | FileCheck %s --check-prefix=BUILD
// RUN: python3 %xla_src/scripts/gpu_artifacts.py run %t --strict | FileCheck %s

// BUILD: gpu_artifacts: all {{[0-9]+}} e2e programs that compile for the CPU compile for the GPU
// CHECK-NOT: FAIL
// CHECK: | e2e | [[ALL:[0-9]+]] | [[PASS:[0-9]+]] | 0 |
// TF32X3-NOT: FAIL
// TF32X3: FAIL packed_rhs_producer:
// TF32X3: check.expect_eq failed
// TF32X3-NOT: FAIL
// TF32X3: | e2e | {{[0-9]+}} | {{[0-9]+}} | 1 |
