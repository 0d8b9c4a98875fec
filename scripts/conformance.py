#!/usr/bin/env python3
"""Compile and run the StableHLO conformance corpus through xla-run.

Reads ../shared/conformance in place (never copies it). Every testdata file
and every `// -----` chunk of the interpret tests is one unit; each runs in
its own xla-run process under a time limit (a chunk holding several
argument-free test functions and no @main runs one process per function,
with --entry, and passes if all of them do). The report groups failures by
reason and counts passes per tier, using the corpus's own classify.py.

  scripts/conformance.py                      # whole corpus, report in build/conformance
  scripts/conformance.py --filter scatter_    # a subset
  scripts/conformance.py --write-docs docs/conformance.md
  scripts/conformance.py --baseline test/corpus/conformance-baseline.txt
                                              # fail if a unit that passed before fails now
  scripts/conformance.py --flag=--target=cuda --flag=--gpu-emulate
                                              # the GPU code generation, in the emulator

Exit status: 0 when no baseline unit regressed (or no baseline given), 1
otherwise; a missing corpus is a skip (exit 0 with a message).
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "conformance")

# Units that test upstream's interpreter tool itself rather than an op.
TOOL_SPECIFIC = {
    "api_input_arguments.mlir": "tests the upstream interpreter's --args flag",
}

REASONS = ["unsupported", "wrong result", "compile error", "runtime error",
           "crash", "timeout"]


def load_classify(corpus):
    sys.path.insert(0, corpus)
    import classify  # noqa: E402  (the corpus's own tier classifier)
    return classify


def separate_entries(classify, text, functions):
    """Functions to run one at a time with --entry, or [] to run the unit once.

    A chunk with several functions, none of them @main and none taking
    arguments, holds several tests (upstream sometimes comments a split
    marker out as `// // -----`); xla-run would not know which to run.
    """
    if len(functions) < 2 or "main" in functions:
        return []
    no_args = set(re.findall(
        r'func\.func\s+(?:(?:public|private|nested)\s+)?@"?([\w.$-]+)"?'
        r'\s*\(\s*\)', classify.strip_comments(text)))
    return list(functions) if no_args.issuperset(functions) else []


def collect_units(corpus, classify, name_filter):
    units = []
    for sub, split in (("stablehlo/testdata", False),
                       ("stablehlo/interpret", True)):
        directory = os.path.join(corpus, sub)
        for path in classify.iter_files([directory], recursive=False):
            rel = os.path.relpath(path, corpus)
            for unit_id, text, _ in classify.iter_units(path, split):
                if not re.search(r"func\.func", classify.strip_comments(text)):
                    continue  # empty chunk
                info = classify.analyze_text(text)
                tier, why = classify.classify(info)
                uid = os.path.relpath(unit_id, corpus) if os.path.isabs(
                    unit_id) else unit_id.replace(corpus + os.sep, "")
                if name_filter and not any(f in uid for f in name_filter):
                    continue
                has_checks = any(t.startswith("check.") for t in
                                 info["custom_call_targets"]) or any(
                    op.startswith("check.") for op in info["ops"])
                units.append({"id": uid, "file": rel, "text": text,
                              "tier": tier, "why": why,
                              "has_checks": has_checks,
                              "entries": separate_entries(
                                  classify, text, info["functions"]),
                              "disabled": info.get("disabled", [])})
    return units


def reason_for(rc, stderr):
    if rc == 0:
        return None
    if rc < 0:
        return "crash"
    if rc == 1:
        return "wrong result"
    if rc == 2:
        if re.search(r"has no CPU lowering|unsupported type|unsupported op",
                     stderr):
            return "unsupported"
        return "compile error"
    if rc == 3:
        return "runtime error"
    return "crash"


def first_line(stderr):
    # The lowerability check lists the offending ops as notes: name them.
    for line in stderr.splitlines():
        if "has no CPU lowering" in line or "unsupported type" in line:
            return re.sub(r"^.*?note: ", "", line.strip())[:300]
    for line in stderr.splitlines():
        if "error" in line or "FAIL" in line or "note" in line:
            return line.strip()[:300]
    lines = [l for l in stderr.splitlines() if l.strip()]
    return lines[0].strip()[:300] if lines else ""


def run_unit(unit, xla_run, flags, timeout, tmpdir):
    base = os.path.basename(unit["file"])
    if base in TOOL_SPECIFIC:
        return dict(status="n/a", reason=None, detail=TOOL_SPECIFIC[base],
                    seconds=0.0)
    path = os.path.join(tmpdir, unit["id"].replace("/", "_").replace("#", "_"))
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(unit["text"])
    start = time.monotonic()
    # One xla-run per test function where the unit holds several (see
    # separate_entries); the unit passes only if every one passes, and the
    # time limit is for the unit as a whole.
    reason, detail = None, ""
    try:
        for entry in unit["entries"] or [None]:
            # Every unit compiled afresh: this checks the compiler, and
            # would otherwise fill the user's compilation cache.
            cmd = [xla_run, path, "--no-print", "--no-cache"] + flags
            if entry:
                cmd += ["--entry", entry]
            try:
                proc = subprocess.run(
                    cmd, capture_output=True, text=True,
                    timeout=max(1.0, timeout - (time.monotonic() - start)))
                rc, stderr = proc.returncode, proc.stderr + proc.stdout
            except subprocess.TimeoutExpired:
                return dict(status="fail", reason="timeout",
                            detail="exceeded %ss" % timeout, seconds=timeout)
            reason = reason_for(rc, stderr)
            detail = first_line(stderr) if reason else ""
            # A self-checking unit passes only if its checks actually ran;
            # this guards against a silently dropped check.
            if reason is None and unit["has_checks"] and not re.search(
                    r"all [1-9]\d* check\(s\) passed", stderr):
                reason, detail = "wrong result", "no check ran"
            if reason:
                if entry:
                    detail = "@%s: %s" % (entry, detail)
                break
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
    seconds = time.monotonic() - start
    return dict(status="pass" if reason is None else "fail", reason=reason,
                detail=detail, seconds=round(seconds, 3))


def summarize(units, results):
    per_tier = collections.defaultdict(lambda: collections.Counter())
    by_reason = collections.defaultdict(list)
    for unit, res in zip(units, results):
        group = "testdata" if unit["file"].startswith(
            "stablehlo/testdata") else "interpret"
        key = (group, unit["tier"])
        per_tier[key]["total"] += 1
        per_tier[key][res["status"]] += 1
        if res["status"] == "fail":
            by_reason[res["reason"]].append((unit, res))
    return per_tier, by_reason


def markdown(units, results, per_tier, by_reason, elapsed, max_listed):
    out = ["# Conformance: the StableHLO corpus on the CPU", "",
           "Generated by `scripts/conformance.py` (do not edit by hand). "
           "Every testdata file and every interpret chunk is compiled and "
           "run by `xla-run` under a time limit; a unit passes when it "
           "compiles, runs to the end and every check holds.", "",
           "| set | tier | units | pass | fail | n/a | pass rate |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for group in ("testdata", "interpret"):
        for tier in (1, 2, 3):
            c = per_tier.get((group, tier))
            if not c:
                continue
            rate = 100.0 * c["pass"] / max(1, c["total"] - c["n/a"])
            out.append("| %s | %d | %d | %d | %d | %d | %.1f%% |" % (
                group, tier, c["total"], c["pass"], c["fail"], c["n/a"],
                rate))
    total = collections.Counter()
    for c in per_tier.values():
        total.update(c)
    out.append("| **all** | | %d | %d | %d | %d | %.1f%% |" % (
        total["total"], total["pass"], total["fail"], total["n/a"],
        100.0 * total["pass"] / max(1, total["total"] - total["n/a"])))
    out += ["", "Wall time: %.0f s." % elapsed, "",
            "## Failures by reason", ""]
    for reason in REASONS:
        items = by_reason.get(reason, [])
        out.append("### %s (%d)" % (reason, len(items)))
        out.append("")
        if reason == "unsupported" and items:
            # Name the missing ops/types, most common first.
            counter = collections.Counter()
            for _, res in items:
                m = re.search(r"op '([\w.]+)'( has no CPU lowering(?: for "
                              r"element types? '[^']*'(?: -> '[^']*')?)?"
                              r"| uses unsupported type '[^']*')",
                              res["detail"])
                counter[m.group(0) if m else res["detail"]] += 1
            for what, n in counter.most_common(max_listed):
                out.append("- %d × %s" % (n, what))
            out.append("")
            continue
        for unit, res in items[:max_listed]:
            out.append("- `%s` (tier %d): %s" % (unit["id"], unit["tier"],
                                               res["detail"] or reason))
        if len(items) > max_listed:
            out.append("- ... and %d more (see the JSON report)" %
                       (len(items) - max_listed))
        out.append("")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--xla-run", default=os.path.join(ROOT, "build", "bin",
                                                      "xla-run"))
    ap.add_argument("--flag", action="append", default=[],
                    help="an xla-run flag for every unit (repeatable)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds per unit (compile + run)")
    ap.add_argument("--filter", action="append", default=[],
                    help="only units whose id contains this (repeatable)")
    ap.add_argument("--report-dir",
                    default=os.path.join(ROOT, "build", "conformance"))
    ap.add_argument("--write-docs", metavar="FILE",
                    help="also write the markdown summary here")
    ap.add_argument("--baseline", metavar="FILE",
                    help="units listed here must pass (ratchet)")
    ap.add_argument("--update-baseline", action="store_true",
                    help="rewrite --baseline with the units that pass now")
    ap.add_argument("--max-listed", type=int, default=40)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    if not os.path.isdir(os.path.join(args.corpus, "stablehlo")):
        print("conformance: corpus not found at %s; skipping" % args.corpus)
        return 0
    if not os.access(args.xla_run, os.X_OK):
        print("conformance: %s is not built" % args.xla_run, file=sys.stderr)
        return 1
    classify = load_classify(args.corpus)
    units = collect_units(args.corpus, classify, args.filter)
    print("conformance: %d units, %d jobs, %.0f s limit each" % (
        len(units), args.jobs, args.timeout), flush=True)

    start = time.monotonic()
    results = [None] * len(units)
    with tempfile.TemporaryDirectory(prefix="xla-conformance-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run_unit, u, args.xla_run, args.flag,
                               args.timeout, tmp): i
                   for i, u in enumerate(units)}
        done = 0
        for fut in concurrent.futures.as_completed(futures):
            i = futures[fut]
            results[i] = fut.result()
            done += 1
            if args.verbose or results[i]["reason"] in ("crash", "timeout"):
                print("%-6s %s %s" % (results[i]["status"], units[i]["id"],
                                      results[i]["detail"]), flush=True)
            elif done % 100 == 0:
                print("  %d/%d" % (done, len(units)), flush=True)
    elapsed = time.monotonic() - start

    per_tier, by_reason = summarize(units, results)
    os.makedirs(args.report_dir, exist_ok=True)
    with open(os.path.join(args.report_dir, "report.json"), "w") as fh:
        json.dump([dict(id=u["id"], tier=u["tier"], **r)
                   for u, r in zip(units, results)], fh, indent=1)
    md = markdown(units, results, per_tier, by_reason, elapsed,
                  args.max_listed)
    with open(os.path.join(args.report_dir, "report.md"), "w") as fh:
        fh.write(md)
    if args.write_docs:
        with open(args.write_docs, "w") as fh:
            fh.write(md)
    total = collections.Counter()
    for c in per_tier.values():
        total.update(c)
    print("conformance: %d pass, %d fail, %d n/a of %d units in %.0f s; "
          "report in %s" % (total["pass"], total["fail"], total["n/a"],
                            total["total"], elapsed, args.report_dir))
    for reason in REASONS:
        if by_reason.get(reason):
            print("  %-14s %d" % (reason, len(by_reason[reason])))

    status = 0
    passing = sorted(u["id"] for u, r in zip(units, results)
                     if r["status"] == "pass")
    if args.baseline and os.path.exists(args.baseline) and \
            not args.update_baseline:
        with open(args.baseline) as fh:
            expected = {l.strip() for l in fh if l.strip() and
                        not l.startswith("#")}
        ran = {u["id"] for u in units}
        regressed = sorted((expected & ran) - set(passing))
        for uid in regressed:
            res = results[[u["id"] for u in units].index(uid)]
            print("REGRESSION %s: %s" % (uid, res["detail"] or res["reason"]))
        if regressed:
            status = 1
        print("conformance: %d baseline units checked, %d regressed" % (
            len(expected & ran), len(regressed)))
    if args.baseline and args.update_baseline:
        with open(args.baseline, "w") as fh:
            fh.write("# Conformance units that pass; scripts/conformance.py "
                     "--baseline fails if one stops passing.\n")
            fh.write("\n".join(passing) + "\n")
        print("conformance: baseline %s updated (%d units)" % (
            args.baseline, len(passing)))
    return status


if __name__ == "__main__":
    sys.exit(main())
