// The real JAX workloads (examples/export_jax.py): the MNIST-size MLP
// training step and the BERT-like encoder forward pass and Adam training
// step (batch 1 here), regenerated with JAX, compiled and run by xla-run,
// and every output compared with JAX's at the tolerances of meta.json.
// REQUIRES: jax
// RUN: rm -rf %t && python3 %S/../../examples/export_jax.py --out %t --only mlp_train,bert_fwd,bert_train --batch 1 > %t.log
// RUN: python3 %S/../../examples/run_workload.py --xla-run xla-run %t/mlp_train | FileCheck %s --check-prefix=MLP
// RUN: python3 %S/../../examples/run_workload.py --xla-run xla-run %t/bert_fwd | FileCheck %s --check-prefix=FWD
// RUN: python3 %S/../../examples/run_workload.py --xla-run xla-run %t/bert_train | FileCheck %s --check-prefix=TRAIN
// RUN: rm -rf %t

// MLP: mlp_train
// MLP: OK
// FWD: bert_fwd
// FWD: OK
// TRAIN: bert_train
// TRAIN: OK
