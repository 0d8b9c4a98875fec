#!/usr/bin/env python3
"""Parses, verifies and round-trips every program of the StableHLO
conformance corpus through xla-opt.

For each file (split on `// -----`), it checks that
  1. xla-opt reads the StableHLO text and verifies it      -> text P1
  2. xla-opt reads P1 back and prints the same text         (P1 == P2)
  3. the generic form of P1 reads back to the same text     (P1 == P3)
The corpus is read in place from ../shared/conformance (or --corpus); when
it is absent the script says so and exits 0.
"""
import argparse
import collections
import concurrent.futures
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "conformance",
                              "stablehlo")


def run_opt(opt, args, text=None, path=None, timeout=60):
    cmd = [opt, "--split-input-file"] + args + [path if path else "-"]
    try:
        res = subprocess.run(cmd, input=text, capture_output=True, text=True,
                             timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    if res.returncode != 0:
        if res.returncode < 0:
            return None, f"crash (signal {-res.returncode})"
        first = next((l for l in res.stderr.splitlines() if "error" in l),
                     res.stderr.strip()[:300])
        return None, first
    return res.stdout, None


def check_file(opt, path):
    p1, err = run_opt(opt, [], path=path)
    if err:
        return path, "parse", err
    p2, err = run_opt(opt, [], text=p1)
    if err:
        return path, "reparse", err
    if p2 != p1:
        return path, "roundtrip", "printed text changes when parsed again"
    generic, err = run_opt(opt, ["--mlir-print-op-generic"], text=p1)
    if err:
        return path, "generic", err
    p3, err = run_opt(opt, [], text=generic)
    if err:
        return path, "generic", err
    if p3 != p1:
        return path, "generic", "generic form does not read back to the same text"
    return path, "ok", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--xla-opt", default=os.path.join(ROOT, "build", "bin",
                                                       "xla-opt"))
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="list every failing file")
    ap.add_argument("--filter", default="", help="only paths containing this")
    ap.add_argument("--baseline", default=os.path.join(ROOT, "test", "corpus",
                                                        "roundtrip-baseline.txt"),
                    help="files known to pass; only a regression of one of "
                         "these fails the run")
    ap.add_argument("--update-baseline", action="store_true",
                    help="write the passing files to the baseline")
    args = ap.parse_args()

    if not os.path.isdir(args.corpus):
        print(f"corpus-roundtrip: SKIPPED: no corpus at {args.corpus}")
        return 0
    files = []
    for sub in ("testdata", "interpret"):
        d = os.path.join(args.corpus, sub)
        if os.path.isdir(d):
            files += sorted(os.path.join(d, f) for f in os.listdir(d)
                            if f.endswith(".mlir") and args.filter in f)

    results = collections.defaultdict(list)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for path, stage, msg in pool.map(lambda f: check_file(args.xla_opt, f),
                                         files):
            results[stage].append((path, msg))

    ok = len(results["ok"])
    print(f"corpus-roundtrip: {ok}/{len(files)} files parse, verify and "
          f"round-trip")
    passing = sorted(os.path.relpath(p, args.corpus) for p, _ in results["ok"])
    if args.update_baseline:
        with open(args.baseline, "w") as f:
            f.write("".join(p + "\n" for p in passing))
        print(f"  baseline updated: {len(passing)} files")
    baseline = set()
    if os.path.exists(args.baseline) and not args.filter:
        with open(args.baseline) as f:
            baseline = {l.strip() for l in f if l.strip()}
    for stage in ("parse", "reparse", "roundtrip", "generic"):
        if results[stage]:
            print(f"  failed at {stage}: {len(results[stage])}")
            shown = results[stage] if args.verbose else results[stage][:10]
            for path, msg in shown:
                print(f"    {os.path.relpath(path, args.corpus)}: {msg}")
    regressions = sorted(baseline - set(passing))
    if regressions:
        print(f"  REGRESSIONS: {len(regressions)} files of the baseline fail:")
        for p in regressions[:20]:
            print(f"    {p}")
        return 1
    if baseline:
        print(f"  no regressions against the baseline ({len(baseline)} files)")
        return 0
    return 0 if ok == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
