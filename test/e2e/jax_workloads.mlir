// The real JAX workloads (examples/export_jax.py): the MNIST-size MLP
// training step and the BERT-like encoder forward pass and Adam training
// step (batch 1 here), regenerated with JAX, compiled and run by xla-run,
// and every output compared with JAX's at the tolerances of meta.json.
// REQUIRES: jax
// RUN: rm -rf %t && python3 %S/../../examples/export_jax.py --out %t --only mlp_train,bert_fwd,bert_train --batch 1 > %t.log
// RUN: python3 %S/../../examples/run_workload.py --xla-run xla-run %t/mlp_train | FileCheck %s --check-prefix=MLP
// RUN: python3 %S/../../examples/run_workload.py --xla-run xla-run %t/bert_fwd | FileCheck %s --check-prefix=FWD
// RUN: python3 %S/../../examples/run_workload.py --xla-run xla-run %t/bert_train | FileCheck %s --check-prefix=TRAIN
// The training step planned with an H100's cost numbers (the GPU target's
// description): the plan once made a cycle between kernels through an op
// duplicated into several of them.
// RUN: sed 's/^module @\([a-z_]*\) attributes {/module @\1 attributes {xla.target = {triple = "x86_64-pc-linux-gnu", cpu = "x86-64", features = "", vector_bits = 128, cores = 2, l1_bytes = 32768, l2_bytes = 524288, l3_bytes = 8388608, clock_ghz = 3.0 : f64, bandwidth_gbps = 3000.0 : f64, peak_gflops = 60000.0 : f64, kernel_overhead_us = 4.0 : f64, gpu = "sm_90a"}, /' %t/bert_train/bert_train.stablehlo.mlir > %t/bert_train_gpu.mlir
// RUN: xla-opt %t/bert_train_gpu.mlir --hlo-optimization-pipeline --hlo-plan-fusion --hlo-form-fusions | FileCheck %s --check-prefix=PLAN
// RUN: rm -rf %t

// MLP: mlp_train
// MLP: OK
// FWD: bert_fwd
// FWD: OK
// TRAIN: bert_train
// TRAIN: OK
// PLAN: hlo.fusion "output_dot_general_fusion
// PLAN-NOT: error
