"""Buffer donation: outputs computed in the buffers of the inputs they
update (Executable(..., donate=...), xm.jit(donate_argnums=...))."""

import warnings

import numpy as np
import pytest

import xla_mlir as xm

# The new weights and moment overwrite the old ones. The kernel that
# computes them recomputes the moment inside the weights' loop, and the
# old weights are also summed and transposed: the compiler has to order
# (or copy) for every aliased output to come out right when donated.
UPDATE = """
func.func public @main(%w: tensor<64x32xf32> {tf.aliasing_output = 0 : i32},
                       %m: tensor<64x32xf32> {tf.aliasing_output = 1 : i32},
                       %g: tensor<64x32xf32>)
    -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<f32>, tensor<32x64xf32>) {
  %c = stablehlo.constant dense<0.9> : tensor<64x32xf32>
  %a = stablehlo.multiply %m, %c : tensor<64x32xf32>
  %m2 = stablehlo.add %a, %g : tensor<64x32xf32>
  %w2 = stablehlo.subtract %w, %m2 : tensor<64x32xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%w init: %z) applies stablehlo.add
      across dimensions = [0, 1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<f32>
  %t = stablehlo.transpose %w, dims = [1, 0]
      : (tensor<64x32xf32>) -> tensor<32x64xf32>
  return %w2, %m2, %s, %t
      : tensor<64x32xf32>, tensor<64x32xf32>, tensor<f32>, tensor<32x64xf32>
}
"""


def reference(w, m, g):
    m2 = m * np.float32(0.9) + g
    return w - m2, m2, w.sum(), w.T.copy()


@pytest.fixture(scope="module")
def update():
    return xm.compile(UPDATE, cache=False)


def arrays(seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((64, 32), dtype=np.float32) for _ in range(3)]


def test_donated_arrays_become_their_outputs(update):
    assert update.donatable == {0: 0, 1: 1}
    w, m, g = arrays()
    expected = reference(w, m, g)
    kept = update(w.copy(), m.copy(), g)
    w_address = w.__array_interface__["data"][0]
    results = update(w, m, g, donate=(0, 1))
    # The updates are the donated arrays themselves, holding the new values.
    assert results[0] is w and results[1] is m
    assert w.__array_interface__["data"][0] == w_address
    for got, same, want in zip(results, kept, expected):
        np.testing.assert_array_equal(got, same)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_donation_needs_no_buffer_for_the_update():
    # Large enough for the runtime's buffer pool, which counts the bytes.
    big = xm.compile(UPDATE.replace("64x32", "1024x512")
                     .replace("32x64", "512x1024"), cache=False)
    rng = np.random.default_rng(1)
    w, m, g = [rng.standard_normal((1024, 512), dtype=np.float32)
               for _ in range(3)]
    update = big
    update(w, m, g, donate=(0, 1))  # fills the buffer pool
    import xla_mlir._executable as executable
    native = executable._xla_mlir
    before = native.pool_stats()["bytes_in_use"]
    native.pool_reset_peak()
    update(w, m, g, donate=(0, 1))
    donated_peak = native.pool_stats()["peak_bytes_in_use"] - before
    native.pool_reset_peak()
    kept = update(w, m, g)
    kept_peak = native.pool_stats()["peak_bytes_in_use"] - before
    del kept
    # Two outputs fewer.
    assert kept_peak - donated_peak >= 2 * w.nbytes


def test_arrays_the_program_must_not_write_are_left_alone(update):
    w, m, g = arrays(2)
    expected = reference(w, m, g)
    w.flags.writeable = False
    results = update(w, m, g, donate=(0,))
    assert results[0] is not w
    np.testing.assert_allclose(results[0], expected[0], rtol=1e-5, atol=1e-5)
    # The same array passed twice: writing one would change the other.
    w = arrays(3)[0]
    results = update(w, w, w, donate=(0,))
    assert results[0] is not w
    np.testing.assert_allclose(results[0], reference(w, w, w)[0], rtol=1e-5,
                               atol=1e-5)
    # A strided view is copied on the way in; the copy is donated.
    big = np.repeat(arrays(4)[0], 2, axis=1)
    view = big[:, ::2]
    results = update(view, m, g, donate=(0,))
    np.testing.assert_allclose(results[0], reference(view, m, g)[0],
                               rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(big[:, ::2], view)


def test_bad_donations(update):
    w, m, g = arrays(5)
    with pytest.warns(UserWarning, match="argument 2 of @main cannot be donated"):
        update(w, m, g, donate=(2,))
    with pytest.raises(ValueError, match="donate names argument 7"):
        update(w, m, g, donate=(7,))


def test_jit_donate_argnums_updates_weights_in_place():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    def loss(params, x, y):
        h = jnp.tanh(x @ params["w1"] + params["b1"])
        return jnp.mean((h @ params["w2"] - y) ** 2)

    def step(params, state, x, y):
        grads = jax.grad(loss)(params, x, y)
        state = jax.tree.map(lambda s, g: 0.9 * s + g, state, grads)
        params = jax.tree.map(lambda p, s: p - 0.01 * s, params, state)
        return params, state, loss(params, x, y)

    rng = np.random.default_rng(0)
    params = {"w1": rng.standard_normal((16, 32), dtype=np.float32),
              "b1": np.zeros(32, np.float32),
              "w2": rng.standard_normal((32, 4), dtype=np.float32)}
    state = jax.tree.map(np.zeros_like, params)
    x = rng.standard_normal((8, 16), dtype=np.float32)
    y = rng.standard_normal((8, 4), dtype=np.float32)
    jitted = xm.jit(step, donate_argnums=(0, 1), cache=False)
    # Copies: the donated arrays change.
    jax_params, jax_state = jax.tree.map(np.copy, (params, state))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every donated leaf has an output
        for _ in range(3):
            before = {k: v for k, v in params.items()}
            params, state, value = jitted(params, state, x, y)
            jax_params, jax_state, jax_value = jax.jit(step)(
                jax_params, jax_state, x, y)
            # Each weight is updated in its own buffer.
            for name in params:
                assert params[name] is before[name]
    for name in params:
        np.testing.assert_allclose(params[name], jax_params[name], rtol=1e-5,
                                   atol=1e-6)
        np.testing.assert_allclose(state[name], jax_state[name], rtol=1e-5,
                                   atol=1e-6)
    np.testing.assert_allclose(value, jax_value, rtol=1e-5)
