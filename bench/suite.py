#!/usr/bin/env python3
"""The CPU benchmark suite: our code fused and unfused next to numpy, JAX
(XLA:CPU) and IREE (llvm-cpu) in one run, on the same inputs, results
checked against each other.

  python3 bench/suite.py [--runs N] [--only NAME,...] [--no-iree]
                        [--write-docs docs/benchmarks.md]

Each workload is written once in jax.numpy and once in numpy. JAX prints
its StableHLO (the program we and IREE compile); JAX and numpy run the
function directly. Times are medians of N runs after a warm-up, in one
process per runner, with inputs already in memory. Ours come from
`xla-run --compare-unfused` (which also gives our peak memory); JAX's peak
memory from `compiled.memory_analysis()`. The machine's limits are
measured in the same run: a STREAM-like triad and a fused C loop for
reduce_sum(x + y*z) (clang -O3 -march=native, the sum vectorized with
`omp simd`, one thread and all threads with OpenMP; medians of 21), the
peak FMA rate (12 independent chains of the widest FMA -march=native has,
one and all threads) and numpy's sgemm (OpenBLAS). The bandwidth is
measured again right after each memory-bound workload, because it changes
from minute to minute here: the rate column puts a workload's bandwidth
against that triad (and reduce_sum against that fused loop), arithmetic
against the FMA peak on all threads, whichever of the two it comes closer
to.
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
        # Attention's products in flax/keras layout: two batch dimensions,
        # the heads between the sequence and the features.
        "attention q.k 8x128x12x64": (
            lambda m, q, k: m.einsum("bqhd,bkhd->bhqk", q, k, optimize=True),
            [(8, 128, 12, 64)] * 2, None, 2 * 8 * 12 * 128 * 128 * 64),
        "attention p.v 8x12x128x64": (
            lambda m, p, v: m.einsum("bhqk,bkhd->bqhd", p, v, optimize=True),
            [(8, 12, 128, 128), (8, 128, 12, 64)], None,
            2 * 8 * 12 * 128 * 128 * 64),
        "conv block 8x56x56x64": (conv_block, [(8, 56, 56, 64), (3, 3, 64, 64),
                                               (64,), (3, 3, 64, 64), (64,)],
                                  None, 2 * 2 * 8 * 56 * 56 * 64 * 64 * 9),
        "GPT block 8x128x256": (gpt_block, gpt_block_shapes(8, 128, 256),
                                None, gpt_block_flops(8, 128, 256)),
    }
    return jnp, w


def conv2d(m, x, w):
    """3x3 SAME convolution, NHWC x HWIO, stride 1."""
    if m.__name__ != "numpy":
        from jax import lax
        return lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                        dimension_numbers=("NHWC", "HWIO", "NHWC"))
    xp = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    win = np.lib.stride_tricks.sliding_window_view(xp, (3, 3), axis=(1, 2))
    return np.einsum("nhwcij,ijcf->nhwf", win, w, optimize=True)


def conv_block(m, x, w1, b1, w2, b2):
    """A ResNet basic block: two 3x3 convolutions, bias, relu, residual."""
    y = m.maximum(conv2d(m, x, w1) + b1, 0)
    return m.maximum(conv2d(m, y, w2) + b2 + x, 0)


def gpt_block_shapes(b, t, d):
    return [(b, t, d), (d,), (d,), (d, 3 * d), (3 * d,), (d, d), (d,),
            (d,), (d,), (d, 4 * d), (4 * d,), (4 * d, d), (d,)]


def gpt_block_flops(b, t, d):
    return 2 * b * t * d * (3 * d + d + 8 * d) + 4 * b * t * t * d


def gpt_block(m, x, g1, c1, wqkv, bqkv, wo, bo, g2, c2, w1, b1, w2, b2,
              heads=4):
    """A pre-LN GPT-2 decoder block with a causal mask and tanh GELU."""
    def ln(v, g, c):
        mu = v.mean(-1, keepdims=True)
        var = ((v - mu) ** 2).mean(-1, keepdims=True)
        return (v - mu) / m.sqrt(var + 1e-5) * g + c
    b, t, d = x.shape
    h = ln(x, g1, c1) @ wqkv + bqkv
    q, k, v = (h[..., i * d:(i + 1) * d].reshape(b, t, heads, d // heads)
               .transpose(0, 2, 1, 3) for i in range(3))
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d // heads)
    s = m.where(np.tril(np.ones((t, t), bool)), s, -1e9)
    e = m.exp(s - s.max(-1, keepdims=True))
    a = (e / e.sum(-1, keepdims=True)) @ v
    x = x + a.transpose(0, 2, 1, 3).reshape(b, t, d) @ wo + bo
    h = ln(x, g2, c2) @ w1 + b1
    h = 0.5 * h * (1 + m.tanh(np.sqrt(2 / np.pi) * (h + 0.044715 * h ** 3)))
    return x + h @ w2 + b2


def model_workloads():
    """Training steps and the forward pass of examples/export_jax.py: name ->
    (jax function, pytree of arguments, flops). No numpy version: checked
    against XLA:CPU."""
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    import export_jax as ex

    class Opts:
        batch = 8
        gelu = "tanh"
    out = {}
    for name, builder in (("MLP train step", ex.build_mlp_train),
                          ("BERT forward b8", ex.build_bert_fwd),
                          ("BERT train step b8", ex.build_bert_train)):
        b = builder(Opts, np.random.RandomState(0))
        # The matmul flops of the whole step, or of the forward pass.
        flops = [v for k, v in b["flops"].items()
                 if ("train" in k) == ("train" in name)][0]
        out[name] = (b["fn"], b["args"], flops)
    return out


def median_ms(fn, runs):
    fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def run_ours(prog, inputs, runs, out, n_out):
    """Fused and unfused run times and peak memory, the results, and the
    compile time (cold, without the cache)."""
    cmd = [XLA_RUN, prog, "--input", ",".join(inputs), "--compare-unfused",
           "--runs", str(runs), "--rtol", "1e-3", "--atol", "1e-3"]
    text = subprocess.run(cmd, capture_output=True, text=True).stdout
    f = re.search(r"fused:\s+run time median ([\d.]+) ms, peak memory ([\d.]+)", text)
    u = re.search(r"unfused: run time median ([\d.]+) ms, peak memory ([\d.]+)", text)
    once = subprocess.run([XLA_RUN, prog, "--input", ",".join(inputs),
                           "--no-print", "--no-cache", "--time", "--runs", "1",
                           "--output-dir", out], check=True,
                          capture_output=True, text=True).stdout
    compile_s = float(re.search(r"compile time: ([\d.e+]+) ms", once).group(1)) / 1e3
    results = [np.load(os.path.join(out, "output_%d.npy" % i))
               for i in range(n_out)]
    if not f or not u:
        raise RuntimeError("xla-run: " + text)
    return (float(f.group(1)), float(f.group(2)), float(u.group(1)),
            float(u.group(2)), results, compile_s)


def run_iree(text, args, runs):
    """IREE's llvm-cpu run time and results, or (None, None) when IREE is
    missing or fails on the program."""
    try:
        import iree.compiler as ic
        import iree.runtime as ir
    except ImportError:
        return None, None
    try:
        vmfb = ic.compile_str(text, target_backends=["llvm-cpu"],
                              input_type="stablehlo",
                              extra_args=["--iree-llvmcpu-target-cpu=host"])
        config = ir.Config("local-task")
        ctx = ir.SystemContext(config=config)
        vm = ir.VmModule.copy_buffer(ctx.instance, vmfb)
        ctx.add_vm_module(vm)
        fn = ctx.modules[vm.name]["main"]
        dev = [ir.asdevicearray(ctx.config.device, a) for a in args]
        result = fn(*dev)
        result = [np.asarray(r) for r in
                  (result if isinstance(result, (list, tuple)) else [result])]
        return median_ms(lambda: fn(*dev), runs), result
    except Exception as e:  # IREE's errors are plain exceptions
        print("IREE failed: %s" % str(e).splitlines()[0][:200])
        return None, None


FMA_PEAK_C = r'''
#include <stdio.h>
#include <time.h>
#ifdef __AVX512F__
#define WIDTH 16
#else
#define WIDTH 8
#endif
#define CHAINS 12
typedef float vec __attribute__((vector_size(4 * WIDTH)));
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec*1e-6;}
/* CHAINS independent FMA chains per thread hide the FMA latency (4 cycles,
   two pipes); 12 accumulators and 2 constants fit in 16 registers. */
static float run(long iters, float seed){
  vec acc[CHAINS], m, a;
  for(int j=0;j<WIDTH;j++){m[j]=0.999999f;a[j]=1e-7f*seed;}
  for(int c=0;c<CHAINS;c++)for(int j=0;j<WIDTH;j++)acc[c][j]=seed+c+j;
  for(long i=0;i<iters;i++)
    for(int c=0;c<CHAINS;c++)acc[c]=acc[c]*m+a;
  float s=0;for(int c=0;c<CHAINS;c++)for(int j=0;j<WIDTH;j++)s+=acc[c][j];
  return s;}
int main(void){long iters=1L<<22;double best=1e9;float s=0;int threads=1;
for(int r=0;r<7;r++){double t=now();
#pragma omp parallel reduction(+:s)
{
#ifdef _OPENMP
#pragma omp single
threads=omp_get_num_threads();
#endif
s+=run(iters,1.0f+r);}
t=now()-t;if(t<best)best=t;}
printf("%f %f\n",2.0*CHAINS*WIDTH*iters*threads/best/1e6,s);return 0;}
'''


def peak_fma(flags):
    """GFLOP/s of independent FMA chains (C, the widest vectors -march=native
    has) on one thread or, with -fopenmp, on all."""
    src = FMA_PEAK_C
    if "-fopenmp" in flags:
        src = "#include <omp.h>\n" + src
    with tempfile.TemporaryDirectory() as d:
        c, exe = os.path.join(d, "fma.c"), os.path.join(d, "fma")
        open(c, "w").write(src)
        subprocess.run(["clang-22", "-O2", "-march=native", "-ffp-contract=fast",
                        *flags, c, "-o", exe], check=True)
        out = subprocess.run([exe], capture_output=True, text=True).stdout
        return float(out.split()[0])


BANDWIDTH_C = r'''
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec*1e-6;}
static int cmp(const void*x,const void*y){double a=*(const double*)x,b=*(const double*)y;return (a>b)-(a<b);}
#define REPS 21
int main(void){long n=1L<<24;float*a=aligned_alloc(64,4*n),*b=aligned_alloc(64,4*n),*c=aligned_alloc(64,4*n);
#pragma omp parallel for
for(long i=0;i<n;i++){a[i]=0;b[i]=i%7;c[i]=i%5;}
double tb[REPS],tr[REPS];float s=0;
for(int r=0;r<REPS;r++){double t=now();
#pragma omp parallel for
for(long i=0;i<n;i++)a[i]=b[i]+3.0f*c[i];
tb[r]=now()-t;
t=now();float acc=0;
#pragma omp parallel for simd reduction(+:acc)
for(long i=0;i<n;i++)acc+=a[i]+b[i]*c[i];
tr[r]=now()-t;s+=acc;}
/* Medians, like every other time of the suite. */
qsort(tb,REPS,sizeof(double),cmp);qsort(tr,REPS,sizeof(double),cmp);
printf("%f %f %f\n",tb[REPS/2],tr[REPS/2],s);return 0;}
'''


class Bandwidth:
    """The triad and the fused C loop for reduce_sum(x + y*z) (clang -O3
    -march=native; one thread, and all threads with OpenMP), compiled once
    and measured whenever asked: this machine's bandwidth changes from one
    minute to the next (49 to 87 GB/s on all threads in one day), so each
    memory-bound workload is put against a measurement taken right after
    it."""

    def __init__(self, directory):
        c = os.path.join(directory, "bandwidth.c")
        open(c, "w").write(BANDWIDTH_C)
        self.exes = {}
        for label, flags in (("1 thread", []), ("all threads", ["-fopenmp"])):
            exe = os.path.join(directory, "bandwidth" + str(len(flags)))
            # -fopenmp-simd lets the one-thread loop vectorize its sum too.
            flags = flags or ["-fopenmp-simd"]
            subprocess.run(["clang-22", "-O3", "-march=native", *flags, c,
                            "-o", exe], check=True)
            self.exes[label] = exe

    def measure(self, label="all threads"):
        """(triad GB/s, fused loop GB/s, fused loop ms): medians of 21."""
        tb, tr, _ = map(float, subprocess.run(
            [self.exes[label]], capture_output=True, text=True).stdout.split())
        return (12 * (1 << 24) / tb / 1e6, 12 * (1 << 24) / tr / 1e6, tr)


def limits(bandwidth):
    """Bandwidth (above) and peak FMA rate, one and all threads; sgemm."""
    out = {}
    for label, flags in (("1 thread", ["-fopenmp-simd"]),
                         ("all threads", ["-fopenmp"])):
        out[label] = bandwidth.measure(label) + (peak_fma(flags),)
    a = np.random.rand(2048, 2048).astype(np.float32)
    ms = median_ms(lambda: a @ a, 5)
    out["sgemm"] = 2 * 2048 ** 3 / ms / 1e6
    return out


def cases(rng, only):
    """Every workload as (name, jax function of the flat arguments, flat
    arguments, numpy function or None, bytes moved or None, flops)."""
    import jax
    jnp, w = workloads()
    out = []
    for name, (fn, shapes, nbytes, flops) in w.items():
        if only and not any(o in name for o in only):
            continue
        args = [rng.standard_normal(s).astype(np.float32) for s in shapes]
        out.append((name, lambda *x, fn=fn: fn(jnp, *x), args,
                    lambda *x, fn=fn: fn(np, *x), nbytes, flops))
    for name, (fn, tree, flops) in model_workloads().items():
        if only and not any(o in name for o in only):
            continue
        leaves, treedef = jax.tree_util.tree_flatten(tree)
        flat = lambda *x, fn=fn, t=treedef: fn(*jax.tree_util.tree_unflatten(t, x))
        out.append((name, flat, [np.asarray(a) for a in leaves], None, None,
                    flops))
    return out


def relative_error(got, want):
    want = np.asarray(want, np.float64)
    scale = max(1.0, float(np.abs(want).max())) if want.size else 1.0
    return float(np.abs(np.asarray(got, np.float64) - want).max()) / scale \
        if want.size else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--only", default="")
    ap.add_argument("--no-iree", action="store_true")
    ap.add_argument("--write-docs")
    a = ap.parse_args()
    import jax
    rng = np.random.RandomState(0)
    rows = []
    only = [o for o in a.only.split(",") if o]
    with tempfile.TemporaryDirectory() as d:
        bandwidth = Bandwidth(d)
        for i, (name, fn, args, np_fn, nbytes, flops) in enumerate(cases(rng, only)):
            inputs = []
            for k, arr in enumerate(args):
                inputs.append(os.path.join(d, "w%d_in%d.npy" % (i, k)))
                np.save(inputs[-1], arr)
            # Every argument stays in the program (JAX drops unused ones).
            jf = jax.jit(fn, keep_unused=True)
            t = time.perf_counter()
            lowered = jf.lower(*args)
            compiled = lowered.compile()
            jax_compile = time.perf_counter() - t
            text = lowered.as_text()
            prog = os.path.join(d, "w%d.mlir" % i)
            open(prog, "w").write(text)
            mem = compiled.memory_analysis()
            jax_peak = (mem.temp_size_in_bytes + mem.argument_size_in_bytes +
                        mem.output_size_in_bytes) / 2 ** 20 if mem else None
            dev = [jax.device_put(x) for x in args]
            expect = [np.asarray(r) for r in jax.tree_util.tree_leaves(compiled(*dev))]
            jax_ms = median_ms(lambda: jax.block_until_ready(compiled(*dev)), a.runs)
            np_ms = median_ms(lambda: np_fn(*args), a.runs) if np_fn else None
            fused, fpeak, unfused, upeak, ours, ours_compile = run_ours(
                prog, inputs, a.runs, os.path.join(d, "out%d" % i), len(expect))
            # The machine's bandwidth in the same minute.
            near = bandwidth.measure() if nbytes else None
            iree_ms, iree_out = (None, None) if a.no_iree else run_iree(text, args, a.runs)
            if np_fn:
                # Checked against float64 numpy: which runner is off, by how much.
                reference = [np_fn(*[x.astype(np.float64) for x in args])]
                against = "float64"
            else:
                reference, against = expect, "XLA:CPU"
            verdicts = []
            for who, got in (("ours", ours), ("XLA:CPU", expect),
                             ("IREE", iree_out)):
                if got is None or (who == "XLA:CPU" and against == "XLA:CPU"):
                    continue
                got = got if isinstance(got, list) else [got]
                err = max(relative_error(g, r) for g, r in zip(got, reference))
                if err > 1e-3:
                    verdicts.append("%s off by %.2g" % (who, err))
            ok = "; ".join(verdicts) or ("all within 1e-3 of " + against)
            rows.append(dict(name=name, fused=fused, unfused=unfused,
                             numpy=np_ms, jax=jax_ms, iree=iree_ms,
                             fpeak=fpeak, jpeak=jax_peak, nbytes=nbytes,
                             flops=flops, near=near, ok=ok,
                             compile=ours_compile,
                             jax_compile=jax_compile))
            print("%-24s fused %8.3f unfused %8.3f numpy %s jax %8.3f iree %s "
                  "compile %.2f s / %.2f s; %s" % (
                      name, fused, unfused, fmt(np_ms), jax_ms, fmt(iree_ms),
                      ours_compile, jax_compile, ok), flush=True)
        lim = limits(bandwidth)
    table = render(rows, lim)
    print(table)
    if a.write_docs:
        import jax as _j
        plot = os.path.splitext(a.write_docs)[0] + ".svg"
        draw(rows, plot)
        with open(a.write_docs, "w") as f:
            f.write(BENCH_DOC.format(date=datetime.date.today(),
                                     runs=a.runs, jax=_j.__version__,
                                     table=table, cores=os.cpu_count(),
                                     plot=os.path.basename(plot)))
    return 0


def fmt(ms):
    return "%.3f" % ms if ms is not None else "n/a"


def render(rows, lim):
    lines = ["| workload | ours fused (ms) | ours unfused (ms) | numpy (ms) "
             "| XLA:CPU (ms) | IREE (ms) | fused / XLA:CPU | fused / IREE "
             "| unfused / fused | ours GB/s or GFLOP/s (share of the limit) "
             "| peak MiB ours / XLA:CPU "
             "| compile s ours / XLA:CPU | results |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        # On all threads: bandwidth against the triad measured right after
        # the workload, arithmetic against the run's FMA peak; a workload
        # with both counts is shown against the limit it comes closer to.
        shares = []
        if r["nbytes"]:
            gbs = r["nbytes"] / r["fused"] / 1e6
            triad, _, loop_ms = r["near"]
            text = "%.1f GB/s, %.0f%% of the triad (%.1f GB/s)" % (
                gbs, 100 * gbs / triad, triad)
            if r["name"].startswith("reduce_sum"):
                text += "; %.2fx the fused C loop (%.3f ms)" % (
                    r["fused"] / loop_ms, loop_ms)
            shares.append((gbs / triad, text))
        if r["flops"]:
            gflops = r["flops"] / r["fused"] / 1e6
            shares.append((gflops / lim["all threads"][3],
                           "%.1f GFLOP/s, %.0f%% of peak FMA" % (
                               gflops, 100 * gflops / lim["all threads"][3])))
        rate = max(shares)[1]
        lines.append(
            "| %s | %.3f | %.3f | %s | %.3f | %s | %.2fx | %s | %.2fx | %s | "
            "%.1f / %s | %.2f / %.2f | %s |" % (
                r["name"], r["fused"], r["unfused"], fmt(r["numpy"]), r["jax"],
                fmt(r["iree"]), r["fused"] / r["jax"],
                "%.2fx" % (r["fused"] / r["iree"]) if r["iree"] else "n/a",
                r["unfused"] / r["fused"], rate, r["fpeak"],
                "%.1f" % r["jpeak"] if r["jpeak"] is not None else "n/a",
                r["compile"], r["jax_compile"], r["ok"]))
    lines.append("")
    lines.append("Machine limits measured in the same run: triad %.1f GB/s "
                 "(1 thread) / %.1f GB/s (all threads); fused C loop for "
                 "reduce_sum(x + y*z) at 2^24: %.1f / %.1f GB/s (%.3f ms on "
                 "all threads); peak FMA (independent chains): %.1f / %.1f "
                 "GFLOP/s; numpy sgemm 2048^3 (OpenBLAS): %.1f GFLOP/s." % (
                     lim["1 thread"][0], lim["all threads"][0],
                     lim["1 thread"][1], lim["all threads"][1],
                     lim["all threads"][2], lim["1 thread"][3],
                     lim["all threads"][3], lim["sgemm"]))
    return "\n".join(lines)


def draw(rows, path):
    """Run time relative to XLA:CPU per workload (log scale), as SVG."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib: no plot")
        return
    names = [r["name"] for r in rows]
    series = [("ours fused", [r["fused"] / r["jax"] for r in rows]),
              ("ours unfused", [r["unfused"] / r["jax"] for r in rows]),
              ("IREE", [r["iree"] / r["jax"] if r["iree"] else np.nan
                        for r in rows]),
              ("numpy", [r["numpy"] / r["jax"] if r["numpy"] else np.nan
                         for r in rows])]
    fig, ax = plt.subplots(figsize=(10, 0.45 * len(rows) + 1.5))
    y = np.arange(len(rows))
    for k, (label, values) in enumerate(series):
        ax.barh(y + (k - 1.5) * 0.2, values, height=0.2, label=label)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    ax.set_xlabel("run time / XLA:CPU's (log scale; left of 1: faster)")
    ax.legend(loc="lower right", fontsize="small")
    fig.tight_layout()
    fig.savefig(path)


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
runs of the suite). Workloads without a numpy version (the training steps
and the BERT forward pass of `examples/export_jax.py`, at batch 8 for
BERT) are checked against XLA:CPU instead of float64. Compile times are
cold (no cache) for us, `lower` + `compile` for JAX.

{table}

![run time relative to XLA:CPU]({plot})
"""


if __name__ == "__main__":
    sys.exit(main())
