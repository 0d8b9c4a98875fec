#!/usr/bin/env python3
"""GPU workloads: our artifacts against JAX (XLA:GPU) on the same machine.

  python3 bench/gpu_bench.py export DIR [FLAG...]
                                          # here: StableHLO from JAX, then
                                          # compile GPU artifacts (build/),
                                          # xla-translate FLAGs added
  python3 bench/gpu_bench.py time DIR [DIR...] [--loader L]
                        [--only SUBSTRING] [--variant-only SUBSTRING]
                        [--deadline S] [--save J | --against J]
                                          # on the GPU machine: time ours
                                          # (xla-load-artifact --repeat) and
                                          # JAX's, print a table; further
                                          # DIRs (other flags): ours only,
                                          # against the first

Our time is a whole call as a caller sees it: inputs copied from host
memory, the kernels, results copied back. JAX is timed the same way
(numpy in, numpy out) and also with the data already on the device, so the
table shows how much of the gap is transfer; JAX's device time is a host
clock around a dispatched call, launch included. PyTorch (eager, TF32 off)
is timed like our kernels, between CUDA events with its inputs on the
device.
"""

import json
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def workloads():
    import jax.numpy as jnp

    def reduce_xyz(x, y, z):
        return jnp.sum(x + y * z)

    def softmax(x):
        m = jnp.max(x, axis=1, keepdims=True)
        e = jnp.exp(x - m)
        return e / jnp.sum(e, axis=1, keepdims=True)

    def layernorm(x):
        mean = jnp.mean(x, axis=1, keepdims=True)
        var = jnp.mean((x - mean) ** 2, axis=1, keepdims=True)
        return (x - mean) / jnp.sqrt(var + 1e-5)

    def matmul(a, b):
        return a @ b

    def chain(x):
        return jnp.sin(x) + jnp.exp(-x * x)

    def normalized_matmul(x, s, g, w):
        # A layernorm's normalization (per-row and per-column scales)
        # computed as the product stages its lhs (contraction prologues).
        return ((x * s[:, None]) * g) @ w

    f32 = "float32"
    return {
        "reduce_sum_xyz_2e24": (reduce_xyz, [((1 << 24,), f32)] * 3),
        "softmax_4096x4096": (softmax, [((4096, 4096), f32)]),
        # Attention's rows (a sequence of 128): a warp per row.
        "softmax_65536x128": (softmax, [((65536, 128), f32)]),
        "layernorm_8192x768": (layernorm, [((8192, 768), f32)]),
        "sin_exp_2e24": (chain, [((1 << 24,), f32)]),
        "matmul_1024x512x256": (matmul, [((1024, 512), f32),
                                         ((512, 256), f32)]),
        "matmul_4096x4096x4096": (matmul, [((4096, 4096), f32),
                                           ((4096, 4096), f32)]),
        # A BERT layer's projection at batch 1 (128 tokens): 96 small
        # tiles, few steps each, bound by the loads' latency.
        "matmul_128x768x768": (matmul, [((128, 768), f32),
                                        ((768, 768), f32)]),
        # The BERT step's gradient through the vocabulary (20 masked
        # positions): bound by reading the weight (the skinny kernel).
        "matmul_20x30522x768": (matmul, [((20, 30522), f32),
                                         ((30522, 768), f32)]),
        "normalized_matmul_512x768x3072": (
            normalized_matmul, [((512, 768), f32), ((512,), f32),
                                ((768,), f32), ((768, 3072), f32)]),
    }


# The fewest bytes a memory-bound workload moves (each input read once,
# each output written once), for the target: 85% of the
# device-to-device copy bandwidth measured in the same run.
MIN_BYTES = {
    "reduce_sum_xyz_2e24": 3 * 4 << 24,
    "softmax_4096x4096": 2 * 4 * 4096 * 4096,
    "softmax_65536x128": 2 * 4 * 65536 * 128,
    "layernorm_8192x768": 2 * 4 * 8192 * 768,
    "sin_exp_2e24": 2 * 4 << 24,
    "matmul_20x30522x768": 4 * (20 * 30522 + 30522 * 768 + 20 * 768),
}


def copy_bandwidth():
    """Device-to-device copy of 1 GiB through PyTorch, bytes read plus
    written over the median of 20 timed copies (CUDA events)."""
    try:
        import torch
    except ImportError:
        return None
    n = 1 << 28
    src = torch.rand(n, device="cuda")
    dst = torch.empty_like(src)
    times = []
    for i in range(23):
        a, b = torch.cuda.Event(True), torch.cuda.Event(True)
        a.record()
        dst.copy_(src)
        b.record()
        torch.cuda.synchronize()
        if i >= 3:
            times.append(a.elapsed_time(b))
    return 2 * 4 * n / statistics.median(times) / 1e6  # GB/s (ms)


