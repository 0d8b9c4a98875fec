// `--rematerialize` (on by default): once fusion is done, readers recompute a cheap chain
// (pieces of an activation) instead of the kernel that computes it writing
// it for them. The dense layer's kernel then writes its pre-activation
// and output only: 2.4 MiB less at the peak. Results agree with
// one kernel per op (the reduction's sum, computed in another kernel, may
// round differently). The peaks are measured on one thread: with several,
// per-thread temporaries overlap differently from run to run. Without
// rematerialization the peak holds a packed panel whose size follows the
// vector width (15.5 MiB with AVX-512, 15.3 MiB with AVX2), and with it a
// k-block whose size follows the register tile's rows (13.1 MiB with
// AVX-512's 8, 13.2 MiB with AVX2's 6).
// RUN: xla-run %s --rematerialize --compare-unfused --runs 1 --rtol 1e-4 | FileCheck %s
// RUN: xla-run %s --rematerialize --parallel-loops=false --time --runs 2 --no-print | FileCheck %s --check-prefix=ON
// RUN: xla-run %s --rematerialize=false --parallel-loops=false --time --runs 2 --no-print | FileCheck %s --check-prefix=OFF
// CHECK: fused and unfused agree on all 4 output(s)
// ON: peak buffer memory: 13.{{[12]}} MiB (live buffers 13.{{[12]}} MiB)
// OFF: peak buffer memory: 15.{{[35]}} MiB (live buffers 15.{{[35]}} MiB)
func.func @main(%a: tensor<512x256xf32>, %w: tensor<256x1024xf32>, %bias: tensor<1024xf32>, %g1: tensor<512x1024xf32>, %w2: tensor<1024x256xf32>, %g2: tensor<512x1024xf32>) -> (tensor<512x1024xf32>, tensor<512x1024xf32>, tensor<512x256xf32>, tensor<512xf32>) {
  %k = hlo.constant dense<0.044715> : tensor<512x1024xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %d = hlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<512x256xf32>, tensor<256x1024xf32>) -> tensor<512x1024xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<1024xf32>) -> tensor<512x1024xf32>
  %b = hlo.add %d, %bb : tensor<512x1024xf32>
  %p = hlo.multiply %b, %b : tensor<512x1024xf32>
  %q = hlo.multiply %p, %k : tensor<512x1024xf32>
  %r = hlo.add %b, %q : tensor<512x1024xf32>
  %t = hlo.multiply %r, %r : tensor<512x1024xf32>
  %o = hlo.multiply %b, %t : tensor<512x1024xf32>
  %u = hlo.multiply %t, %g1 : tensor<512x1024xf32>
  %e = hlo.dot_general %u, %w2, contracting_dims = [1] x [0] : (tensor<512x1024xf32>, tensor<1024x256xf32>) -> tensor<512x256xf32>
  %v = hlo.multiply %t, %g2 : tensor<512x1024xf32>
  %s = hlo.reduce(%v init: %zero) applies hlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  return %b, %o, %e, %s : tensor<512x1024xf32>, tensor<512x1024xf32>, tensor<512x256xf32>, tensor<512xf32>
}
