#!/usr/bin/env python3
"""One Adam training step of the BERT-like encoder (examples/export_jax.py:
2 layers, hidden 768, 12 heads, sequence 128, masked-LM loss) through
xla_mlir.jit, checked against jax.jit and timed fused, unfused and in JAX.

    python3 examples/python/bert_step.py [--batch 2] [--runs 5]
    python3 examples/python/bert_step.py --tiny      # a small config, quick
"""

import argparse
import os
import statistics
import sys
import time
import types

import jax
import numpy as np

import xla_mlir as xm

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import export_jax  # noqa: E402  (the model, its inputs and its Adam step)

TINY = dict(vocab=1000, hidden=64, layers=1, heads=4, intermediate=128, seq=32,
            max_predictions=4)


def median_ms(fn, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        jax.block_until_ready(fn())
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tiny", action="store_true",
                        help="a one-layer, hidden-64 model (for tests)")
    args = parser.parse_args()
    if args.tiny:
        export_jax.BERT_DEFAULTS.update(TINY)
    workload = export_jax.build_bert_train(
        types.SimpleNamespace(batch=args.batch, gelu="tanh"),
        np.random.RandomState(0))
    step, step_args = workload["fn"], workload["args"]

    start = time.perf_counter()
    ours = xm.jit(step)
    results = ours(*step_args)
    compile_and_run = time.perf_counter() - start
    start = time.perf_counter()
    reference = jax.block_until_ready(jax.jit(step)(*step_args))
    jax_first = time.perf_counter() - start
    leaves = jax.tree_util.tree_leaves(results)
    # How close each output comes to its tolerance (1 = at the limit), by
    # the rule of examples/export_jax.py: rtol 1e-3, and an absolute floor
    # of 1e-4 of the largest value in the output's group (the new params,
    # Adam's m, Adam's v, the step, the loss).
    worst = 0.0
    for group, ref_group in zip(results, reference):
        group = jax.tree_util.tree_leaves(group)
        ref_group = [np.asarray(b, np.float64)
                     for b in jax.tree_util.tree_leaves(ref_group)]
        scale = max(float(np.max(np.abs(b), initial=0.0)) for b in ref_group)
        for a, b in zip(group, ref_group):
            if not b.size:
                continue
            tolerance = 1e-4 * scale + 1e-3 * np.abs(b) + 1e-30
            ratio = float(np.max(np.abs(np.asarray(a, np.float64) - b)
                                 / tolerance))
            worst = max(worst, ratio)
    assert worst <= 1.0, f"an output is off: {worst:.2f} of its tolerance"
    print(f"{len(leaves)} outputs match JAX (the worst at {worst:.2f} of its "
          f"tolerance); loss {float(results[-1]):.5f}")
    print(f"first call (trace, compile, run): xla-mlir {compile_and_run:.1f} s "
          f"(compilation cache: {ours.executable(*step_args).cache_outcome}), "
          f"JAX {jax_first:.1f} s")

    # JAX gets its arguments as device arrays already (NumPy arguments would
    # be copied in at every call), as xla-mlir reads NumPy in place.
    jax_step = jax.jit(step)
    jax_args = jax.device_put(step_args)
    jax_ms = median_ms(lambda: jax_step(*jax_args), args.runs)
    comparison = ours.compare_unfused(*step_args, runs=args.runs,
                                      verbose=False)
    print(f"median step time over {args.runs} runs:")
    print(f"  xla-mlir fused   {comparison.fused_ms:9.2f} ms  "
          f"(peak {comparison.fused_peak_bytes / 2**20:.0f} MiB)")
    print(f"  xla-mlir unfused {comparison.unfused_ms:9.2f} ms  "
          f"(peak {comparison.unfused_peak_bytes / 2**20:.0f} MiB)")
    print(f"  JAX (XLA:CPU)    {jax_ms:9.2f} ms")
    print(f"fusion: {comparison.speedup:.2f}x faster, "
          f"{comparison.memory_saved_bytes / 2**20:.0f} MiB less peak memory; "
          f"xla-mlir / XLA:CPU = {comparison.fused_ms / jax_ms:.2f}")


if __name__ == "__main__":
    main()
