#!/usr/bin/env python3
"""Accuracy of xla-mlir against XLA:CPU, both measured against float64.

Each case is a JAX function on fixed random inputs. It is exported to
StableHLO, compiled and run by xla-run (in one or more compiler
configurations), run by XLA:CPU through JAX, and evaluated in float64 by
JAX with x64 enabled on the same inputs (upcast exactly). The error of each
float result against the float64 value is computed with the case's metric:

  rel   max over elements of |y - r| / (|r| + floor), floor = 1e-3 * rms(r);
        for reductions and gradients, where a few results near 0 would
        otherwise dominate.
  norm  ||y - r||_2 / ||r||_2 over the whole result (gradients).
  ulp   max over elements of |y - r| in units in the last place of r in the
        result's type (elementwise special functions); a finite result where
        r overflows the type, or the reverse, counts as infinitely wrong.

Errors below one ulp (2^(1-p) relative; 1 ulp for the ulp metric) are
raised to it: a faithfully rounded result is as accurate as a float result
can be expected to be, and below that the ratio of two errors measures
where the exact value fell between two floats, not the algorithm. A case passes when our error is at most
--max-ratio (2) times XLA's in every configuration.

  scripts/accuracy.py --xla-run build/bin/xla-run            # quick suite
  scripts/accuracy.py --suite full --markdown table.md      # bench/ table
"""

import argparse
import dataclasses
import os
import subprocess
import sys
import tempfile
from typing import Callable, List

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accuracy_cases  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# Compiler configurations: every path a reduction can take.
CONFIGS = {
    "default": [],
    "scalar": ["--vectorize=false"],
    "1thread": ["--parallel-loops=false"],
}
EXTRA_FLAGS = []


def precision_bits(dtype):
    return {np.dtype(np.float16): 11, np.dtype(jnp.bfloat16): 8,
            np.dtype(np.float32): 24, np.dtype(np.float64): 53,
            np.dtype(np.complex64): 24, np.dtype(np.complex128): 53}[np.dtype(dtype)]


def ulp_of(r, dtype):
    """Units in the last place of the float64 values r in `dtype`."""
    dtype = np.dtype(dtype)
    real = np.float32 if dtype == np.complex64 else dtype
    fi = jnp.finfo(real)
    mag = np.maximum(np.abs(r), float(fi.smallest_normal))
    return np.exp2(np.floor(np.log2(mag)) - (precision_bits(dtype) - 1))


def error(y, r, metric, dtype):
    """Error of result y against the float64 reference r (see the top)."""
    y = np.asarray(y).astype(np.complex128 if np.iscomplexobj(y) else np.float64)
    r = np.asarray(r).astype(np.complex128 if np.iscomplexobj(r) else np.float64)
    one_ulp = 2.0 ** (1 - precision_bits(dtype))
    if metric == "ulp":
        # The reference as the type would hold it: overflow is inf.
        fi = jnp.finfo(np.float32 if np.dtype(dtype) == np.complex64 else dtype)
        big = float(fi.max)
        parts = [(y.real, r.real), (y.imag, r.imag)] if np.iscomplexobj(r) else [(y, r)]
        worst = 1.0
        for yp, rp in parts:
            rp = np.where(np.abs(rp) > big * (1 + one_ulp / 4), np.sign(rp) * np.inf, rp)
            both_nan = np.isnan(yp) & np.isnan(rp)
            same_inf = np.isinf(rp) & (yp == rp)
            bad = ~(both_nan | same_inf) & (np.isnan(yp) | np.isnan(rp) | np.isinf(yp) | np.isinf(rp))
            if bad.any():
                return float("inf")
            ok = ~(both_nan | same_inf)
            if np.iscomplexobj(r):
                # Complex results: ulps of the magnitude of the whole value.
                scale = ulp_of(np.abs(r), dtype)
            else:
                scale = ulp_of(rp, dtype)
            e = np.abs(yp - rp)[ok] / np.broadcast_to(scale, rp.shape)[ok]
            worst = max(worst, float(e.max(initial=0.0)))
        return worst
    if metric == "norm":
        return max(float(np.linalg.norm(y - r) / max(np.linalg.norm(r), 1e-300)), one_ulp)
    floor = 1e-3 * float(np.sqrt(np.mean(np.abs(r) ** 2))) + 1e-300
    return max(float(np.max(np.abs(y - r) / (np.abs(r) + floor))), one_ulp)


def to64(x):
    x = np.asarray(x)
    if np.iscomplexobj(x):
        return x.astype(np.complex128)
    if x.dtype.kind == "f" or x.dtype == jnp.bfloat16:
        return x.astype(np.float64)
    return x


@dataclasses.dataclass
class Row:
    group: str
    case: str
    metric: str
    xla: float
    ours: dict


