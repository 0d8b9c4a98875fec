"""Programs of public libraries, with their inputs and reference outputs,
as self-contained directories ("bundles"), and how results are judged
against float64.

The GPU machines have JAX but neither keras-hub nor our compiler, so a
model exported here travels as a bundle: scripts/gpu_artifacts.py compiles
its program for the GPU, and there runs it on the bundle's inputs, checks
each output against the float64 reference, and times JAX's own compile of
the same export (XLA:GPU) next to ours.

A bundle directory holds
  program.mlir   the StableHLO program (all arguments kept)
  inputs.npz     its arguments, arr_0 ... in order
  f64.npz        the outputs of the same function in float64 (inputs cast
                 up exactly), rounded to float32 to halve the bundle
  jax.export     jax.export serialization of the function for CPU and
                 CUDA, f32 products at full precision, when JAX could make
                 one; jax_default.export the same at JAX's default precision
  meta.json      {"name", "source", "outputs", "jax_exports", "verdicts":
                 XLA:CPU's (within tolerance, error) per output here}

Judging (the same rule as the model benchmarks): a float output is within
tolerance when it is within rtol 1e-3, atol 1e-3 * max|float64| of
float64. An output outside it for XLA as well is float32 noise of a value
zero in exact arithmetic (a bias gradient that a normalization cancels):
reported, not counted against us. Integer outputs must be equal.
"""
import json
import os

import numpy as np

RTOL = 1e-3


def within(got, f64):
    """Is `got` within tolerance of the float64 `f64`, and its largest
    error relative to max|f64| (0 for integer outputs)."""
    if f64.dtype.kind != "f":
        return bool(np.array_equal(got, f64)), 0.0
    f64 = f64.astype(np.float64)
    scale = float(np.max(np.abs(f64), initial=0))
    got = got.astype(np.float64)
    ok = bool(np.allclose(got, f64, rtol=RTOL, atol=RTOL * scale))
    # A NaN compares false with everything: count it as an infinite error.
    diff = np.nan_to_num(np.abs(got - f64), nan=np.inf)
    err = float(diff.max(initial=0) / scale) if scale else 0.0
    return ok, err


def judge(results, f64, verdicts=None):
    """`results`: {who: [outputs]}, the first entry ours; `verdicts`:
    {who: [(within, error)]} of compilers judged before (a bundle's
    XLA:CPU). Returns {"within": {who: n}, "worst": {who: err},
    "ours_off": [names], "all_off": [names], "outputs": n}; an output
    outside tolerance for every compiler is left out of the largest
    errors."""
    table = {w: [within(o, r) for o, r in zip(outs, f64)]
             for w, outs in results.items()}
    table.update(verdicts or {})
    who = list(table)
    report = {"within": {w: 0 for w in who}, "worst": {w: 0.0 for w in who},
              "ours_off": [], "all_off": [], "outputs": len(f64)}
    for i, ref in enumerate(f64):
        row = {w: table[w][i] for w in who}
        for w, (ok, _) in row.items():
            report["within"][w] += ok
        name = "%d%s (|float64| <= %.1e)" % (
            i, list(ref.shape), float(np.max(np.abs(ref), initial=0))
            if ref.dtype.kind == "f" else 0)
        if not any(ok for ok, _ in row.values()):
            report["all_off"].append(name)
            continue
        if not row[who[0]][0]:
            report["ours_off"].append(name)
        for w, (_, err) in row.items():
            report["worst"][w] = max(report["worst"][w], err)
    return report


def passed(report):
    """Ours is within tolerance wherever another compiler is."""
    return not report["ours_off"]


