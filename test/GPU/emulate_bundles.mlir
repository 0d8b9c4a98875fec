// Bundles (bench/bundles.py: a program of a public library with its inputs
// and float64 outputs, for the GPU machine, which has neither the library
// nor our compiler) go through scripts/gpu_artifacts.py as they would
// there, in the GPU emulator: compiled with --bundles, run with --kinds
// model next to JAX's export of the same function (on the CPU here),
// and judged against float64 as the model benchmarks judge. A reference
// that ours misses where XLA:CPU was within fails, naming the output.
// REQUIRES: jax
// RUN: rm -rf %t && python3 %S/Inputs/make_bundles.py %t/bundles
// RUN: python3 %xla_src/scripts/gpu_artifacts.py build %t/art --no-corpus --filter=NONE_E2E --bundles %t/bundles --gpu-flag=--gpu-emulate | FileCheck %s --check-prefix=BUILD
// RUN: not python3 %xla_src/scripts/gpu_artifacts.py run %t/art --kinds model --jobs 1 --repeat 2 --strict | FileCheck %s

// BUILD: gpu_artifacts: 2 of 2 compiled for the GPU

// CHECK-DAG: FAIL mlp_step_wrong: ours median {{.*}} ms; within tolerance of float64: ours 3, XLA:CPU 4;{{.*}}ours off, XLA:CPU within: 1[32, 64]
// CHECK-DAG: PASS mlp_step: ours median {{.*}} ms; JAX (cpu) f32 {{.*}} ms; JAX (cpu) default precision {{.*}} ms; within tolerance of float64: ours 4, JAX (cpu) 4, XLA:CPU 4
// CHECK:     | model | 2 | 1 | 1 | 0 |
