#!/usr/bin/env python3
"""Nsight Compute profiles of our kernels and XLA:GPU's, on the GPU machine.

  python3 bench/gpu_profile.py run --loader L --out DIR [--bench DIR]
          [--only REGEX] [--workload SO ...] [--no-jax]
          [--budget S]
                      # profile the benchmarks of DIR (bench/gpu_bench.py
                      # export) and each workload (our artifact SO of a
                      # workload of examples/export_jax.py, batch 1), ours
                      # and JAX's; print a table per program; keep ncu's
                      # CSVs in DIR
  python3 bench/gpu_profile.py table CSV...   # the tables of saved CSVs

Timing says how long a kernel takes; a profile says why: how much of the
DRAM's bandwidth it used, how many warps were resident against how many
could be, what the warps waited on. The GPU machines have `ncu`; a device
call is 10 minutes, so everything here runs under one budget and every
CSV is kept, parsed or not.

Each program runs once under ncu: our artifact with xla-load-artifact (no
--repeat: one call, so one step's kernels), JAX's function after two
warm-up calls (compilation and autotuning stay out) between
cuProfilerStart and cuProfilerStop. Clocks are not locked
(--clock-control none), so kernels run at the clocks the benchmarks see.
Caches are flushed before each benchmark kernel (inputs of 64 MB or more)
and kept for a workload's kernels (a training step's intermediates live in
the 50 MB L2).
"""

import csv
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))

# Sections whose metrics the tables read; metrics named on their own so
# that bytes and time are there whatever a section holds in this version.
SECTIONS = ("SpeedOfLight", "Occupancy", "LaunchStats", "WarpStateStats")
METRICS = ("gpu__time_duration.sum", "dram__bytes_read.sum",
           "dram__bytes_write.sum")


def ncu_command(csv_path, launches, from_start, cache):
    return ["ncu", "--target-processes", "all", "--csv", "--page", "raw",
            "--print-units", "base", "--log-file", csv_path,
            "--clock-control", "none", "--cache-control", cache,
            "--launch-count", str(launches),
            "--profile-from-start", "on" if from_start else "off",
            *[a for s in SECTIONS for a in ("--section", s)],
            "--metrics", ",".join(METRICS)]


# --- parsing ---------------------------------------------------------------

def read_rows(path):
    """The kernels of an ncu raw-page CSV: one dict per launch (header ->
    value). Lines that are not CSV (the program's output, ==PROF== lines)
    and the units row are skipped."""
    rows, header = [], None
    with open(path, errors="replace") as fh:
        lines = [l for l in fh if l.startswith('"')]
    for cells in csv.reader(lines):
        if header is None:
            if "Kernel Name" in cells:
                header = cells
            continue
        if len(cells) != len(header) or not cells[0].strip().isdigit():
            continue  # the units row, or a second header
        rows.append(dict(zip(header, cells)))
    return rows


def number(row, *names):
    for name in names:
        value = row.get(name, "").replace(",", "").strip()
        try:
            return float(value)
        except ValueError:
            continue
    return None


def stalls(row):
    """The two largest stall reasons, in cycles per issued instruction."""
    found = []
    for key in row:
        m = re.match(r"smsp__average_warp(?:s_issue|_latency_issue)_stalled_"
                     r"(\w+?)(?:_per_issue_active)?\.ratio$", key)
        cycles = number(row, key)
        if m and cycles is not None and not m.group(1).startswith(
                "not_issued"):
            found.append((cycles, m.group(1)))
    found.sort(reverse=True)
    return ", ".join("%s %.1f" % (name, v) for v, name in found[:2])


def summarize(row):
    ns = number(row, "gpu__time_duration.sum")
    read = number(row, "dram__bytes_read.sum") or 0.0
    written = number(row, "dram__bytes_write.sum") or 0.0
    name = row.get("Kernel Name", "?")
    return {
        "kernel": name if len(name) <= 48 else name[:45] + "...",
        "grid": re.sub(r"[() ]", "", row.get("Grid Size", "")),
        "block": re.sub(r"[() ]", "", row.get("Block Size", "")),
        "regs": number(row, "launch__registers_per_thread"),
        "us": ns / 1e3 if ns is not None else None,
        "MB": (read + written) / 1e6,
        "GBs": (read + written) / ns if ns else None,
        "dram%": number(row, "dram__throughput.avg.pct_of_peak_sustained_"
                        "elapsed", "gpu__dram_throughput.avg.pct_of_peak_"
                        "sustained_elapsed"),
        "sm%": number(row, "sm__throughput.avg.pct_of_peak_sustained_"
                      "elapsed"),
        "occ%": number(row, "sm__warps_active.avg.pct_of_peak_sustained_"
                       "active"),
        "theo%": number(row, "sm__maximum_warps_per_active_cycle_pct"),
        "stalls": stalls(row),
    }


