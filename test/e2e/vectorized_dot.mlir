// Contractions big enough to be tiled into vector registers, with sizes
// that leave remainder tiles in every tiled dimension (vector width 16 and
// 8 accumulator rows at 512 bits; 8 lanes at 256 bits), checked through
// associativity, which is exact for wrapping integers and for floats that
// hold small integers.
// RUN: xla-run %s --seed 3 --no-print 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 4 --no-print --vectorize=false 2>&1 | FileCheck %s
// RUN: xla-run %s --seed 5 --no-print --parallel-loops=false 2>&1 | FileCheck %s
// The 70x50x90 products are large enough to have their tiles distributed
// over threads (90 = 5 tiles of 16 in an scf.forall + a remainder of 10).
// CHECK: all 5 check(s) passed

func.func @main(%a: tensor<19x23xi32>, %b: tensor<23x37xi32>, %c: tensor<37x21xi32>,
                %x: tensor<2x19x23xf32>, %y: tensor<23x37xf32>, %z: tensor<37x2x21xf32>,
                %p: tensor<70x50xi32>, %q: tensor<50x90xi32>, %r: tensor<90x40xi32>) {
  %pq = hlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<70x50xi32>, tensor<50x90xi32>) -> tensor<70x90xi32>
  %pq_r = hlo.dot_general %pq, %r, contracting_dims = [1] x [0] : (tensor<70x90xi32>, tensor<90x40xi32>) -> tensor<70x40xi32>
  %qr = hlo.dot_general %q, %r, contracting_dims = [1] x [0] : (tensor<50x90xi32>, tensor<90x40xi32>) -> tensor<50x40xi32>
  %p_qr = hlo.dot_general %p, %qr, contracting_dims = [1] x [0] : (tensor<70x50xi32>, tensor<50x40xi32>) -> tensor<70x40xi32>
  check.expect_eq %pq_r, %p_qr : tensor<70x40xi32>
  // Row-major operands: (a b) c == a (b c).
  %ab = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<19x23xi32>, tensor<23x37xi32>) -> tensor<19x37xi32>
  %ab_c = hlo.dot_general %ab, %c, contracting_dims = [1] x [0] : (tensor<19x37xi32>, tensor<37x21xi32>) -> tensor<19x21xi32>
  %bc = hlo.dot_general %b, %c, contracting_dims = [1] x [0] : (tensor<23x37xi32>, tensor<37x21xi32>) -> tensor<23x21xi32>
  %a_bc = hlo.dot_general %a, %bc, contracting_dims = [1] x [0] : (tensor<19x23xi32>, tensor<23x21xi32>) -> tensor<19x21xi32>
  check.expect_eq %ab_c, %a_bc : tensor<19x21xi32>
  // Transposed operands: (c^T b^T) a^T == ((a b) c)^T.
  %ct_bt = hlo.dot_general %c, %b, contracting_dims = [0] x [1] : (tensor<37x21xi32>, tensor<23x37xi32>) -> tensor<21x23xi32>
  %t = hlo.dot_general %ct_bt, %a, contracting_dims = [1] x [1] : (tensor<21x23xi32>, tensor<19x23xi32>) -> tensor<21x19xi32>
  %ab_c_t = hlo.transpose %ab_c, dims = [1, 0] : (tensor<19x21xi32>) -> tensor<21x19xi32>
  check.expect_eq %t, %ab_c_t : tensor<21x19xi32>
  // Integers in [-8, 8] as f32: every product and sum is exact.
  %eight = hlo.constant dense<8.0> : tensor<2x19x23xf32>
  %x8 = hlo.multiply %x, %eight : tensor<2x19x23xf32>
  %xi = hlo.round_nearest_even %x8 : tensor<2x19x23xf32>
  %eight2 = hlo.constant dense<8.0> : tensor<23x37xf32>
  %y8 = hlo.multiply %y, %eight2 : tensor<23x37xf32>
  %yi = hlo.round_nearest_even %y8 : tensor<23x37xf32>
  %eight3 = hlo.constant dense<8.0> : tensor<37x2x21xf32>
  %z8 = hlo.multiply %z, %eight3 : tensor<37x2x21xf32>
  %zi = hlo.round_nearest_even %z8 : tensor<37x2x21xf32>
  %xy = hlo.dot_general %xi, %yi, contracting_dims = [2] x [0] : (tensor<2x19x23xf32>, tensor<23x37xf32>) -> tensor<2x19x37xf32>
  // Batch dimension not in front on the right.
  %xy_z = hlo.dot_general %xy, %zi, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<2x19x37xf32>, tensor<37x2x21xf32>) -> tensor<2x19x21xf32>
  %yz = hlo.dot_general %yi, %zi, contracting_dims = [1] x [0] : (tensor<23x37xf32>, tensor<37x2x21xf32>) -> tensor<23x2x21xf32>
  %x_yz = hlo.dot_general %xi, %yz, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<2x19x23xf32>, tensor<23x2x21xf32>) -> tensor<2x19x21xf32>
  check.expect_eq %xy_z, %x_yz : tensor<2x19x21xf32>
  // A row reduction over a vectorized product matches the same sum taken
  // through a dot with a vector of ones.
  %ones = hlo.constant dense<1.0> : tensor<21xf32>
  %rows = hlo.dot_general %xy_z, %ones, contracting_dims = [2] x [0] : (tensor<2x19x21xf32>, tensor<21xf32>) -> tensor<2x19xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sums = hlo.reduce(%xy_z init: %zero) applies hlo.add across dimensions = [2] : (tensor<2x19x21xf32>, tensor<f32>) -> tensor<2x19xf32>
  check.expect_eq %rows, %sums : tensor<2x19xf32>
  return
}
