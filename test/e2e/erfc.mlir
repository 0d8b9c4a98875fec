// erfc of f32 vectors is our polynomial (xla-approximate-vector-math):
// exp(-a^2) h(t) / (a + 1.5) with one division and no branch, within 2.4
// ulp of float64 for 2^18 floats spread by bit pattern over +-[1e-30, 11]
// (6 million measured: 2.39 ulp; docs/numerics.md), subnormal results
// rounded, not flushed, 0 past 10.06, 2 at -infinity, NaN kept (2.08
// ulp on these points). The scalar path (--vectorize=false) calls libm's
// erfcf: 2.20 ulp on the same points. 2^18 + 3 elements leave a remainder
// vector.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import numpy as np; lo, hi = np.array([1e-30, 11.0], np.float32).view(np.int32); p = np.linspace(lo, hi, 2 ** 17).astype(np.int32).view(np.float32); x = np.concatenate([p, -p, [np.nan, np.inf, -np.inf]]).astype(np.float32); np.save('%t/x.npy', x)"
// RUN: xla-run %s --input %t/x.npy --no-print --output-dir %t/vector
// RUN: xla-run %s --input %t/x.npy --no-print --output-dir %t/scalar --vectorize=false
// RUN: python3 %S/Inputs/erfc_ulp.py %t/x.npy %t/vector/output_0.npy 2.4 | FileCheck %s
// RUN: python3 %S/Inputs/erfc_ulp.py %t/x.npy %t/scalar/output_0.npy 4.0 | FileCheck %s --check-prefix=LIBM
// CHECK: erfc: max 2.{{[0-3][0-9]}} ulp over 262144 finite floats; {{[1-9][0-9]*}} subnormal results, none flushed; specials ok
// LIBM: erfc: max {{[0-3]\.[0-9]+}} ulp over 262144 finite floats

func.func @main(%x: tensor<262147xf32>) -> tensor<262147xf32> {
  %e = hlo.erfc %x : tensor<262147xf32> -> tensor<262147xf32>
  return %e : tensor<262147xf32>
}