def describe(report):
    """One line: counts within tolerance and largest errors, then the
    outputs outside it."""
    who = list(report["within"])
    line = "within tolerance of float64: %s; largest error (relative to " \
        "the output's largest magnitude): %s" % (
            ", ".join("%s %d" % (w, report["within"][w]) for w in who),
            ", ".join("%s %.1e" % (w, report["worst"][w]) for w in who))
    if report["ours_off"]:
        line += "\n    ours off, %s within: %s" % (
            "/".join(who[1:]), ", ".join(report["ours_off"]))
    if report["all_off"]:
        line += "\n    %s off: " % ("both" if len(who) == 2 else "all") + \
            ", ".join(report["all_off"])
    return line


def write(directory, name, source, program, inputs, reference, f64,
          function=None):
    """Writes a bundle. `function`: the jitted function (keep_unused), for
    a jax.export blob that JAX on the GPU machine can compile and run;
    left out if JAX cannot export it for CUDA here."""
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "program.mlir"), "w") as fh:
        fh.write(program)
    np.savez(os.path.join(directory, "inputs.npz"),
             *[np.asarray(a) for a in inputs])
    # Rounded to float32 (2^-24 relative, far below the tolerance): the
    # bundle travels, and half the size lets a larger model go along.
    np.savez(os.path.join(directory, "f64.npz"),
             *[np.asarray(a).astype(np.float32) if np.asarray(a).dtype ==
               np.float64 else np.asarray(a) for a in f64])
    exported = []
    if function is not None:
        # Lowered twice: with f32 products at full precision (comparable
        # with float64 as XLA:CPU is) and at JAX's default (TF32 on
        # tensor cores for XLA:GPU), for its speed as users see it.
        import jax
        from jax import export

        # A list of arrays out: an optimizer's state classes would need
        # registering to be serialized.
        @jax.jit
        def flat(*args):
            return jax.tree_util.tree_leaves(function(*args))
        for precision, file in (("highest", "jax.export"),
                                ("default", "jax_default.export")):
            try:
                with jax.default_matmul_precision(precision):
                    blob = export.export(flat, platforms=(
                        "cpu", "cuda"))(*inputs).serialize()
            except Exception as e:  # noqa: BLE001 -- any lowering failure
                print("bundles: no %s export of %s: %s" % (precision, name,
                                                           e))
                continue
            with open(os.path.join(directory, file), "wb") as fh:
                fh.write(blob)
            exported.append(file)
    with open(os.path.join(directory, "meta.json"), "w") as fh:
        json.dump({"name": name, "source": source, "outputs": len(f64),
                   "jax_exports": exported,
                   # XLA:CPU's verdict on each output, to compare with
                   # (its outputs would double the bundle).
                   "verdicts": {"XLA:CPU": [list(within(np.asarray(o), r))
                                            for o, r in zip(reference, f64)]}},
                  fh, indent=1)


def load(path):
    """The arrays of an .npz written by `write`, in order."""
    with np.load(path) as data:
        return [data["arr_%d" % i] for i in range(len(data.files))]


def run_export(directory, file, repeat, out):
    """Runs a bundle's jax.export with JAX's default backend (XLA:GPU on the
    GPU machine) on its inputs: writes the outputs to `out` (.npz) and
    prints "time: median X ms" over `repeat` runs after warm-up ones."""
    import jax
    from jax import export
    from suite import median_ms  # bench/suite.py
    with open(os.path.join(directory, file), "rb") as fh:
        exported = export.deserialize(bytearray(fh.read()))
    args = [jax.device_put(a) for a in load(os.path.join(directory,
                                                         "inputs.npz"))]
    call = jax.jit(exported.call)
    outputs = jax.block_until_ready(call(*args))
    np.savez(out, *[np.asarray(o) for o in jax.tree_util.tree_leaves(
        outputs)])
    if repeat > 0:
        ms = median_ms(lambda: jax.block_until_ready(call(*args)), repeat)
        print("time: median %.4f ms over %d runs on %s" % (
            ms, repeat, jax.default_backend()))


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description="Run a bundle's jax.export "
                                 "(scripts/gpu_artifacts.py does)")
    ap.add_argument("directory")
    ap.add_argument("--file", default="jax.export")
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    run_export(a.directory, a.file, a.repeat, a.out)