def torch_functions():
    """The workloads in PyTorch eager mode: its own kernels (softmax and
    layer_norm are one fused kernel each; the others one per op)."""
    import torch
    f = torch.nn.functional
    return {
        "reduce_sum_xyz_2e24": lambda x, y, z: torch.sum(x + y * z),
        "softmax_4096x4096": lambda x: torch.softmax(x, dim=1),
        "softmax_65536x128": lambda x: torch.softmax(x, dim=1),
        "layernorm_8192x768": lambda x: f.layer_norm(x, x.shape[1:],
                                                     eps=1e-5),
        "sin_exp_2e24": lambda x: torch.sin(x) + torch.exp(-x * x),
        "matmul_1024x512x256": torch.mm,
        "matmul_4096x4096x4096": torch.mm,
        "matmul_128x768x768": torch.mm,
        "matmul_20x30522x768": torch.mm,
        "normalized_matmul_512x768x3072":
            lambda x, s, g, w: torch.mm(x * s[:, None] * g, w),
    }


def torch_ms(name, specs, runs=50):
    """PyTorch's time for a workload on the device (TF32 off), the median
    of `runs` calls between CUDA events, inputs already there: a kernel
    time like ours, by another library on the same card."""
    try:
        import torch
    except ImportError:
        return None
    torch.backends.cuda.matmul.allow_tf32 = False
    fn = torch_functions()[name]
    args = [torch.from_numpy(h).cuda() for h in inputs_like(specs)]
    times = []
    for i in range(runs + 3):
        e0, e1 = torch.cuda.Event(True), torch.cuda.Event(True)
        e0.record()
        fn(*args)
        e1.record()
        torch.cuda.synchronize()
        if i >= 3:
            times.append(e0.elapsed_time(e1))
    return statistics.median(times)


def cublas_ms(specs, tf32=False):
    """cuBLAS (through PyTorch) on the matmul's shapes, TF32 off: the
    issue's GEMM yardstick (70% of it); with `tf32`, TF32 on (the
    yardstick of our TF32 tensor-core kernels)."""
    try:
        import torch
    except ImportError:
        return None
    torch.backends.cuda.matmul.allow_tf32 = tf32
    (m, k), (_, n) = specs[0][0], specs[1][0]
    a = torch.rand(m, k, device="cuda")
    b = torch.rand(k, n, device="cuda")
    times = []
    for i in range(53):
        e0, e1 = torch.cuda.Event(True), torch.cuda.Event(True)
        e0.record()
        torch.mm(a, b)
        e1.record()
        torch.cuda.synchronize()
        if i >= 3:
            times.append(e0.elapsed_time(e1))
    torch.backends.cuda.matmul.allow_tf32 = False
    return statistics.median(times)


