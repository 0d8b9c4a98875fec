// Contractions on generated inputs, checked through algebraic identities
// that hold exactly: integer (wrapping) and boolean products are
// associative, and scaling a float operand by 2 scales every partial sum
// exactly.
// RUN: xla-run %s --seed 1 --no-print
// RUN: xla-run %s --seed 2 --no-print --fusion=false

func.func @main(%a: tensor<4x6xi32>, %b: tensor<6x5xi32>, %c: tensor<5x3xi32>,
                %p: tensor<4x6xi1>, %q: tensor<6x5xi1>, %r: tensor<5x3xi1>,
                %u: tensor<3x2x4xi32>, %v: tensor<2x4x5xi32>, %w: tensor<5x2x3xi32>,
                %x: tensor<3x4xf32>, %y: tensor<4x2xf32>) {
  // linalg.matmul: (a b) c == a (b c).
  %ab = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x6xi32>, tensor<6x5xi32>) -> tensor<4x5xi32>
  %ab_c = hlo.dot_general %ab, %c, contracting_dims = [1] x [0] : (tensor<4x5xi32>, tensor<5x3xi32>) -> tensor<4x3xi32>
  %bc = hlo.dot_general %b, %c, contracting_dims = [1] x [0] : (tensor<6x5xi32>, tensor<5x3xi32>) -> tensor<6x3xi32>
  %a_bc = hlo.dot_general %a, %bc, contracting_dims = [1] x [0] : (tensor<4x6xi32>, tensor<6x3xi32>) -> tensor<4x3xi32>
  check.expect_eq %ab_c, %a_bc : tensor<4x3xi32>
  // Transposed layouts (matmul with indexing maps): (a b)^T then
  // contracting its first dimension gives (a b) c again.
  %ab_t = hlo.dot_general %b, %a, contracting_dims = [0] x [1] : (tensor<6x5xi32>, tensor<4x6xi32>) -> tensor<5x4xi32>
  %ab_t_c = hlo.dot_general %ab_t, %c, contracting_dims = [0] x [0] : (tensor<5x4xi32>, tensor<5x3xi32>) -> tensor<4x3xi32>
  check.expect_eq %ab_t_c, %ab_c : tensor<4x3xi32>
  // i1 (generic, or of ands): (p q) r == p (q r).
  %pq = hlo.dot %p, %q : (tensor<4x6xi1>, tensor<6x5xi1>) -> tensor<4x5xi1>
  %pq_r = hlo.dot %pq, %r : (tensor<4x5xi1>, tensor<5x3xi1>) -> tensor<4x3xi1>
  %qr = hlo.dot %q, %r : (tensor<6x5xi1>, tensor<5x3xi1>) -> tensor<6x3xi1>
  %p_qr = hlo.dot %p, %qr : (tensor<4x6xi1>, tensor<6x3xi1>) -> tensor<4x3xi1>
  check.expect_eq %pq_r, %p_qr : tensor<4x3xi1>
  // Batch dimensions not in front (generic): batched associativity.
  %uv = hlo.dot_general %u, %v, batching_dims = [1] x [0], contracting_dims = [2] x [1] : (tensor<3x2x4xi32>, tensor<2x4x5xi32>) -> tensor<2x3x5xi32>
  %uv_w = hlo.dot_general %uv, %w, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<2x3x5xi32>, tensor<5x2x3xi32>) -> tensor<2x3x3xi32>
  %vw = hlo.dot_general %v, %w, batching_dims = [0] x [1], contracting_dims = [2] x [0] : (tensor<2x4x5xi32>, tensor<5x2x3xi32>) -> tensor<2x4x3xi32>
  %u_vw = hlo.dot_general %u, %vw, batching_dims = [1] x [0], contracting_dims = [2] x [1] : (tensor<3x2x4xi32>, tensor<2x4x3xi32>) -> tensor<2x3x3xi32>
  check.expect_eq %uv_w, %u_vw : tensor<2x3x3xi32>
  // Floats: (2 x) y == 2 (x y), bit for bit.
  %two = hlo.constant dense<2.0> : tensor<3x4xf32>
  %x2 = hlo.multiply %x, %two : tensor<3x4xf32>
  %x2y = hlo.dot_general %x2, %y, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %xy = hlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %xy2 = hlo.add %xy, %xy : tensor<3x2xf32>
  check.expect_eq %x2y, %xy2 : tensor<3x2xf32>
  // Mixed types: i8 x i8 -> i32 extends before multiplying.
  %i8a = hlo.constant dense<[[100, -100], [127, -128]]> : tensor<2x2xi8>
  %i8b = hlo.constant dense<[[100, 1], [100, -1]]> : tensor<2x2xi8>
  %i32 = hlo.dot_general %i8a, %i8b, contracting_dims = [1] x [0] : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi32>
  check.expect_eq_const %i32, dense<[[0, 200], [-100, 255]]> : tensor<2x2xi32>
  // Unsigned: 255 * 255 + 255 * 255 in ui32.
  %u8 = hlo.constant dense<255> : tensor<1x2xui8>
  %u8t = hlo.constant dense<255> : tensor<2x1xui8>
  %u32 = hlo.dot_general %u8, %u8t, contracting_dims = [1] x [0] : (tensor<1x2xui8>, tensor<2x1xui8>) -> tensor<1x1xui32>
  check.expect_eq_const %u32, dense<130050> : tensor<1x1xui32>
  return
}
