// The JAX seed example (examples/seed: reduce_sum(x + y*z) on f32[128,256],
// exported by examples/export_jax.py) run on its inputs and compared with
// JAX's own output, with the tolerances in examples/seed/meta.json.
// RUN: xla-run %S/../../examples/seed/seed.stablehlo.mlir \
// RUN:   --input %S/../../examples/seed/input_0.npy,%S/../../examples/seed/input_1.npy,%S/../../examples/seed/input_2.npy \
// RUN:   --expected %S/../../examples/seed/expected_0.npy --rtol 1e-4 --atol 0.00308 \
// RUN:   | FileCheck %s
// RUN: xla-run %S/../../examples/seed/seed.stablehlo.mlir --fusion=false \
// RUN:   --input %S/../../examples/seed/input_0.npy,%S/../../examples/seed/input_1.npy,%S/../../examples/seed/input_2.npy \
// RUN:   --expected %S/../../examples/seed/expected_0.npy --rtol 1e-4 --atol 0.00308 \
// RUN:   | FileCheck %s
// CHECK: output 0: tensor<f32>
// CHECK-NEXT: -308.1
// CHECK-NEXT: output 0 matches {{.*}}expected_0.npy
