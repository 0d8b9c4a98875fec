#!/usr/bin/env python3
"""Cold compile time of exported workloads, ours next to XLA:CPU's, in one run.

For each workload directory (export_jax.py's OUT/NAME, with meta.json), each
round compiles the same StableHLO file
  - with `xla-translate --emit=obj --time-compile` (no cache: a cold
    compile), recording the total and each stage of the report;
  - with each `--baseline` binary (an older xla-translate), total only;
  - with XLA:CPU (JAX's CPU client, `compile_and_load` of the file's text),
    in a fresh process each round so that nothing is cached in between.
The turns alternate within a round, so machine noise hits all alike.
Prints medians as a Markdown table (docs/compile-time.md).

  python3 bench/compile_time.py examples/mlp_train \
      examples/generated/demo-batch2/bert_train --rounds 5
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGE = re.compile(r"^\s+[\d.]+ \(\s*[\d.]+%\)\s+([\d.]+) \(\s*[\d.]+%\)  (\S.*)$")

XLA_COMPILE = """
import sys, time
import jax
from jax.extend import backend
from jax._src.lib import xla_client
text = open(sys.argv[1]).read()
client = backend.get_backend("cpu")
start = time.perf_counter()
client.compile_and_load(text, jax.devices("cpu"), xla_client.CompileOptions())
print(time.perf_counter() - start)
"""


def program_of(directory):
    with open(os.path.join(directory, "meta.json")) as f:
        return os.path.join(directory, json.load(f)["file"])


def ours(translate, program, extra):
    """Seconds of one cold compile, and the report's top-level stages."""
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        done = subprocess.run(
            [translate, program, "--emit=obj", "-o", os.path.join(tmp, "p.o")]
            + extra, capture_output=True, text=True)
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{translate} failed on {program}:\n{done.stderr}")
    stages = {}
    for line in done.stderr.splitlines():
        m = STAGE.match(line)
        if m:
            stages[m.group(2)] = float(m.group(1))
    return seconds, stages


def xla(program):
    done = subprocess.run([sys.executable, "-c", XLA_COMPILE, program],
                          capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--translate",
                        default=os.path.join(ROOT, "build/bin/xla-translate"))
    parser.add_argument("--baseline", action="append", default=[],
                        metavar="NAME=PATH", help="an older xla-translate")
    parser.add_argument("--compile-threads", type=int, default=0)
    args = parser.parse_args()
    baselines = [b.split("=", 1) for b in args.baseline]
    threads = [f"--compile-threads={args.compile_threads}"]

    rows = []
    for directory in args.workloads:
        program = program_of(directory)
        name = os.path.basename(os.path.normpath(directory))
        totals, stages, xla_s = [], {}, []
        base = {label: [] for label, _ in baselines}
        for r in range(args.rounds):
            seconds, report = ours(args.translate, program,
                                   threads + ["--time-compile"])
            totals.append(seconds)
            for stage, value in report.items():
                stages.setdefault(stage, []).append(value)
            for label, path in baselines:
                base[label].append(ours(path, program, threads)[0])
            xla_s.append(xla(program))
            print(f"{name} round {r + 1}: ours {seconds:.2f} s, "
                  + "".join(f"{l} {base[l][-1]:.2f} s, " for l in base)
                  + f"XLA:CPU {xla_s[-1]:.2f} s", file=sys.stderr)
        med = statistics.median
        rows.append((name, med(totals), {l: med(v) for l, v in base.items()},
                     med(xla_s), {s: med(v) for s, v in stages.items()}))

    labels = [label for label, _ in baselines]
    print("| workload | xla-mlir | " + "".join(f"{l} | " for l in labels)
          + "XLA:CPU | ratio to XLA:CPU |")
    print("|---|---:|" + "---:|" * len(labels) + "---:|---:|")
    for name, total, base, xla_total, _ in rows:
        print(f"| {name} | {total:.2f} s | "
              + "".join(f"{base[l]:.2f} s | " for l in labels)
              + f"{xla_total:.2f} s | {total / xla_total:.1f}x |")
    print()
    for name, _, _, _, stages in rows:
        print(f"{name}, stages of xla-mlir (medians, s): "
              + ", ".join(f"{s} {v:.2f}" for s, v in stages.items()
                          if s not in ("Total", "Rest")))


if __name__ == "__main__":
    main()
