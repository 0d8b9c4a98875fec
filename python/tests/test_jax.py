"""xm.jit on JAX functions: pytrees, grad, static arguments, the
per-signature cache, errors."""

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = jax.numpy

import xla_mlir as xm  # noqa: E402


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_reduce_sum_matches_jax():
    def f(x, y, z):
        return jnp.sum(x + y * z)

    args = [rand(64, 32, seed=s) for s in range(3)]
    ours = xm.jit(f)(*args)
    np.testing.assert_allclose(ours, jax.jit(f)(*args), rtol=1e-5)


def test_pytrees_in_and_out():
    def f(params, batch):
        h = jnp.tanh(batch["x"] @ params["w"] + params["b"])
        return {"h": h, "stats": (h.mean(), h.max())}

    params = {"w": rand(8, 4, seed=1), "b": rand(4, seed=2)}
    batch = {"x": rand(16, 8, seed=3)}
    ours = xm.jit(f)(params, batch)
    ref = jax.jit(f)(params, batch)
    assert jax.tree_util.tree_structure(ours) == \
        jax.tree_util.tree_structure(ref)
    for a, b in zip(jax.tree_util.tree_leaves(ours),
                    jax.tree_util.tree_leaves(ref)):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_value_and_grad_training_step():
    def loss(params, x, y):
        pred = jnp.tanh(x @ params["w1"]) @ params["w2"]
        return jnp.mean((pred - y) ** 2)

    @xm.jit
    def step(params, x, y):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        new = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
        return new, value

    params = {"w1": rand(8, 16, seed=1) * 0.3, "w2": rand(16, 1, seed=2) * 0.3}
    x, y = rand(32, 8, seed=3), rand(32, 1, seed=4)
    ref_params, ref_value = jax.jit(step.__wrapped__)(params, x, y)
    new_params, value = step(params, x, y)
    np.testing.assert_allclose(value, ref_value, rtol=1e-5)
    for k in params:
        np.testing.assert_allclose(new_params[k], ref_params[k], rtol=1e-5,
                                   atol=1e-6)
    losses = [float(value)]
    for _ in range(5):
        params, value = step(params, x, y)
        losses.append(float(value))
    assert losses[-1] < losses[0]
    assert step.num_compiles == 1


def test_recompiles_only_on_new_signature():
    f = xm.jit(lambda x, y: x * 2 + y)
    f(rand(4), rand(4))
    f(rand(4, seed=1), rand(4, seed=2))
    assert f.num_compiles == 1
    f(rand(5), rand(5))
    assert f.num_compiles == 2
    f(rand(4).astype(np.float16), rand(4).astype(np.float16))
    assert f.num_compiles == 3
    f(rand(4), 1.5)  # a Python scalar: weakly typed, its own signature
    f(rand(4), 2.5)
    assert f.num_compiles == 4
    np.testing.assert_allclose(f(rand(4), 2.5), rand(4) * 2 + 2.5, rtol=1e-6)


def test_static_argnums():
    def f(x, n, mode):
        return x ** n if mode == "pow" else x * n

    g = xm.jit(f, static_argnums=(1, 2))
    x = rand(6)
    np.testing.assert_allclose(g(x, 3, "pow"), x ** 3, rtol=1e-5)
    np.testing.assert_allclose(g(x, 3, "mul"), x * 3, rtol=1e-6)
    g(x, 3, "pow")
    assert g.num_compiles == 2
    with pytest.raises(TypeError, match="hashable"):
        g(x, [3], "pow")


def test_int64_is_canonicalized_like_jax():
    f = xm.jit(lambda i: i + 1)
    out = f(np.arange(5, dtype=np.int64))
    np.testing.assert_array_equal(out, np.arange(1, 6))
    assert out.dtype == jax.jit(lambda i: i + 1)(np.arange(5)).dtype


def test_options_reach_the_compiler():
    f = xm.jit(lambda x: jnp.exp(x) * 2, fusion=False, cache=False)
    x = rand(16)
    np.testing.assert_allclose(f(x), np.exp(x) * 2, rtol=1e-6)
    assert f.executable(x).cache_outcome == "bypassed"
    with pytest.raises(TypeError, match="unknown"):
        xm.jit(lambda x: x, no_such_option=1)(x)


def test_errors_point_at_the_user():
    def bad(x):
        return x @ x  # shapes (3,4) @ (3,4): JAX's own error, here

    with pytest.raises(TypeError) as info:
        xm.jit(bad)(rand(3, 4))
    assert any("test_jax.py" in str(frame.path)
               for frame in info.traceback)
    # A program the compiler rejects: the diagnostic names the op and the
    # line of this file that made it.
    def outer_sum(x):
        y = jnp.outer(x, x)  # 16 KiB, over the limit below
        return y.sum()

    line = outer_sum.__code__.co_firstlineno + 1
    with pytest.raises(xm.CompileError,
                       match=rf"test_jax.py:{line}:\d+: error: "
                             r"'hlo.broadcast_in_dim' op result #0 .* needs "
                             r"16.0 KiB"):
        xm.jit(outer_sum, max_tensor_size="1K")(np.ones(64, np.float32))
    with pytest.raises(ValueError, match="argument 0"):
        xm.jit(lambda x: x + 1).executable(rand(3))(rand(4))


def test_compare_unfused():
    def softmax(x):
        return jax.nn.softmax(x, axis=-1)

    f = xm.jit(softmax)
    comparison = f.compare_unfused(rand(64, 256), runs=3, verbose=False)
    assert comparison.results_agree
    assert comparison.fused_peak_bytes <= comparison.unfused_peak_bytes


def test_unsupported_custom_calls_are_named():
    # JAX puts Shardy attributes on custom calls; they are dropped, and the
    # error names the custom call and the user's line.
    def callback(x):
        y = jax.pure_callback(lambda a: np.sin(a),
                              jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        return y * 2

    line = callback.__code__.co_firstlineno + 1
    with pytest.raises(xm.CompileError,
                       match=rf"test_jax.py:{line}:\d+: error: custom call "
                             r"target 'xla_ffi_python_cpu_callback' is not "
                             r"registered"):
        xm.jit(callback)(rand(4))
    with pytest.raises(xm.CompileError, match="lapack_ssyevd_ffi"):
        xm.jit(lambda a: jnp.linalg.eigh(a)[0])(np.eye(4, dtype=np.float32))


def test_untraceable_functions_raise_jax_errors():
    def branchy(x):
        if x.sum() > 0:  # Python control flow on a traced value
            return x
        return -x

    with pytest.raises(jax.errors.TracerBoolConversionError):
        xm.jit(branchy)(rand(3))
    with pytest.raises(TypeError):
        xm.jit(lambda x: x + "text")(rand(3))
