"""The cases of scripts/accuracy.py: JAX functions on fixed random inputs.

A group is one exported program with one result per case, so that one
compilation covers many cases. `groups("quick")` is what the test command
runs; `groups("full")` adds larger shapes and the training steps at a
bigger size, for the table in docs/numerics.md.
"""

import dataclasses
from typing import Callable, List, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


@dataclasses.dataclass
class Group:
    name: str
    fn: Callable
    inputs: Callable  # rng -> list of numpy arrays
    metric: str = "rel"
    names: Optional[List[str]] = None
    configs: List[str] = dataclasses.field(default_factory=lambda: ["default"])
    seed: int = 0
    # Lower for another platform (ops JAX sends to LAPACK on CPU).
    platform: Optional[str] = None
    # What XLA:CPU runs, when it differs from fn (same math).
    xla_fn: Optional[Callable] = None
    ref_fn: Optional[Callable] = None


ALL_PATHS = ["default", "scalar", "1thread"]

# (group, case) pairs where xla-mlir is known to be more than 2x less accurate than
# XLA:CPU, with the reason. The harness reports them on every run and does
# not count them as failures; one that starts passing is an error, so this
# list only shrinks. Each is an open item of docs/numerics.md.
KNOWN_GAPS = {
    # Appeared on 2026-11-23 on a fresh machine (JAX 0.10.2, a Zen 4 CPU)
    # against the earlier measurements: our error is unchanged (1.66e-06
    # then and now), XLA:CPU's own error on the backward convolution's sums
    # dropped (8.5e-07 -> 4.7e-07). The batch-8 scale gradient of the same
    # date (2.4x) closed on 2026-11-26 when rematerialization went on by
    # default, which changes the kernels that compute its sum (why that
    # is closer to float64 was not isolated).
    ("resnet batchnorm grads b32", "grad conv1"):
        "3.6x XLA:CPU 0.10.2 (1.66e-06 vs 4.65e-07): the kernel gradient of "
        "the first convolution, a sum over batch x height x width",
}


# ----------------------------------------------------------------- reductions

def reduction_group(name, specs, configs, dtype=np.float32):
    """specs: (case name, shape, reducing function, positive inputs?)."""
    def fn(*xs):
        return tuple(f(x) for (_, _, f, _), x in zip(specs, xs))

    def inputs(rng):
        out = []
        for _, shape, _, positive in specs:
            x = rng.standard_normal(shape)
            out.append((np.abs(x) if positive else x + 0.5).astype(dtype))
        return out
    return Group(name, fn, inputs, "rel", [s[0] for s in specs], configs)


def s(axes):
    return lambda x: jnp.sum(x, axis=axes)


def raw_sum(axes):
    """lax.reduce with the input's own type as accumulator (no upcast)."""
    return lambda x: lax.reduce(x, np.array(0, x.dtype), lax.add, axes)


def avg_pool(k):
    return lambda x: lax.reduce_window(x, 0.0, lax.add, (1, k, k, 1),
                                       (1, k, k, 1), "VALID") / (k * k)


REDUCTIONS_QUICK = [
    ("sum 512x256 axis 0", (512, 256), s(0), True),
    ("sum 256x512 axis 1", (256, 512), s(1), True),
    ("sum 8x32x32x64 axes 0,1,2", (8, 32, 32, 64), s((0, 1, 2)), True),
    ("sum 262144 all", (1 << 18,), s(0), True),
    ("sum 1000x37 axis 0", (1000, 37), s(0), True),
    ("sum 37x1000 axis 1", (37, 1000), s(1), True),
    ("sum 3x5000x7 axis 1", (3, 5000, 7), s(1), True),
    ("sum 64x64x64 axes 0,2", (64, 64, 64), s((0, 2)), True),
    ("fused sum(x*x+x) 2048x128 axis 0", (2048, 128), lambda x: jnp.sum(x * x + x, 0), True),
    ("mean 4096x64 axis 0", (4096, 64), lambda x: jnp.mean(x, 0), False),
    ("var 4096x64 axis 0", (4096, 64), lambda x: jnp.var(x, 0), False),
    ("softmax 64x1000", (64, 1000), lambda x: jax.nn.softmax(x, -1), False),
    ("logsumexp 3000x16 axis 0", (3000, 16), lambda x: jax.nn.logsumexp(x, 0), False),
    ("avg_pool 8x8 of 4x64x64x8", (4, 64, 64, 8), avg_pool(8), True),
    ("cumsum 2000x8 axis 0", (2000, 8), lambda x: jnp.cumsum(x, 0), True),
]

