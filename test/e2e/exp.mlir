// exp of f32 vectors is our polynomial (xla-approximate-vector-math):
// within 1.01 ulp of float64 for every float, results that are subnormal
// rounded (not flushed), infinity past ln(FLT_MAX), NaN kept. With
// AVX-512 a vector of 16 scales by 2^k with vscalefps; other targets and
// shapes build 2^k from its bits, and the two give the same bits: the
// second run uses 256-bit vectors (no vscalefps) and must match the first
// exactly. The 4099 elements leave a remainder vector of 3.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import numpy as np; r = np.random.default_rng(5); x = np.concatenate([np.linspace(-104, 89, 4000), r.uniform(-20, 20, 50), [0.0, -0.0, 1e-20, -1e-20, 88.72, 88.7228, 88.72284, 89.5, 1e30, -87.3, -87.4, -100.0, -103.9, -103.97, -104.0, -110.0, -1e30, np.inf, -np.inf, np.nan, 0.5, -0.5, 1.0, -1.0, 2.0, 10.0, -10.0, 30.0, -30.0, 60.0, -60.0, 80.0, -80.0, 85.0, -85.0, 86.0, -86.0, 87.0, -88.0, 88.0, -89.0, -90.0, -95.0, -101.0, -102.0, -103.0, 3e-8, -3e-8, 7e-6]]).astype(np.float32); assert x.size == 4099; np.save('%t/x.npy', x)"
// RUN: xla-run %s --input %t/x.npy --no-print --output-dir %t/wide
// RUN: xla-run %s --input %t/x.npy --no-print --output-dir %t/narrow --target=vector-bits=256
// RUN: python3 -c "import numpy as np; x = np.load('%t/x.npy'); a = np.load('%t/wide/output_0.npy'); b = np.load('%t/narrow/output_0.npy'); assert np.array_equal(a.view(np.uint32), b.view(np.uint32)), 'the two scalings differ'; r = np.exp(x.astype(np.float64)); big = r > np.finfo(np.float32).max; nan = np.isnan(x); assert np.isnan(a[nan]).all() and np.isinf(a[big & ~nan]).all(); ok = ~big & ~nan; ulp = np.spacing(np.maximum(r[ok], 2.0 ** -149).astype(np.float32)).astype(np.float64); e = np.abs(a[ok] - r[ok]) / ulp; assert e.max() <= 1.01, e.max(); sub = ok & (r < 2.0 ** -126) & (r >= 2.0 ** -149); assert (a[sub] > 0).all(), 'subnormal results flushed'; print('exp: max', round(float(e.max()), 3), 'ulp over', ok.sum(), 'finite results,', sub.sum(), 'subnormal')" | FileCheck %s
// CHECK: exp: max {{0\.[0-9]+|1\.0[01]?}} ulp over 4088 finite results, 340 subnormal

func.func @main(%x: tensor<4099xf32>) -> tensor<4099xf32> {
  %e = hlo.exponential %x : tensor<4099xf32>
  return %e : tensor<4099xf32>
}
