#!/usr/bin/env python3
"""Export real JAX programs as StableHLO text plus reference inputs/outputs.

For every workload NAME this writes, under OUT/NAME/:

  NAME.stablehlo.mlir   the program, exactly as `jax.jit(f).lower(*args).as_text()`
                        prints it
  input_<i>.npy         the arguments of @main, in order (the flattened pytree
                        order of the Python arguments)
  expected_<i>.npy      the results of @main, in order, computed by JAX (CPU) with
                        the same jitted function
  meta.json             names, shapes and dtypes of inputs and outputs, the JAX
                        version, suggested rtol/atol, model configuration and an
                        op histogram of the exported program

Workloads: seed, mlp_train, bert_fwd, bert_train (see examples/README.md and
docs/workloads.md).  Models are written in plain jax.numpy (no flax/optax).
Inputs are deterministic: numpy.random.RandomState(seed).

Examples:
  python3 examples/export_jax.py                          # all, into examples/generated
  python3 examples/export_jax.py --only bert_fwd --batch 2
  python3 examples/export_jax.py --out examples --only seed,mlp_train   # committed dirs
"""

import argparse
import inspect
import json
import math
import os
import re
import sys
import time

import numpy as np

import jax
import jax.numpy as jnp
from jax import lax

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import op_histogram  # noqa: E402  (examples/op_histogram.py)

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "generated")
WORKLOAD_NAMES = ["seed", "mlp_train", "bert_fwd", "bert_train"]


# ----------------------------------------------------------------------------
# seed: reduce_sum(x + y * z)
# ----------------------------------------------------------------------------

def f(x, y, z):
    # Named `f` so that the module is @jit_f and the text is byte-identical to
    # examples/seed.stablehlo.mlir (the file scripts/demo.sh reads).
    return jnp.sum(x + y * z)


def build_seed(opts, rng):
    shape = (128, 256)
    args = tuple(rng.standard_normal(shape).astype(np.float32) for _ in range(3))
    return dict(
        fn=f,
        args=args,
        arg_names=("x", "y", "z"),
        out_names=("result",),
        # A sum of 32768 O(1) terms: the result is O(100) and depends on the
        # summation order, so allow for reassociation.
        rtol=1e-4,
        atol_rel=1e-5,
        config={"shape": list(shape), "dtype": "float32"},
        description="reduce_sum(x + y*z), x,y,z f32[128,256]; the program in "
                    "examples/seed.stablehlo.mlir",
        params=0,
        flops={"forward": 3 * shape[0] * shape[1]},
    )


# ----------------------------------------------------------------------------
# mlp_train: one SGD step of a 784-512-512-10 MLP (relu, softmax cross-entropy)
# ----------------------------------------------------------------------------

MLP_SIZES = (784, 512, 512, 10)
MLP_BATCH = 128
MLP_LR = 0.1


def mlp_forward(params, images):
    h = images
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i + 1 < len(params):
            h = jax.nn.relu(h)
    return h  # logits


def mlp_loss(params, images, labels):
    logits = mlp_forward(params, images)
    logp = jax.nn.log_softmax(logits, axis=-1)
    onehot = jax.nn.one_hot(labels, logits.shape[-1], dtype=logits.dtype)
    return -jnp.mean(jnp.sum(onehot * logp, axis=-1))


def mlp_train(params, images, labels):
    loss, grads = jax.value_and_grad(mlp_loss)(params, images, labels)
    new_params = jax.tree_util.tree_map(lambda p, g: p - MLP_LR * g, params, grads)
    return new_params, loss


