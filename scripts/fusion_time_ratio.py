#!/usr/bin/env python3
"""Times a program with fusion on and off (xla-run --time on one thread,
the fastest of --rounds turns of --runs runs each, fused and unfused
alternating: the least noisy estimate of the cost on a shared machine)
and fails if the fused run is more than --max-ratio times slower than the
unfused one.

A guard against fusions that repeat work (a producer fused into a
contraction runs once per step of the contraction: 15x slower on
attention), not a benchmark: the bound is loose on purpose, because the
machines that run the tests are noisy. Benchmarks live in bench/.

  scripts/fusion_time_ratio.py --xla-run build/bin/xla-run f.mlir --seed 1
"""

import argparse
import re
import subprocess
import sys


def fastest_ms(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("%s failed (%d):\n%s" % (" ".join(cmd), out.returncode, out.stderr))
    m = re.search(r"run time: median [0-9.e+]+ ms, min ([0-9.e+]+) ms", out.stdout + out.stderr)
    if not m:
        sys.exit("no run time in the output of " + " ".join(cmd))
    return float(m.group(1))


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file")
    p.add_argument("--xla-run", default="xla-run")
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--max-ratio", type=float, default=2.0)
    p.add_argument("rest", nargs=argparse.REMAINDER, help="more xla-run flags")
    a = p.parse_args()
    # One thread: an OpenMP loop stalls whenever another test holds the
    # other core, which made the fastest run of a whole batch slow. Fused
    # and unfused take turns, so a busy spell hits both.
    base = [a.xla_run, a.file, "--no-print", "--time", "--runs", str(a.runs),
            "--parallel-loops=false"] + a.rest
    fused = unfused = float("inf")
    for _ in range(a.rounds):
        fused = min(fused, fastest_ms(base))
        unfused = min(unfused, fastest_ms(base + ["--fusion=false"]))
    ratio = fused / unfused
    print("fused %.3f ms, unfused %.3f ms, ratio %.2f (at most %.2f)" % (
        fused, unfused, ratio, a.max_ratio))
    return 0 if ratio <= a.max_ratio else 1


if __name__ == "__main__":
    sys.exit(main())
