// Kernels that run as one loop over blocks (xla-plan-kernel-blocks and
// xla-tile-and-fuse-blocks) compute what one kernel per op computes: a
// softmax along rows, a centering along columns (blocks of 16 columns),
// a layernorm that also returns its mean (yielded by the block loop), and
// a masked softmax over attention scores (blocks of heads); with the
// blocks on both cores, on one, and sequential. The sums run in the same
// order both ways (the trees of xla-split-reductions), so f32 agrees to
// rounding.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 3 --fusion=false --no-print --output-dir %t
// RUN: xla-run %s --seed 3 --no-print --rtol 1e-6 --atol 1e-6 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy,%t/output_3.npy,%t/output_4.npy | FileCheck %s
// RUN: xla-run %s --seed 3 --no-print --target=cores=1 --rtol 1e-6 --atol 1e-6 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy,%t/output_3.npy,%t/output_4.npy | FileCheck %s
// RUN: xla-run %s --seed 3 --no-print --parallel-loops=false --rtol 1e-6 --atol 1e-6 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy,%t/output_3.npy,%t/output_4.npy | FileCheck %s
// CHECK-COUNT-5: output {{[0-9]}} matches
// CHECK-NOT: differs

// Each of the four kernels is blocked, and its ops are in the block loop.
// RUN: xla-run %s --seed 3 --no-print --target=l2=1048576,cores=2 --dump-to=%t/dump
// RUN: cat %t/dump/passes/*/*/*xla-plan-kernel-blocks.mlir | FileCheck %s --check-prefix=PLAN
// RUN: cat %t/dump/passes/*/*/*xla-tile-and-fuse-blocks.mlir | FileCheck %s --check-prefix=LOOP
// PLAN-DAG: xla.block_tiles = array<i64: 32, 0>
// PLAN-DAG: xla.block_tiles = array<i64: 0, 16>
// PLAN-DAG: xla.block_tiles = array<i64: 64, 0>
// PLAN-DAG: xla.block_tiles = array<i64: 1, 2, 0, 0>
// LOOP-COUNT-4: scf.forall ({{.*}}) = ({{.*}}) to ({{.*}}) step

// --fuse-blocks=false: one loop nest per op again, and the same results.
// RUN: xla-run %s --seed 3 --no-print --fuse-blocks=false --dump-to=%t/off --rtol 1e-6 --atol 1e-6 --expected %t/output_0.npy,%t/output_1.npy,%t/output_2.npy,%t/output_3.npy,%t/output_4.npy | FileCheck %s
// RUN: ls %t/off/passes/*/*/ | FileCheck %s --check-prefix=OFF --implicit-check-not=kernel-blocks --implicit-check-not=fuse-blocks
// OFF: xla-plan-tiling

func.func @main(%x: tensor<512x1024xf32>, %c: tensor<2048x256xf32>,
                %l: tensor<1024x768xf32>, %s: tensor<4x8x128x128xf32>,
                %mask: tensor<128x128xi1>)
    -> (tensor<512x1024xf32>, tensor<2048x256xf32>, tensor<1024x768xf32>,
        tensor<1024xf32>, tensor<4x8x128x128xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>

  // softmax along the rows of x
  %m = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %xs = hlo.subtract %x, %mb : tensor<512x1024xf32>
  %e = hlo.exponential %xs : tensor<512x1024xf32>
  %sum = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %sb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<512xf32>) -> tensor<512x1024xf32>
  %sm = hlo.divide %e, %sb : tensor<512x1024xf32>

  // c minus the mean of each column
  %cs = hlo.reduce(%c init: %zero) applies hlo.add across dimensions = [0] : (tensor<2048x256xf32>, tensor<f32>) -> tensor<256xf32>
  %n = hlo.constant dense<2048.0> : tensor<256xf32>
  %cm = hlo.divide %cs, %n : tensor<256xf32>
  %cb = hlo.broadcast_in_dim %cm, dims = [1] : (tensor<256xf32>) -> tensor<2048x256xf32>
  %cc = hlo.subtract %c, %cb : tensor<2048x256xf32>

  // layernorm of l, and its mean
  %ls = hlo.reduce(%l init: %zero) applies hlo.add across dimensions = [1] : (tensor<1024x768xf32>, tensor<f32>) -> tensor<1024xf32>
  %k = hlo.constant dense<768.0> : tensor<1024xf32>
  %mu = hlo.divide %ls, %k : tensor<1024xf32>
  %mub = hlo.broadcast_in_dim %mu, dims = [0] : (tensor<1024xf32>) -> tensor<1024x768xf32>
  %d = hlo.subtract %l, %mub : tensor<1024x768xf32>
  %d2 = hlo.multiply %d, %d : tensor<1024x768xf32>
  %vs = hlo.reduce(%d2 init: %zero) applies hlo.add across dimensions = [1] : (tensor<1024x768xf32>, tensor<f32>) -> tensor<1024xf32>
  %var = hlo.divide %vs, %k : tensor<1024xf32>
  %eps = hlo.constant dense<1.0e-5> : tensor<1024xf32>
  %ve = hlo.add %var, %eps : tensor<1024xf32>
  %r = hlo.rsqrt %ve : tensor<1024xf32>
  %rb = hlo.broadcast_in_dim %r, dims = [0] : (tensor<1024xf32>) -> tensor<1024x768xf32>
  %ln = hlo.multiply %d, %rb : tensor<1024x768xf32>

  // masked softmax of attention scores
  %big = hlo.constant dense<-1.0e9> : tensor<4x8x128x128xf32>
  %mk = hlo.broadcast_in_dim %mask, dims = [2, 3] : (tensor<128x128xi1>) -> tensor<4x8x128x128xi1>
  %sc = hlo.select %mk, %s, %big : tensor<4x8x128x128xi1>, tensor<4x8x128x128xf32>
  %am = hlo.reduce(%sc init: %ninf) applies hlo.maximum across dimensions = [3] : (tensor<4x8x128x128xf32>, tensor<f32>) -> tensor<4x8x128xf32>
  %amb = hlo.broadcast_in_dim %am, dims = [0, 1, 2] : (tensor<4x8x128xf32>) -> tensor<4x8x128x128xf32>
  %as = hlo.subtract %sc, %amb : tensor<4x8x128x128xf32>
  %ae = hlo.exponential %as : tensor<4x8x128x128xf32>
  %asum = hlo.reduce(%ae init: %zero) applies hlo.add across dimensions = [3] : (tensor<4x8x128x128xf32>, tensor<f32>) -> tensor<4x8x128xf32>
  %asb = hlo.broadcast_in_dim %asum, dims = [0, 1, 2] : (tensor<4x8x128xf32>) -> tensor<4x8x128x128xf32>
  %a = hlo.divide %ae, %asb : tensor<4x8x128x128xf32>

  return %sm, %cc, %ln, %mu, %a : tensor<512x1024xf32>, tensor<2048x256xf32>, tensor<1024x768xf32>, tensor<1024xf32>, tensor<4x8x128x128xf32>
}
