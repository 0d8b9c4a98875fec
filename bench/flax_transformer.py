#!/usr/bin/env python3
"""A training step of a model built from a public library, compiled by two
xla-run binaries in turns, next to XLA:CPU.

The model is flax.linen's own modules (Embed, 2 pre-norm blocks of
LayerNorm + MultiHeadDotProductAttention + Dense/gelu MLP, width 256, 8
heads, sequence 128, batch 4, vocabulary 1000) with optax's adamw and
cross-entropy: random weights, nothing downloaded. Needs flax
(`scripts/install-deps.sh --models`).

    python3 bench/flax_transformer.py --before OLD/xla-run --after build/bin/xla-run

Prints, per round and as medians, the compile and run times of both
binaries, whether their 113 outputs are bit-identical, and how many
outputs meet np.allclose(rtol=1e-3, atol=1e-3*max|expected|) against JAX.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

try:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp
    import optax
except ImportError as e:
    sys.exit(f"needs flax and optax (scripts/install-deps.sh --models): {e}")


class Block(nn.Module):
    width: int
    heads: int

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(x)
        x = x + nn.MultiHeadDotProductAttention(num_heads=self.heads)(h, h)
        h = nn.LayerNorm()(x)
        h = nn.Dense(self.width)(nn.gelu(nn.Dense(4 * self.width)(h)))
        return x + h


class Model(nn.Module):
    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(1000, 256)(tokens)
        for _ in range(2):
            x = Block(256, 8)(x)
        return nn.Dense(1000)(nn.LayerNorm()(x))


def export(out):
    model = Model()
    tokens = jnp.asarray(np.random.RandomState(0).randint(0, 1000, (4, 128)),
                         jnp.int32)
    params = model.init(jax.random.PRNGKey(0), tokens)
    opt = optax.adamw(1e-3)

    def step(params, state, tokens):
        def loss_fn(p):
            logits = model.apply(p, tokens)
            return optax.softmax_cross_entropy_with_integer_labels(
                logits, tokens).mean()
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    args = (params, opt.init(params), tokens)
    lowered = jax.jit(step, keep_unused=True).lower(*args)
    with open(os.path.join(out, "step.mlir"), "w") as f:
        f.write(lowered.as_text())
    compiled = lowered.compile()
    inputs = [np.asarray(x) for x in jax.tree_util.tree_leaves(args)]
    for i, x in enumerate(inputs):
        np.save(os.path.join(out, f"input_{i}.npy"), x)
    expected = [np.asarray(x) for x in
                jax.tree_util.tree_leaves(jax.block_until_ready(compiled(*args)))]
    times = []
    for _ in range(10):
        t = time.perf_counter()
        jax.block_until_ready(compiled(*args))
        times.append((time.perf_counter() - t) * 1e3)
    return len(inputs), expected, statistics.median(times)


def run(binary, out, n_in, runs, res):
    inputs = ",".join(os.path.join(out, f"input_{i}.npy") for i in range(n_in))
    p = subprocess.run([binary, os.path.join(out, "step.mlir"), "--input",
                        inputs, "--output-dir", res, "--no-print", "--time",
                        "--runs", str(runs)], capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{binary} failed:\n{p.stderr[-2000:]}")
    compile_ms = float(re.search(r"compile time: ([0-9.e+]+) ms", p.stdout).group(1))
    run_ms = float(re.search(r"run time: median ([0-9.e+]+) ms", p.stdout).group(1))
    return compile_ms, run_ms


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--runs", type=int, default=20)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as out:
        n_in, expected, xla_ms = export(out)
        times = {"before": [], "after": []}
        for r in range(a.rounds):
            for name in ("before", "after"):
                res = os.path.join(out, name)
                os.makedirs(res, exist_ok=True)
                c, t = run(getattr(a, name), out, n_in, a.runs, res)
                times[name].append((c, t))
                print(f"round {r + 1} {name:6s}: compile {c / 1000:.2f} s, "
                      f"run median {t:.1f} ms", flush=True)
        outs = {name: [np.load(os.path.join(out, name, f"output_{i}.npy"))
                       for i in range(len(expected))] for name in times}
        same = sum(np.array_equal(x, y)
                   for x, y in zip(outs["before"], outs["after"]))
        close = sum(np.allclose(x.astype(np.float64), e.astype(np.float64),
                                rtol=1e-3,
                                atol=1e-3 * np.max(np.abs(e), initial=0))
                    for x, e in zip(outs["after"], expected))
    print()
    print("| | compile (s) | run (ms) |")
    print("|---|---:|---:|")
    for name in ("before", "after"):
        c = statistics.median(c for c, _ in times[name]) / 1000
        t = statistics.median(t for _, t in times[name])
        print(f"| {name} | {c:.2f} | {t:.1f} |")
    print(f"| XLA:CPU (jax {jax.__version__}) | | {xla_ms:.1f} |")
    print(f"\n{same} of {len(expected)} outputs bit-identical before/after; "
          f"{close} of {len(expected)} within tolerance of JAX")


if __name__ == "__main__":
    main()
