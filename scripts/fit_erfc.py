#!/usr/bin/env python3
"""Coefficients of the f32 vector erfc
(lib/Transforms/VectorMathPolynomials.cpp).

For a = |x| in [0, A], erfc(a) = exp(-a^2) erfcx(a), and
    erfcx(a) = h(t) / (a + K),  t = (a - K) / (a + K) in [-1, (A - K) / (A + K)]
with h a polynomial of degree D. The fit weights the relative error and
reweights towards the largest errors (an approach to minimax). The
coefficients are then rounded to float one at a time, from the constant
term up, refitting the others after each, so that rounding them costs
little (the constant term's rounding alone would be 0.9 ulp).

    python3 scripts/fit_erfc.py      # prints the C++ array
"""

import numpy as np
from scipy.special import erfcx

K = 1.5      # where t = 0; 1.5 gave the smallest error of 1, 1.5, 2, 2.5, 3
DEGREE = 11  # 10 leaves 0.26 ulp of fit error, 11 0.04
A = 10.06    # erfc(a) < 2^-150 past it: the result rounds to 0


def fit(nodes=6000, rounds=40):
    t_max = (A - K) / (A + K)
    z = np.cos(np.pi * (np.arange(nodes) + 0.5) / nodes)
    t = (z + 1) / 2 * (t_max + 1) - 1
    a = K * (1 + t) / (1 - t)
    h = erfcx(a) * (a + K)
    fixed = {}
    while len(fixed) <= DEGREE:
        free = [p for p in range(DEGREE + 1) if p not in fixed]
        rest = h - sum(c * t**p for p, c in fixed.items())
        basis = np.stack([t**p for p in free], 1)
        weight = 1 / h
        for _ in range(rounds):
            c = np.linalg.lstsq(basis * weight[:, None], rest * weight,
                                rcond=None)[0]
            error = (basis @ c - rest) / h
            weight = weight * (np.abs(error) / np.abs(error).max() + 1e-2)
        fixed[free[0]] = float(np.float32(c[0]))
    coefficients = [fixed[p] for p in range(DEGREE, -1, -1)]
    error = np.abs(np.polyval(coefficients, t) / h - 1).max()
    return coefficients, error


if __name__ == "__main__":
    coefficients, error = fit()
    print("// K = %g, degree %d, relative error %.3g (%.2f * 2^-24)"
          % (K, DEGREE, error, error / 2.0**-24))
    # Floats, held as doubles as the other polynomials' are.
    print("constexpr double kErfcCoefficients[] = {")
    print(",\n".join("    %.9g" % c for c in coefficients) + "};")
