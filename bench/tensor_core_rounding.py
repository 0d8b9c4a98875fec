#!/usr/bin/env python3
"""Where the error of tensor-core f32 products comes from, emulated on the CPU.

  python3 bench/tensor_core_rounding.py [K]

Emulates `--gpu-tensor-cores` on a 64 x K by K x 64 product of inputs in
[-1, 1) and prints ||C - ref|| / ||ref|| against float64 for: operands
rounded to TF32 (tf32) or split exactly into two TF32 parts (tf32x3, as
GPUTensorCoreKernel.cpp), each m16n8k8 product exact, and the running sums
rounded to nearest f32 or toward zero. NVIDIA's tensor cores are taken to
round their f32 sums toward zero; the emulation with that rounding
reproduces what an H200 measured at K = 4096 (docs/gpu.md, 2026-11-27:
tf32 2.6e-4, tf32x3 2.9e-5, FMAs 1.1e-6) and shows what a fresh chain of
sums per step of k (added to the running sums in f32) gives: the kernel
has started each m16n8k8 tile's three tf32x3 products from zero since
2026-11-30.
"""

import sys

import numpy as np

M = N = 64


def tf32_truncated(x):
    """x with its low 13 mantissa bits cleared, as the hardware reads it."""
    return (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def tf32_rounded(x):
    """x rounded to TF32, ties away from zero (cvt.rna.tf32.f32; finite x)."""
    bits = x.view(np.uint32).astype(np.uint64) + 0x1000
    return (bits & 0xFFFFE000).astype(np.uint32).view(np.float32)


def toward_zero(x):
    """float64 values rounded to f32 toward zero."""
    r = x.astype(np.float32)
    over = np.abs(r.astype(np.float64)) > np.abs(x)
    r[over] = np.nextafter(r[over], np.float32(0))
    return r


def product(terms, k, rounding, fresh_every=0):
    """Sum over k in steps of 8 (one exact m16n8k8 product per term each),
    the running sums rounded by `rounding`; with `fresh_every`, a new chain
    every that many of k, added to the total with an f32 add."""
    chain = np.zeros((M, N), np.float32)
    total = np.zeros((M, N), np.float32)
    for k0 in range(0, k, 8):
        for a, b in terms:
            p = a[:, k0:k0 + 8].astype(np.float64) @ \
                b[k0:k0 + 8, :].astype(np.float64)
            chain = rounding(chain.astype(np.float64) + p)
        if fresh_every and (k0 + 8) % fresh_every == 0:
            total = (total.astype(np.float64) + chain).astype(np.float32)
            chain[:] = 0
    return (total.astype(np.float64) + chain).astype(np.float32)


def main():
    k = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (M, k)).astype(np.float32)
    b = rng.uniform(-1, 1, (k, N)).astype(np.float32)
    ref = a.astype(np.float64) @ b.astype(np.float64)

    def error(c):
        return np.linalg.norm(c - ref) / np.linalg.norm(ref)

    a_hi, b_hi = tf32_truncated(a), tf32_truncated(b)
    a_lo, b_lo = tf32_truncated(a - a_hi), tf32_truncated(b - b_hi)
    x3 = [(a_lo, b_hi), (a_hi, b_lo), (a_hi, b_hi)]
    x1 = [(tf32_rounded(a), tf32_rounded(b))]
    nearest = lambda s: s.astype(np.float32)  # noqa: E731
    rows = [
        ("f32 operands, sums to nearest", [(a, b)], nearest, 0),
        ("f32 operands, sums toward zero", [(a, b)], toward_zero, 0),
        ("tf32, sums to nearest", x1, nearest, 0),
        ("tf32, sums toward zero", x1, toward_zero, 0),
        ("tf32x3, sums to nearest", x3, nearest, 0),
        ("tf32x3, sums toward zero", x3, toward_zero, 0),
        ("tf32x3, toward zero, fresh chain per 8 of k (each mma)", x3,
         toward_zero, 8),
        ("tf32x3, toward zero, fresh chain per 32 of k", x3, toward_zero,
         32),
        ("tf32x3, toward zero, fresh chain per 256 of k", x3, toward_zero,
         256),
    ]
    print("| 64 x %d x 64 | error vs float64 |" % k)
    print("|---|---:|")
    for name, terms, rounding, fresh in rows:
        print("| %s | %.1e |" % (name, error(product(terms, k, rounding,
                                                      fresh))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
