#!/usr/bin/env python3
"""reduce_sum(x + y*z), written with jax.numpy and compiled by xla-mlir.

Fusion turns the multiply, the add and the sum into one kernel that reads
each input once and writes one number; unfused, two full-size
intermediates go through memory.

    python3 examples/python/reduce_sum.py [--size 4096]
"""

import argparse

import jax
import jax.numpy as jnp
import numpy as np

import xla_mlir as xm


def f(x, y, z):
    return jnp.sum(x + y * z)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4096)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x, y, z = (rng.standard_normal((args.size, args.size)).astype(np.float32)
               for _ in range(3))

    ours = xm.jit(f)(x, y, z)
    theirs = jax.jit(f)(x, y, z)
    exact = np.sum(x.astype(np.float64) + y.astype(np.float64) * z)
    print(f"xla-mlir: {float(ours):.6f}  JAX: {float(theirs):.6f}  "
          f"float64: {exact:.6f}")
    scale = np.sum(np.abs(x.astype(np.float64)) + np.abs(y * z))
    assert abs(float(ours) - exact) <= 1e-5 * scale, "result is off"
    xm.jit(f).compare_unfused(x, y, z, runs=5)


if __name__ == "__main__":
    main()