def build_mlp_train(opts, rng):
    params = []
    for fan_in, fan_out in zip(MLP_SIZES[:-1], MLP_SIZES[1:]):
        w = (rng.standard_normal((fan_in, fan_out)) * math.sqrt(2.0 / fan_in)).astype(np.float32)
        b = (rng.standard_normal((fan_out,)) * 0.01).astype(np.float32)
        params.append((w, b))
    images = rng.uniform(0.0, 1.0, (MLP_BATCH, MLP_SIZES[0])).astype(np.float32)
    labels = rng.randint(0, MLP_SIZES[-1], (MLP_BATCH,)).astype(np.int32)
    nparams = sum(w.size + b.size for w, b in params)
    mac = sum(a * b for a, b in zip(MLP_SIZES[:-1], MLP_SIZES[1:]))
    return dict(
        fn=mlp_train,
        args=(params, images, labels),
        arg_names=None,  # derived from the pytree paths
        out_names=None,
        rtol=1e-4,
        atol_rel=1e-5,
        config={"sizes": list(MLP_SIZES), "batch": MLP_BATCH, "activation": "relu",
                "loss": "softmax cross-entropy (int labels, one-hot inside)",
                "optimizer": "SGD", "learning_rate": MLP_LR},
        description="one SGD step of an MNIST-size MLP 784-512-512-10 (relu), "
                    "batch 128; returns new params and the loss",
        params=int(nparams),
        # forward 2*B*MAC; backward: dW of every layer plus dX of layers 2
        # and 3 (the images are not differentiated, so layer 1 has no dX).
        flops={"forward_matmul": 2 * MLP_BATCH * mac,
               "train_step_matmul": 2 * MLP_BATCH * mac * 3
               - 2 * MLP_BATCH * MLP_SIZES[0] * MLP_SIZES[1]},
    )


# ----------------------------------------------------------------------------
# BERT-like encoder (plain jax.numpy)
# ----------------------------------------------------------------------------

BERT_DEFAULTS = dict(
    vocab=30522, hidden=768, layers=2, heads=12, intermediate=3072, seq=128,
    max_position=512, type_vocab=2, ln_eps=1e-12, init_std=0.02,
    max_predictions=20,
    adam_lr=1e-3, adam_b1=0.9, adam_b2=0.999, adam_eps=1e-6,
)


def gelu_tanh(x):
    c = math.sqrt(2.0 / math.pi)
    return 0.5 * x * (1.0 + jnp.tanh(c * (x + 0.044715 * (x * x * x))))


def gelu_erf(x):
    return 0.5 * x * (1.0 + lax.erf(x * (1.0 / math.sqrt(2.0))))


GELUS = {"tanh": gelu_tanh, "erf": gelu_erf}


def layer_norm(x, p, eps):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    xc = x - mean
    var = jnp.mean(xc * xc, axis=-1, keepdims=True)
    return xc * lax.rsqrt(var + eps) * p["gamma"] + p["beta"]


def dense(x, p):
    return x @ p["w"] + p["b"]


def bert_encoder(params, input_ids, token_type_ids, attention_mask, cfg, gelu):
    """Post-LN BERT encoder. Returns the sequence output [B,S,H] (the output of
    the last layer's final layernorm) and the pooled output [B,H]."""
    B, S = input_ids.shape
    H, nh = cfg["hidden"], cfg["heads"]
    dh = H // nh
    eps = cfg["ln_eps"]
    emb = params["embeddings"]
    x = emb["word"][input_ids]                      # gather by int32 ids
    x = x + emb["position"][:S][None, :, :]         # static slice
    x = x + emb["token_type"][token_type_ids]       # gather
    x = layer_norm(x, emb["ln"], eps)
    # Additive attention bias from the [B,S] 0/1 mask.
    bias = (1.0 - attention_mask.astype(x.dtype)) * -10000.0
    bias = bias[:, None, None, :]                   # [B,1,1,S]
    scale = 1.0 / math.sqrt(dh)
    for lp in params["layers"]:
        a = lp["attention"]
        q = dense(x, a["query"]).reshape(B, S, nh, dh)
        k = dense(x, a["key"]).reshape(B, S, nh, dh)
        v = dense(x, a["value"]).reshape(B, S, nh, dh)
        scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) * scale + bias
        probs = jax.nn.softmax(scores, axis=-1)
        ctx = jnp.einsum("bhqk,bkhd->bqhd", probs, v).reshape(B, S, H)
        x = layer_norm(x + dense(ctx, a["output"]), lp["attention_ln"], eps)
        h = gelu(dense(x, lp["intermediate"]))
        x = layer_norm(x + dense(h, lp["output"]), lp["output_ln"], eps)
    pooled = jnp.tanh(dense(x[:, 0, :], params["pooler"]))
    return x, pooled


