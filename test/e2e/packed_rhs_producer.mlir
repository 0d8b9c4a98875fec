// A product whose rhs is computed by an elementwise producer in the same
// kernel packs the producer's values, not a copy of them: each packing copy
// (per tile and k block) computes its part of the producer
// (xla::fuseProducerIntoPacking), so the rhs is never written whole. Both
// producers here read a keepdims operand ([K, 1], [B, T, 1]), which the
// copy reads without its unit dimension. Checked through the same products
// with the scale moved to the lhs (exact for floats that hold small
// integers), and against the unvectorized loops, which pack nothing.
// RUN: xla-run %s --seed 3 --no-print --target=l1=4K,l2=16K 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 4 --no-print --target=l1=4K,l2=16K,cores=1 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 5 --no-print --target=l1=4K,l2=16K --parallel-loops=false 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 6 --no-print --vectorize=false 2>&1 | FileCheck %s
// CHECK: all 2 check(s) passed

// The kernel of the first product makes no 96x64 tensor: its tiles pack
// the split rhs argument scaled by the collapsed [96] scale.
// RUN: rm -rf %t.dump
// RUN: xla-run %s --seed 3 --no-print --target=l1=4K,l2=16K,vector-bits=512 --dump-to=%t.dump
// RUN: cat %t.dump/passes/*/func_func_output_dot_general_fusion/*xla-tile-and-vectorize.mlir | FileCheck %s --check-prefix=TILED
// TILED-LABEL: func.func private @output_dot_general_fusion(
// TILED-NOT: tensor<96x64xf32> {{.*}}tensor<96x64xf32>
// TILED-NOT: tensor.empty() : tensor<96x64xf32>
// TILED: tensor.collapse_shape {{.*}} : tensor<96x1xf32> into tensor<96xf32>
// TILED: %[[SPLIT:.*]] = tensor.expand_shape %arg1 {{.*}} : tensor<96x64xf32> into tensor<96x2x32xf32>
// TILED-NOT: tensor.empty() : tensor<96x64xf32>
// TILED: scf.forall
// TILED: vector.transfer_read %[[SPLIT]]
// TILED: arith.mulf
// TILED: vector.outerproduct
// TILED: return

func.func @main(%x: tensor<70x96xf32>, %y: tensor<96x64xf32>, %s: tensor<96x1xf32>,
                %a: tensor<2x40x50xf32>, %dy: tensor<2x40x64xf32>, %t: tensor<2x40x1xf32>) {
  %e1 = hlo.constant dense<8.0> : tensor<70x96xf32>
  %x8 = hlo.multiply %x, %e1 : tensor<70x96xf32>
  %xi = hlo.round_nearest_even %x8 : tensor<70x96xf32>
  %e2 = hlo.constant dense<8.0> : tensor<96x64xf32>
  %y8 = hlo.multiply %y, %e2 : tensor<96x64xf32>
  %yi = hlo.round_nearest_even %y8 : tensor<96x64xf32>
  %e3 = hlo.constant dense<8.0> : tensor<96x1xf32>
  %s8 = hlo.multiply %s, %e3 : tensor<96x1xf32>
  %si = hlo.round_nearest_even %s8 : tensor<96x1xf32>
  // x ((s + 1) * y), s along k: the rhs is y * s + y ...
  %sb = hlo.broadcast_in_dim %si, dims = [0, 1] : (tensor<96x1xf32>) -> tensor<96x64xf32>
  %r = hlo.multiply %yi, %sb : tensor<96x64xf32>
  %r2 = hlo.add %r, %yi : tensor<96x64xf32>
  %p1 = hlo.dot_general %xi, %r2, contracting_dims = [1] x [0] : (tensor<70x96xf32>, tensor<96x64xf32>) -> tensor<70x64xf32>
  // ... == (x (s + 1)^T) y.
  %one = hlo.constant dense<1.0> : tensor<96x1xf32>
  %s1 = hlo.add %si, %one : tensor<96x1xf32>
  %st = hlo.broadcast_in_dim %s1, dims = [1, 0] : (tensor<96x1xf32>) -> tensor<70x96xf32>
  %xs = hlo.multiply %xi, %st : tensor<70x96xf32>
  %p2 = hlo.dot_general %xs, %yi, contracting_dims = [1] x [0] : (tensor<70x96xf32>, tensor<96x64xf32>) -> tensor<70x64xf32>
  check.expect_eq %p1, %p2 : tensor<70x64xf32>

  // A weight gradient a^T (dy * (t + 1)) contracted over [batch, tokens],
  // t per token (a layernorm's scale), as a training step's is.
  %e4 = hlo.constant dense<8.0> : tensor<2x40x50xf32>
  %a8 = hlo.multiply %a, %e4 : tensor<2x40x50xf32>
  %ai = hlo.round_nearest_even %a8 : tensor<2x40x50xf32>
  %e5 = hlo.constant dense<8.0> : tensor<2x40x64xf32>
  %dy8 = hlo.multiply %dy, %e5 : tensor<2x40x64xf32>
  %dyi = hlo.round_nearest_even %dy8 : tensor<2x40x64xf32>
  %e6 = hlo.constant dense<8.0> : tensor<2x40x1xf32>
  %t8 = hlo.multiply %t, %e6 : tensor<2x40x1xf32>
  %ti = hlo.round_nearest_even %t8 : tensor<2x40x1xf32>
  %one3 = hlo.constant dense<1.0> : tensor<2x40x1xf32>
  %t1 = hlo.add %ti, %one3 : tensor<2x40x1xf32>
  %tb = hlo.broadcast_in_dim %t1, dims = [0, 1, 2] : (tensor<2x40x1xf32>) -> tensor<2x40x64xf32>
  %g = hlo.multiply %dyi, %tb : tensor<2x40x64xf32>
  %w1 = hlo.dot_general %ai, %g, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x50xf32>, tensor<2x40x64xf32>) -> tensor<50x64xf32>
  %ta = hlo.broadcast_in_dim %t1, dims = [0, 1, 2] : (tensor<2x40x1xf32>) -> tensor<2x40x50xf32>
  %as = hlo.multiply %ai, %ta : tensor<2x40x50xf32>
  %w2 = hlo.dot_general %as, %dyi, contracting_dims = [0, 1] x [0, 1] : (tensor<2x40x50xf32>, tensor<2x40x64xf32>) -> tensor<50x64xf32>
  check.expect_eq %w1, %w2 : tensor<50x64xf32>
  return
}