def fmt(value, spec):
    return "-" if value is None else spec % value


def table(title, rows, top=25):
    """Prints the launches of one program, slowest first (the first `top`),
    and their sum."""
    kernels = [summarize(r) for r in rows]
    total = sum(k["us"] or 0 for k in kernels)
    moved = sum(k["MB"] for k in kernels)
    print("\n### %s: %d launches, %.1f us of kernel time, %.1f MB of DRAM "
          "traffic" % (title, len(kernels), total, moved))
    if not kernels:
        return total
    print("| kernel | grid | block | regs | us | MB | GB/s | DRAM % | SM % "
          "| occupancy % (of) | stalls (cycles/instr) |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|")
    kernels.sort(key=lambda k: -(k["us"] or 0))
    for k in kernels[:top]:
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s (%s) | %s |"
              % (k["kernel"], k["grid"], k["block"], fmt(k["regs"], "%.0f"),
                 fmt(k["us"], "%.1f"), "%.1f" % k["MB"],
                 fmt(k["GBs"], "%.0f"), fmt(k["dram%"], "%.0f"),
                 fmt(k["sm%"], "%.0f"), fmt(k["occ%"], "%.0f"),
                 fmt(k["theo%"], "%.0f"), k["stalls"]))
    if len(kernels) > top:
        rest = kernels[top:]
        print("| (%d more) | | | | %.1f | %.1f | | | | | |" % (
            len(rest), sum(k["us"] or 0 for k in rest),
            sum(k["MB"] for k in rest)))
    return total


# --- JAX under ncu -------------------------------------------------------------

def profiled_call(call, args):
    """`call(*args)` twice (compilation, autotuning), then once between
    cuProfilerStart and cuProfilerStop (ncu --profile-from-start off)."""
    import ctypes
    import jax
    for _ in range(2):
        jax.block_until_ready(call(*args))
    # The profiler API acts on the calling thread's context: JAX's is
    # current on its own threads, so make the device's primary context (the
    # one JAX uses) current here.
    cuda = ctypes.CDLL("libcuda.so.1")
    device, context = ctypes.c_int(), ctypes.c_void_p()
    if (cuda.cuInit(0) or cuda.cuDeviceGet(ctypes.byref(device), 0) or
            cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device) or
            cuda.cuCtxSetCurrent(context) or cuda.cuProfilerStart()):
        raise SystemExit("cuProfilerStart failed")
    jax.block_until_ready(call(*args))
    cuda.cuProfilerStop()


def jax_benchmark(name):
    import jax
    import gpu_bench
    fn, specs = gpu_bench.workloads()[name]
    args = [jax.device_put(a) for a in gpu_bench.inputs_like(specs)]
    profiled_call(jax.jit(fn), args)


def jax_workload(name, batch):
    """A workload of examples/export_jax.py as scripts/gpu_artifacts.py
    exports it (seed 0, `batch`), at full f32 precision like the export
    our results are checked against."""
    import argparse
    import jax
    import numpy as np
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    import export_jax
    jax.config.update("jax_default_matmul_precision", "highest")
    opts = argparse.Namespace(seed=0, batch=batch, gelu="tanh")
    w = export_jax.BUILDERS[name](opts, np.random.RandomState(opts.seed))
    args = jax.device_put(w["args"])
    profiled_call(jax.jit(w["fn"], keep_unused=True), args)


# --- the run -------------------------------------------------------------------

# Set when ncu refused the sections (another version's names): metrics
# alone from then on.
_BARE = []