def init_bert_params(rng, cfg, with_mlm_head):
    std = cfg["init_std"]
    H, I = cfg["hidden"], cfg["intermediate"]

    def normal(*shape):
        return (rng.standard_normal(shape) * std).astype(np.float32)

    def lin(n_in, n_out):
        return {"w": normal(n_in, n_out), "b": np.zeros((n_out,), np.float32)}

    def ln(n):
        return {"gamma": np.ones((n,), np.float32), "beta": np.zeros((n,), np.float32)}

    params = {
        "embeddings": {
            "word": normal(cfg["vocab"], H),
            "position": normal(cfg["max_position"], H),
            "token_type": normal(cfg["type_vocab"], H),
            "ln": ln(H),
        },
        "layers": [
            {
                "attention": {"query": lin(H, H), "key": lin(H, H),
                              "value": lin(H, H), "output": lin(H, H)},
                "attention_ln": ln(H),
                "intermediate": lin(H, I),
                "output": lin(I, H),
                "output_ln": ln(H),
            }
            for _ in range(cfg["layers"])
        ],
        "pooler": lin(H, H),
    }
    if with_mlm_head:
        # Masked-LM head: dense + gelu + layernorm, then logits against the
        # (tied) word embeddings plus an output bias.
        params["mlm"] = {"transform": lin(H, H), "ln": ln(H),
                         "output_bias": np.zeros((cfg["vocab"],), np.float32)}
    return params


