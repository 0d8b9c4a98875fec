#!/usr/bin/env python3
"""Op histogram and op features of a StableHLO text file as JAX prints it.

A line-based scan (no MLIR bindings needed): it counts every operation by its
full name (stablehlo.*, chlo.*, func.*, ...) and collects the attribute forms
a compiler has to handle: dot_general dimension numbers, gather/scatter
dimension numbers, reduce kinds, compare directions, convert type pairs,
custom_call targets, composites, private functions and calls.

  python3 examples/op_histogram.py FILE.mlir [FILE.mlir ...] [--json | --markdown]
"""

import argparse
import collections
import json
import re
import sys

_OP_RE = re.compile(
    r'^\s*(?:%[\w#:.]+(?:\s*,\s*%[\w#:.]+)*\s*=\s*)?"?([a-z_][\w]*(?:\.[\w.]+)?)"?(?=[\s(<{:]|$)')
_BARE = {"return": "func.return", "call": "func.call", "module": "builtin.module"}


def _op_name(line):
    m = _OP_RE.match(line)
    if not m:
        return None
    name = m.group(1)
    if "." in name:
        return name
    return _BARE.get(name)


def _dims(s):
    return "[" + ", ".join(x.strip() for x in s.split(",") if x.strip()) + "]"


def _types(line):
    """Tensor types after the last ' : ' of an op line."""
    tail = line.rsplit(" : ", 1)[-1]
    return re.findall(r"tensor<([^>]*)>", tail)


def _rank(t):
    return len(t.split("x")) - 1


def _elem(t):
    return t.split("x")[-1]


def analyze(text):
    ops = collections.Counter()
    feat = collections.defaultdict(collections.Counter)
    lines = text.splitlines()
    pending = None  # (kind, key) of a scatter/reduce/sort region op awaiting its body
    for i, line in enumerate(lines):
        name = _op_name(line)
        if name is None:
            continue
        ops[name] += 1
        if pending is not None and name not in ("stablehlo.return",) and "^bb" not in line:
            if pending[0] == "region_body":
                feat[pending[1]][name] += 1
                pending = None
        if name == "stablehlo.dot_general":
            b = re.search(r"batching_dims = (\[[^\]]*\]) x (\[[^\]]*\])", line)
            c = re.search(r"contracting_dims = (\[[^\]]*\]) x (\[[^\]]*\])", line)
            ts = _types(line)
            ranks = "x".join(str(_rank(t)) for t in ts[:2]) + "->" + (str(_rank(ts[-1])) if ts else "?")
            key = (f"batch {b.group(1)}x{b.group(2)} " if b else "") + \
                  f"contract {c.group(1)}x{c.group(2)}" + f" (ranks {ranks})"
            feat["dot_general"][key] += 1
            p = re.search(r"precision = \[([^\]]*)\]", line)
            feat["dot_general precision"][p.group(1) if p else "none"] += 1
            if "algorithm" in line:
                feat["dot_general precision"]["algorithm=..."] += 1
        elif name == "stablehlo.gather" or name == "stablehlo.scatter":
            kind = name.split(".")[1]
            dn = re.search(r"#stablehlo\.%s<([^>]*)>" % kind, line)
            ts = _types(line)
            if kind == "scatter":  # the types follow the update region
                for later in lines[i + 1:]:
                    if later.lstrip().startswith("}) :"):
                        ts = _types(later)
                        break
            shape = " ".join(ts)
            key = (dn.group(1) if dn else "?") + f" :: {shape}"
            if kind == "gather":
                ss = re.search(r"slice_sizes = array<i64: ([^>]*)>", line)
                key += f" slice_sizes=[{ss.group(1) if ss else '?'}]"
            feat[kind][key] += 1
            flags = []
            for f in ("indices_are_sorted = true", "unique_indices = true"):
                if f in line:
                    flags.append(f)
            if flags:
                feat[kind + " flags"][", ".join(flags)] += 1
            if kind == "scatter":
                pending = ("region_body", "scatter update computation")
        elif name == "stablehlo.reduce":
            a = re.search(r"applies (\S+) across dimensions = (\[[^\]]*\])", line)
            ts = _types(line)
            if a:
                feat["reduce"][f"{a.group(1)} over {a.group(2)} (rank {_rank(ts[0]) if ts else '?'})"] += 1
            else:
                d = re.search(r"dimensions = (\[[^\]]*\])", line)
                feat["reduce"][f"region-form over {d.group(1) if d else '?'}"] += 1
                pending = ("region_body", "reduce region body")
        elif name in ("stablehlo.reduce_window", "stablehlo.select_and_scatter",
                      "stablehlo.sort", "stablehlo.while", "stablehlo.case",
                      "stablehlo.if", "stablehlo.all_reduce"):
            feat["region ops"][name] += 1
        elif name == "stablehlo.compare":
            d = re.search(r"compare\s+(\w+),", line)
            ct = re.search(r",\s*(FLOAT|SIGNED|UNSIGNED|TOTALORDER)\s*:", line)
            ts = _types(line)
            feat["compare"][f"{d.group(1) if d else '?'} {ct.group(1) if ct else '-'} "
                            f"({_elem(ts[0]) if ts else '?'})"] += 1
        elif name == "stablehlo.convert":
            ts = _types(line)
            if len(ts) >= 2:
                feat["convert"][f"{_elem(ts[0])} -> {_elem(ts[-1])}"] += 1
        elif name == "stablehlo.custom_call":
            t = re.search(r'call_target_name = "([^"]*)"', line) or \
                re.search(r"custom_call @([\w.$-]+)", line)
            feat["custom_call"][t.group(1) if t else "?"] += 1
        elif name == "stablehlo.composite":
            t = re.search(r'stablehlo\.composite "([^"]*)"', line) or \
                re.search(r'name = "([^"]*)"', line)
            feat["composite"][t.group(1) if t else "?"] += 1
        elif name.startswith("chlo."):
            feat["chlo"][name] += 1
        elif name == "func.func":
            vis = "public" if " public " in line else "private"
            fn = re.search(r"@([\w$.-]+)", line)
            feat["functions"][f"{vis} @{fn.group(1) if fn else '?'}"] += 1
        elif name == "func.call":
            fn = re.search(r"call @([\w$.-]+)", line)
            feat["calls"]["@" + (fn.group(1) if fn else "?")] += 1
        elif name == "stablehlo.pad":
            interior = re.search(r"interior = \[([^\]]*)\]", line)
            neg = "-" in (re.search(r"low = \[([^\]]*)\], high = \[([^\]]*)\]", line) or [""])[0]
            feat["pad"][("interior" if interior and re.search(r"[1-9]", interior.group(1)) else "edge")
                        + (", negative" if neg else "")] += 1
        elif name == "stablehlo.constant":
            splat = re.search(r"dense<[^\[\"]", line) is not None
            if re.search(r"dense<\[?0x", line):
                feat["constant"]["hex float literal (NaN/Inf)"] += 1
            ts = _types(line)
            feat["constant"][("splat " if splat else "dense-array ") +
                             (("rank0" if ts and "x" not in ts[0] else "tensor") if ts else "?")] += 1
        elif name == "stablehlo.transpose":
            p = re.search(r"dims = (\[[^\]]*\])", line)
            feat["transpose"][p.group(1) if p else "?"] += 1
        elif name == "stablehlo.iota":
            ts = _types(line)
            feat["iota"][f"{ts[-1] if ts else '?'}"] += 1
    elem_types = collections.Counter(_elem(t) for t in re.findall(r"tensor<([^>]*)>", text))
    feat["element types (tensor type mentions)"] = elem_types
    return {
        "ops": dict(sorted(ops.items())),
        "features": {k: dict(sorted(v.items())) for k, v in sorted(feat.items()) if v},
    }


