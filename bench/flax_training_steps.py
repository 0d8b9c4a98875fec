#!/usr/bin/env python3
"""Training steps of models built from flax.linen and optax, ours next to
XLA:CPU, each checked against float64.

Four small models of different kinds, random weights, nothing downloaded:
  cnn      Conv + BatchNorm (batch statistics, updated as state) + relu,
           average and max pooling, a strided convolution; SGD with
           momentum;
  mixer    MLP-Mixer blocks: LayerNorm, token mixing (Dense over the
           transposed sequence axis), channel mixing, gelu; Adam;
  decoder  a causal decoder: Embed, RMSNorm, SelfAttention with
           make_causal_mask, SiLU MLP, tied-free output layer; AdamW;
  lstm     nn.RNN over an LSTMCell (a scan: a while loop); RMSProp.
bench/flax_transformer.py has the fifth, a pre-norm transformer with
MultiHeadDotProductAttention, and compares two builds.

Each step (forward, backward, optimizer update) is exported from JAX as
StableHLO; `xla-run` compiles and runs the file, JAX runs the same jitted
function. A child process (JAX_ENABLE_X64) runs the step again in float64
on the same inputs cast up. For every output we count whether ours and
XLA:CPU's are within rtol 1e-3, atol 1e-3 * max|float64| of float64, and
print the largest error of each relative to that magnitude. Outputs that
are zero in exact arithmetic (the gradient of a bias that a normalization
or a softmax cancels) are float32 noise in both, and amplified by Adam's
first step; they are named in the report.

    python3 bench/flax_training_steps.py [--only cnn,lstm] [--runs 10]
        [--xla-run build/bin/xla-run] [--keep DIR] [--bundle DIR]
        [-- extra xla-run flags]

Steps of about a millisecond are at the mercy of the machine: on two
virtual cores (2026-11-28) the CNN step's median was 0.9 ms in most
processes and 2-3 ms in others, the same binary and inputs, cached or
not, and XLA:CPU's moved alike; run it a few times before reading a ratio.

Needs flax and optax (scripts/install-deps.sh --models).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

import bundles  # bench/bundles.py
from suite import median_ms  # bench/suite.py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def models(dtype=None):
    """name -> (module, input, labels, optimizer, has batch statistics).
    `dtype`: the LSTM's carry type (float64 for the reference: flax makes
    the initial carry in its cell's param_dtype)."""
    import flax.linen as nn
    import jax.numpy as jnp
    import optax

    class CNN(nn.Module):
        @nn.compact
        def __call__(self, x):
            norm = lambda: nn.BatchNorm(use_running_average=False)
            x = nn.relu(norm()(nn.Conv(32, (3, 3))(x)))
            x = nn.avg_pool(x, (2, 2), (2, 2))
            x = nn.relu(norm()(nn.Conv(64, (3, 3), strides=2)(x)))
            x = nn.max_pool(x, (2, 2), (2, 2))
            return nn.Dense(10)(x.mean(axis=(1, 2)))

    class Mixer(nn.Module):
        @nn.compact
        def __call__(self, x):
            x = nn.Dense(128)(x)
            for _ in range(2):
                y = nn.LayerNorm()(x).swapaxes(1, 2)
                y = nn.Dense(64)(nn.gelu(nn.Dense(128)(y))).swapaxes(1, 2)
                x = x + y
                y = nn.LayerNorm()(x)
                x = x + nn.Dense(128)(nn.gelu(nn.Dense(256)(y)))
            return nn.Dense(10)(nn.LayerNorm()(x).mean(axis=1))

    class Decoder(nn.Module):
        @nn.compact
        def __call__(self, tokens):
            x = nn.Embed(500, 128)(tokens)
            mask = nn.make_causal_mask(tokens)
            for _ in range(2):
                x = x + nn.SelfAttention(num_heads=4)(nn.RMSNorm()(x),
                                                     mask=mask)
                h = nn.RMSNorm()(x)
                x = x + nn.Dense(128)(nn.silu(nn.Dense(512)(h)))
            return nn.Dense(500)(nn.RMSNorm()(x))

    class LSTM(nn.Module):
        @nn.compact
        def __call__(self, x):
            cell = nn.LSTMCell(64, param_dtype=dtype or jnp.float32)
            return nn.Dense(10)(nn.RNN(cell)(x)[:, -1])

    rng = np.random.RandomState(0)
    normal = lambda *s: jnp.asarray(rng.standard_normal(s).astype(np.float32))
    labels = jnp.asarray(rng.randint(0, 10, (8,)), jnp.int32)
    tokens = jnp.asarray(rng.randint(0, 500, (4, 64)), jnp.int32)
    return {
        "cnn": (CNN(), normal(8, 32, 32, 3), labels,
                optax.sgd(0.1, momentum=0.9), True),
        "mixer": (Mixer(), normal(8, 64, 32), labels, optax.adam(1e-3), False),
        "decoder": (Decoder(), tokens, tokens, optax.adamw(1e-3), False),
        "lstm": (LSTM(), normal(8, 20, 16), labels, optax.rmsprop(1e-3), False),
    }


