#!/usr/bin/env python3
"""Runs an exported workload (OUT/NAME from export_jax.py) with xla-run and
checks every output against JAX's with the per-output tolerances of
meta.json (examples/verify_export.py).

  python3 examples/run_workload.py examples/generated/mlp_train
  python3 examples/run_workload.py --xla-run build/bin/xla-run --fusion false DIR
  python3 examples/run_workload.py --rematerialize false --runs 5 DIR
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dir", help="workload directory OUT/NAME")
    p.add_argument("--xla-run", default=os.path.join(HERE, "..", "build", "bin", "xla-run"))
    p.add_argument("--fusion", default="true", choices=["true", "false"])
    p.add_argument("--vectorize", default="true", choices=["true", "false"])
    p.add_argument("--runs", type=int, default=0, help="also time N runs")
    p.add_argument("--rematerialize", default="true", choices=["true", "false"],
                   help="recompute cheap values in their readers (less peak memory; xla-run's default)")
    a = p.parse_args()
    with open(os.path.join(a.dir, "meta.json")) as f:
        meta = json.load(f)
    inputs = sorted(glob.glob(os.path.join(a.dir, "input_*.npy")),
                    key=lambda s: int(re.search(r"input_(\d+)", s).group(1)))
    if len(inputs) != len(meta["inputs"]):
        sys.exit("%s: %d input files, meta.json lists %d" % (a.dir, len(inputs), len(meta["inputs"])))
    with tempfile.TemporaryDirectory(prefix="xla-workload-") as out:
        cmd = [a.xla_run, os.path.join(a.dir, meta["file"]), "--input", ",".join(inputs),
               "--output-dir", out, "--no-print", "--fusion=" + a.fusion, "--vectorize=" + a.vectorize,
               "--rematerialize=" + a.rematerialize]
        if a.runs:
            cmd += ["--time", "--runs", str(a.runs)]
        proc = subprocess.run(cmd)
        if proc.returncode != 0:
            return proc.returncode
        sys.stdout.flush()
        return subprocess.run([sys.executable, os.path.join(HERE, "verify_export.py"),
                               a.dir, "--actual", out]).returncode


if __name__ == "__main__":
    sys.exit(main())