REDUCTIONS_FULL = REDUCTIONS_QUICK + [
    ("sum 1048576 all", (1 << 20,), s(0), True),
    ("sum 16384x64 axis 0", (16384, 64), s(0), True),
    ("sum 64x16384 axis 1", (64, 16384), s(1), True),
    ("sum 509x509 axes 0,1", (509, 509), s((0, 1)), True),
    ("avg_pool 16x16 of 2x64x64x16", (2, 64, 64, 16), avg_pool(16), True),
    ("layernorm stats 1024x768", (1024, 768),
     lambda x: jnp.var(x, -1) + jnp.mean(x, -1), False),
]

NARROW = [
    ("raw sum f16 4096x16 axis 0", (4096, 16), raw_sum((0,)), True),
    ("raw sum f16 16x4096 axis 1", (16, 4096), raw_sum((1,)), True),
    ("jnp.sum f16 8192", (8192,), s(0), True),
]


# ----------------------------------------------------------- training steps

def layer_norm(x, g, b):
    m = jnp.mean(x, -1, keepdims=True)
    v = jnp.mean((x - m) ** 2, -1, keepdims=True)
    return (x - m) * lax.rsqrt(v + 1e-5) * g + b


def gpt2_loss(p, tokens, heads):
    b, t = tokens.shape
    x = p["wte"][tokens] + p["wpe"][:t]
    h = layer_norm(x, p["ln1_g"], p["ln1_b"])
    qkv = h @ p["w_qkv"] + p["b_qkv"]
    q, k, v = jnp.split(qkv, 3, -1)
    split = lambda a: a.reshape(b, t, heads, -1)
    q, k, v = split(q), split(k), split(v)
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(q.shape[-1]).astype(np.float32)
    mask = jnp.tril(jnp.ones((t, t), bool))
    s = jnp.where(mask, s, -1e9)
    a = jax.nn.softmax(s, -1)
    o = jnp.einsum("bhqk,bkhd->bqhd", a, v).reshape(b, t, -1)
    x = x + o @ p["w_o"] + p["b_o"]
    h = layer_norm(x, p["ln2_g"], p["ln2_b"])
    x = x + jax.nn.gelu(h @ p["w_fc"] + p["b_fc"]) @ p["w_proj"] + p["b_proj"]
    x = layer_norm(x, p["lnf_g"], p["lnf_b"])
    logits = x @ p["wte"].T
    logp = jax.nn.log_softmax(logits[:, :-1], -1)
    nll = -jnp.take_along_axis(logp, tokens[:, 1:, None], -1)
    return jnp.mean(nll)


def gpt2_group(name, batch, seq, d, vocab, heads):
    shapes = {"wte": (vocab, d), "wpe": (seq, d), "ln1_g": (d,), "ln1_b": (d,),
              "w_qkv": (d, 3 * d), "b_qkv": (3 * d,), "w_o": (d, d), "b_o": (d,),
              "ln2_g": (d,), "ln2_b": (d,), "w_fc": (d, 4 * d), "b_fc": (4 * d,),
              "w_proj": (4 * d, d), "b_proj": (d,), "lnf_g": (d,), "lnf_b": (d,)}
    keys = sorted(shapes)

    def fn(tokens, *leaves):
        p = dict(zip(keys, leaves))
        # AdamW from zero moments: m = 0.1 g and v = 0.001 g^2, so the
        # moments carry the gradients' accuracy.
        g = jax.grad(gpt2_loss)(p, tokens, heads)
        return tuple(0.1 * g[k] for k in keys) + tuple(0.001 * g[k] * g[k] for k in keys)

    def inputs(rng):
        tokens = rng.integers(0, vocab, (batch, seq)).astype(np.int32)
        leaves = []
        for k in keys:
            if k.endswith("_g"):
                leaves.append(np.ones(shapes[k], np.float32) + 0.1 * rng.standard_normal(shapes[k]).astype(np.float32))
            else:
                leaves.append((0.05 * rng.standard_normal(shapes[k])).astype(np.float32))
        return [tokens] + leaves
    names = ["m " + k for k in keys] + ["v " + k for k in keys]
    return Group(name, fn, inputs, "norm", names)