def bert_inputs(rng, cfg, batch):
    S, V = cfg["seq"], cfg["vocab"]
    input_ids = rng.randint(0, V, (batch, S)).astype(np.int32)
    input_ids[:, 0] = 101  # [CLS]
    token_type_ids = np.zeros((batch, S), np.int32)
    attention_mask = np.ones((batch, S), np.int32)
    for b in range(batch):
        # sentence A / sentence B split and some padding at the end
        length = S - (b * 17) % (S // 2)
        split = max(2, length // 2)
        token_type_ids[b, split:length] = 1
        attention_mask[b, length:] = 0
        input_ids[b, length:] = 0  # [PAD]
    return input_ids, token_type_ids, attention_mask


def bert_flops(cfg, batch, train):
    """Analytic FLOPs (multiply-add = 2) of the matmuls; elementwise work,
    softmax, layernorm and the optimizer are O(params + B*S*H) and left out."""
    B, S, H, I, V = batch, cfg["seq"], cfg["hidden"], cfg["intermediate"], cfg["vocab"]
    L, P = cfg["layers"], cfg["max_predictions"]
    T = B * S
    per_layer = 2 * T * (4 * H * H + 2 * H * I) + 2 * 2 * B * S * S * H  # proj+mlp, QK^T+PV
    fwd = L * per_layer + 2 * B * H * H  # + pooler
    out = {"encoder_forward": fwd}
    if train:
        head = 2 * B * P * (H * H + H * V)
        out["mlm_head_forward"] = head
        # The pooler does not feed the MLM loss, so JAX drops it from the
        # training program.  Every other matmul has a backward of 2x its
        # forward (input and weight gradients; the embeddings are trained, so
        # even the first layer needs its input gradient).
        out["train_step_total"] = 3 * (L * per_layer + head)
    return out


def count_params(tree):
    return int(sum(np.size(x) for x in jax.tree_util.tree_leaves(tree)))


def make_bert_fwd(cfg, gelu):
    def bert_fwd(params, input_ids, token_type_ids, attention_mask):
        return bert_encoder(params, input_ids, token_type_ids, attention_mask, cfg, gelu)
    return bert_fwd


def make_bert_train(cfg, gelu):
    def mlm_loss(params, input_ids, token_type_ids, attention_mask,
                 mlm_positions, mlm_ids, mlm_weights):
        seq, _ = bert_encoder(params, input_ids, token_type_ids, attention_mask, cfg, gelu)
        # Gather the masked positions: [B,P,H] (a batched gather).
        h = jnp.take_along_axis(seq, mlm_positions[:, :, None], axis=1)
        head = params["mlm"]
        h = layer_norm(gelu(dense(h, head["transform"])), head["ln"], cfg["ln_eps"])
        logits = h @ params["embeddings"]["word"].T + head["output_bias"]  # tied
        logp = jax.nn.log_softmax(logits, axis=-1)
        onehot = jax.nn.one_hot(mlm_ids, cfg["vocab"], dtype=logp.dtype)
        nll = -jnp.sum(onehot * logp, axis=-1)                           # [B,P]
        return jnp.sum(nll * mlm_weights) / (jnp.sum(mlm_weights) + 1e-5)

    lr, b1, b2, eps = cfg["adam_lr"], cfg["adam_b1"], cfg["adam_b2"], cfg["adam_eps"]

    def bert_train(params, adam_m, adam_v, step, input_ids, token_type_ids,
                   attention_mask, mlm_positions, mlm_ids, mlm_weights):
        loss, grads = jax.value_and_grad(mlm_loss)(
            params, input_ids, token_type_ids, attention_mask,
            mlm_positions, mlm_ids, mlm_weights)
        new_step = step + 1
        t = new_step.astype(loss.dtype)
        c1 = 1.0 - b1 ** t
        c2 = 1.0 - b2 ** t
        tm = jax.tree_util.tree_map
        new_m = tm(lambda m, g: b1 * m + (1.0 - b1) * g, adam_m, grads)
        new_v = tm(lambda v, g: b2 * v + (1.0 - b2) * (g * g), adam_v, grads)
        new_params = tm(lambda p, m, v: p - lr * (m / c1) / (jnp.sqrt(v / c2) + eps),
                        params, new_m, new_v)
        return new_params, new_m, new_v, new_step, loss

    return bert_train


def bert_config(opts):
    cfg = dict(BERT_DEFAULTS)
    cfg["batch"] = opts.batch
    cfg["gelu"] = opts.gelu
    cfg["gelu_formula"] = ("0.5*x*(1+tanh(sqrt(2/pi)*(x+0.044715*x^3)))"
                           if opts.gelu == "tanh" else "0.5*x*(1+erf(x/sqrt(2)))")
    cfg["layernorm"] = "post-LN (original BERT): LN(x + sublayer(x)); the last one is the final layernorm"
    return cfg


def build_bert_fwd(opts, rng):
    cfg = bert_config(opts)
    params = init_bert_params(rng, cfg, with_mlm_head=False)
    ids, types, mask = bert_inputs(rng, cfg, opts.batch)
    return dict(
        fn=make_bert_fwd(cfg, GELUS[opts.gelu]),
        args=(params, ids, types, mask),
        arg_names=None,
        out_names=("sequence_output", "pooled_output"),
        rtol=1e-3,
        atol_rel=1e-4,
        config=cfg,
        description="BERT-like encoder forward (2 layers, H=768, 12 heads, "
                    "I=3072, S=128, V=30522); returns sequence output and pooled output",
        params=count_params(params),
        flops=bert_flops(cfg, opts.batch, train=False),
    )


def build_bert_train(opts, rng):
    cfg = bert_config(opts)
    params = init_bert_params(rng, cfg, with_mlm_head=True)
    # The first Adam step: m = v = 0, step 0.  Then new_m = 0.1*g and
    # new_v = 0.001*g^2 carry the gradient itself, which makes the outputs a
    # sensitive check of the backward pass.
    tm = jax.tree_util.tree_map
    adam_m = tm(lambda p: np.zeros_like(p), params)
    adam_v = tm(lambda p: np.zeros_like(p), params)
    step = np.array(0, np.int32)
    ids, types, mask = bert_inputs(rng, cfg, opts.batch)
    B, P = opts.batch, cfg["max_predictions"]
    lengths = mask.sum(axis=1)
    positions = np.zeros((B, P), np.int32)
    mlm_ids = np.zeros((B, P), np.int32)
    weights = np.zeros((B, P), np.float32)
    for b in range(B):
        n = min(P, max(1, int(lengths[b] * 0.15)))
        pos = np.sort(rng.choice(np.arange(1, lengths[b]), size=n, replace=False))
        positions[b, :n] = pos
        mlm_ids[b, :n] = ids[b, pos]
        weights[b, :n] = 1.0
        ids[b, pos] = 103  # [MASK]
    return dict(
        fn=make_bert_train(cfg, GELUS[opts.gelu]),
        args=(params, adam_m, adam_v, step, ids, types, mask, positions, mlm_ids, weights),
        arg_names=None,
        out_names=None,
        rtol=1e-3,
        atol_rel=1e-4,
        config=dict(cfg, loss="masked-LM cross-entropy on gathered masked positions, "
                              "output projection tied to the word embeddings",
                    optimizer="Adam (hand-written, bias-corrected), first step: m = v = 0, step = 0"),
        description="one Adam training step of the BERT-like encoder on a "
                    "masked-LM loss; returns new params, new Adam m and v, the "
                    "new step and the loss",
        params=count_params(params),
        flops=bert_flops(cfg, opts.batch, train=True),
    )


BUILDERS = {
    "seed": build_seed,
    "mlp_train": build_mlp_train,
    "bert_fwd": build_bert_fwd,
    "bert_train": build_bert_train,
}


# ----------------------------------------------------------------------------
# export machinery
# ----------------------------------------------------------------------------

def leaf_names(tree, top_names=None):
    paths, _ = jax.tree_util.tree_flatten_with_path(tree)
    names = []
    for path, _ in paths:
        s = jax.tree_util.keystr(path)
        if top_names is not None and path and isinstance(path[0], jax.tree_util.SequenceKey):
            s = top_names[path[0].idx] + jax.tree_util.keystr(path[1:])
        names.append(s)
    return names


MLIR_DTYPES = {"float32": "f32", "float64": "f64", "int32": "i32", "int64": "i64",
               "bool": "i1", "float16": "f16", "bfloat16": "bf16"}


def mlir_type(shape, dtype):
    et = MLIR_DTYPES[str(dtype)]
    return "tensor<" + "".join(f"{d}x" for d in shape) + et + ">"


def main_signature(text):
    """Return (argument types, result types) of @main, parsed from the text."""
    m = re.search(r"func\.func public @main\((.*?)\) -> \((.*?)\) \{\n", text)
    if m is None:  # single result without parentheses
        m = re.search(r"func\.func public @main\((.*?)\) -> (.*?) \{\n", text)
    args = re.findall(r"%arg\d+: (tensor<[^>]*>)", m.group(1))
    results = re.findall(r"(tensor<[^>]*>)", m.group(2))
    return args, results


def export_one(name, opts, out_root):
    rng = np.random.RandomState(opts.seed)
    t0 = time.perf_counter()
    w = BUILDERS[name](opts, rng)
    t_build = time.perf_counter() - t0
    args = w["args"]
    # keep_unused=True so that @main has exactly one argument per input leaf.
    jitted = jax.jit(w["fn"], keep_unused=True)
    t0 = time.perf_counter()
    lowered = jitted.lower(*args)
    text = lowered.as_text()
    t_lower = time.perf_counter() - t0
    t0 = time.perf_counter()
    compiled = lowered.compile()
    t_compile = time.perf_counter() - t0
    t0 = time.perf_counter()
    outs = compiled(*args)
    outs = jax.block_until_ready(outs)
    t_run = time.perf_counter() - t0

    in_leaves = jax.tree_util.tree_leaves(args)
    out_leaves = jax.tree_util.tree_leaves(outs)
    arg_top = w["arg_names"] or ()
    if w["arg_names"] is None:
        arg_top = list(inspect.signature(w["fn"]).parameters)
    in_names = leaf_names(list(args), arg_top)
    if w["out_names"] is not None and len(w["out_names"]) == len(out_leaves):
        out_names = list(w["out_names"])
    else:
        top = {"mlp_train": ["new_params", "loss"],
               "bert_train": ["new_params", "new_adam_m", "new_adam_v", "new_step", "loss"]}
        out_names = leaf_names(list(outs) if isinstance(outs, tuple) else [outs],
                               top.get(name))

    # Consistency of the files with @main.
    arg_types, res_types = main_signature(text)
    want_args = [mlir_type(np.shape(x), np.asarray(x).dtype) for x in in_leaves]
    want_res = [mlir_type(np.shape(x), np.asarray(x).dtype) for x in out_leaves]
    if arg_types != want_args:
        raise SystemExit(f"{name}: @main arguments {arg_types} != inputs {want_args}")
    if res_types != want_res:
        raise SystemExit(f"{name}: @main results {res_types} != outputs {want_res}")

    d = os.path.join(out_root, name)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):  # stale files of a previous export
        if re.fullmatch(r"(input|expected)_\d+\.npy", f):
            os.remove(os.path.join(d, f))
    mlir_path = os.path.join(d, f"{name}.stablehlo.mlir")
    with open(mlir_path, "w") as f:
        f.write(text)
    if name == "seed":
        legacy = os.path.join(HERE, "seed.stablehlo.mlir")
        if os.path.exists(legacy) and open(legacy).read() != text:
            print(f"note: {legacy} differs from the fresh seed export", file=sys.stderr)
    t0 = time.perf_counter()
    if not opts.no_data:
        for i, x in enumerate(in_leaves):
            np.save(os.path.join(d, f"input_{i}.npy"), np.asarray(x))
        for i, x in enumerate(out_leaves):
            np.save(os.path.join(d, f"expected_{i}.npy"), np.asarray(x))
    t_save = time.perf_counter() - t0

    def desc(names, leaves):
        return [{"name": n, "shape": list(np.shape(x)), "dtype": str(np.asarray(x).dtype)}
                for n, x in zip(names, leaves)]

    outputs = desc(out_names, out_leaves)
    scale = {}
    for o, x in zip(outputs, out_leaves):
        g = o["name"].split("[")[0]
        m = float(np.max(np.abs(np.asarray(x, np.float64)), initial=0.0))
        scale[g] = max(scale.get(g, 0.0), m)
    for o in outputs:
        o["atol"] = float(f"{w['atol_rel'] * scale[o['name'].split('[')[0]]:.3g}")
    hist = op_histogram.analyze(text)
    meta = {
        "workload": name,
        "description": w["description"],
        "file": os.path.basename(mlir_path),
        "jax_version": jax.__version__,
        "jaxlib_version": jax.lib.__version__ if hasattr(jax.lib, "__version__") else None,
        "numpy_seed": opts.seed,
        "config": w["config"],
        "parameters": w["params"],
        "flops": w["flops"],
        "rtol": w["rtol"],
        "atol": max(o["atol"] for o in outputs),
        "tolerance_rule": "per output: |actual - expected| <= atol + rtol*|expected| "
                          "(np.allclose) with the output's own atol = "
                          f"{w['atol_rel']:g} * max|expected| over its group "
                          "(outputs sharing a top-level name, e.g. all of new_adam_v)",
        "inputs": desc(in_names, in_leaves),
        "outputs": outputs,
        "ops": hist["ops"],
        "features": hist["features"],
    }
    if name == "mlp_train" or name == "bert_train":
        meta["loss"] = float(np.asarray(out_leaves[-1]))
    if opts.time:
        meta["jax_time_ms"] = time_jax(w["fn"], args, opts.time)
    if opts.calibrate:
        meta["f32_vs_f64"] = calibrate(w["fn"], args, out_leaves, w["rtol"],
                                        [o["atol"] for o in outputs])
    with open(os.path.join(d, "meta.json"), "w") as f:
        f.write(compact_json(meta) + "\n")
    size = sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d))
    print(f"[{name}] {len(in_leaves)} inputs, {len(out_leaves)} outputs, "
          f"{len(text.splitlines())} lines of MLIR, {size / 1e6:.1f} MB in {d}")
    print(f"[{name}] build {t_build:.1f}s  lower {t_lower:.1f}s  compile {t_compile:.1f}s  "
          f"run {t_run:.2f}s  save {t_save:.1f}s" +
          (f"  loss {meta['loss']:.4f}" if "loss" in meta else ""))
    if "f32_vs_f64" in meta:
        print(f"[{name}] f32 vs f64: {meta['f32_vs_f64']}")
    return meta


