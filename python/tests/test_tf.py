"""xm.from_tf: TensorFlow functions with variables, Keras models and
optimizers, nested outputs, and TensorFlow's must-compile errors."""

import os
import subprocess
import sys

import numpy as np
import pytest

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")

import xla_mlir as xm  # noqa: E402


def linear_step():
    w = tf.Variable(np.full((4, 3), 0.5, np.float32))
    b = tf.Variable(np.zeros(3, np.float32))
    offset = tf.constant(np.arange(3, dtype=np.float32))  # captured constant

    @tf.function
    def step(batch):
        with tf.GradientTape() as tape:
            pred = tf.matmul(batch["x"], w) + b + offset
            loss = tf.reduce_mean((pred - batch["y"]) ** 2)
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(0.1 * gw)
        b.assign_sub(0.1 * gb)
        return {"loss": loss, "pred": pred}

    return step, w, b


def test_variables_are_updated_like_tensorflow():
    rng = np.random.default_rng(0)
    batch = {"x": rng.standard_normal((5, 4)).astype(np.float32),
             "y": rng.standard_normal((5, 3)).astype(np.float32)}
    ours, w1, b1 = linear_step()
    theirs, w2, b2 = linear_step()
    step = xm.from_tf(ours)
    for _ in range(3):
        out = step(batch)
        ref = theirs(batch)
        assert set(out) == {"loss", "pred"}
        np.testing.assert_allclose(out["loss"], ref["loss"].numpy(), rtol=1e-6)
        np.testing.assert_allclose(out["pred"], ref["pred"].numpy(), rtol=1e-6,
                                   atol=1e-6)
        np.testing.assert_allclose(w1.numpy(), w2.numpy(), rtol=1e-6)
        np.testing.assert_allclose(b1.numpy(), b2.numpy(), rtol=1e-6, atol=1e-7)
    assert step.num_compiles == 1
    exe = step.executable(batch)
    # x, y, then the captured w, b and constant; loss, pred, then new w, b.
    assert len(exe.inputs) == 5 and len(exe.outputs) == 4
    assert exe.aliases == [(2, 2), (3, 3)]


def test_keras_model_with_adam():
    def build():
        keras.utils.set_random_seed(0)
        model = keras.Sequential([
            keras.Input((8,)), keras.layers.Dense(16, activation="gelu"),
            keras.layers.LayerNormalization(), keras.layers.Dense(4)])
        optimizer = keras.optimizers.Adam(1e-2)
        optimizer.build(model.trainable_variables)
        loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

        @tf.function
        def step(x, y):
            with tf.GradientTape() as tape:
                loss = loss_fn(y, model(x, training=True))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            return loss

        return model, optimizer, step

    rng = np.random.default_rng(1)
    x = rng.standard_normal((32, 8)).astype(np.float32)
    y = rng.integers(0, 4, 32).astype(np.int32)
    model1, opt1, step1 = build()
    model2, opt2, step2 = build()
    ours = xm.from_tf(step1)
    losses = []
    for _ in range(4):
        loss = ours(x, y)
        ref = step2(x, y)
        np.testing.assert_allclose(loss, ref.numpy(), rtol=1e-5)
        losses.append(float(loss))
    assert losses[-1] < losses[0]
    for a, b in zip(model1.weights + opt1.variables, model2.weights + opt2.variables):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)
    assert int(opt1.iterations.numpy()) == 4


def test_new_shapes_compile_again():
    @tf.function
    def double(x):
        return x * 2.0

    f = xm.from_tf(double)
    np.testing.assert_array_equal(f(np.ones(3, np.float32)), np.full(3, 2.0))
    f(np.zeros(3, np.float32))
    assert f.num_compiles == 1
    np.testing.assert_array_equal(f(np.ones((2, 2), np.float32)),
                                  np.full((2, 2), 2.0))
    assert f.num_compiles == 2
    # A plain Python function works too: TensorFlow traces it.
    np.testing.assert_allclose(xm.from_tf(lambda a: tf.sin(a))(np.ones(2, np.float32)),
                               np.sin(np.ones(2)), rtol=1e-6)


def test_data_dependent_shapes_are_a_clear_error():
    @tf.function
    def unique(x):
        return tf.unique(x)[0]

    with pytest.raises(xm.CompileError, match="depends on the data"):
        xm.from_tf(unique)(np.array([1, 2, 2], np.int32))


def test_what_tensorflow_cannot_compile_is_a_compile_error():
    @tf.function
    def host_code(x):
        return tf.py_function(lambda a: a * 2, [x], tf.float32)

    with pytest.raises(xm.CompileError, match="TensorFlow cannot compile"):
        xm.from_tf(host_code)(np.ones(3, np.float32))


def test_compiles_in_a_process_that_imported_tensorflow_first():
    # TensorFlow exports the symbols of its own LLVM; the extension binds
    # to ours (RTLD_DEEPBIND). A reduction is what once broke.
    program = (
        "func.func @main(%x: tensor<2x3xf32>) -> tensor<3xf32> {\n"
        "  %z = hlo.constant dense<0.0> : tensor<f32>\n"
        "  %r = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [0]"
        " : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>\n"
        "  return %r : tensor<3xf32>\n}\n")
    script = (
        "import tensorflow, sys\n"
        "import numpy as np\n"
        "import xla_mlir as xm\n"
        "exe = xm.compile(sys.argv[1], cache=False)\n"
        "print(exe(np.ones((2, 3), np.float32)))\n")
    done = subprocess.run([sys.executable, "-c", script, program],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "[2. 2. 2.]"