def batch_norm(x, g, b):
    m = jnp.mean(x, (0, 1, 2))
    v = jnp.var(x, (0, 1, 2))
    return (x - m) * lax.rsqrt(v + 1e-5) * g + b, m, v


def conv(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"))


def resnet_group(name, batch, hw, c, classes):
    def loss(p, x, labels):
        h, m1, v1 = batch_norm(conv(x, p[0]), p[1], p[2])
        h = jax.nn.relu(h)
        h2, m2, v2 = batch_norm(conv(h, p[3]), p[4], p[5])
        h = jax.nn.relu(h2 + h)
        logits = jnp.mean(h, (1, 2)) @ p[6]
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], 1)), (m1, v1, m2, v2)

    def fn(x, labels, *p):
        g, stats = jax.grad(loss, has_aux=True)(list(p), x, labels)
        return tuple(g) + tuple(stats)

    def inputs(rng):
        x = rng.standard_normal((batch, hw, hw, c)).astype(np.float32)
        labels = rng.integers(0, classes, (batch,)).astype(np.int32)
        p = [(0.2 * rng.standard_normal((3, 3, c, c))).astype(np.float32),
             np.ones(c, np.float32), np.zeros(c, np.float32),
             (0.2 * rng.standard_normal((3, 3, c, c))).astype(np.float32),
             np.ones(c, np.float32), np.zeros(c, np.float32),
             (0.1 * rng.standard_normal((c, classes))).astype(np.float32)]
        return [x, labels] + p
    names = ["grad conv1", "grad bn1 scale", "grad bn1 offset", "grad conv2",
             "grad bn2 scale", "grad bn2 offset", "grad dense",
             "bn1 mean", "bn1 var", "bn2 mean", "bn2 var"]
    return Group(name, fn, inputs, "norm", names)


# --------------------------------------------------------- special functions

def linspace_input(lo, hi, n, dtype=np.float32, extra=()):
    def inputs(rng):
        return [np.concatenate([np.linspace(lo, hi, n), np.asarray(extra, np.float64)]).astype(dtype)]
    return inputs


def complex_grid(lo, hi, n):
    t = np.linspace(lo, hi, n)
    return (t[:, None] + 1j * t[None, :]).astype(np.complex64)