def run_group(group, xla_run, configs, workdir):
    rng = np.random.default_rng(group.seed)
    args = group.inputs(rng)
    fn = jax.jit(group.fn)
    text = fn.lower(*args).as_text() if group.platform is None else \
        jax.export.export(fn, platforms=[group.platform])(*args).mlir_module()
    path = os.path.join(workdir, group.name + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    xla = [np.asarray(o) for o in jax.tree_util.tree_leaves(
        (group.xla_fn or group.fn)(*args))]
    with jax.enable_x64(True):
        ref = [np.asarray(o) for o in jax.tree_util.tree_leaves(
            jax.jit(group.ref_fn or group.fn)(*[to64(a) for a in args]))]
    inputs = []
    for i, a in enumerate(args):
        p = os.path.join(workdir, "%s_in%d.npy" % (group.name, i))
        np.save(p, np.asarray(a))
        inputs.append(p)
    ours = {}
    for config in configs:
        out = os.path.join(workdir, group.name + "_" + config)
        os.makedirs(out, exist_ok=True)
        cmd = [xla_run, path, "--no-print", "--output-dir", out] + CONFIGS[config] + EXTRA_FLAGS
        if inputs:
            cmd += ["--input", ",".join(inputs)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit("%s (%s): xla-run failed (%d):\n%s" % (
                group.name, config, proc.returncode, proc.stderr[-3000:]))
        ours[config] = [np.load(os.path.join(out, "output_%d.npy" % i))
                        for i in range(len(xla))]
    rows = []
    names = group.names or ["out%d" % i for i in range(len(xla))]
    for i, name in enumerate(names):
        dtype = xla[i].dtype
        if dtype.kind not in "fc" and dtype != jnp.bfloat16:
            continue
        metric = group.metric
        rows.append(Row(group.name, name, metric, error(xla[i], ref[i], metric, dtype),
                        {c: error(ours[c][i], ref[i], metric, dtype) for c in configs}))
    return rows


def fmt(x):
    return "inf" if x == float("inf") else "%.2e" % x


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--xla-run", default=os.path.join(HERE, "..", "build", "bin", "xla-run"))
    p.add_argument("--suite", choices=["quick", "full"], default="quick")
    p.add_argument("--only", default="", help="comma-separated group names")
    p.add_argument("--configs", default="", help="comma-separated configurations")
    p.add_argument("--max-ratio", type=float, default=2.0)
    p.add_argument("--markdown", help="also write the table here")
    p.add_argument("--flag", action="append", default=[],
                   help="extra xla-run flag for every configuration")
    a = p.parse_args()
    EXTRA_FLAGS.extend(a.flag)
    groups = accuracy_cases.groups(a.suite)
    if a.only:
        groups = [g for g in groups if g.name in a.only.split(",")]
    rows: List[Row] = []
    with tempfile.TemporaryDirectory(prefix="xla-accuracy-") as work:
        for g in groups:
            configs = a.configs.split(",") if a.configs else g.configs
            rows += run_group(g, a.xla_run, configs, work)
    failed, gaps, fixed = [], [], []
    lines = ["| group | case | metric | XLA:CPU | xla-mlir (config: error) | worst ratio |",
             "|---|---|---|---:|---|---:|"]
    for r in rows:
        worst = max(v / r.xla for v in r.ours.values())
        ok = worst <= a.max_ratio
        gap = accuracy_cases.KNOWN_GAPS.get((r.group, r.case))
        mark = ""
        if not ok:
            mark = " (known gap)" if gap else " **FAIL**"
            (gaps if gap else failed).append((r.group, r.case))
        elif gap:
            fixed.append((r.group, r.case))
        ours = ", ".join("%s %s" % (c, fmt(v)) for c, v in r.ours.items())
        lines.append("| %s | %s | %s | %s | %s | %.2f%s |" % (
            r.group, r.case, r.metric, fmt(r.xla), ours, worst, mark))
    print("\n".join(lines))
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("\n".join(lines) + "\n")
    print("\n%d cases, %d within %.1fx of XLA:CPU's error, %d known gaps, %d failed" % (
        len(rows), len(rows) - len(failed) - len(gaps), a.max_ratio, len(gaps), len(failed)))
    for key in gaps:
        print("known gap: %s / %s: %s" % (key + (accuracy_cases.KNOWN_GAPS[key],)))
    for key in failed:
        print("FAILED: %s / %s" % key)
    for key in fixed:
        print("FIXED: %s / %s is within %.1fx now; remove it from KNOWN_GAPS" % (key + (a.max_ratio,)))
    return 1 if failed or fixed else 0


if __name__ == "__main__":
    sys.exit(main())
