#!/usr/bin/env python3
"""A BERT-like Keras encoder (2 layers, hidden 768, 12 heads, sequence 128,
vocabulary 30522, masked-LM loss, Adam) trained through xla_mlir.from_tf,
checked against TensorFlow and timed next to TensorFlow without XLA and
TensorFlow with jit_compile=True: the comparison XLA users make, with
xla-mlir as a third column.

    python3 examples/python/tf_bert_step.py [--batch 2] [--runs 5]
    python3 examples/python/tf_bert_step.py --tiny     # a small model, quick
"""

import argparse
import os
import statistics
import time

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import xla_mlir as xm  # noqa: E402

BASE = dict(vocab=30522, hidden=768, layers=2, heads=12, intermediate=3072,
            seq=128, predictions=20)
TINY = dict(vocab=1000, hidden=64, layers=1, heads=4, intermediate=128,
            seq=32, predictions=4)


class EncoderLayer(keras.layers.Layer):
    def __init__(self, cfg):
        super().__init__()
        self.attention = keras.layers.MultiHeadAttention(
            cfg["heads"], cfg["hidden"] // cfg["heads"])
        self.norm1 = keras.layers.LayerNormalization(epsilon=1e-12)
        self.ffn_in = keras.layers.Dense(cfg["intermediate"],
                                         activation="gelu")
        self.ffn_out = keras.layers.Dense(cfg["hidden"])
        self.norm2 = keras.layers.LayerNormalization(epsilon=1e-12)

    def call(self, x, mask):
        x = self.norm1(x + self.attention(x, x, attention_mask=mask))
        return self.norm2(x + self.ffn_out(self.ffn_in(x)))


class BertMLM(keras.Model):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.words = keras.layers.Embedding(cfg["vocab"], cfg["hidden"])
        self.positions = keras.layers.Embedding(cfg["seq"], cfg["hidden"])
        self.types = keras.layers.Embedding(2, cfg["hidden"])
        self.norm = keras.layers.LayerNormalization(epsilon=1e-12)
        self.encoder = [EncoderLayer(cfg) for _ in range(cfg["layers"])]
        self.transform = keras.layers.Dense(cfg["hidden"], activation="gelu")
        self.head_norm = keras.layers.LayerNormalization(epsilon=1e-12)
        self.bias = self.add_weight(shape=(cfg["vocab"],),
                                    initializer="zeros", name="mlm_bias")

    def call(self, ids, types, mask, positions):
        seq = tf.range(self.cfg["seq"])[None, :]
        x = self.norm(self.words(ids) + self.positions(seq) + self.types(types))
        attention_mask = tf.cast(mask[:, None, :], tf.bool)
        for layer in self.encoder:
            x = layer(x, attention_mask)
        h = tf.gather(x, positions, batch_dims=1)           # [B, P, H]
        h = self.head_norm(self.transform(h))
        # The output projection is tied to the word embeddings.
        return tf.matmul(h, self.words.embeddings, transpose_b=True) + self.bias


def make_step(cfg, seed):
    keras.utils.set_random_seed(seed)
    model = BertMLM(cfg)
    optimizer = keras.optimizers.Adam(1e-3)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    batch = make_batch(cfg, 2)
    model(batch["ids"], batch["types"], batch["mask"], batch["positions"])
    optimizer.build(model.trainable_variables)

    def step(ids, types, mask, positions, labels, weights):
        with tf.GradientTape() as tape:
            logits = model(ids, types, mask, positions)
            loss = loss_fn(labels, logits, sample_weight=weights)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return model, optimizer, step


def make_batch(cfg, batch, seed=0):
    rng = np.random.default_rng(seed)
    b, s, p = batch, cfg["seq"], cfg["predictions"]
    lengths = rng.integers(s // 2, s + 1, b)
    mask = (np.arange(s)[None, :] < lengths[:, None]).astype(np.int32)
    positions = np.stack([np.sort(rng.choice(np.arange(1, n), p, replace=False))
                          for n in lengths]).astype(np.int32)
    return dict(ids=rng.integers(0, cfg["vocab"], (b, s)).astype(np.int32),
                types=(np.arange(s)[None, :] >= s // 2).repeat(b, 0).astype(np.int32),
                mask=mask, positions=positions,
                labels=rng.integers(0, cfg["vocab"], (b, p)).astype(np.int32),
                weights=np.ones((b, p), np.float32))


def median_ms(fn, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tiny", action="store_true")
    parser.add_argument("--no-rematerialize", dest="rematerialize",
                        action="store_false",
                        help="compile ours with rematerialize=False (the "
                             "default recomputes cheap values: less memory)")
    args = parser.parse_args()
    cfg = TINY if args.tiny else BASE
    batch = make_batch(cfg, args.batch)
    inputs = [batch[k] for k in ("ids", "types", "mask", "positions",
                                 "labels", "weights")]

    # Three copies of the same model (same seed): ours, TF eager-graph, TF+XLA.
    model_ours, opt_ours, step_ours = make_step(cfg, 0)
    model_tf, opt_tf, step_tf = make_step(cfg, 0)
    model_xla, opt_xla, step_xla = make_step(cfg, 0)
    ours = xm.from_tf(step_ours, rematerialize=args.rematerialize)
    tf_graph = tf.function(step_tf)
    tf_xla = tf.function(step_xla, jit_compile=True)

    start = time.perf_counter()
    loss = float(ours(*inputs))
    first_ours = time.perf_counter() - start
    start = time.perf_counter()
    ref = float(tf_graph(*inputs))
    first_tf = time.perf_counter() - start
    start = time.perf_counter()
    float(tf_xla(*inputs))
    first_xla = time.perf_counter() - start
    print(f"loss after one step: xla-mlir {loss:.6f}, TensorFlow {ref:.6f}")
    assert abs(loss - ref) <= 1e-4 * abs(ref), "the losses differ"
    # Each variable after the step against TensorFlow's, by the rule of the
    # JAX examples (examples/export_jax.py): |ours - TF| <= 1e-4 * (the
    # largest value of the variable's group) + 1e-3 * |TF|, the groups being
    # the model's weights, Adam's momenta, Adam's velocities and the rest.
    # (Per variable, a first Adam step turns a gradient that is rounding
    # noise, e.g. of a key bias, which cannot change the softmax, into a
    # full-size step of either sign, in any compiler.) TF+XLA is measured by
    # the same rule for comparison.
    def group_of(variable, index):
        if index < len(model_tf.weights):
            return "weights"
        name = variable.path if hasattr(variable, "path") else variable.name
        return next((g for g in ("momentum", "velocity") if g in name), "other")

    triples = list(zip(model_ours.weights + opt_ours.variables,
                       model_tf.weights + opt_tf.variables,
                       model_xla.weights + opt_xla.variables))
    scales = {}
    for index, (_, b, _) in enumerate(triples):
        group = group_of(b, index)
        scales[group] = max(scales.get(group, 0.0),
                            float(np.max(np.abs(b.numpy()), initial=0.0)))
    worst_ours = worst_xla = 0.0
    for index, (a, b, c) in enumerate(triples):
        a, b, c = (v.numpy().astype(np.float64) for v in (a, b, c))
        if not b.size:
            continue
        tolerance = 1e-4 * scales[group_of(triples[index][1], index)] + \
            1e-3 * np.abs(b) + 1e-30
        worst_ours = max(worst_ours, float(np.max(np.abs(a - b) / tolerance)))
        worst_xla = max(worst_xla, float(np.max(np.abs(c - b) / tolerance)))
    assert worst_ours <= 1.0, \
        f"a variable differs: {worst_ours:.2f} of its tolerance"
    print(f"{len(triples)} variables updated like TensorFlow's: the worst at "
          f"{worst_ours:.2f} of its tolerance (TF+XLA: {worst_xla:.2f})")

    print(f"first step (trace, compile, run): xla-mlir {first_ours:.1f} s, "
          f"TF {first_tf:.1f} s, TF+XLA {first_xla:.1f} s")
    results = {
        "xla-mlir (from_tf)": median_ms(lambda: float(ours(*inputs)), args.runs),
        "TensorFlow, no XLA": median_ms(lambda: float(tf_graph(*inputs)), args.runs),
        "TensorFlow, jit_compile=True": median_ms(lambda: float(tf_xla(*inputs)), args.runs),
    }
    print(f"median training step over {args.runs} runs (batch {args.batch}):")
    for name, ms in results.items():
        print(f"  {name:30s} {ms:9.2f} ms")


if __name__ == "__main__":
    main()