def flat_step(name, dtype=None):
    """The model's training step over flat arguments, and those arguments."""
    import jax
    import optax
    model, x, y, opt, has_state = models(dtype)[name]
    variables = model.init(jax.random.PRNGKey(0), x)
    params = variables["params"]
    state = {k: v for k, v in variables.items() if k != "params"}

    def step(params, state, opt_state, x, y):
        def loss_fn(p):
            if has_state:
                out, state_out = model.apply({"params": p, **state}, x,
                                             mutable=["batch_stats"])
            else:
                out, state_out = model.apply({"params": p}, x), state
            loss = optax.softmax_cross_entropy_with_integer_labels(out, y)
            return loss.mean(), state_out
        (loss, state_out), grads = jax.value_and_grad(
            loss_fn, has_aux=True)(params)
        updates, opt_state = opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), state_out, opt_state, loss

    leaves, tree = jax.tree_util.tree_flatten(
        (params, state, opt.init(params), x, y))
    return (lambda *a: step(*jax.tree_util.tree_unflatten(tree, a))), leaves


def reference(name, work):
    """Child process: the step in float64 on the float32 inputs cast up."""
    import jax
    import jax.numpy as jnp
    fn, leaves = flat_step(name, jnp.float64)
    inputs = []
    for i, leaf in enumerate(leaves):
        a = np.load(os.path.join(work, "input_%d.npy" % i))
        inputs.append(jnp.asarray(a.astype(np.float64)
                                  if a.dtype == np.float32 else a))
    outs = jax.tree_util.tree_leaves(jax.jit(fn)(*inputs))
    for i, o in enumerate(outs):
        np.save(os.path.join(work, "f64_%d.npy" % i), np.asarray(o))


def run_model(name, args, work):
    import jax
    fn, leaves = flat_step(name)
    jitted = jax.jit(fn, keep_unused=True)
    program = os.path.join(work, "step.mlir")
    with open(program, "w") as f:
        f.write(jitted.lower(*leaves).as_text())
    inputs = []
    for i, leaf in enumerate(leaves):
        inputs.append(os.path.join(work, "input_%d.npy" % i))
        np.save(inputs[-1], np.asarray(leaf))
    # Ours first, then JAX: nothing of JAX's runs while ours is timed.
    out_dir = os.path.join(work, "ours")
    os.makedirs(out_dir, exist_ok=True)
    p = subprocess.run(
        [args.xla_run, program, "--input", ",".join(inputs), "--output-dir",
         out_dir, "--no-print", "--time", "--runs",
         str(args.runs)] + args.extra, capture_output=True, text=True)
    if p.returncode:
        return "%-8s xla-run failed: %s" % (name, (p.stdout + p.stderr)[-400:])
    ours_ms = float(re.search(r"run time: median ([0-9.e+]+) ms",
                              p.stdout).group(1))
    expected = [np.asarray(o) for o in
                jax.tree_util.tree_leaves(jax.block_until_ready(
                    jitted(*leaves)))]
    jax_ms = median_ms(lambda: jax.block_until_ready(jitted(*leaves)),
                       args.runs)
    child = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--reference", name,
         "--keep", work], env={**os.environ, "JAX_ENABLE_X64": "1"},
        capture_output=True, text=True)
    if child.returncode:
        return "%-8s float64 reference failed: %s" % (name, child.stderr[-400:])
    ours = [np.load(os.path.join(out_dir, "output_%d.npy" % i))
            for i in range(len(expected))]
    f64 = [np.load(os.path.join(work, "f64_%d.npy" % i))
           for i in range(len(expected))]
    if args.bundle:
        bundles.write(os.path.join(args.bundle, "flax_" + name),
                      "flax_" + name, "bench/flax_training_steps.py",
                      open(program).read(), leaves, expected, f64, jitted)
    report = bundles.judge({"ours": ours, "XLA:CPU": expected}, f64)
    return "%-8s %d outputs: ours %7.2f ms, XLA:CPU %7.2f ms, ratio %.2f; " \
        "%s" % (name, len(expected), ours_ms, jax_ms, ours_ms / jax_ms,
                bundles.describe(report))


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--only", default="")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--xla-run",
                    default=os.path.join(ROOT, "build", "bin", "xla-run"))
    ap.add_argument("--keep", help="work directory (kept)")
    ap.add_argument("--bundle", metavar="DIR",
                    help="also write each step as a bundle DIR/flax_NAME "
                    "(bench/bundles.py) for the GPU machine")
    ap.add_argument("--reference", help=argparse.SUPPRESS)
    ap.add_argument("extra", nargs="*", help="extra xla-run flags, after --")
    args = ap.parse_args()
    try:
        import flax  # noqa: F401
        import optax  # noqa: F401
    except ImportError as e:
        sys.exit("needs flax and optax (scripts/install-deps.sh --models): "
                 "%s" % e)
    if args.reference:
        return reference(args.reference, args.keep)
    names = [n for n in models() if not args.only or n in args.only.split(",")]
    for name in names:
        if args.keep:
            work = os.path.join(args.keep, name)
            os.makedirs(work, exist_ok=True)
            print(run_model(name, args, work), flush=True)
        else:
            with tempfile.TemporaryDirectory() as work:
                print(run_model(name, args, work), flush=True)


if __name__ == "__main__":
    main()