def profile(command, csv_path, launches, from_start, cache, timeout):
    """Runs `command` under ncu; the launches it profiled (empty on a
    failure, whose reason is printed). The CSV goes to `csv_path` (ncu's
    --log-file), the program's own output next to it (.out)."""
    for attempt in range(2):
        ncu = ncu_command(csv_path, launches, from_start, cache)
        if _BARE:
            ncu = [a for i, a in enumerate(ncu) if a != "--section" and
                   (i == 0 or ncu[i - 1] != "--section")]
        for stale in (csv_path, csv_path + ".out"):
            if os.path.exists(stale):
                os.remove(stale)
        # A session of its own: on a timeout the program ncu started goes
        # too, not only ncu (it would hold the GPU for the phases after).
        proc = subprocess.Popen(ncu + command, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True,
                                start_new_session=True)
        try:
            output, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            print("  timed out after %.0f s" % timeout)
            return []
        with open(csv_path + ".out", "w") as fh:
            fh.write(output)
        rows = read_rows(csv_path) if os.path.exists(csv_path) else []
        if not rows:  # an ncu that printed the report on stdout
            rows = read_rows(csv_path + ".out")
        if rows:
            return rows
        text = output
        if os.path.exists(csv_path):
            with open(csv_path, errors="replace") as fh:
                text += fh.read()
        errors = [l.strip() for l in text.splitlines()
                  if "ERR" in l or "rror" in l][:4]
        print("  no kernels profiled (exit %d): %s" % (
            proc.returncode, " / ".join(errors)[-600:] or "no output"))
        if _BARE or not re.search(r"[Ss]ection", text):
            return []
        print("  again without sections")
        _BARE.append(True)
    return []


def run(args):
    if not shutil.which("ncu"):
        print("gpu_profile: no ncu on PATH")
        return 1
    os.makedirs(args.out, exist_ok=True)
    start = time.monotonic()

    def left():
        return args.budget - (time.monotonic() - start)

    # Ours first, then JAX's: what our kernels do is what the next change
    # needs; JAX's (slower to start) shows what is possible.
    ours, theirs = [], []  # (title, csv name, command, launches, from
    #                        start, cache)
    if args.bench:
        import gpu_bench
        for name in gpu_bench.workloads():
            if not re.search(args.only, name):
                continue
            so = os.path.join(args.bench, name + ".gpu.so")
            if os.path.exists(so):
                ours.append(("%s, ours" % name, "ours-%s" % name,
                             [args.loader, so], 20, True, "all"))
            theirs.append(("%s, JAX" % name, "jax-%s" % name,
                           [sys.executable, os.path.abspath(__file__),
                            "jax-benchmark", name], 20, False, "all"))
    for n, so in enumerate(args.workload):
        name = os.path.basename(so).split(".")[0]
        ours.append(("%s, ours" % name, "ours-%s" % name,
                     [args.loader, so], 2000, True, "none"))
        # Before the benchmarks: the step is what XLA:GPU is compared on.
        theirs.insert(n, ("%s, JAX" % name, "jax-%s" % name,
                          [sys.executable, os.path.abspath(__file__),
                           "jax-workload", name, "--batch", "1"], 2000,
                          False, "none"))
    jobs = ours + (theirs if args.jax else [])
    totals = {}
    for i, (title, stem, command, launches, from_start, cache) in \
            enumerate(jobs):
        if left() < 10:
            print("\ngpu_profile: out of time; not profiled: %s" % ", ".join(
                j[0] for j in jobs[i:]))
            break
        csv_path = os.path.join(args.out, "ncu-%s.csv" % stem)
        rows = profile(command, csv_path, launches, from_start, cache,
                       max(10.0, left()))
        if not rows and i == 0:
            print("gpu_profile: ncu profiled nothing on the first program; "
                  "stopping (counters not available here?)")
            return 1
        totals[title] = table(title, rows)
    if totals:
        print("\n| program | kernel time under ncu (us) |")
        print("|---|---:|")
        for title, total in totals.items():
            print("| %s | %.1f |" % (title, total))
    return 0


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--loader", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--bench", default="")
    r.add_argument("--only", default="")
    r.add_argument("--workload", action="append", default=[],
                   help="our artifact of a workload of examples/export_jax.py"
                        " (batch 1), named after it (bert_train.gpu.so)")
    r.add_argument("--no-jax", dest="jax", action="store_false")
    r.add_argument("--budget", type=float, default=120)
    t = sub.add_parser("table")
    t.add_argument("csv", nargs="+")
    sub.add_parser("jax-benchmark").add_argument("name")
    w = sub.add_parser("jax-workload")
    w.add_argument("name")
    w.add_argument("--batch", type=int, default=1)
    args = ap.parse_args()
    if args.cmd == "run":
        return run(args)
    if args.cmd == "table":
        for path in args.csv:
            table(os.path.basename(path), read_rows(path))
        return 0
    if args.cmd == "jax-benchmark":
        jax_benchmark(args.name)
    else:
        jax_workload(args.name, args.batch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
