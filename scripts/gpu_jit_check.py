#!/usr/bin/env python3
"""`xla-run --target=cuda` (the JIT, scripts/pack_jit.sh) on a GPU machine.

  python3 scripts/gpu_jit_check.py XLA_RUN [--flag F]... [--workloads DIR]
                                   [--filter S] [--jobs N] [--budget S]

Every end-to-end program (test/e2e) runs twice with the same xla-run: on
the CPU and with --target=cuda (FLAGs added, e.g. --gpu-emulate to try it
without a GPU); each must pass its own checks, and the GPU's results
(--output-dir) must agree with the CPU's. A program the CPU does not run
(a file of compile errors, one that needs inputs) is not counted. Each JAX
workload exported in DIR (examples/export_jax.py: program, inputs,
expected outputs) runs with --time on its inputs and is checked against
JAX's outputs (examples/verify_export.py); the first one also runs with
--compare-unfused and with --dump-to, whose dump must hold each kernel's
PTX. Past --budget seconds nothing new starts; a run is cut after
--timeout seconds, and none outlives the budget by more than --timeout.
"""

import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# When --budget runs out: no subprocess outlives it by more than --timeout
# (set by main()).
_END = None


def cap(timeout):
    """`timeout`, or less: what is left of --budget plus --timeout."""
    if _END is None:
        return timeout
    return max(5.0, min(timeout, _END - time.monotonic()))


def run(cmd, timeout):
    timeout = cap(timeout)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", ""


def outputs(d):
    return [np.load(f) for f in sorted(
        glob.glob(os.path.join(d, "output_*.npy")),
        key=lambda f: int(f.rsplit("_", 1)[1][:-4]))]


def differ(cpu, gpu):
    """Why the GPU's outputs differ from the CPU's, or None: the rule of
    gpu_artifacts.py (relative 1e-4, absolute 5e-4 of the output's largest
    magnitude), NaNs in the same places."""
    if len(cpu) != len(gpu):
        return "%d outputs, the CPU's %d" % (len(gpu), len(cpu))
    for i, (c, g) in enumerate(zip(cpu, gpu)):
        if c.shape != g.shape or c.dtype != g.dtype:
            return "output %d: %s %s, the CPU's %s %s" % (
                i, g.dtype, g.shape, c.dtype, c.shape)
        if c.dtype == bool or np.issubdtype(c.dtype, np.integer):
            if not np.array_equal(c, g):
                return "output %d: integers differ" % i
            continue
        c64, g64 = c.astype(np.complex128 if np.iscomplexobj(c)
                            else np.float64), g.astype(
            np.complex128 if np.iscomplexobj(g) else np.float64)
        finite = np.isfinite(c64)
        scale = float(np.max(np.abs(c64[finite]), initial=0.0))
        ok = np.isclose(g64, c64, rtol=1e-4, atol=5e-4 * scale,
                        equal_nan=True)
        if not ok.all():
            k = int(np.argmin(ok.reshape(-1)))
            return "output %d[%d]: %s, the CPU's %s" % (
                i, k, g64.reshape(-1)[k], c64.reshape(-1)[k])
    return None


def e2e_one(xla_run, flags, source, timeout):
    name = os.path.basename(source)[:-5]
    with tempfile.TemporaryDirectory() as tmp:
        cpu_dir, gpu_dir = os.path.join(tmp, "cpu"), os.path.join(tmp, "gpu")
        rc, text = run([xla_run, source, "--no-print", "--output-dir",
                        cpu_dir], timeout)
        if rc != 0:
            return name, "n/a", "the CPU does not run it"
        rc, text = run([xla_run, "--target=cuda", source, "--no-print",
                        "--output-dir", gpu_dir] + flags, timeout)
        if rc != 0:
            return name, "fail", "exit %s: %s" % (rc, text.strip()[-300:])
        why = differ(outputs(cpu_dir), outputs(gpu_dir))
        return name, ("fail" if why else "pass"), why or ""