def time_jax(fn, args, runs):
    """Median milliseconds of a call on device-resident inputs (dispatch
    included), at the matmul precision in effect and at JAX's default
    (TF32 on GPUs that have it)."""
    dev = jax.device_put(args)
    result = {}
    for label, precision in (("configured", None), ("default", "default")):
        if precision:
            with jax.default_matmul_precision(precision):
                f = jax.jit(fn, keep_unused=True).lower(*dev).compile()
        else:
            f = jax.jit(fn, keep_unused=True).lower(*dev).compile()
        jax.block_until_ready(f(*dev))
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            jax.block_until_ready(f(*dev))
            times.append((time.perf_counter() - t0) * 1e3)
        result[label] = float(np.median(times))
    # What ran it: XLA:GPU on a GPU machine, XLA:CPU elsewhere.
    result["backend"] = jax.default_backend()
    return result


def compact_json(obj):
    """json.dumps(indent=1), but flat lists and flat objects on one line."""
    text = json.dumps(obj, indent=1)
    text = re.sub(r"\[\s*([^\[\]{}]*?)\s*\]",
                  lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text)
    text = re.sub(r"\{\n([^{}\[\]]|\[[^\[\]\n]*\])*?\n\s*\}",
                  lambda m: re.sub(r"\s*\n\s*", " ", m.group(0)), text)
    return text


