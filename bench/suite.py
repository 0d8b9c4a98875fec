#!/usr/bin/env python3
"""The CPU benchmark suite: our code fused and unfused next to numpy, JAX
(XLA:CPU) and IREE (llvm-cpu) in one run, on the same inputs, results
checked against each other.

  python3 bench/suite.py [--runs N] [--only NAME,...] [--write-docs docs/benchmarks.md]

Each workload is written once in jax.numpy and once in numpy. JAX prints
its StableHLO (the program we and IREE compile); JAX and numpy run the
function directly. Times are medians of N runs after a warm-up, in one
process per runner, with inputs already in memory. Ours come from
`xla-run --compare-unfused` (which also gives our peak memory); JAX's peak
memory from `compiled.memory_analysis()`. The machine's limits are
measured in the same run: a STREAM-like triad and a fused C loop for
reduce_sum(x + y*z) (clang -O3 -march=native, the sum vectorized with
`omp simd`, one thread and all threads with OpenMP) and numpy's sgemm
(OpenBLAS).
"""

import argparse
import datetime
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
XLA_RUN = os.path.join(ROOT, "build", "bin", "xla-run")


def workloads():
    import jax.numpy as jnp

    def softmax(m, x):
        e = m.exp(x - x.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    def layernorm(m, x):
        mean = x.mean(axis=1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
        return (x - mean) / m.sqrt(var + 1e-5)

    f32 = np.float32
    w = {
        # name: (function of (module, *args), shapes, bytes moved, flops)
        "reduce_sum(x+y*z) 2^24": (lambda m, x, y, z: (x + y * z).sum(),
                                   [(1 << 24,)] * 3, 3 * 4 << 24, 2 << 24),
        "mean(relu(x)^2+3) 2^24": (lambda m, x: (m.maximum(x, 0) ** 2 + 3).mean(),
                                   [(1 << 24,)], 4 << 24, 4 << 24),
        "sin(x)+exp(x) 2^24": (lambda m, x: m.sin(x) + m.exp(x),
                               [(1 << 24,)], 8 << 24, 2 << 24),
        "softmax 4096x4096": (softmax, [(4096, 4096)], 8 << 24, 5 << 24),
        "layernorm 8192x768": (layernorm, [(8192, 768)], 8 * 8192 * 768,
                               8 * 8192 * 768),
        "matmul 1024x512x256": (lambda m, a, b: a @ b,
                                [(1024, 512), (512, 256)],
                                4 * (1024 * 512 + 512 * 256 + 1024 * 256),
                                2 * 1024 * 512 * 256),
        "matmul 2048^3": (lambda m, a, b: a @ b, [(2048, 2048)] * 2,
                          12 * 2048 * 2048, 2 * 2048 ** 3),
    }
    return jnp, w


def median_ms(fn, runs):
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def run_ours(prog, inputs, runs, out):
    cmd = [XLA_RUN, prog, "--input", ",".join(inputs), "--compare-unfused",
           "--runs", str(runs), "--rtol", "1e-3", "--atol", "1e-3"]
    text = subprocess.run(cmd, capture_output=True, text=True).stdout
    f = re.search(r"fused:\s+run time median ([\d.]+) ms, peak memory ([\d.]+)", text)
    u = re.search(r"unfused: run time median ([\d.]+) ms, peak memory ([\d.]+)", text)
    subprocess.run([XLA_RUN, prog, "--input", ",".join(inputs), "--no-print",
                    "--output-dir", out], check=True)
    result = np.load(os.path.join(out, "output_0.npy"))
    if not f or not u:
        raise RuntimeError("xla-run: " + text)
    return (float(f.group(1)), float(f.group(2)), float(u.group(1)),
            float(u.group(2)), result)


def run_iree(text, args, runs):
    try:
        import iree.compiler as ic
        import iree.runtime as ir
    except ImportError:
        return None, None
    vmfb = ic.compile_str(text, target_backends=["llvm-cpu"],
                          input_type="stablehlo",
                          extra_args=["--iree-llvmcpu-target-cpu=host"])
    config = ir.Config("local-task")
    ctx = ir.SystemContext(config=config)
    ctx.add_vm_module(ir.VmModule.copy_buffer(ctx.instance, vmfb))
    vm = ir.VmModule.copy_buffer(ctx.instance, vmfb)
    fn = ctx.modules[vm.name]["main"]
    dev = [ir.asdevicearray(ctx.config.device, a) for a in args]
    result = np.asarray(fn(*dev))
    return median_ms(lambda: fn(*dev), runs), result


def limits():
    """Triad and fused-loop bandwidth (C, one and all threads), sgemm."""
    src = r'''
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec*1e-6;}
int main(void){long n=1L<<24;float*a=aligned_alloc(64,4*n),*b=aligned_alloc(64,4*n),*c=aligned_alloc(64,4*n);
#pragma omp parallel for
for(long i=0;i<n;i++){a[i]=0;b[i]=i%7;c[i]=i%5;}
double tb=1e9,tr=1e9;float s=0;
for(int r=0;r<20;r++){double t=now();
#pragma omp parallel for
for(long i=0;i<n;i++)a[i]=b[i]+3.0f*c[i];
t=now()-t;if(t<tb)tb=t;
t=now();float acc=0;
#pragma omp parallel for simd reduction(+:acc)
for(long i=0;i<n;i++)acc+=a[i]+b[i]*c[i];
t=now()-t;if(t<tr)tr=t;s+=acc;}
printf("%f %f %f\n",tb,tr,s);return 0;}
'''
    out = {}
    with tempfile.TemporaryDirectory() as d:
        c = os.path.join(d, "limits.c")
        open(c, "w").write(src)
        for label, flags in (("1 thread", []), ("all threads", ["-fopenmp"])):
            exe = os.path.join(d, "limits" + str(len(flags)))
            # -fopenmp-simd lets the one-thread loop vectorize its sum too.
            flags = flags or ["-fopenmp-simd"]
            subprocess.run(["clang-22", "-O3", "-march=native", *flags, c,
                            "-o", exe], check=True)
            tb, tr, _ = map(float, subprocess.run([exe], capture_output=True,
                                                  text=True).stdout.split())
            out[label] = (12 * (1 << 24) / tb / 1e6, 12 * (1 << 24) / tr / 1e6,
                          tr)
    a = np.random.rand(2048, 2048).astype(np.float32)
    ms = median_ms(lambda: a @ a, 5)
    out["sgemm"] = 2 * 2048 ** 3 / ms / 1e6
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--only", default="")
    ap.add_argument("--write-docs")
    a = ap.parse_args()
    import jax
    jnp, w = workloads()
    rng = np.random.RandomState(0)
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for i, (name, (fn, shapes, nbytes, flops)) in enumerate(w.items()):
            if a.only and not any(o in name for o in a.only.split(",")):
                continue
            args = [rng.standard_normal(s).astype(np.float32) for s in shapes]
            inputs = []
            for k, arr in enumerate(args):
                inputs.append(os.path.join(d, "w%d_in%d.npy" % (i, k)))
                np.save(inputs[-1], arr)
            jf = jax.jit(lambda *x, fn=fn: fn(jnp, *x))
            lowered = jf.lower(*args)
            text = lowered.as_text()
            prog = os.path.join(d, "w%d.mlir" % i)
            open(prog, "w").write(text)
            compiled = lowered.compile()
            mem = compiled.memory_analysis()
            jax_peak = (mem.temp_size_in_bytes + mem.argument_size_in_bytes +
                        mem.output_size_in_bytes) / 2 ** 20 if mem else None
            dev = [jax.device_put(x) for x in args]
            expect = np.asarray(jf(*dev))
            jax_ms = median_ms(lambda: jf(*dev).block_until_ready(), a.runs)
            np_ms = median_ms(lambda: fn(np, *args), a.runs)
            fused, fpeak, unfused, upeak, ours = run_ours(
                prog, inputs, a.runs, os.path.join(d, "out%d" % i))
            iree_ms, iree_out = run_iree(text, args, a.runs)
            # Checked against float64 numpy: which runner is off, by how much.
            exact = np.asarray(fn(np, *[x.astype(np.float64) for x in args]))
            scale = max(1.0, float(np.abs(exact).max()))
            verdicts = []
            for who, got in (("ours", ours), ("XLA:CPU", expect),
                             ("IREE", iree_out)):
                if got is None:
                    continue
                err = float(np.abs(np.asarray(got, np.float64) - exact).max())
                if err > 1e-3 * scale:
                    verdicts.append("%s off by %.2g" % (who, err / scale))
            ok = "; ".join(verdicts) or "all within 1e-3"
            rows.append((name, fused, unfused, np_ms, jax_ms, iree_ms, fpeak,
                         jax_peak, nbytes, flops, ok))
            print("%-26s fused %8.3f unfused %8.3f numpy %8.3f jax %8.3f "
                  "iree %s %s" % (name, fused, unfused, np_ms, jax_ms,
                                  "%8.3f" % iree_ms if iree_ms else "n/a",
                                  ok), flush=True)
    lim = limits()
    lines = []
    lines.append("| workload | ours fused (ms) | ours unfused (ms) | numpy (ms) "
                 "| XLA:CPU (ms) | IREE (ms) | fused / XLA:CPU | fused / IREE "
                 "| unfused / fused | ours GB/s or GFLOP/s | peak MiB ours / XLA:CPU | results vs float64 |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for (name, fused, unfused, np_ms, jax_ms, iree_ms, fpeak, jpeak, nbytes,
         flops, ok) in rows:
        rate = ("%.1f GFLOP/s" % (flops / fused / 1e6) if "matmul" in name
                else "%.1f GB/s" % (nbytes / fused / 1e6))
        lines.append("| %s | %.3f | %.3f | %.3f | %.3f | %s | %.2fx | %s | %.2fx | %s | %.1f / %s | %s |" % (
            name, fused, unfused, np_ms, jax_ms,
            "%.3f" % iree_ms if iree_ms else "n/a", fused / jax_ms,
            "%.2fx" % (fused / iree_ms) if iree_ms else "n/a",
            unfused / fused, rate, fpeak,
            "%.1f" % jpeak if jpeak is not None else "n/a",
            ok))
    lines.append("")
    lines.append("Machine limits measured in the same run: triad %.1f GB/s "
                 "(1 thread) / %.1f GB/s (all threads); fused C loop for "
                 "reduce_sum(x + y*z) at 2^24: %.1f / %.1f GB/s (%.3f ms on "
                 "all threads); numpy sgemm 2048^3 (OpenBLAS): %.1f GFLOP/s." % (
                     lim["1 thread"][0], lim["all threads"][0],
                     lim["1 thread"][1], lim["all threads"][1],
                     lim["all threads"][2], lim["sgemm"]))
    table = "\n".join(lines)
    print(table)
    if a.write_docs:
        import jax as _j
        with open(a.write_docs, "w") as f:
            f.write(BENCH_DOC.format(date=datetime.date.today(),
                                     runs=a.runs, jax=_j.__version__,
                                     table=table, cores=os.cpu_count()))
    return 0


BENCH_DOC = """# Benchmarks

`bench/suite.py` runs every workload in one process per runner, on the
same random inputs: our code fused and unfused (`xla-run
--compare-unfused`), numpy, JAX {jax} (XLA:CPU) and IREE (llvm-cpu,
`--iree-llvmcpu-target-cpu=host`, local-task). Medians of {runs} runs after
a warm-up. Every runner's result is checked against numpy in float64:
"results" names a runner whose largest error exceeds 1e-3 of the result's
magnitude. Times in
milliseconds; "fused / XLA:CPU" below 1 means we are faster. Peak memory:
ours is the buffer pool's peak (inputs, results, temporaries), XLA:CPU's
`memory_analysis()` (arguments + outputs + temporaries).

Measured {date} on the {cores}-core development machine (noisy; single
runs of the suite).

{table}

Not in the suite yet: the GPT-style decoder block, the convolution block,
the MLP and BERT training steps (see `docs/architecture.md` and
`docs/fusion.md` for those), and a plot.
"""


if __name__ == "__main__":
    sys.exit(main())
