#!/usr/bin/env python3
"""An MNIST-sized MLP (784-512-512-10, relu) trained with SGD through
xla_mlir.jit: the whole step (loss, gradients by jax.grad, update) is one
program. The same steps run under jax.jit alongside; losses must agree and
go down.

    python3 examples/python/mlp_training.py [--steps 20] [--batch 128]
"""

import argparse
import statistics
import time

import jax
import jax.numpy as jnp
import numpy as np

import xla_mlir as xm

SIZES = (784, 512, 512, 10)
LR = 0.02


def init(rng):
    return [((rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32),
             np.zeros(b, np.float32)) for a, b in zip(SIZES[:-1], SIZES[1:])]


def loss_fn(params, images, labels):
    h = images
    for w, b in params[:-1]:
        h = jax.nn.relu(h @ w + b)
    w, b = params[-1]
    logp = jax.nn.log_softmax(h @ w + b)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def train_step(params, images, labels, lr):
    loss, grads = jax.value_and_grad(loss_fn)(params, images, labels)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--batch", type=int, default=128)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    # A learnable synthetic task: the label is a fixed linear function of
    # the image (no dataset download).
    teacher = rng.standard_normal((SIZES[0], SIZES[-1])).astype(np.float32)
    batches = []
    for _ in range(args.steps):
        images = rng.uniform(0, 1, (args.batch, SIZES[0])).astype(np.float32)
        batches.append((images, np.argmax(images @ teacher, 1).astype(np.int32)))

    # The weights are donated: each step writes the new ones over the old
    # ones (the same NumPy arrays) instead of allocating a second set.
    ours = xm.jit(train_step, static_argnums=3, donate_argnums=0)
    theirs = jax.jit(train_step, static_argnums=3)
    params_theirs = init(rng)
    params_ours = jax.tree_util.tree_map(np.array, params_theirs)
    times_ours, times_theirs, losses = [], [], []
    in_place = True
    for step, (images, labels) in enumerate(batches):
        before = jax.tree_util.tree_leaves(params_ours)
        start = time.perf_counter()
        params_ours, loss = ours(params_ours, images, labels, LR)
        times_ours.append(time.perf_counter() - start)
        in_place &= all(a is b for a, b in
                        zip(before, jax.tree_util.tree_leaves(params_ours)))
        start = time.perf_counter()
        params_theirs, loss_jax = theirs(params_theirs, images, labels, LR)
        loss_jax.block_until_ready()
        times_theirs.append(time.perf_counter() - start)
        losses.append(float(loss))
        print(f"step {step:3d}  loss {float(loss):.5f}  (JAX {float(loss_jax):.5f})")
        assert abs(float(loss) - float(loss_jax)) <= 1e-3 * abs(float(loss_jax)) + 1e-5
    assert ours.num_compiles == 1
    assert in_place, "the donated weights were not updated in place"
    print("weights updated in place (donated) at every step")
    assert losses[-1] < losses[0], "the loss did not go down"
    # The first step of each includes its compilation.
    print(f"first step (with compilation): xla-mlir {times_ours[0]:.2f} s, "
          f"JAX {times_theirs[0]:.2f} s")
    if len(batches) > 1:
        print(f"median step: xla-mlir {statistics.median(times_ours[1:]) * 1e3:.2f} ms, "
              f"JAX {statistics.median(times_theirs[1:]) * 1e3:.2f} ms")
    print(f"loss {losses[0]:.4f} -> {losses[-1]:.4f}")


if __name__ == "__main__":
    main()