def calibrate(fn, args, out_leaves, rtol, atols):
    """Runs the workload in float64 and reports how far JAX's float32 outputs
    are from it: a measure of what tolerance a correct f32 compiler needs.
    tol_use is max |f32 - f64| / (atol + rtol*|f64|) at the suggested
    tolerances (1.0 = exactly at the limit)."""
    with jax.enable_x64(True):
        args64 = jax.tree_util.tree_map(
            lambda x: np.asarray(x, np.float64) if np.asarray(x).dtype == np.float32 else x,
            args)
        ref = jax.tree_util.tree_leaves(jax.jit(fn)(*args64))
        max_abs, tol_use = 0.0, 0.0
        for a, r, atol in zip(out_leaves, ref, atols):
            a = np.asarray(a, np.float64)
            r = np.asarray(r, np.float64)
            err = np.abs(a - r)
            max_abs = max(max_abs, float(err.max(initial=0.0)))
            lim = atol + rtol * np.abs(r)
            tol_use = max(tol_use, float((err / np.maximum(lim, 1e-300)).max(initial=0.0)))
        return {"max_abs_err": float(f"{max_abs:.3g}"), "tol_use": float(f"{tol_use:.3g}")}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default=DEFAULT_OUT,
                   help="output root; each workload goes to OUT/NAME/ (default: %(default)s)")
    p.add_argument("--only", default=",".join(WORKLOAD_NAMES),
                   help="comma-separated workloads (default: all of %(default)s)")
    p.add_argument("--batch", type=int, default=8, help="batch size of the BERT workloads")
    p.add_argument("--seed", type=int, default=0, help="numpy RandomState seed")
    p.add_argument("--gelu", choices=sorted(GELUS), default="tanh",
                   help="GELU form of the BERT workloads (default: tanh approximation)")
    p.add_argument("--no-data", action="store_true",
                   help="write only the .mlir and meta.json, no .npy files")
    p.add_argument("--time", type=int, default=0, metavar="N",
                   help="time N calls of the jitted function (meta.json's "
                        "jax_time_ms)")
    p.add_argument("--calibrate", action="store_true",
                   help="also run each workload in float64 and record the f32 error in meta.json")
    opts = p.parse_args(argv)
    names = [n for n in opts.only.split(",") if n]
    bad = [n for n in names if n not in BUILDERS]
    if bad:
        p.error(f"unknown workload(s) {bad}; known: {WORKLOAD_NAMES}")
    if jax.default_backend() != "cpu":
        print(f"note: JAX backend is {jax.default_backend()}, not cpu", file=sys.stderr)
    for n in names:
        export_one(n, opts, opts.out)


if __name__ == "__main__":
    main()