def format_text(path, res):
    out = [f"== {path}"]
    ops = res["ops"]
    total = sum(v for k, v in ops.items() if k.split(".")[0] not in ("func", "builtin"))
    out.append(f"ops ({len(ops)} distinct, {total} stablehlo/chlo op instances):")
    for k, v in sorted(ops.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append(f"  {v:6d}  {k}")
    for k, v in res["features"].items():
        out.append(f"{k}:")
        for kk, vv in v.items():
            out.append(f"  {vv:6d}  {kk}")
    return "\n".join(out)


def format_markdown(results):
    """One table: ops (rows) x files (columns)."""
    names = [re.sub(r"\.stablehlo\.mlir$", "", f.rsplit("/", 1)[-1]) for f in results]
    ops = sorted({k for r in results.values() for k in r["ops"]})
    out = ["| op | " + " | ".join(names) + " |",
           "|---|" + "---:|" * len(names)]
    for op in ops:
        out.append(f"| `{op}` | " + " | ".join(
            str(r["ops"].get(op, "")) for r in results.values()) + " |")
    return "\n".join(out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+")
    p.add_argument("--json", action="store_true")
    p.add_argument("--markdown", action="store_true", help="one op table over all files")
    a = p.parse_args(argv)
    results = {}
    for f in a.files:
        with open(f) as fh:
            results[f] = analyze(fh.read())
    if a.markdown:
        print(format_markdown(results))
    elif a.json:
        json.dump(results, sys.stdout, indent=1)
        print()
    else:
        print("\n\n".join(format_text(f, r) for f, r in results.items()))


if __name__ == "__main__":
    main()
