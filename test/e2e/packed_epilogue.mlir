// Epilogues of packed contractions computed in their register tiles
// (`fuse_epilogue`, lib/Transforms/TileAndVectorize.cpp): a dense layer
// whose rows leave a partial row tile (bias and tanh), a weight gradient
// with an Adam-like update of three results written over its inputs (the
// lhs read through a copy with k last), and a product batched over the
// cores (bias per batch). Small caches in the target make these small
// products take the packed path. Fused results equal those of one kernel
// per op, in every configuration of cores and vectorization. A select on
// a mask of i1 per row keeps its own loop nest: the register tile is
// vectorized whole, rows included, and a vector of i1 would be loaded as
// packed bits.
// RUN: xla-run %s --seed 1 --compare-unfused --runs 2 --target=l1=4K,l2=16K | FileCheck %s
// RUN: xla-run %s --seed 2 --compare-unfused --runs 2 --target=l1=4K,l2=16K,cores=1 | FileCheck %s
// RUN: xla-run %s --seed 3 --compare-unfused --runs 2 --target=l1=4K,l2=16K --parallel-loops=false | FileCheck %s
// RUN: xla-run %s --seed 4 --compare-unfused --runs 2 --target=l1=4K,l2=16K --donate | FileCheck %s
// CHECK: fused and unfused agree on all 6 output(s)

// All three take their epilogues, and no kernel allocates a product (in
// its panels, [rows, panels, 32]): the kernels write only their results,
// into the out-params.
// RUN: rm -rf %t.dump
// RUN: xla-run %s --seed 1 --no-print --target=l1=4K,l2=16K --dump-to=%t.dump
// RUN: cat %t.dump/passes/*/*/*xla-plan-tiling.mlir | FileCheck %s --check-prefix=PLAN
// PLAN-COUNT-3: fuse_epilogue = true
// RUN: cat %t.dump/passes/*/*_scf-forall-to-*.mlir | not grep -E 'memref.alloc.*memref<(70x4x32|128x4x32|4x40x2x32)xf32>'
func.func @main(%x: tensor<70x24xf32>, %w: tensor<24x128xf32>, %b: tensor<128xf32>,
                %a: tensor<24x128xf32>, %g: tensor<24x128xf32>, %m: tensor<128x128xf32>, %v: tensor<128x128xf32>, %p: tensor<128x128xf32>,
                %q: tensor<4x40x24xf32>, %k: tensor<4x24x64xf32>, %qb: tensor<4x64xf32>,
                %x2: tensor<64x24xf32>, %rows: tensor<64xi1>)
    -> (tensor<70x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>, tensor<4x40x64xf32>, tensor<64x128xf32>) {
  // Dense layer: 70 rows are 8 whole row tiles and 6 rows.
  %xw = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<70x24xf32>, tensor<24x128xf32>) -> tensor<70x128xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<70x128xf32>
  %h = hlo.add %xw, %bb : tensor<70x128xf32>
  %y = hlo.tanh %h : tensor<70x128xf32>
  // Weight gradient a^T g and its update: m' = 0.9 m + 0.1 d,
  // v' = 0.99 v + 0.01 d^2, p' = p - 0.01 m' / (sqrt(v') + 1e-6).
  %d = hlo.dot_general %a, %g, contracting_dims = [0] x [0] : (tensor<24x128xf32>, tensor<24x128xf32>) -> tensor<128x128xf32>
  %c09 = hlo.constant dense<0.9> : tensor<128x128xf32>
  %c01 = hlo.constant dense<0.1> : tensor<128x128xf32>
  %c099 = hlo.constant dense<0.99> : tensor<128x128xf32>
  %c001 = hlo.constant dense<0.01> : tensor<128x128xf32>
  %eps = hlo.constant dense<1.0e-6> : tensor<128x128xf32>
  %m0 = hlo.multiply %c09, %m : tensor<128x128xf32>
  %m1 = hlo.multiply %c01, %d : tensor<128x128xf32>
  %mn = hlo.add %m0, %m1 : tensor<128x128xf32>
  %v0 = hlo.multiply %c099, %v : tensor<128x128xf32>
  %d2 = hlo.multiply %d, %d : tensor<128x128xf32>
  %v1 = hlo.multiply %c001, %d2 : tensor<128x128xf32>
  %vn = hlo.add %v0, %v1 : tensor<128x128xf32>
  %sv = hlo.sqrt %vn : tensor<128x128xf32>
  %den = hlo.add %sv, %eps : tensor<128x128xf32>
  %st = hlo.divide %mn, %den : tensor<128x128xf32>
  %st1 = hlo.multiply %c001, %st : tensor<128x128xf32>
  %pn = hlo.subtract %p, %st1 : tensor<128x128xf32>
  // Batched over the cores, a bias per batch.
  %qk = hlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x40x24xf32>, tensor<4x24x64xf32>) -> tensor<4x40x64xf32>
  %qbb = hlo.broadcast_in_dim %qb, dims = [0, 2] : (tensor<4x64xf32>) -> tensor<4x40x64xf32>
  %qo = hlo.add %qk, %qbb : tensor<4x40x64xf32>
  // A row mask on a product.
  %xw2 = hlo.dot_general %x2, %w, contracting_dims = [1] x [0] : (tensor<64x24xf32>, tensor<24x128xf32>) -> tensor<64x128xf32>
  %mrows = hlo.broadcast_in_dim %rows, dims = [0] : (tensor<64xi1>) -> tensor<64x128xi1>
  %b2 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
  %masked = hlo.select %mrows, %xw2, %b2 : tensor<64x128xi1>, tensor<64x128xf32>
  return %y, %mn, %vn, %pn, %qo, %masked : tensor<70x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>, tensor<128x128xf32>, tensor<4x40x64xf32>, tensor<64x128xf32>
}
