// sin and cos of f32 vectors are polynomials in registers
// (xla-approximate-vector-math), checked here against float64 numpy on
// 4096 points of [-1e5, 1e5] and points where the reduction is delicate
// (zeros, denormals, near multiples of pi/2); a vector with a lane past
// 2^20, an infinity or a NaN goes to libm, which must give the same
// answers as the scalar path (--vectorize=false). Within 1 ulp (rtol
// 1.2e-7 of the value, or 1e-7 absolute near the zeros of sin and cos).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 -c "import numpy as np; r = np.random.default_rng(3); x = np.concatenate([r.uniform(-1e5, 1e5, 4080), [0.0, -0.0, 1e-40, -1e-40, 1e-20, 1.5707964, 3.1415927, 355.0, 1048576.0, -1048576.0, 2.0, 1e-3, 7.0, -7.0, 0.5, 99.0]]).astype(np.float32); big = np.array([1.0, 2.0, 3e6, 5.0, np.inf, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, -1e30, np.nan], np.float32); np.save('%t/x.npy', x); np.save('%t/big.npy', big); [np.save('%t/%%s.npy' %% n, f(v.astype(np.float64)).astype(np.float32)) for n, f, v in [('sin', np.sin, x), ('cos', np.cos, x), ('bsin', np.sin, big), ('bcos', np.cos, big)]]"
// RUN: xla-run %s --input %t/x.npy,%t/big.npy --no-print --expected %t/sin.npy,%t/cos.npy,%t/bsin.npy,%t/bcos.npy --rtol 1.2e-7 --atol 1e-7 --dump-to=%t/dump | FileCheck %s
// RUN: xla-run %s --input %t/x.npy,%t/big.npy --no-print --vectorize=false --expected %t/sin.npy,%t/cos.npy,%t/bsin.npy,%t/bcos.npy --rtol 1.2e-7 --atol 1e-7 | FileCheck %s
// CHECK-COUNT-4: output {{[0-9]}} matches
// CHECK-NOT: differs

// The vectorized kernels evaluate the polynomial in f64 registers and call
// libm only on the branch for out-of-range lanes.
// RUN: FileCheck %s --check-prefix=ASM < %t/dump/program.s
// ASM: vfmadd{{.*}}{{[yz]}}mm
// ASM: {{sinf|sincosf}}

func.func @main(%x: tensor<4096xf32>, %big: tensor<16xf32>)
    -> (tensor<4096xf32>, tensor<4096xf32>, tensor<16xf32>, tensor<16xf32>) {
  %s = hlo.sine %x : tensor<4096xf32>
  %c = hlo.cosine %x : tensor<4096xf32>
  %bs = hlo.sine %big : tensor<16xf32>
  %bc = hlo.cosine %big : tensor<16xf32>
  return %s, %c, %bs, %bc : tensor<4096xf32>, tensor<4096xf32>, tensor<16xf32>, tensor<16xf32>
}
