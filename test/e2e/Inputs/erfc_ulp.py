"""Error of f32 erfc results against float64 (math.erfc), in ulps.

    python3 erfc_ulp.py INPUT.npy OUTPUT.npy MAX_ULP
"""
import math
import sys

import numpy as np

x = np.load(sys.argv[1])
y = np.load(sys.argv[2]).astype(np.float64)
limit = float(sys.argv[3])
special = ~np.isfinite(x)
assert np.isnan(y[np.isnan(x)]).all(), "NaN not kept"
assert (y[x == np.inf] == 0).all() and (y[x == -np.inf] == 2).all()
finite = ~special
r = np.array([math.erfc(v) for v in x[finite].astype(np.float64)])
ulp = np.spacing(np.maximum(r, 2.0**-149).astype(np.float32)).astype(np.float64)
error = np.abs(y[finite] - r) / ulp
worst = error.max()
assert worst <= limit, "max %.3f ulp at x = %r" % (
    worst, x[finite][error.argmax()])
sub = (r < 2.0**-126) & (r >= 2.0**-149)
assert (y[finite][sub] > 0).all(), "subnormal results flushed"
print("erfc: max %.2f ulp over %d finite floats; %d subnormal results, "
      "none flushed; specials ok" % (worst, finite.sum(), sub.sum()))