def special_groups():
    hyperbolic_extra = [3136.0, -3136.0, 89.0, -89.0, 88.7, 1e-4, -1e-4, 1e-20]
    return [
        Group("sinh cosh", lambda x: (jnp.sinh(x), jnp.cosh(x)),
              linspace_input(-95, 95, 20001, extra=hyperbolic_extra), "ulp",
              ["sinh f32 [-95, 95]", "cosh f32 [-95, 95]"]),
        Group("sinh cosh small", lambda x: (jnp.sinh(x), jnp.cosh(x)),
              linspace_input(-2, 2, 20001), "ulp",
              ["sinh f32 [-2, 2]", "cosh f32 [-2, 2]"]),
        # Vectorized f32 tanh, erf, erfc and log are polynomials in
        # registers (xla-approximate-vector-math), as in XLA:CPU; scalar code
        # calls libm.
        Group("tanh erf log", lambda x, y: (jnp.tanh(x), lax.erf(x), lax.erfc(x), jnp.log(y)),
              lambda rng: [np.concatenate([np.linspace(-12, 12, 65520),
                                           [0.0, -0.0, 1e-6, -1e-6, 1e-20, -1e-20,
                                            20.0, -20.0, 0.5, -0.5, 3.0, -3.0,
                                            1e-3, -1e-3, 5.0, -5.0]]).astype(np.float32),
                           np.exp(np.linspace(-80, 80, 65536)).astype(np.float32)],
              "ulp", ["tanh f32 [-12, 12]", "erf f32 [-12, 12]", "erfc f32 [-12, 12]",
                      "log f32 [e^-80, e^80]"],
              configs=["default", "scalar"]),
        # Vectorized f32 exp: our polynomial (xla-approximate-vector-math)
        # over the whole range, overflow and results that are subnormal.
        Group("exp", lambda x: (jnp.exp(x),),
              linspace_input(-104, 89, 65520,
                             extra=[0.0, -0.0, 1e-20, -1e-20, 0.5, -0.5,
                                    88.72, 88.7228, 88.72284, 89.5, -87.3,
                                    -87.4, -100.0, -103.9, -103.97, -110.0]),
              "ulp", ["exp f32 [-104, 89]"], configs=["default", "scalar"]),
        # Vectorized f32 sin and cos: reduced by pi/2 in float64 and a
        # polynomial (xla-approximate-vector-math); libm past 2^20. XLA:CPU
        # calls libm.
        Group("sin cos", lambda x: (jnp.sin(x), jnp.cos(x)),
              lambda rng: [np.concatenate([np.linspace(-1e5, 1e5, 65520),
                                           [0.0, -0.0, 1e-20, -1e-20, 1e-40, 1.5707964,
                                            3.1415927, 355.0, 2.0 ** 20, 3e6, -3e6, 1e30,
                                            7.0, -7.0, 0.5, 99.0]]).astype(np.float32)],
              "ulp", ["sin f32 [-1e5, 1e5]", "cos f32 [-1e5, 1e5]"],
              configs=["default", "scalar"]),
        Group("complex sin cos", lambda z: (jnp.sin(z), jnp.cos(z)),
              lambda rng: [complex_grid(-12, 12, 161)], "ulp",
              ["sin c64 [-12, 12]^2", "cos c64 [-12, 12]^2"]),
        Group("complex pow", lambda z, w: (z ** w,),
              lambda rng: [complex_grid(-4, 4, 41).reshape(-1)[:, None].repeat(25, 1),
                           complex_grid(-2, 2, 5).reshape(1, -1).repeat(41 * 41, 0)],
              "ulp", ["pow c64"]),
        Group("cumlogsumexp f16", lambda x: (lax.cumlogsumexp(x, axis=0),),
              lambda rng: [rng.uniform(-4, 4, (64, 16)).astype(np.float16)], "ulp",
              ["cumlogsumexp f16 64x16"]),
        Group("cumlogsumexp f32", lambda x: (lax.cumlogsumexp(x, axis=0),),
              lambda rng: [rng.uniform(-4, 4, (256, 16)).astype(np.float32)], "ulp",
              ["cumlogsumexp f32 256x16"]),
        # JAX sends triangular solves to LAPACK on the CPU: that is XLA:CPU's
        # answer. The program we compile is the HLO op, lowered for TPU.
        Group("triangular_solve",
              lambda a, b: (lax.linalg.triangular_solve(a, b, left_side=True, lower=True),
                            lax.linalg.triangular_solve(a, b, left_side=True, lower=True,
                                                        transpose_a=True)),
              lambda rng: [(np.tril(rng.uniform(-1, 1, (48, 48))) + 4 * np.eye(48)).astype(np.float32),
                           rng.uniform(-1, 1, (48, 7)).astype(np.float32)],
              "rel", ["lower 48x48", "lower transposed 48x48"], platform="tpu"),
    ]


def groups(suite):
    full = suite == "full"
    out = [reduction_group("reductions", REDUCTIONS_FULL if full else REDUCTIONS_QUICK,
                           ALL_PATHS),
           reduction_group("f16 reductions", NARROW, ["default", "scalar"], np.float16)]
    out += special_groups()
    if full:
        out += [gpt2_group("gpt2 adamw moments", 8, 128, 256, 1024, 4),
                resnet_group("resnet batchnorm grads b32", 32, 16, 32, 10)]
    else:
        out += [gpt2_group("gpt2 adamw moments", 2, 64, 64, 256, 4),
                resnet_group("resnet batchnorm grads", 8, 8, 16, 10)]
    return out
