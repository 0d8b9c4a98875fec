// A kernel may write its result over an argument (xla.in_place) only if
// no read of the argument comes after a write of the result, and fusion
// moves reads: attention's P V followed by a transpose back into V's
// layout reads all of V's rows (the tokens it sums over) in every block of
// rows that block fusion gives the transpose, so writing the result over V
// (a temporary that dies there, xla-reuse-operand-buffers) overwrote rows
// later blocks still read (flax's MultiHeadDotProductAttention backward
// pass). xla-mark-in-place-results no longer pairs them. Checked through
// associativity, exact for floats that hold small integers.
// RUN: xla-run %s --seed 3 --no-print 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 4 --no-print --target=cores=1 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 5 --no-print --target=vector-bits=256 2>&1 | FileCheck %s
// CHECK: all 1 check(s) passed
func.func @main(%p: tensor<4x8x128x128xf32>, %x: tensor<4x128x8x32xf32>, %w: tensor<32x32xf32>) {
  %e1 = hlo.constant dense<4.0> : tensor<4x8x128x128xf32>
  %p4 = hlo.multiply %p, %e1 : tensor<4x8x128x128xf32>
  %pi = hlo.round_nearest_even %p4 : tensor<4x8x128x128xf32>
  %e2 = hlo.constant dense<4.0> : tensor<4x128x8x32xf32>
  %x4 = hlo.multiply %x, %e2 : tensor<4x128x8x32xf32>
  %xi = hlo.round_nearest_even %x4 : tensor<4x128x8x32xf32>
  %e3 = hlo.constant dense<4.0> : tensor<32x32xf32>
  %w4 = hlo.multiply %w, %e3 : tensor<32x32xf32>
  %wi = hlo.round_nearest_even %w4 : tensor<32x32xf32>
  // v = x w, a temporary that dies at the next product.
  %v = hlo.dot_general %xi, %wi, contracting_dims = [3] x [0] : (tensor<4x128x8x32xf32>, tensor<32x32xf32>) -> tensor<4x128x8x32xf32>
  // Attention's P V, written back in V's layout.
  %pv = hlo.dot_general %pi, %v, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1] : (tensor<4x8x128x128xf32>, tensor<4x128x8x32xf32>) -> tensor<4x8x128x32xf32>
  %r = hlo.transpose %pv, dims = [0, 2, 1, 3] : (tensor<4x8x128x32xf32>) -> tensor<4x128x8x32xf32>
  // (P x) w, the same values.
  %px = hlo.dot_general %pi, %xi, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1] : (tensor<4x8x128x128xf32>, tensor<4x128x8x32xf32>) -> tensor<4x8x128x32xf32>
  %pxw = hlo.dot_general %px, %wi, contracting_dims = [3] x [0] : (tensor<4x8x128x32xf32>, tensor<32x32xf32>) -> tensor<4x8x128x32xf32>
  %r2 = hlo.transpose %pxw, dims = [0, 2, 1, 3] : (tensor<4x8x128x32xf32>) -> tensor<4x128x8x32xf32>
  check.expect_eq %r, %r2 : tensor<4x128x8x32xf32>
  return
}
