// The accuracy suite (scripts/accuracy.py, quick cases): reductions of many
// shapes and axes on the vectorized, scalar and single-threaded paths,
// training-step gradients (a GPT-2 block with AdamW moments, conv +
// batch-norm), and special functions over their domains. Each result's
// error against a float64 evaluation must be at most 2x XLA:CPU's error on
// the same inputs; the known gaps it lists are reported, not hidden.
// REQUIRES: jax
// RUN: python3 %S/../../scripts/accuracy.py --xla-run xla-run | FileCheck %s
// CHECK: | reductions | sum 512x256 axis 0 | rel |
// CHECK: cases, {{[0-9]+}} within 2.0x of XLA:CPU's error, {{[0-9]+}} known gaps, 0 failed
