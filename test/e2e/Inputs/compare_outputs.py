#!/usr/bin/env python3
"""Compares the output_N.npy files of two xla-run --output-dir directories.

Integers and booleans must match exactly; floats within --rtol/--atol
(NumPy's allclose, NaN equal to NaN). Prints one line per output and
exits 1 on any mismatch or missing file.
"""
import argparse
import glob
import os
import sys

import numpy as np


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("actual")
    p.add_argument("reference")
    p.add_argument("--rtol", type=float, default=1e-5)
    p.add_argument("--atol", type=float, default=1e-6)
    a = p.parse_args()
    names = sorted(os.path.basename(f) for f in glob.glob(os.path.join(a.reference, "output_*.npy")))
    if not names:
        sys.exit("no outputs in " + a.reference)
    bad = 0
    for name in names:
        path = os.path.join(a.actual, name)
        if not os.path.exists(path):
            print("%s: missing" % name)
            bad += 1
            continue
        x, y = np.load(path), np.load(os.path.join(a.reference, name))
        if x.shape != y.shape or x.dtype != y.dtype:
            print("%s: %s %s vs %s %s" % (name, x.dtype, x.shape, y.dtype, y.shape))
            bad += 1
            continue
        if np.issubdtype(x.dtype, np.inexact):
            ok = np.allclose(x, y, rtol=a.rtol, atol=a.atol, equal_nan=True)
            err = float(np.nanmax(np.abs(x.astype(np.float64) - y.astype(np.float64)))) if x.size else 0.0
        else:
            ok = np.array_equal(x, y)
            err = int(np.count_nonzero(x != y))
        print("%s: %s %s %s (max difference %s)" % (name, x.dtype, x.shape, "same" if ok else "DIFFERENT", err))
        bad += not ok
    print("%d of %d outputs match" % (len(names) - bad, len(names)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
