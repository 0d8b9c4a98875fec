#!/usr/bin/env python3
"""Cold compile time of exported workloads, ours next to XLA:CPU's, in one run.

Both compilers are measured the same way: in a fresh Python process each
round, the time of one call that turns the StableHLO text into a loaded
executable, with nothing cached in between and the libraries' import
left out:
  - ours: `xla_mlir.compile(text, cache=False)`, the configuration that
    `jit` and `xla-run` compile (parallel loops, the runtime's buffer pool)
    from this checkout's build (`--build`), or from each `--baseline`
    extension module (an older build's `_xla_mlir*.so`);
  - XLA:CPU: JAX's CPU client, `compile_and_load` of the same text.
Each round also runs `xla-run --no-cache --time-compile` once for the
stages of our compile. The turns alternate within a round, so machine
noise hits all alike. Prints medians as a Markdown table
(docs/compile-time.md).

  python3 bench/compile_time.py examples/mlp_train \
      examples/generated/demo-batch8/bert_train --rounds 5
"""

import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STAGE = re.compile(r"^\s+[\d.]+ \(\s*[\d.]+%\)\s+([\d.]+) \(\s*[\d.]+%\)  (\S.*)$")

OURS_COMPILE = """
import sys, time
import xla_mlir
text = open(sys.argv[1]).read()
start = time.perf_counter()
xla_mlir.compile(text, cache=False)
print(time.perf_counter() - start)
"""

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


def stage_package(extension, into):
    """A directory that imports as xla_mlir: this checkout's Python files
    with the extension module `extension` (no pip install needed)."""
    package = os.path.join(into, "xla_mlir")
    os.makedirs(package)
    for source in glob.glob(os.path.join(ROOT, "python", "xla_mlir", "*.py")):
        os.symlink(source, os.path.join(package, os.path.basename(source)))
    os.symlink(os.path.abspath(extension),
               os.path.join(package, os.path.basename(extension)))
    return into


def seconds_of(code, program, env=None):
    done = subprocess.run([sys.executable, "-c", code, program], env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"compiling {program} failed:\n{done.stderr}")
    return float(done.stdout.strip().splitlines()[-1])


def ours(package_dir, program):
    env = dict(os.environ, PYTHONPATH=package_dir)
    return seconds_of(OURS_COMPILE, program, env)


def stages_of(run, program, threads):
    """The top-level stages of `xla-run --time-compile` (wall seconds)."""
    done = subprocess.run(
        [run, program, "--no-cache", "--time-compile", "--no-print",
         "--runs=1"] + threads, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{run} failed on {program}:\n{done.stderr}")
    stages = {}
    for line in done.stderr.splitlines():
        m = STAGE.match(line)
        if m:
            stages[m.group(2)] = float(m.group(1))
    return stages


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="the build whose extension and xla-run to time")
    parser.add_argument("--baseline", action="append", default=[],
                        metavar="NAME=PATH",
                        help="an older build's _xla_mlir*.so")
    parser.add_argument("--compile-threads", type=int, default=0,
                        help="for the stages only (0: one per core)")
    args = parser.parse_args()
    extensions = glob.glob(os.path.join(args.build, "python", "_xla_mlir*.so"))
    if not extensions:
        sys.exit(f"no _xla_mlir*.so under {args.build}/python: build first")
    run = os.path.join(args.build, "bin", "xla-run")
    threads = [f"--compile-threads={args.compile_threads}"]
    staging = tempfile.TemporaryDirectory()
    packages = {"xla-mlir": stage_package(
        extensions[0], os.path.join(staging.name, "current"))}
    for label, path in (b.split("=", 1) for b in args.baseline):
        packages[label] = stage_package(path, os.path.join(staging.name,
                                                           label))

    def name_of(directory):
        path = os.path.normpath(directory)
        name = os.path.basename(path)
        # Two exports of one workload (demo-batch2/bert_train and
        # demo-batch8/bert_train) are told apart by their parent.
        if [os.path.basename(os.path.normpath(w))
                for w in args.workloads].count(name) > 1:
            name = os.path.join(os.path.basename(os.path.dirname(path)), name)
        return name

    rows = []
    for directory in args.workloads:
        program = program_of(directory)
        name = name_of(directory)
        times = {label: [] for label in packages}
        stages, xla_s = {}, []
        for r in range(args.rounds):
            for label, package in packages.items():
                times[label].append(ours(package, program))
            for stage, value in stages_of(run, program, threads).items():
                stages.setdefault(stage, []).append(value)
            xla_s.append(seconds_of(XLA_COMPILE, program))
            print(f"{name} round {r + 1}: "
                  + "".join(f"{l} {v[-1]:.2f} s, " for l, v in times.items())
                  + f"XLA:CPU {xla_s[-1]:.2f} s", file=sys.stderr)
        med = statistics.median
        rows.append((name, {l: med(v) for l, v in times.items()}, med(xla_s),
                     {s: med(v) for s, v in stages.items()}))

    labels = list(packages)
    print("| workload | " + "".join(f"{l} | " for l in labels)
          + "XLA:CPU | ratio to XLA:CPU |")
    print("|---|" + "---:|" * len(labels) + "---:|---:|")
    for name, totals, xla_total, _ in rows:
        print(f"| {name} | "
              + "".join(f"{totals[l]:.3f} s | " for l in labels)
              + f"{xla_total:.3f} s | {totals['xla-mlir'] / xla_total:.2f}x |")
    print()
    for name, _, _, stages in rows:
        print(f"{name}, stages of `xla-run --time-compile` (medians, s): "
              + ", ".join(f"{s} {v:.3f}" for s, v in stages.items()
                          if s not in ("Total", "Rest")))


if __name__ == "__main__":
    main()
