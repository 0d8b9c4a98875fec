#!/usr/bin/env python3
"""Forward passes of models from public libraries, ours next to XLA:CPU.

Each model is built by keras-hub or keras.applications with the JAX
backend, random weights (nothing downloaded), small sizes. Its inference
forward pass (`stateless_call`, weights as arguments) is exported from JAX
as StableHLO; `xla-run` compiles and runs that file, JAX runs the same
function. Both results are checked against the same model evaluated in
float64 (a separate process with JAX_ENABLE_X64 and the weights cast
up): the largest error of each, relative to the largest magnitude of the
float64 result.

    python3 bench/keras_models.py [--only resnet18,vit] [--runs 10]
        [--xla-run build/bin/xla-run] [--keep DIR] [--cpu N] [--train]
        [--xla-flag=--target=cuda --xla-flag=--gpu-emulate] [--bundle DIR]

With --train, each model's backward pass instead: the gradients of its
forward pass at batch 2, and how many of them ours and XLA:CPU's match
float64 within rtol 1e-3.

With --xla-flag, xla-run compiles with those flags: `--target=cuda
--gpu-emulate` checks the GPU code generation's errors in the emulator
(its times then say nothing; use --runs 1).

Needs keras-hub (scripts/install-deps.sh --models); keras and JAX come
with the base install. Prints one line per model: our run time, XLA:CPU's,
the ratio (below 1: we are faster), compile times and both errors.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import bundles  # bench/bundles.py
from suite import median_ms  # bench/suite.py

os.environ.setdefault("KERAS_BACKEND", "jax")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build(name):
    """The model and a function of a seeded RNG giving its inputs."""
    import keras
    import numpy as np

    def images(size):
        return lambda rng, batch: rng.standard_normal(
            (batch, size, size, 3)).astype(np.float32)

    def tokens(length, with_segments):
        def make(rng, batch):
            x = {"token_ids": rng.integers(0, 1000, (batch, length),
                                           dtype=np.int32),
                 "padding_mask": np.ones((batch, length), np.int32)}
            if with_segments:
                x["segment_ids"] = np.zeros((batch, length), np.int32)
            return x
        return make

    if name in ("resnet18", "resnet50"):
        import keras_hub
        basic = name == "resnet18"
        model = keras_hub.models.ResNetBackbone(
            input_conv_filters=[64], input_conv_kernel_sizes=[7],
            stackwise_num_filters=[64, 128, 256, 512],
            stackwise_num_blocks=[2, 2, 2, 2] if basic else [3, 4, 6, 3],
            stackwise_num_strides=[1, 2, 2, 2],
            block_type="basic_block" if basic else "bottleneck_block",
            use_pre_activation=False, image_shape=(224, 224, 3))
        return model, images(224), 2
    if name == "mobilenetv2":
        model = keras.applications.MobileNetV2(
            weights=None, input_shape=(224, 224, 3),
            classifier_activation=None)
        return model, images(224), 2
    if name == "convnext":
        model = keras.applications.ConvNeXtTiny(
            weights=None, input_shape=(224, 224, 3),
            classifier_activation=None)
        return model, images(224), 2
    if name == "convmha":
        # Small Keras layers put together by hand: two Conv2D, pooling, a
        # MultiHeadAttention over the 8x8 positions and a Dense.
        inputs = keras.Input((32, 32, 3))
        x = keras.layers.Conv2D(32, 3, padding="same", activation="relu")(inputs)
        x = keras.layers.MaxPooling2D()(x)
        x = keras.layers.Conv2D(64, 3, padding="same", activation="relu")(x)
        x = keras.layers.MaxPooling2D()(x)
        x = keras.layers.Reshape((64, 64))(x)
        x = keras.layers.MultiHeadAttention(num_heads=4, key_dim=16)(x, x)
        x = keras.layers.GlobalAveragePooling1D()(x)
        model = keras.Model(inputs, keras.layers.Dense(10)(x))
        return model, images(32), 16
    if name == "vit":
        import keras_hub
        model = keras_hub.models.ViTBackbone(
            image_shape=(224, 224, 3), patch_size=16, num_layers=4,
            num_heads=4, hidden_dim=256, mlp_dim=1024)
        return model, images(224), 4
    if name == "bert":
        import keras_hub
        model = keras_hub.models.BertBackbone(
            vocabulary_size=1000, num_layers=2, num_heads=4, hidden_dim=256,
            intermediate_dim=1024, max_sequence_length=128)
        return model, tokens(128, True), 8
    if name == "llama":
        import keras_hub
        # A causal decoder with rotary embeddings and grouped-query
        # attention.
        model = keras_hub.models.LlamaBackbone(
            vocabulary_size=1000, num_layers=2, num_query_heads=4,
            num_key_value_heads=2, hidden_dim=256, intermediate_dim=1024)
        return model, tokens(128, False), 8
    raise SystemExit("unknown model " + name)


MODELS = ["resnet18", "resnet50", "mobilenetv2", "convnext", "convmha", "vit",
          "bert", "llama"]


def flat_args(model, inputs):
    """The weights and inputs as one flat list, and a function splitting
    such a list back into (trainable, non-trainable, inputs)."""
    import jax
    tv = [v.value for v in model.trainable_variables]
    ntv = [v.value for v in model.non_trainable_variables]
    leaves, tree = jax.tree.flatten(inputs)

    def split(args):
        return (list(args[:len(tv)]),
                list(args[len(tv):len(tv) + len(ntv)]),
                jax.tree.unflatten(tree, args[len(tv) + len(ntv):]))
    return tv + ntv + leaves, split


def flat_forward(model, inputs):
    """f(*weights, *inputs) -> list of outputs, and its arguments."""
    import jax
    args, split = flat_args(model, inputs)

    def f(*a):
        t, n, x = split(a)
        y, _ = model.stateless_call(t, n, x, training=False)
        return jax.tree.leaves(y)
    return f, args


def flat_train(model, inputs):
    """The backward pass of the forward pass in inference mode (dropout
    off, batch statistics fixed: a dropout mask drawn in float64 differs
    from float32's, and batch statistics of two images are ill-conditioned),
    f(*weights, *inputs) -> gradients of every trainable weight and the
    loss, and its arguments. The loss projects each output on fixed random
    weights: the mean square of a normalized output is about 1 whatever the
    weights, and its gradients are rounding noise."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    args, split = flat_args(model, inputs)

    def f(*a):
        t, n, x = split(a)

        def loss(t):
            y, _ = model.stateless_call(t, n, x, training=False)
            total = 0.0
            for k, v in enumerate(jax.tree.leaves(y)):
                w = np.random.default_rng(k).standard_normal(v.shape)
                total = total + jnp.sum(v * jnp.asarray(w, v.dtype))
            return total
        value, grads = jax.value_and_grad(loss)(t)
        return list(grads) + [value]
    return f, args


def reference(name, seed, batch, weights_dir, out, train=False):
    """Child process: the model in float64 with the float32 weights."""
    import jax
    import keras
    import numpy as np
    keras.config.set_floatx("float64")
    keras.utils.set_random_seed(seed)
    model, make_inputs, _ = build(name)
    weights = np.load(os.path.join(weights_dir, "weights.npz"))
    values = [weights["w%d" % i].astype(np.float64)
              for i in range(len(weights.files))]
    for v, value in zip(model.trainable_variables +
                        model.non_trainable_variables, values):
        v.assign(value)
    # The float32 inputs, exactly, in float64.
    inputs = jax.tree.map(
        lambda a: a.astype(np.float64) if a.dtype == np.float32 else a,
        make_inputs(np.random.default_rng(seed), batch))
    f, args = (flat_train if train else flat_forward)(model, inputs)
    result = jax.jit(f)(*args)
    np.savez(out, *[np.asarray(r) for r in result])


def run_model(name, args, work):
    import jax
    import keras
    import numpy as np
    keras.utils.set_random_seed(args.seed)
    model, make_inputs, batch = build(name)
    if args.train:
        batch = min(batch, 2)
    inputs = make_inputs(np.random.default_rng(args.seed), batch)
    f, flat = (flat_train if args.train else flat_forward)(model, inputs)
    flat = [np.asarray(a) for a in flat]
    n_weights = len(model.trainable_variables) + len(
        model.non_trainable_variables)
    np.savez(os.path.join(work, "weights.npz"),
             **{"w%d" % i: a for i, a in enumerate(flat[:n_weights])})
    # All arguments stay in the program (JAX drops unused ones by default).
    jf = jax.jit(f, keep_unused=True)
    t = time.perf_counter()
    lowered = jf.lower(*flat)
    compiled = lowered.compile()
    jax_compile = time.perf_counter() - t
    prog = os.path.join(work, name + ".mlir")
    open(prog, "w").write(lowered.as_text())
    dev = [jax.device_put(a) for a in flat]
    expect = [np.asarray(r) for r in compiled(*dev)]
    jax_ms = median_ms(lambda: jax.block_until_ready(compiled(*dev)),
                       args.runs)
    paths = []
    for i, a in enumerate(flat):
        paths.append(os.path.join(work, "in%d.npy" % i))
        np.save(paths[-1], a)
    outdir = os.path.join(work, "out")
    cmd = [args.xla_run, prog, "--input", ",".join(paths), "--time",
           "--runs", str(args.runs), "--no-print", "--no-cache",
           "--output-dir", outdir] + args.xla_flag
    run = subprocess.run(cmd, capture_output=True, text=True)
    text = run.stdout + run.stderr
    ours = re.search(r"run time: median ([\d.e+]+) ms", text)
    compile_ms = re.search(r"compile time: ([\d.e+]+) ms", text)
    if run.returncode or not ours:
        return "%-12s xla-run failed: %s" % (name, text[-400:])
    got = [np.load(os.path.join(outdir, "output_%d.npy" % i))
           for i in range(len(expect))]
    ref_path = os.path.join(work, "ref.npz")
    subprocess.run([sys.executable, __file__, "--reference", name,
                    "--seed", str(args.seed), "--batch", str(batch),
                    "--weights", work, "--out", ref_path]
                   + (["--train"] if args.train else []), check=True,
                   env=dict(os.environ, JAX_ENABLE_X64="1"),
                   capture_output=True)
    ref = np.load(ref_path)
    ref = [ref["arr_%d" % i] for i in range(len(ref.files))]

    if args.bundle:
        tag = "keras_%s%s" % (name, "_train" if args.train else "")
        bundles.write(os.path.join(args.bundle, tag), tag,
                      "bench/keras_models.py", open(prog).read(), flat,
                      expect, ref, jf)

    def error(results):
        return max(bundles.within(r, e)[1] for r, e in zip(results, ref))
    ours_ms = float(ours.group(1))
    if args.train:
        # Per output: within rtol 1e-3, atol 1e-3 * max|float64| of
        # float64? Gradients zero in exact arithmetic (a bias a
        # normalization cancels) are float32 noise for both compilers.
        def within(results):
            return sum(bundles.within(r, e)[0] for r, e in zip(results, ref))
        return ("%-12s train, batch %d: ours %8.2f ms, XLA:CPU %8.2f ms, "
                "ratio %.2f; of %d outputs within tolerance of float64: "
                "ours %d, XLA:CPU %d" % (
                    name, batch, ours_ms, jax_ms, ours_ms / jax_ms,
                    len(ref), within(got), within(expect)))
    return ("%-12s batch %d: ours %8.2f ms, XLA:CPU %8.2f ms, ratio %.2f; "
            "compile %.2f s vs %.2f s; error vs float64: ours %.1e, "
            "XLA:CPU %.1e" % (name, batch, ours_ms, jax_ms, ours_ms / jax_ms,
                              float(compile_ms.group(1)) / 1e3, jax_compile,
                              error(got), error(expect)))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--only", default=",".join(MODELS))
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--xla-run",
                    default=os.path.join(ROOT, "build", "bin", "xla-run"))
    ap.add_argument("--xla-flag", action="append", default=[],
                    help="an xla-run flag (repeatable)")
    ap.add_argument("--keep", metavar="DIR",
                    help="keep each model's program and inputs in DIR/NAME")
    ap.add_argument("--cpu", type=int, metavar="N",
                    help="run on core N alone: this process (JAX) and "
                    "xla-run pinned to it, xla-run with OMP_NUM_THREADS=1. "
                    "Two-thread times on a shared 2-core machine move by up "
                    "to 2x between rounds; one core is stable to a few "
                    "percent")
    ap.add_argument("--bundle", metavar="DIR",
                    help="also write each model as a bundle DIR/keras_NAME "
                    "(bench/bundles.py) for the GPU machine")
    ap.add_argument("--train", action="store_true",
                    help="the gradients of the forward pass (batch at most "
                    "2) instead of the forward pass")
    ap.add_argument("--reference", help=argparse.SUPPRESS)
    ap.add_argument("--batch", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--weights", help=argparse.SUPPRESS)
    ap.add_argument("--out", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.cpu is not None:
        # Before JAX starts its threads; children inherit the affinity.
        os.sched_setaffinity(0, {args.cpu})
        os.environ["OMP_NUM_THREADS"] = "1"
    if args.reference:
        reference(args.reference, args.seed, args.batch, args.weights,
                  args.out, args.train)
        return 0
    try:
        import keras_hub  # noqa: F401
    except ImportError as e:
        sys.exit("needs keras-hub (scripts/install-deps.sh --models): %s" % e)
    for name in args.only.split(","):
        if args.keep:
            work = os.path.join(args.keep, name)
            os.makedirs(work, exist_ok=True)
            print(run_model(name, args, work), flush=True)
            continue
        with tempfile.TemporaryDirectory() as work:
            print(run_model(name, args, work), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
