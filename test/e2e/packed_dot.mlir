// Contractions whose rhs is packed into panels (lib/Transforms/
// PackContraction.cpp) and tiled for the caches before the registers. A
// small L1 and L2 in the target make these small products take that path
// (the rhs outgrows half of L2), with sizes that leave columns short of a
// panel, k blocks short of a block, and n blocks or rows shared by the
// cores. Checked through associativity, exact for wrapping integers and
// for floats that hold small integers, and against the unvectorized loops.
// RUN: xla-run %s --seed 3 --no-print --target=l1=4K,l2=16K 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 4 --no-print --target=l1=4K,l2=16K,cores=1 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 5 --no-print --target=l1=4K,l2=16K --parallel-loops=false 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 6 --no-print --target=l1=4K,l2=16K --vectorize=false 2>&1 | FileCheck %s
// CHECK: all 5 check(s) passed

// The packing did happen: panels of two 16-lane vectors (1 + 2 panels of
// 32 columns, the rest unpacked), a transposed copy, cache tiles; where
// the cores share the panels, each packs its own (pack_per_tile).
// RUN: rm -rf %t.dump
// RUN: xla-run %s --seed 3 --no-print --target=l1=4K,l2=16K,vector-bits=512 --dump-to=%t.dump
// RUN: cat %t.dump/passes/*/*/*xla-plan-tiling.mlir | FileCheck %s --check-prefix=PLAN
// PLAN: cache_tile_sizes = array<i64: 0, 1, 24, 0>
// PLAN-SAME: pack_per_tile = true
// PLAN-SAME: pack_rhs = 32

func.func @main(%a: tensor<70x90xi32>, %b: tensor<90x75xi32>, %c: tensor<75x40xi32>,
                %x: tensor<2x40x50xf32>, %y: tensor<2x50x70xf32>, %z: tensor<2x70x36xf32>,
                %w: tensor<75x90xf32>) {
  // (a b) c == a (b c): a b packs its 90x75 rhs (2 panels + 11 columns),
  // (a b) c its 75x40 one (1 panel + 8: the cores share the rows).
  %ab = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<70x90xi32>, tensor<90x75xi32>) -> tensor<70x75xi32>
  %ab_c = hlo.dot_general %ab, %c, contracting_dims = [1] x [0] : (tensor<70x75xi32>, tensor<75x40xi32>) -> tensor<70x40xi32>
  %bc = hlo.dot_general %b, %c, contracting_dims = [1] x [0] : (tensor<90x75xi32>, tensor<75x40xi32>) -> tensor<90x40xi32>
  %a_bc = hlo.dot_general %a, %bc, contracting_dims = [1] x [0] : (tensor<70x90xi32>, tensor<90x40xi32>) -> tensor<70x40xi32>
  check.expect_eq %ab_c, %a_bc : tensor<70x40xi32>

  // Integers in [-8, 8] as f32: every product and sum is exact.
  %e1 = hlo.constant dense<8.0> : tensor<2x40x50xf32>
  %x8 = hlo.multiply %x, %e1 : tensor<2x40x50xf32>
  %xi = hlo.round_nearest_even %x8 : tensor<2x40x50xf32>
  %e2 = hlo.constant dense<8.0> : tensor<2x50x70xf32>
  %y8 = hlo.multiply %y, %e2 : tensor<2x50x70xf32>
  %yi = hlo.round_nearest_even %y8 : tensor<2x50x70xf32>
  %e3 = hlo.constant dense<8.0> : tensor<2x70x36xf32>
  %z8 = hlo.multiply %z, %e3 : tensor<2x70x36xf32>
  %zi = hlo.round_nearest_even %z8 : tensor<2x70x36xf32>
  // Batched: each batch's 50x70 rhs is packed on its own.
  %xy = hlo.dot_general %xi, %yi, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x40x50xf32>, tensor<2x50x70xf32>) -> tensor<2x40x70xf32>
  %xy_z = hlo.dot_general %xy, %zi, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x40x70xf32>, tensor<2x70x36xf32>) -> tensor<2x40x36xf32>
  %yz = hlo.dot_general %yi, %zi, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x50x70xf32>, tensor<2x70x36xf32>) -> tensor<2x50x36xf32>
  %x_yz = hlo.dot_general %xi, %yz, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x40x50xf32>, tensor<2x50x36xf32>) -> tensor<2x40x36xf32>
  check.expect_eq %xy_z, %x_yz : tensor<2x40x36xf32>

  // A transposed rhs (x W^T) packs from its rows: the same product as
  // with W transposed first.
  %e4 = hlo.constant dense<8.0> : tensor<75x90xf32>
  %w8 = hlo.multiply %w, %e4 : tensor<75x90xf32>
  %wi = hlo.round_nearest_even %w8 : tensor<75x90xf32>
  %af = hlo.convert %a : (tensor<70x90xi32>) -> tensor<70x90xf32>
  %awt = hlo.dot_general %af, %wi, contracting_dims = [1] x [1] : (tensor<70x90xf32>, tensor<75x90xf32>) -> tensor<70x75xf32>
  %wt = hlo.transpose %wi, dims = [1, 0] : (tensor<75x90xf32>) -> tensor<90x75xf32>
  %wt_copy = hlo.add %wt, %wt : tensor<90x75xf32>
  %two = hlo.constant dense<2.0> : tensor<70x75xf32>
  %aw2 = hlo.dot_general %af, %wt_copy, contracting_dims = [1] x [0] : (tensor<70x90xf32>, tensor<90x75xf32>) -> tensor<70x75xf32>
  %awt2 = hlo.multiply %awt, %two : tensor<70x75xf32>
  check.expect_eq %awt2, %aw2 : tensor<70x75xf32>

  // Rows summed through the packed product with a column of ones equal
  // the row sums.
  %ones = hlo.constant dense<1> : tensor<75x40xi32>
  %abo = hlo.dot_general %ab, %ones, contracting_dims = [1] x [0] : (tensor<70x75xi32>, tensor<75x40xi32>) -> tensor<70x40xi32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %sums = hlo.reduce(%ab init: %zero) applies hlo.add across dimensions = [1] : (tensor<70x75xi32>, tensor<i32>) -> tensor<70xi32>
  %sums2 = hlo.broadcast_in_dim %sums, dims = [0] : (tensor<70xi32>) -> tensor<70x40xi32>
  check.expect_eq %abo, %sums2 : tensor<70x40xi32>

  // The integer product against the same product in f32 (exact: inputs
  // are small integers, |sums| < 2^24).
  %bf = hlo.convert %b : (tensor<90x75xi32>) -> tensor<90x75xf32>
  %abf = hlo.dot_general %af, %bf, contracting_dims = [1] x [0] : (tensor<70x90xf32>, tensor<90x75xf32>) -> tensor<70x75xf32>
  %abi = hlo.convert %ab : (tensor<70x75xi32>) -> tensor<70x75xf32>
  check.expect_eq %abf, %abi : tensor<70x75xf32>
  return
}
