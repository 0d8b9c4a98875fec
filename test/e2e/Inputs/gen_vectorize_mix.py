#!/usr/bin/env python3
"""Writes vectorize_mix.stablehlo.mlir (stdout): large, odd-sized instances of
many op families, exported from JAX, for the vectorize_differential test.

  python3 test/e2e/Inputs/gen_vectorize_mix.py > test/e2e/Inputs/vectorize_mix.stablehlo.mlir
"""
import jax, jax.numpy as jnp
jax.config.update("jax_platforms", "cpu")

def mix(x, y, w, n, table, ids):
    # x: (67, 1031) f32, y: (1031, 45) f32, w: (45, 1031) f32 (used transposed),
    # n: (67, 1031) i32, table: (211, 77) f32, ids: (300,) i32
    outs = {}
    outs["ew"] = jnp.tanh(x) * jnp.exp(-x * x) + jnp.maximum(x, 0.25)
    outs["t"] = x.T * 2.0 + 1.0
    outs["row_sum"] = jnp.sum(x, axis=1)
    outs["col_max"] = jnp.max(x, axis=0)
    outs["mean_sq"] = jnp.mean(x * x, axis=1, keepdims=True) - x
    outs["dot"] = x @ y
    outs["dot_t"] = x @ w.T
    outs["bdot"] = jnp.einsum("bij,bjk->bik", x[:60].reshape(3, 20, 1031), jnp.tile(y[None], (3, 1, 1)))
    outs["softmax"] = jax.nn.softmax(x, axis=-1)
    outs["ints"] = (n * 3 + (n >> 1)) & 0x7F ^ (n << 2)
    outs["idiv"] = n // 3 - n % 5
    outs["f16"] = (x.astype(jnp.float16) * 3).astype(jnp.float32)
    outs["where"] = jnp.where(x > 0.1, x, -x * 0.5)
    outs["iota"] = jnp.arange(67 * 1031, dtype=jnp.int32).reshape(67, 1031) % 97
    outs["concat"] = jnp.concatenate([x, x[:, :13] * 2], axis=1)
    outs["slice"] = x[3:60:2, 5:1000:3] + 1.0
    outs["pad"] = jnp.pad(x, ((2, 3), (1, 4)), constant_values=-1.0)
    outs["gather"] = table[jnp.clip(ids, 0, 210)] * 0.5
    outs["bcast"] = x + x[:, :1] + x[:1, :]
    outs["cumsum"] = jnp.cumsum(x[:, :300], axis=1)
    return outs

args = (jax.ShapeDtypeStruct((67, 1031), jnp.float32), jax.ShapeDtypeStruct((1031, 45), jnp.float32),
        jax.ShapeDtypeStruct((45, 1031), jnp.float32), jax.ShapeDtypeStruct((67, 1031), jnp.int32),
        jax.ShapeDtypeStruct((211, 77), jnp.float32), jax.ShapeDtypeStruct((300,), jnp.int32))
print(jax.jit(mix).lower(*args).as_text())
