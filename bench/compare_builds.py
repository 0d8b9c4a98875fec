#!/usr/bin/env python3
"""Compile and run one exported program with two xla-run binaries, in turns.

For before/after measurements of a change: build the old commit's xla-run
somewhere (e.g. a worktree), then

    python3 bench/compare_builds.py --program-dir examples/generated/demo-batch2/bert_train \
        --before /path/to/old/xla-run --after build/bin/xla-run --rounds 3 --runs 5

Each round runs `before` then `after` (alternating, so drifting machine load
hits both alike), each compiling the program and timing --runs runs; every
result is checked against the exported expected outputs
(examples/verify_export.py). Prints the median compile and run times of
each binary over the rounds and their ratio. Extra xla-run flags go after
`--`.
"""
import argparse
import glob
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_once(xla_run, program_dir, runs, extra):
    program = glob.glob(os.path.join(program_dir, "*.stablehlo.mlir"))[0]
    inputs = sorted(glob.glob(os.path.join(program_dir, "input_*.npy")),
                    key=lambda p: int(re.search(r"input_(\d+)", p).group(1)))
    with tempfile.TemporaryDirectory() as out:
        proc = subprocess.run(
            [xla_run, program, "--input", ",".join(inputs), "--output-dir",
             out, "--no-print", "--time", "--runs", str(runs)] + extra,
            capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"{xla_run} failed ({proc.returncode}):\n{proc.stderr}")
        verify = subprocess.run(
            [sys.executable, os.path.join(ROOT, "examples", "verify_export.py"),
             program_dir, "--actual", out], capture_output=True, text=True)
        if verify.returncode != 0:
            sys.exit(f"{xla_run}: results differ from the export:\n"
                     f"{verify.stdout}{verify.stderr}")
    compile_ms = float(re.search(r"compile time: ([0-9.e+]+) ms",
                                 proc.stdout).group(1))
    run_ms = float(re.search(r"run time: median ([0-9.e+]+) ms",
                             proc.stdout).group(1))
    return compile_ms, run_ms


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--program-dir", required=True)
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("extra", nargs="*", help="xla-run flags for both")
    args = parser.parse_args()
    times = {"before": [], "after": []}
    for r in range(args.rounds):
        for name in ("before", "after"):
            c, t = run_once(getattr(args, name), args.program_dir, args.runs,
                            args.extra)
            times[name].append((c, t))
            print(f"round {r + 1} {name:6s}: compile {c / 1000:.2f} s, "
                  f"run median {t:.1f} ms", flush=True)
    med = {k: (statistics.median(c for c, _ in v),
               statistics.median(t for _, t in v)) for k, v in times.items()}
    print()
    print("| build | compile (s) | run (ms) |")
    print("|---|---:|---:|")
    for name in ("before", "after"):
        print(f"| {name} | {med[name][0] / 1000:.2f} | {med[name][1]:.1f} |")
    print(f"| after / before | {med['after'][0] / med['before'][0]:.2f}x | "
          f"{med['after'][1] / med['before'][1]:.2f}x |")


if __name__ == "__main__":
    main()
