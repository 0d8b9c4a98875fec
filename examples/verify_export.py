#!/usr/bin/env python3
"""Checks an exported workload directory (OUT/NAME/ from export_jax.py).

By default it compiles OUT/NAME/NAME.stablehlo.mlir *from the file* with JAX's
own XLA CPU client, runs it on input_*.npy and compares with expected_*.npy at
the rtol/atol of meta.json (the np.allclose rule |a-e| <= atol + rtol*|e|).
That proves the files are self-consistent: argument order, result order,
shapes and dtypes.

With --actual DIR it instead compares output_<i>.npy (xla-run --output-dir),
result_<i>.npy or expected_<i>.npy files in DIR, produced by some other runner (for example xla-run), with the
expected outputs.

  python3 examples/verify_export.py examples/seed examples/generated/bert_fwd
  python3 examples/verify_export.py examples/generated/bert_fwd --actual /tmp/out
"""

import argparse
import json
import os
import sys

import numpy as np


def load(d, prefix, n):
    return [np.load(os.path.join(d, f"{prefix}_{i}.npy")) for i in range(n)]


def run_with_xla(d, meta, runs=0):
    """Compiles the saved program with XLA:CPU and runs it; with runs > 0
    also prints XLA's compile time and median run time (the peer numbers)."""
    import time

    import jax
    from jax.extend import backend
    from jax._src.lib import xla_client  # CompileOptions; internal but stable enough

    with open(os.path.join(d, meta["file"])) as f:
        text = f.read()
    client = backend.get_backend("cpu")
    start = time.perf_counter()
    exe = client.compile_and_load(text, jax.devices("cpu"), xla_client.CompileOptions())
    compile_ms = 1e3 * (time.perf_counter() - start)
    args = [jax.device_put(x) for x in load(d, "input", len(meta["inputs"]))]
    results = exe.execute(args)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for r in exe.execute(args):
            r.block_until_ready()
        times.append(1e3 * (time.perf_counter() - start))
    if runs:
        print(f"  XLA:CPU (jax {jax.__version__}) compile time: {compile_ms:.4g} ms")
        print(f"  XLA:CPU run time: median {float(np.median(times)):.4g} ms, "
              f"min {min(times):.4g} ms over {runs} run(s)")
    return [np.asarray(x) for x in results]


def compare(meta, actual, expected):
    rtol = meta["rtol"]
    ok = True
    worst = (0.0, None)
    if len(actual) != len(expected):
        print(f"  {len(actual)} results, expected {len(expected)}")
        return False
    for i, (a, e, m) in enumerate(zip(actual, expected, meta["outputs"])):
        if a.shape != e.shape or a.dtype != e.dtype:
            print(f"  result {i} ({m['name']}): {a.dtype}{list(a.shape)} != {e.dtype}{list(e.shape)}")
            ok = False
            continue
        if not np.issubdtype(e.dtype, np.floating):
            good = np.array_equal(a, e)
            use = 0.0 if good else float("inf")
        else:
            err = np.abs(a.astype(np.float64) - e.astype(np.float64))
            lim = m.get("atol", meta["atol"]) + rtol * np.abs(e.astype(np.float64))
            use = float(np.max(err / lim, initial=0.0)) if err.size else 0.0
            good = bool(np.all(err <= lim)) and not np.any(np.isnan(a) != np.isnan(e))
        if use >= worst[0]:
            worst = (use, m["name"])
        if not good:
            print(f"  result {i} ({m['name']}) mismatch: max err/limit = {use:.3g}")
            ok = False
    print(f"  worst err/limit {worst[0]:.3g} ({worst[1]}), rtol={rtol}, per-output atol")
    return ok


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dirs", nargs="+", help="workload directories OUT/NAME")
    p.add_argument("--actual", help="directory with output_<i>.npy (or result_<i>.npy) to compare instead")
    p.add_argument("--time", type=int, default=0, metavar="N",
                   help="also time XLA:CPU over N runs (without --actual)")
    a = p.parse_args(argv)
    all_ok = True
    for d in a.dirs:
        with open(os.path.join(d, "meta.json")) as f:
            meta = json.load(f)
        print(f"{meta['workload']} ({d})")
        expected = load(d, "expected", len(meta["outputs"]))
        if a.actual:
            pre = next((p for p in ("output", "result")
                        if os.path.exists(os.path.join(a.actual, p + "_0.npy"))),
                       "expected")
            actual = load(a.actual, pre, len(meta["outputs"]))
        else:
            actual = run_with_xla(d, meta, a.time)
        ok = compare(meta, actual, expected)
        print("  OK" if ok else "  FAILED")
        all_ok &= ok
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
