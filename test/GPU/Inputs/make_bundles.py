"""Writes two bundles (bench/bundles.py) of a small training step in plain
JAX, for test/GPU/emulate_bundles.mlir: `mlp_step`, as the benchmarks write
them, and `mlp_step_wrong`, whose float64 reference of one output is off
while XLA:CPU's recorded verdict says it was within (and no JAX export):
the judge must fail ours there and name the output."""
import json
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", True)
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "bench"))
import bundles  # noqa: E402


def step(w1, b1, w2, x, labels):
    def loss(params):
        w1, b1, w2 = params
        h = jax.nn.gelu(x @ w1 + b1)
        logits = h @ w2
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], 1))
    value, grads = jax.value_and_grad(loss)((w1, b1, w2))
    return [value] + [p - 0.1 * g for p, g in zip((w1, b1, w2), grads)]


rng = np.random.RandomState(0)
inputs = [rng.standard_normal((32, 64)).astype(np.float32) / 6,
          np.zeros(64, np.float32),
          rng.standard_normal((64, 10)).astype(np.float32) / 8,
          rng.standard_normal((16, 32)).astype(np.float32),
          rng.randint(0, 10, 16).astype(np.int32)]
jitted = jax.jit(step, keep_unused=True)
program = jitted.lower(*inputs).as_text()
reference = [np.asarray(o) for o in jitted(*inputs)]
f64 = [np.asarray(o) for o in jitted(*[a.astype(np.float64)
                                       if a.dtype == np.float32 else a
                                       for a in inputs])]
out = sys.argv[1]
bundles.write(os.path.join(out, "mlp_step"), "mlp_step", "test", program,
              inputs, reference, f64, jitted)
wrong = os.path.join(out, "mlp_step_wrong")
bundles.write(wrong, "mlp_step_wrong", "test", program, inputs, reference,
              [f64[0]] + [f64[1] * 1.01] + f64[2:])
with open(os.path.join(wrong, "meta.json")) as fh:
    meta = json.load(fh)
meta["verdicts"]["XLA:CPU"][1] = [True, 1e-7]
with open(os.path.join(wrong, "meta.json"), "w") as fh:
    json.dump(meta, fh)
