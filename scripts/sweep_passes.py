#!/usr/bin/env python3
"""Run every xla-/hlo- pass of xla-opt on every lit input, alone; report crashes.

A pass's own lit test feeds it the IR it was written for. Users (and other
projects reusing our dialects) run it on anything: a file with function
declarations, an llvm.func, IR of a later or earlier stage. On such input a
pass may report a diagnostic or do nothing, but never crash. This sweep
runs each pass registered by xla-opt (not the pipelines) on each .mlir file
under test/ (`-split-input-file`), with a time limit, and fails if any run
dies by a signal, hits the limit, or prints LLVM's crash banner. Its first
run (2026-11-27) found three crash classes: docs/robustness.md.

    python3 scripts/sweep_passes.py [--xla-opt build/bin/xla-opt] [--jobs N]
"""

import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRASH = re.compile(r"Stack dump:|PLEASE submit a bug report")
# Options that switch on code paths the passes' defaults leave off: each
# is swept like a pass of its own.
OPTION_VARIANTS = [
    "--xla-gpu-map-linalg=contraction-epilogues=1",
    "--xla-gpu-map-linalg=row-fusion=0 contraction-epilogues=1 "
    "tensor-cores=tf32",
    "--xla-gpu-map-linalg=tensor-cores=tf32x3 async-copies=0",
    "--xla-fuse-elementwise=recompute-into-elementwise=1",
    "--xla-gpu-to-runtime=emulated=1",
]


def list_passes(xla_opt):
    help_text = subprocess.run([xla_opt, "--help"], capture_output=True,
                               text=True, check=True).stdout
    names = set(re.findall(r"^\s+(--(?:xla|hlo)-[a-z0-9-]+)", help_text,
                           re.M))
    return sorted(n for n in names if not n.endswith("-pipeline")) + \
        OPTION_VARIANTS


def run(xla_opt, pass_flag, path, limit, scratch):
    # In a scratch directory: some passes write files next to them
    # (hlo-report-fusions its report).
    try:
        done = subprocess.run(
            [xla_opt, path, "-split-input-file", pass_flag, "-o", os.devnull],
            capture_output=True, text=True, timeout=limit, cwd=scratch)
    except subprocess.TimeoutExpired:
        return f"timeout after {limit} s"
    if done.returncode < 0:
        return f"signal {-done.returncode}"
    if CRASH.search(done.stderr):
        return "crash banner"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xla-opt",
                        default=os.path.join(ROOT, "build", "bin", "xla-opt"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=int, default=60,
                        help="seconds per run")
    args = parser.parse_args()
    passes = list_passes(args.xla_opt)
    files = sorted(glob.glob(os.path.join(ROOT, "test", "**", "*.mlir"),
                             recursive=True))
    xla_opt = os.path.abspath(args.xla_opt)
    failures = []
    with tempfile.TemporaryDirectory() as scratch, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run, xla_opt, p, f, args.limit, scratch):
                   (p, f) for p in passes for f in files}
        for future in concurrent.futures.as_completed(futures):
            why = future.result()
            if why:
                p, f = futures[future]
                failures.append(f"{p} {os.path.relpath(f, ROOT)}: {why}")
    print(f"sweep_passes: {len(passes)} passes x {len(files)} files, "
          f"{len(failures)} crash(es)")
    for line in sorted(failures):
        print("  " + line)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