def numpy_references():
    """Each workload in float64 numpy: the reference of the error column."""
    import numpy as np

    def softmax(x):
        e = np.exp(x - x.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    def layernorm(x):
        mean = x.mean(axis=1, keepdims=True)
        var = ((x - mean) ** 2).mean(axis=1, keepdims=True)
        return (x - mean) / np.sqrt(var + 1e-5)

    return {
        "reduce_sum_xyz_2e24": lambda x, y, z: np.sum(x + y * z),
        "softmax_4096x4096": softmax,
        "softmax_65536x128": softmax,
        "layernorm_8192x768": layernorm,
        "sin_exp_2e24": lambda x: np.sin(x) + np.exp(-x * x),
        "matmul_1024x512x256": np.matmul,
        "matmul_4096x4096x4096": np.matmul,
        "matmul_128x768x768": np.matmul,
        "matmul_20x30522x768": np.matmul,
        "normalized_matmul_512x768x3072":
            lambda x, s, g, w: (x * s[:, None] * g) @ w,
    }


_ERROR_CASES = {}


def error_case(name, specs):
    """Random inputs in [-1, 1) and their float64 numpy result, made once
    per workload: every benchmark set is judged on the same values, and
    the 4096^3 float64 product is not recomputed for each."""
    import numpy as np
    if name not in _ERROR_CASES:
        rng = np.random.default_rng(0)
        host = [rng.uniform(-1, 1, s).astype(d) for s, d in specs]
        ref = np.asarray(numpy_references()[name](
            *[h.astype(np.float64) for h in host]))
        _ERROR_CASES[name] = (host, ref)
    return _ERROR_CASES[name]


def relative_error(loader, so, name, specs):
    """||ours - ref|| / ||ref|| on random inputs in [-1, 1) against
    float64 numpy (f32 arithmetic lands far under 1e-5 here; TF32
    operands near 1e-3)."""
    import tempfile
    import numpy as np
    host, ref = error_case(name, specs)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, h in enumerate(host):
            paths.append(os.path.join(tmp, "in%d.npy" % i))
            np.save(paths[-1], h)
        try:
            proc = subprocess.run([loader, so, "--input", ",".join(paths),
                                   "--output-dir", tmp], capture_output=True,
                                  text=True, timeout=cap(600))
        except subprocess.TimeoutExpired:
            return None
        out = os.path.join(tmp, "output_0.npy")
        if proc.returncode or not os.path.exists(out):
            return None
        ours = np.load(out).astype(np.float64)
    return float(np.linalg.norm(ours - ref) / np.linalg.norm(ref))


def inputs_like(specs):
    """1, 2, 3, ... per input, as xla-load-artifact fills them; scaled so
    nothing overflows (the same values go to JAX)."""
    import numpy as np
    return [((np.arange(np.prod(s), dtype=np.float64) + 1) % 97 / 97.0)
            .astype(d).reshape(s) for s, d in specs]


def export(out, flags=()):
    import jax
    os.makedirs(out, exist_ok=True)
    for name, (fn, specs) in workloads().items():
        args = [jax.ShapeDtypeStruct(s, d) for s, d in specs]
        text = jax.jit(fn).lower(*args).as_text()
        src = os.path.join(out, name + ".mlir")
        with open(src, "w") as fh:
            fh.write(text)
        subprocess.run([os.path.join(ROOT, "build", "bin", "xla-translate"),
                        src, "--target=cuda", "--emit=shared", "-o",
                        os.path.join(out, name + ".gpu.so")] + list(flags),
                       check=True)
    return 0


def time_jax(fn, specs, runs=50):
    import jax
    import numpy as np
    host = inputs_like(specs)
    f = jax.jit(fn)
    np.asarray(f(*host))  # compile
    walls, device = [], []
    dev = [jax.device_put(h) for h in host]
    for _ in range(runs):
        t = time.perf_counter()
        np.asarray(f(*host))
        walls.append((time.perf_counter() - t) * 1e3)
    for _ in range(runs):
        t = time.perf_counter()
        f(*dev).block_until_ready()
        device.append((time.perf_counter() - t) * 1e3)
    return statistics.median(walls), statistics.median(device)


# With time_all's deadline: when it passes, plus 20 s for what runs.
_END = None


def cap(timeout):
    """`timeout`, or what is left before the deadline's end if less."""
    if _END is None:
        return timeout
    return max(5.0, min(timeout, _END - time.monotonic()))


def time_ours(loader, so, runs=50):
    """Median wall time of a call, and the kernels' time per call (CUDA
    events around each launch, XLA_GPU_TIMING, in a second set of runs so
    the events do not slow the first)."""
    try:
        proc = subprocess.run([loader, so, "--repeat", str(runs)],
                              capture_output=True, text=True,
                              timeout=cap(600))
    except subprocess.TimeoutExpired as e:
        return None, None, "timed out after %.0f s" % e.timeout
    m = re.search(r"median ([\d.]+) ms", proc.stdout)
    if not m:
        return None, None, (proc.stderr or proc.stdout)[-300:]
    try:
        timed = subprocess.run([loader, so, "--repeat", str(runs)],
                               capture_output=True, text=True,
                               timeout=cap(600),
                               env=dict(os.environ, XLA_GPU_TIMING="1"))
    except subprocess.TimeoutExpired:
        return float(m.group(1)), None, "timed out with XLA_GPU_TIMING"
    k = re.search(r"kernel time: ([\d.]+) ms", timed.stdout)
    kernels = "\n".join(l for l in timed.stdout.splitlines()
                        if l.startswith("  "))
    return float(m.group(1)), float(k.group(1)) if k else None, kernels


def time_all(dirs, loader, only="", deadline=0.0, variant_only="",
             save="", against=""):
    """The first set in `dirs` next to JAX, PyTorch, cuBLAS and the copy;
    the others (variants compiled with other flags) by our kernel time
    and error alone, in a table against the first. The yardsticks do not
    depend on our flags, so they are measured once. Past `deadline`
    seconds nothing new starts; what was measured is printed. `save`
    writes the first set's kernel times to a JSON file; with `against`
    (such a file) every set is a variant, compared with those times, so
    the variants can run later, in a call of their own."""
    start = time.monotonic()
    global _END
    if deadline:
        _END = start + deadline + 20
    if against:
        with open(against) as fh:
            return time_variants(dirs, loader, only, variant_only,
                                 json.load(fh), "saved base", start,
                                 deadline)

    def past():
        return deadline and time.monotonic() - start > deadline

    base, variants = dirs[0], dirs[1:]
    rows = []
    for name, (fn, specs) in workloads().items():
        if only not in name or past():
            continue
        ours, kernel, detail = time_ours(loader,
                                         os.path.join(base, name + ".gpu.so"))
        wall, dev = time_jax(fn, specs)
        pt = torch_ms(name, specs)
        error = relative_error(loader, os.path.join(base, name + ".gpu.so"),
                               name, specs)
        rows.append((name, ours, kernel, wall, dev, pt, detail, error))
        print("%s kernels:\n%s" % (name, detail), flush=True)
    copy = copy_bandwidth()
    print("| workload | ours, call (ms) | ours, kernels (ms) "
          "| JAX, numpy in/out (ms) | JAX, on device (ms) "
          "| our kernels / JAX on device | PyTorch, events (ms) "
          "| yardstick | error vs f64 |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---:|")
    base_kernel = {}
    for name, ours, kernel, wall, dev, pt, detail, error in rows:
        ptx = "%.3f" % pt if pt else "n/a"
        if ours is None:
            print("| %s | failed: %s | | %.3f | %.3f | | %s | |" % (
                name, detail, wall, dev, ptx))
            continue
        base_kernel[name] = kernel
        yardstick = ""
        if kernel and copy and name in MIN_BYTES:
            gbs = MIN_BYTES[name] / kernel / 1e6
            yardstick = "%.0f GB/s, %.0f%% of copy" % (gbs, 100 * gbs / copy)
        elif kernel and name.startswith("matmul"):
            ref = cublas_ms(workloads()[name][1])
            if ref:
                yardstick = "cuBLAS %.3f ms: ours at %.0f%%" % (
                    ref, 100 * ref / kernel)
                tf32 = cublas_ms(workloads()[name][1], tf32=True)
                yardstick += "; cuBLAS TF32 %.3f ms" % tf32
        print("| %s | %.3f | %s | %.3f | %.3f | %s | %s | %s | %s |" % (
            name, ours, "%.3f" % kernel if kernel else "n/a", wall, dev,
            "%.1fx" % (kernel / dev) if kernel else "n/a", ptx, yardstick,
            "%.1e" % error if error is not None else "n/a"))
    if copy:
        print("device-to-device copy: %.0f GB/s (bytes read + written)"
              % copy)
    sys.stdout.flush()
    if save:
        with open(save, "w") as fh:
            json.dump(base_kernel, fh)
    return time_variants(variants, loader, only, variant_only, base_kernel,
                         os.path.basename(base), start, deadline)


def time_variants(dirs, loader, only, variant_only, base_kernel, base_name,
                  start, deadline):
    """Our kernel time and error for each set in `dirs`, against
    `base_kernel` (workload: ms). Past `deadline` seconds after `start`
    nothing new starts."""
    if dirs:
        print("\n| set | workload | ours, call (ms) | ours, kernels (ms) "
              "| kernels / %s | error vs f64 |" % base_name)
        print("|---|---|---:|---:|---:|---:|")
    for out in dirs:
        for name, (fn, specs) in workloads().items():
            so = os.path.join(out, name + ".gpu.so")
            if only not in name or variant_only not in name or \
                    not os.path.exists(so):
                continue
            if deadline and time.monotonic() - start > deadline:
                print("| %s | %s | not run: past the deadline | | | |" % (
                    os.path.basename(out), name))
                continue
            ours, kernel, detail = time_ours(loader, so)
            if ours is None:
                print("| %s | %s | failed: %s | | | |" % (
                    os.path.basename(out), name, detail.replace("\n", " ")))
                continue
            error = relative_error(loader, so, name, specs)
            ratio = ("%.2f" % (kernel / base_kernel[name])
                     if kernel and base_kernel.get(name) else "n/a")
            print("| %s | %s | %.3f | %s | %s | %s |" % (
                os.path.basename(out), name, ours,
                "%.3f" % kernel if kernel else "n/a", ratio,
                "%.1e" % error if error is not None else "n/a"), flush=True)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in ("export", "time"):
        sys.exit(__doc__)
    if sys.argv[1] == "export":
        sys.exit(export(sys.argv[2], sys.argv[3:]))
    import argparse
    p = argparse.ArgumentParser(prog="gpu_bench.py time")
    p.add_argument("dirs", nargs="+", help="benchmark sets (`export`'s "
                   "DIRs); the first is timed next to the peers")
    p.add_argument("--loader", default=os.path.join(
        ROOT, "build", "bin", "xla-load-artifact"))
    p.add_argument("--only", default="", help="workloads whose names hold it")
    p.add_argument("--variant-only", default="",
                   help="in the sets after the first, only these workloads")
    p.add_argument("--save", default="", metavar="JSON",
                   help="write the first set's kernel times here")
    p.add_argument("--against", default="", metavar="JSON",
                   help="time every set against this --save file")
    p.add_argument("--deadline", type=float, default=0.0,
                   help="seconds after which nothing new starts")
    a = p.parse_args(sys.argv[2:])
    sys.exit(time_all(a.dirs, a.loader, a.only, a.deadline,
                      a.variant_only, a.save, a.against))
