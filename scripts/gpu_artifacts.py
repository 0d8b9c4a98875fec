#!/usr/bin/env python3
"""Compile test programs for the GPU here, run them on a GPU machine there.

The GPU machines have the CUDA driver but no LLVM, so programs are compiled
on the development machine into shared-library artifacts (host code with the
kernels' cubins embedded) and run there by xla-load-artifact, which links
only the runtime.

  scripts/gpu_artifacts.py build DIR [--filter S] [--no-corpus] [--strict]
                                     [--workloads] [--bundles DIR]
                                                    # here: compile (needs build/)
  scripts/gpu_artifacts.py run DIR [--kinds K] [--budget S] [--batch N]
                               [--skip-passed JSON] [--strict]
                                                    # there: run, compare, report

With `build --gpu-flag=--gpu-emulate` the GPU artifacts hold kernels
compiled for the host, and `run` checks them here, in the runtime's GPU
emulator (docs/gpu.md, "Testing without a GPU").

`build` compiles every end-to-end test (test/e2e) for the CPU and the GPU,
runs the CPU artifacts here to record their outputs, and compiles the
conformance corpus's tier 1 and 2 units (read in place from
../shared/conformance) for the GPU. It writes DIR/manifest.json and
DIR/artifacts.tar.xz (what the GPU machine needs, with xla-load-artifact).
With --workloads it also exports the JAX workloads (examples/export_jax.py:
mlp_train, bert_fwd, bert_train at batch 1) and compiles them; their inputs
are too large to carry, so `run --workloads` exports them again on the GPU
machine with the same seed (numpy's RandomState streams are stable), has
JAX compute the expected outputs there (matmuls at full f32 precision),
runs our artifact on those inputs and compares with
examples/verify_export.py, which applies the same tolerances as the CPU
tests.
With --bundles DIR it also compiles the bundles in DIR (bench/bundles.py:
training steps and models of flax and keras-hub, which the GPU machine
does not have, with their inputs and float64 outputs) and carries them;
`run --kinds model` runs each on its inputs, and JAX's export of the same
function (XLA:GPU there), judges both against float64 as the model
benchmarks do, and prints both times.
`run` unpacks, runs each GPU artifact (programs N at a time in one
`xla-load-artifact --batch` process, so that the CUDA driver starts once
per N; a program that crashes its batch runs alone, with those after it),
and compares: an e2e test passes if
its exit code matches the CPU's and every printed value agrees within
1e-4 relative (5e-4 absolute of the output's magnitude); a corpus unit
passes if all its checks pass. It prints a table and writes
$OUT/gpu-results.json when OUT is set.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "build", "bin")
WORKLOADS = "mlp_train,bert_fwd,bert_train"


def compile_one(source, output, target, entry=None, timeout=300, flags=()):
    cmd = [os.path.join(BIN, "xla-translate"), source, "--emit=shared",
           "-o", output] + list(flags)
    if target:
        cmd.append("--target=" + target)
    if entry:
        cmd += ["--entry", entry]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "compile timeout"
    if proc.returncode:
        lines = [l for l in proc.stderr.splitlines() if "error" in l]
        return (lines[0] if lines else proc.stderr.strip())[:300] or "failed"
    return None


def run_batch(loader, programs, timeout, work, cap=None):
    """Runs (artifact, entry) pairs in one `xla-load-artifact --batch`
    process; a result like run_one's for each, None for those it did not
    finish (a crash, or the time limit: `timeout` and 5 s a program, at
    most `cap`)."""
    fd, listing = tempfile.mkstemp(dir=work, suffix=".list")
    with os.fdopen(fd, "w") as fh:
        for so, entry in programs:
            fh.write(so + ("\t" + entry if entry else "") + "\n")
    try:
        # A unit takes well under a second; a hung one ends the batch and
        # the rest run alone, each with `timeout`.
        proc = subprocess.run([loader, "--batch", listing],
                              capture_output=True, text=True,
                              timeout=min(timeout + 5 * len(programs),
                                          cap or float("inf")))
        out, err = proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else \
            (e.stdout or "")
        err = e.stderr.decode() if isinstance(e.stderr, bytes) else \
            (e.stderr or "")
    marker = re.compile(r"^=== xla-load-artifact (\d+) .*\n", re.M)

    def sections(text):
        parts = marker.split(text)
        return {int(parts[i]): parts[i + 1]
                for i in range(1, len(parts) - 1, 2)}

    outs, errs = sections(out), sections(err)
    results = []
    for n in range(len(programs)):
        m = re.search(r"^=== exit (\d+)\n", outs.get(n, ""), re.M)
        if not m:
            results.append(None)
            continue
        results.append({"rc": int(m.group(1)),
                        "stdout": outs[n][:m.start()],
                        "stderr": errs.get(n, "")[-2000:]})
    return results


def run_one(loader, so, entry=None, timeout=300):
    cmd = [loader, so] + ([entry] if entry else [])
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"rc": "timeout", "stdout": "", "stderr": ""}
    return {"rc": proc.returncode, "stdout": proc.stdout,
            "stderr": proc.stderr[-2000:]}


def build(args):
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import conformance
    out = os.path.abspath(args.dir)
    arts = os.path.join(out, "artifacts")
    os.makedirs(arts, exist_ok=True)
    jobs = []  # (kind, id, source, entry, tier)
    e2e = os.path.join(ROOT, "test", "e2e")
    for name in sorted(os.listdir(e2e)):
        if name.endswith(".mlir") and (not args.filter or
                                       any(f in name for f in args.filter)):
            jobs.append(("e2e", name[:-5], os.path.join(e2e, name), None, 0))
    tmp = tempfile.mkdtemp(prefix="xla-gpu-units-")
    if not args.no_corpus and os.path.isdir(os.path.join(args.corpus,
                                                         "stablehlo")):
        classify = conformance.load_classify(args.corpus)
        for unit in conformance.collect_units(args.corpus, classify,
                                              args.filter):
            if unit["tier"] not in (1, 2) or not unit["has_checks"]:
                continue
            uid = re.sub(r"[^\w.-]", "_", unit["id"])
            path = os.path.join(tmp, uid + ".mlir")
            with open(path, "w") as fh:
                fh.write(unit["text"])
            # The loader needs the entry's name: a lone function that is
            # not @main is the entry xla-translate picks.
            functions = list(classify.analyze_text(unit["text"])["functions"])
            default = None if "main" in functions or len(functions) != 1 \
                else functions[0]
            for entry in unit["entries"] or [default]:
                jobs.append(("corpus", uid + ("@" + entry if entry else ""),
                             path, entry, unit["tier"]))
    print("gpu_artifacts: compiling %d programs" % len(jobs), flush=True)

    def work(job):
        kind, uid, source, entry, tier = job
        record = {"kind": kind, "id": uid, "entry": entry, "tier": tier}
        so = uid + ".gpu.so"
        record["gpu_error"] = compile_one(source, os.path.join(arts, so),
                                          "cuda", entry,
                                          flags=args.gpu_flag)
        if not record["gpu_error"]:
            record["gpu"] = so
        if kind == "e2e":
            cpu = os.path.join(tmp, uid + ".cpu.so")
            if not compile_one(source, cpu, None, entry):
                record["cpu"] = run_one(os.path.join(BIN, "xla-load-artifact"),
                                        cpu, entry)
        return record

    if args.workloads:
        export = os.path.join(tmp, "workloads")
        subprocess.run([sys.executable, os.path.join(ROOT, "examples",
                                                     "export_jax.py"),
                        "--out", export, "--only", WORKLOADS, "--batch", "1",
                        "--no-data"], check=True, stdout=subprocess.DEVNULL)
        for name in WORKLOADS.split(","):
            with open(os.path.join(export, name, "meta.json")) as fh:
                meta = json.load(fh)
            shutil.copy(os.path.join(export, name, "meta.json"),
                        os.path.join(arts, name + ".meta.json"))
            jobs.append(("workload", name, os.path.join(export, name,
                                                        meta["file"]),
                         None, 0))

    bundle_dirs = {}
    for parent in args.bundles:
        for name in sorted(os.listdir(parent)):
            d = os.path.join(parent, name)
            if os.path.exists(os.path.join(d, "meta.json")):
                bundle_dirs[name] = d
                jobs.append(("model", name, os.path.join(d, "program.mlir"),
                             None, 0))

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        records = list(pool.map(work, jobs))
    shutil.rmtree(tmp, ignore_errors=True)
    compiled = sum(1 for r in records if r.get("gpu"))
    print("gpu_artifacts: %d of %d compiled for the GPU in %.0f s" % (
        compiled, len(records), time.monotonic() - start))
    with open(os.path.join(out, "manifest.json"), "w") as fh:
        json.dump(records, fh, indent=1)
    with tarfile.open(os.path.join(out, "artifacts.tar.xz"), "w:xz") as tar:
        tar.add(os.path.join(BIN, "xla-load-artifact"), "xla-load-artifact")
        tar.add(os.path.join(out, "manifest.json"), "manifest.json")
        for r in records:
            if r.get("gpu"):
                tar.add(os.path.join(arts, r["gpu"]), r["gpu"])
            if r["kind"] == "workload":
                tar.add(os.path.join(arts, r["id"] + ".meta.json"),
                        r["id"] + ".meta.json")
            if r["kind"] == "model":
                d = bundle_dirs[r["id"]]
                for f in sorted(os.listdir(d)):
                    if f != "program.mlir":
                        tar.add(os.path.join(d, f),
                                "%s.bundle/%s" % (r["id"], f))
    shutil.rmtree(arts)
    # Every e2e program the CPU compiles must compile for the GPU, ptxas
    # included.
    missing = [r for r in records if r["kind"] == "e2e" and r.get("cpu")
               and not r.get("gpu")]
    for r in missing:
        print("GPU compile failed: %s: %s" % (r["id"], r["gpu_error"]))
    if args.strict:
        e2e = [r for r in records if r["kind"] == "e2e" and r.get("cpu")]
        if missing:
            return 1
        print("gpu_artifacts: all %d e2e programs that compile for the CPU "
              "compile for the GPU" % len(e2e))
    return 0


NUMBER = re.compile(r"^[-+]?(\d+\.?\d*([eE][-+]?\d+)?|inf|nan)$")


def values(stdout):
    """Printed outputs as lists of tokens (numbers parsed where possible)."""
    outputs = []
    for line in stdout.splitlines():
        if line.startswith("output "):
            outputs.append([line])
        elif outputs and len(outputs[-1]) == 1:
            outputs[-1].append(line.split())
    return outputs


def agree(cpu, gpu):
    a, b = values(cpu), values(gpu)
    if len(a) != len(b):
        return "%d outputs, the CPU printed %d" % (len(b), len(a))
    for (ha, *va), (hb, *vb) in zip(a, b):
        if ha != hb:
            return "%s, the CPU printed %s" % (hb, ha)
        ta, tb = (va[0] if va else []), (vb[0] if vb else [])
        if len(ta) != len(tb):
            return "%s: %d values, the CPU printed %d" % (hb, len(tb), len(ta))
        nums = [float(x) for x in ta if NUMBER.match(x.lower())]
        scale = max([abs(x) for x in nums if x == x and abs(x) != float("inf")]
                    or [1.0])
        for x, y in zip(ta, tb):
            if x == y:
                continue
            try:
                fx, fy = float(x), float(y)
            except ValueError:
                return "%s: %s, the CPU printed %s" % (hb, y, x)
            if abs(fx - fy) > 1e-4 * abs(fx) + 5e-4 * scale:
                return "%s: %s, the CPU printed %s" % (hb, y, x)
    return None


def run(args):
    start = time.monotonic()

    def limit(seconds):
        """`seconds`, or what is left of --budget plus --timeout if less:
        past the budget nothing new starts, and what runs ends soon after,
        so that the table comes out inside a device call's limit."""
        if not args.budget:
            return seconds
        left = args.budget - (time.monotonic() - start) + args.timeout
        return max(5.0, min(seconds, left))

    here = os.path.abspath(args.dir)
    work = tempfile.mkdtemp(prefix="xla-gpu-run-")
    with tarfile.open(os.path.join(here, "artifacts.tar.xz")) as tar:
        tar.extractall(work)
    loader = os.path.join(work, "xla-load-artifact")
    with open(os.path.join(work, "manifest.json")) as fh:
        records = json.load(fh)
    if args.kinds:
        kinds = set(args.kinds.split(","))
        records = [r for r in records if r["kind"] in kinds]
    if args.skip_passed:
        # Resume: what an earlier run (its gpu-results.json) passed.
        with open(args.skip_passed) as fh:
            passed = {(r["kind"], r["id"]) for r in json.load(fh)
                      if r["status"] == "pass"}
        before = len(records)
        records = [r for r in records if (r["kind"], r["id"]) not in passed]
        print("skipped %d programs that passed in %s" % (
            before - len(records), args.skip_passed))
    exported, export_error = None, "no export"
    if any(r["kind"] == "workload" for r in records):
        # An earlier run's export (same seed, same shapes) is reused.
        exported = args.workloads_dir or os.path.join(work, "workloads")
        done = all(os.path.exists(os.path.join(exported, w, "meta.json"))
                   for w in WORKLOADS.split(","))
        env = dict(os.environ, JAX_DEFAULT_MATMUL_PRECISION="highest")
        if not done:
            # A workload the export did not reach (a failure, the time
            # limit) fails; the programs still run.
            try:
                subprocess.run([sys.executable, os.path.join(
                    ROOT, "examples", "export_jax.py"), "--out", exported,
                    "--only", WORKLOADS, "--batch", "1", "--time", "20"],
                    check=True, stdout=subprocess.DEVNULL, env=env,
                    timeout=limit(600))
            except subprocess.TimeoutExpired as e:
                export_error = "JAX's export timed out after %.0f s" % \
                    e.timeout
            except subprocess.CalledProcessError as e:
                export_error = "JAX's export failed (exit %d)" % e.returncode

    def run_workload(r):
        d = os.path.join(exported, r["id"])
        if not os.path.exists(os.path.join(d, "meta.json")):
            return "fail", export_error
        with open(os.path.join(d, "meta.json")) as fh:
            there = json.load(fh)
        with open(os.path.join(work, r["id"] + ".meta.json")) as fh:
            here = json.load(fh)
        if [(i["shape"], i["dtype"]) for i in here["inputs"]] != \
                [(i["shape"], i["dtype"]) for i in there["inputs"]]:
            return "fail", "the export here and there disagree on the inputs"
        inputs = ",".join(os.path.join(d, "input_%d.npy" % i)
                          for i in range(len(there["inputs"])))
        out = os.path.join(work, "out-" + r["id"])
        os.makedirs(out, exist_ok=True)
        try:
            res = subprocess.run(
                [loader, os.path.join(work, r["gpu"]), "--input", inputs,
                 "--output-dir", out, "--repeat", str(args.repeat)],
                capture_output=True, text=True, timeout=limit(600),
                env=dict(os.environ, XLA_GPU_TIMING="1"))
        except subprocess.TimeoutExpired as e:
            return "fail", "timed out after %.0f s (%d runs; --repeat " \
                "sets how many)" % (e.timeout, args.repeat)
        if res.returncode:
            return "fail", "exit %d: %s" % (res.returncode, res.stderr[-300:])
        timing = re.search(r"time: .*\n(kernel time: .*\n(?:  .*\n)*)?",
                           res.stdout)
        try:
            check = subprocess.run([sys.executable, os.path.join(
                ROOT, "examples", "verify_export.py"), d, "--actual", out],
                capture_output=True, text=True, timeout=limit(120))
        except subprocess.TimeoutExpired:
            return "fail", "its check timed out"
        detail = check.stdout.strip().replace("\n", "; ") + (
            "; " + timing.group(0).replace("\n", "; ") if timing else "")
        # Whether every run gave the same bits (sums in a fixed order; a
        # scatter's atomic adds are not).
        same = re.search(r"reproducible: .*", res.stdout)
        if same:
            r["reproducible"] = same.group(0)
            detail += "; " + same.group(0)
        # Every kernel's time goes into gpu-results.json (the detail has ten).
        tsv = os.path.join(out, "kernel_times.tsv")
        if os.path.exists(tsv):
            with open(tsv) as fh:
                rows = [line.rstrip("\n").split("\t") for line in fh][1:]
            r["kernels"] = [{"kernel": k, "ms": float(ms),
                             "launches": float(n)} for k, ms, n in rows]
        jax_ms = there.get("jax_time_ms")
        if jax_ms:
            backend = {"gpu": "XLA:GPU", "cuda": "XLA:GPU",
                       "cpu": "XLA:CPU"}.get(jax_ms.get("backend"),
                                             jax_ms.get("backend", "XLA"))
            detail += "; JAX (%s) %.3f ms at f32, %.3f ms at its " \
                      "default precision" % (backend, jax_ms["configured"],
                                             jax_ms["default"])
        return ("pass" if check.returncode == 0 else "fail"), detail

    def run_model(r):
        """A bundle (bench/bundles.py): our artifact and JAX's export of the
        same function on its inputs, both judged against float64."""
        sys.path.insert(0, os.path.join(ROOT, "bench"))
        import numpy as np
        import bundles
        d = os.path.join(work, r["id"] + ".bundle")
        paths = []
        for i, a in enumerate(bundles.load(os.path.join(d, "inputs.npz"))):
            paths.append(os.path.join(d, "input_%d.npy" % i))
            np.save(paths[-1], a)
        out = os.path.join(d, "ours")
        os.makedirs(out, exist_ok=True)
        try:
            res = subprocess.run(
                [loader, os.path.join(work, r["gpu"]), "--input",
                 ",".join(paths), "--output-dir", out, "--repeat",
                 str(args.repeat)], capture_output=True, text=True,
                timeout=limit(600))
        except subprocess.TimeoutExpired as e:
            return "fail", "timed out after %.0f s" % e.timeout
        if res.returncode:
            return "fail", "exit %d: %s" % (res.returncode, res.stderr[-300:])
        f64 = bundles.load(os.path.join(d, "f64.npz"))
        results = {"ours": [np.load(os.path.join(out, "output_%d.npy" % i))
                            for i in range(len(f64))]}
        times = ["ours %s" % re.search(r"median [\d.]+ ms",
                                       res.stdout).group(0)]
        with open(os.path.join(d, "meta.json")) as fh:
            meta = json.load(fh)
        # JAX's own compile of the same function (XLA:GPU there): at full
        # f32 precision, judged too, and at its default, timed only.
        for file in meta.get("jax_exports", []):
            npz = os.path.join(d, file + ".npz")
            try:
                child = subprocess.run(
                    [sys.executable, os.path.join(ROOT, "bench", "bundles.py"),
                     d, "--file", file, "--repeat", str(args.repeat),
                     "--out", npz], capture_output=True, text=True,
                    timeout=limit(600))
            except subprocess.TimeoutExpired:
                child = None
            found = child and re.search(r"median ([\d.]+) ms .* on (\w+)",
                                        child.stdout)
            if not found:
                times.append("JAX %s failed: %s" % (
                    file, child.stderr[-200:] if child else "timed out"))
                continue
            who = "JAX (%s)" % found.group(2)
            times.append("%s %s %s ms" % (
                who, "f32" if file == "jax.export" else "default precision",
                found.group(1)))
            if file == "jax.export":
                results[who] = bundles.load(npz)
        report = bundles.judge(results, f64, meta["verdicts"])
        return ("pass" if bundles.passed(report) else "fail"), \
            "; ".join(times) + "; " + bundles.describe(report).replace(
                "\n", ";")

    def judge(r, res):
        detail = ""
        if r["kind"] == "e2e":
            cpu = r.get("cpu")
            if not cpu:
                status = "n/a"
                detail = "no CPU artifact to compare with"
            elif res["rc"] != cpu["rc"]:
                status, detail = "fail", "exit %s, the CPU's %s: %s" % (
                    res["rc"], cpu["rc"], res["stderr"].strip()[-300:])
            else:
                detail = agree(cpu["stdout"], res["stdout"]) or ""
                status = "fail" if detail else "pass"
        else:
            ok = res["rc"] == 0 and "check(s) passed" in res["stderr"]
            status = "pass" if ok else "fail"
            if not ok:
                detail = "exit %s: %s" % (res["rc"],
                                          res["stderr"].strip()[-300:])
        return dict(r, status=status, detail=detail)

    def over_budget():
        # Past the budget nothing new starts, so that the table still comes
        # out inside a device call's limit.
        return args.budget and time.monotonic() - start > args.budget

    def work_on(r):
        if over_budget():
            return [dict(r, status="n/a", detail="not run: past --budget")]
        if r["kind"] in ("workload", "model"):
            r = dict(r)
            status, detail = (run_workload if r["kind"] == "workload"
                              else run_model)(r)
            return [dict(r, status=status, detail=detail)]
        return [judge(r, run_one(loader, os.path.join(work, r["gpu"]),
                                 r["entry"], timeout=limit(args.timeout)))]

    def work_on_batch(batch):
        if over_budget():
            return [dict(r, status="n/a", detail="not run: past --budget")
                    for r in batch]
        found = run_batch(loader, [(os.path.join(work, r["gpu"]), r["entry"])
                                   for r in batch], args.timeout, work,
                                  cap=limit(float("inf")))
        # A program that crashed the batch, and those after it, run alone.
        return [judge(r, res) if res else work_on(r)[0]
                for r, res in zip(batch, found)]

    results, runnable = [], []
    for r in records:
        if r.get("gpu"):
            runnable.append(r)
        elif r["kind"] == "e2e" and not r.get("cpu"):
            # Test files of compile errors and of tools: no program.
            results.append(dict(r, status="n/a",
                                detail="no CPU artifact either"))
        else:
            results.append(dict(r, status="fail", reason="compile error",
                                detail=r.get("gpu_error")))
    # Workloads alone; programs in batches, one driver start per batch.
    alone = ("workload", "model")
    singles = [[r] for r in runnable if r["kind"] in alone]
    programs = [r for r in runnable if r["kind"] not in alone]
    batches = [programs[i:i + args.batch]
               for i in range(0, len(programs), args.batch)]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(work_on, s[0]) for s in singles] + \
            [pool.submit(work_on_batch, b) for b in batches]
        for f in futures:
            results.extend(f.result())
    elapsed = time.monotonic() - start
    table = {}
    for r in results:
        key = r["kind"] if r["kind"] != "corpus" else \
            "corpus tier %d" % r["tier"]
        c = table.setdefault(key, {"pass": 0, "fail": 0, "n/a": 0})
        c[r["status"]] += 1
    for r in results:
        if r["status"] == "fail":
            print("FAIL %s: %s" % (r["id"], (r.get("detail") or "")[:400]))
        elif r["kind"] in alone and r["status"] == "pass":
            print("PASS %s: %s" % (r["id"], r["detail"][:2000]))
    print("| set | programs | pass | fail | n/a |")
    print("|---|---:|---:|---:|---:|")
    for key in sorted(table):
        c = table[key]
        print("| %s | %d | %d | %d | %d |" % (key, sum(c.values()), c["pass"],
                                              c["fail"], c["n/a"]))
    print("ran in %.0f s" % elapsed)
    if os.environ.get("OUT"):
        for r in results:
            r.pop("cpu", None)
        with open(os.path.join(os.environ["OUT"], "gpu-results.json"),
                  "w") as fh:
            json.dump(results, fh, indent=1)
    shutil.rmtree(work, ignore_errors=True)
    if args.strict and any(r["status"] == "fail" for r in results):
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("dir")
    b.add_argument("--corpus", default=os.path.join(os.path.dirname(ROOT),
                                                    "shared", "conformance"))
    b.add_argument("--filter", action="append", default=[])
    b.add_argument("--no-corpus", action="store_true",
                   help="only the e2e programs")
    b.add_argument("--workloads", action="store_true",
                   help="also the JAX workloads (needs jax)")
    b.add_argument("--bundles", action="append", default=[],
                   metavar="DIR", help="compile the bundles in DIR "
                   "(bench/bundles.py: programs of public libraries with "
                   "inputs and float64 outputs) and carry them")
    b.add_argument("--strict", action="store_true",
                   help="fail if an e2e program compiles for the CPU only")
    b.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    b.add_argument("--gpu-flag", action="append", default=[],
                   help="an xla-translate flag for the GPU compiles, "
                        "written --gpu-flag=--gpu-row-fusion; repeatable")
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--jobs", type=int, default=8)
    r.add_argument("--strict", action="store_true",
                   help="exit 1 if a program fails")
    r.add_argument("--repeat", type=int, default=10,
                   help="runs of each workload (timed; 1 in the emulator)")
    r.add_argument("--timeout", type=float, default=120.0)
    r.add_argument("--kinds", default="",
                   help="only these kinds, comma-separated: e2e, corpus, "
                        "workload, model")
    r.add_argument("--workloads-dir", default="",
                   help="where the workloads' JAX exports go, reused by a "
                        "later run (default: a temporary directory)")
    r.add_argument("--batch", type=lambda s: max(1, int(s)), default=40,
                   help="programs per loader process (the CUDA driver "
                        "starts once per process)")
    r.add_argument("--skip-passed", default="", metavar="JSON",
                   help="leave out what passed in an earlier run's "
                        "gpu-results.json (resume a run cut by --budget)")
    r.add_argument("--budget", type=float, default=0.0,
                   help="seconds after which no new program starts (the "
                        "rest count as n/a); what runs then gets at most "
                        "--timeout more")
    args = ap.parse_args()
    return build(args) if args.command == "build" else run(args)


if __name__ == "__main__":
    sys.exit(main())
