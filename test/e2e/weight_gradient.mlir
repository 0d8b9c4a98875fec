// Weight gradients x^T dy, contracted over [batch, tokens] with the lhs
// [batch, tokens, features] (lib/Transforms/PlanTiling.cpp,
// decideLhsRelayout): a small L1 in the target makes the lhs strip of a
// row tile (a cache line per token, 4 KiB apart) too large for it, so the
// products read an m-major copy of the lhs and pack their rhs, with k
// blocks that span the tokens of one batch. Checked through associativity
// (exact for wrapping integers and for floats that hold small integers),
// and against the unvectorized loops, which copy nothing.
// RUN: xla-run %s --seed 3 --no-print --target=l1=4K,l2=64K 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 4 --no-print --target=l1=4K,l2=64K,cores=1 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 5 --no-print --target=l1=4K,l2=64K --parallel-loops=false 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 6 --no-print --vectorize=false 2>&1 | FileCheck %s
// CHECK: all 4 check(s) passed

// The copies were planned, and the k blocks of the packed products split
// the batch loop.
// RUN: rm -rf %t.dump
// RUN: xla-run %s --seed 3 --no-print --target=l1=4K,l2=64K,vector-bits=512 --dump-to=%t.dump
// RUN: cat %t.dump/passes/*/*/*xla-plan-tiling.mlir | FileCheck %s --check-prefix=PLAN
// PLAN: cache_tile_sizes = array<i64: 0, {{[0-9]+}}, 1, {{[0-9]+}}, 0>
// PLAN-SAME: pack_rhs = 32
// PLAN-SAME: relayout_lhs = {distribute = true, peel = true, tile_sizes = array<i64: 16, 1, 16>, vectorize = true}

func.func @main(%x: tensor<2x40x1024xi32>, %dy: tensor<2x40x300xi32>, %c: tensor<300x30xi32>,
                %xf: tensor<2x40x1024xf32>, %dyf: tensor<2x40x300xf32>) {
  // (x^T dy) c == x^T (dy c).
  %g = hlo.dot_general %x, %dy, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x1024xi32>, tensor<2x40x300xi32>) -> tensor<1024x300xi32>
  %g_c = hlo.dot_general %g, %c, contracting_dims = [1] x [0] : (tensor<1024x300xi32>, tensor<300x30xi32>) -> tensor<1024x30xi32>
  %dyc = hlo.dot_general %dy, %c, contracting_dims = [2] x [0] : (tensor<2x40x300xi32>, tensor<300x30xi32>) -> tensor<2x40x30xi32>
  %x_dyc = hlo.dot_general %x, %dyc, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x1024xi32>, tensor<2x40x30xi32>) -> tensor<1024x30xi32>
  check.expect_eq %g_c, %x_dyc : tensor<1024x30xi32>

  // Integers in [-8, 8] as f32: every product and sum is exact. The
  // gradient as JAX writes it, (x^T dy)^T, equals dy^T x, whose lhs is
  // copied too.
  %e1 = hlo.constant dense<8.0> : tensor<2x40x1024xf32>
  %x8 = hlo.multiply %xf, %e1 : tensor<2x40x1024xf32>
  %xi = hlo.round_nearest_even %x8 : tensor<2x40x1024xf32>
  %e2 = hlo.constant dense<8.0> : tensor<2x40x300xf32>
  %dy8 = hlo.multiply %dyf, %e2 : tensor<2x40x300xf32>
  %dyi = hlo.round_nearest_even %dy8 : tensor<2x40x300xf32>
  %gf = hlo.dot_general %xi, %dyi, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x1024xf32>, tensor<2x40x300xf32>) -> tensor<1024x300xf32>
  %gt = hlo.transpose %gf, dims = [1, 0] : (tensor<1024x300xf32>) -> tensor<300x1024xf32>
  %gt2 = hlo.dot_general %dyi, %xi, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x300xf32>, tensor<2x40x1024xf32>) -> tensor<300x1024xf32>
  check.expect_eq %gt, %gt2 : tensor<300x1024xf32>

  // An lhs computed by an elementwise op that only the product reads: the
  // lhs copy computes it (f(x) is written once, transposed), against the
  // product of x scaled after the sum.
  %e5 = hlo.constant dense<3.0> : tensor<2x40x1024xf32>
  %x3 = hlo.multiply %xi, %e5 : tensor<2x40x1024xf32>
  %g3 = hlo.dot_general %x3, %dyi, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x1024xf32>, tensor<2x40x300xf32>) -> tensor<1024x300xf32>
  %e6 = hlo.constant dense<3.0> : tensor<1024x300xf32>
  %gf3 = hlo.multiply %gf, %e6 : tensor<1024x300xf32>
  check.expect_eq %g3, %gf3 : tensor<1024x300xf32>

  // Against the integer product converted (|sums| < 2^24).
  %e3 = hlo.constant dense<7> : tensor<2x40x1024xi32>
  %xs = hlo.and %x, %e3 : tensor<2x40x1024xi32>
  %e4 = hlo.constant dense<7> : tensor<2x40x300xi32>
  %dys = hlo.and %dy, %e4 : tensor<2x40x300xi32>
  %gs = hlo.dot_general %xs, %dys, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x1024xi32>, tensor<2x40x300xi32>) -> tensor<1024x300xi32>
  %xsf = hlo.convert %xs : (tensor<2x40x1024xi32>) -> tensor<2x40x1024xf32>
  %dysf = hlo.convert %dys : (tensor<2x40x300xi32>) -> tensor<2x40x300xf32>
  %gsf = hlo.dot_general %xsf, %dysf, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x1024xf32>, tensor<2x40x300xf32>) -> tensor<1024x300xf32>
  %gsi = hlo.convert %gs : (tensor<1024x300xi32>) -> tensor<1024x300xf32>
  check.expect_eq %gsf, %gsi : tensor<1024x300xf32>
  return
}