def workload(xla_run, flags, d, timeout, first, runs):
    import json
    with open(os.path.join(d, "meta.json")) as fh:
        meta = json.load(fh)
    program = os.path.join(d, meta["file"])
    inputs = ",".join(os.path.join(d, "input_%d.npy" % i)
                      for i in range(len(meta["inputs"])))
    name = os.path.basename(d)
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        rc, text = run([xla_run, "--target=cuda", program, "--input", inputs,
                        "--output-dir", tmp, "--no-print", "--time",
                        "--runs", str(runs)] + flags, timeout)
        if rc != 0:
            return name, "fail", "exit %s: %s" % (rc, text.strip()[-300:])
        lines += [l.strip() for l in text.splitlines() if "time" in l]
        rc, text = run([sys.executable, os.path.join(
            ROOT, "examples", "verify_export.py"), d, "--actual", tmp],
            timeout)
        status = "pass" if rc == 0 else "fail"
        lines.append(text.strip().replace("\n", "; "))
    if first:
        # Fused and unfused code round differently (sums reassociated):
        # the export's relative tolerance, and an absolute one for zeros.
        rc, text = run([xla_run, "--target=cuda", program, "--input", inputs,
                        "--no-print", "--compare-unfused",
                        "--rtol", str(meta.get("rtol", 1e-4)), "--atol",
                        "1e-5"] + flags, timeout)
        lines.append("--compare-unfused: exit %s: %s" % (
            rc, "; ".join(l.strip() for l in text.splitlines()[-6:])))
        if rc != 0:
            status = "fail"
        with tempfile.TemporaryDirectory() as dump:
            rc, text = run([xla_run, "--target=cuda", program, "--input",
                            inputs, "--no-print", "--dump-to", dump] + flags,
                           timeout)
            ptx = glob.glob(os.path.join(dump, "ptx", "*.ptx"))
            lines.append("--dump-to: exit %s, %d PTX files" % (rc, len(ptx)))
            # The emulator's kernels are host code: no PTX to dump.
            if rc != 0 or (not ptx and "--gpu-emulate" not in flags):
                status = "fail"
    return name, status, "; ".join(lines)


def guarded(check, name, *args):
    """`check(*args)`, or a failure naming what it raised: one program's
    unreadable output does not end the run."""
    try:
        return check(*args)
    except Exception as e:  # noqa: BLE001 (reported, not hidden)
        return name, "fail", "%s: %s" % (type(e).__name__, e)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("xla_run")
    ap.add_argument("--flag", action="append", default=[],
                    help="added to each --target=cuda run")
    ap.add_argument("--workloads", default="",
                    help="a directory of export_jax.py exports")
    ap.add_argument("--filter", default="", help="e2e files holding this")
    ap.add_argument("--no-e2e", action="store_true")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--runs", type=int, default=10,
                    help="timed runs of each workload")
    ap.add_argument("--budget", type=float, default=0)
    args = ap.parse_args()
    start = time.monotonic()
    global _END
    if args.budget:
        _END = start + args.budget + args.timeout

    def late():
        return args.budget and time.monotonic() - start > args.budget

    results = []
    if args.workloads:
        dirs = sorted(d for d in glob.glob(os.path.join(args.workloads, "*"))
                      if os.path.exists(os.path.join(d, "meta.json")))
        for i, d in enumerate(dirs):
            if late():
                results.append((os.path.basename(d), "n/a", "past --budget"))
                continue
            results.append(guarded(workload, os.path.basename(d),
                                   args.xla_run, args.flag, d, args.timeout,
                                   i == 0, args.runs))
            print("%s %s: %s" % results[-1], flush=True)
    sources = [] if args.no_e2e else sorted(
        f for f in glob.glob(os.path.join(ROOT, "test", "e2e", "*.mlir"))
        if args.filter in os.path.basename(f))

    def one(source):
        if late():
            return os.path.basename(source)[:-5], "n/a", "past --budget"
        return guarded(e2e_one, os.path.basename(source)[:-5], args.xla_run,
                       args.flag, source, args.timeout)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for r in pool.map(one, sources):
            results.append(r)
            if r[1] == "fail":
                print("FAIL %s: %s" % (r[0], r[2]), flush=True)
    counts = {s: sum(1 for r in results if r[1] == s)
              for s in ("pass", "fail", "n/a")}
    print("xla-run --target=cuda %s: %d pass, %d fail, %d n/a in %.0f s" % (
        " ".join(args.flag), counts["pass"], counts["fail"], counts["n/a"],
        time.monotonic() - start))
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
