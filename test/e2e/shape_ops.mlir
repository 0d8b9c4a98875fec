// Data-movement ops on seeded inputs, checked through identities that hold
// for any input (an op and its inverse, two lowerings of the same slice),
// so nothing depends on constant folding. Integer inputs lie in [-10, 10],
// which exercises the clamping of start indices on both sides.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 1 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 7 --fusion=false 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 11 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<4x6xf32>
// CHECK-NOT: error
// CHECK: exit code: 0

func.func @main(%x: tensor<4x6xf32>, %u: tensor<2x3xf32>, %i: tensor<i32>,
                %j: tensor<i32>, %k: tensor<ui8>, %v: tensor<f32>)
    -> tensor<4x6xf32> {
  // transpose, reverse and reshape undone.
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %tt = hlo.transpose %t, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
  check.expect_eq %tt, %x : tensor<4x6xf32>
  %r = hlo.reverse %x, dims = [0, 1] : tensor<4x6xf32>
  %rr = hlo.reverse %r, dims = [1, 0] : tensor<4x6xf32>
  check.expect_eq %rr, %x : tensor<4x6xf32>
  %r0 = hlo.slice %r [0:1, 5:6] : (tensor<4x6xf32>) -> tensor<1x1xf32>
  %x0 = hlo.slice %x [3:4, 0:1] : (tensor<4x6xf32>) -> tensor<1x1xf32>
  check.expect_eq %r0, %x0 : tensor<1x1xf32>
  %a = hlo.reshape %x : (tensor<4x6xf32>) -> tensor<3x8xf32>
  %b = hlo.reshape %a : (tensor<3x8xf32>) -> tensor<2x3x4xf32>
  %c = hlo.reshape %b : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  check.expect_eq %c, %x : tensor<4x6xf32>

  // concatenate of two slices is the whole.
  %top = hlo.slice %x [0:1, 0:6] : (tensor<4x6xf32>) -> tensor<1x6xf32>
  %rest = hlo.slice %x [1:4, 0:6] : (tensor<4x6xf32>) -> tensor<3x6xf32>
  %cat = hlo.concatenate %top, %rest, dim = 0 : (tensor<1x6xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  check.expect_eq %cat, %x : tensor<4x6xf32>

  // Interior padding undone by a strided slice; negative padding is a slice.
  %p = hlo.pad %x, %v, low = [1, 2], high = [0, 1], interior = [1, 2] : (tensor<4x6xf32>, tensor<f32>) -> tensor<8x19xf32>
  %ps = hlo.slice %p [1:8:2, 2:18:3] : (tensor<8x19xf32>) -> tensor<4x6xf32>
  check.expect_eq %ps, %x : tensor<4x6xf32>
  %pv = hlo.slice %p [0:1, 0:19] : (tensor<8x19xf32>) -> tensor<1x19xf32>
  %vb = hlo.broadcast_in_dim %v, dims = [] : (tensor<f32>) -> tensor<1x19xf32>
  check.expect_eq %pv, %vb : tensor<1x19xf32>
  %n = hlo.pad %x, %v, low = [-1, 0], high = [-1, -2], interior = [0, 0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x4xf32>
  %ns = hlo.slice %x [1:3, 0:4] : (tensor<4x6xf32>) -> tensor<2x4xf32>
  check.expect_eq %n, %ns : tensor<2x4xf32>

  // A size-1 dimension broadcast: every row is row 0.
  %bc = hlo.broadcast_in_dim %top, dims = [0, 1] : (tensor<1x6xf32>) -> tensor<3x6xf32>
  %bc2 = hlo.slice %bc [2:3, 0:6] : (tensor<3x6xf32>) -> tensor<1x6xf32>
  check.expect_eq %bc2, %top : tensor<1x6xf32>

  // Update then read back at the same (clamped) start.
  %w = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x6xf32>
  %back = hlo.dynamic_slice %w, %i, %j, sizes = [2, 3] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  check.expect_eq %back, %u : tensor<2x3xf32>

  // dynamic_slice and gather clamp the same way.
  %ds = hlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %i1 = hlo.reshape %i : (tensor<i32>) -> tensor<1xi32>
  %j1 = hlo.reshape %j : (tensor<i32>) -> tensor<1xi32>
  %ij = hlo.concatenate %i1, %j1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %g = "hlo.gather"(%x, %ij) {
    dimension_numbers = #hlo.gather<offset_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 0>,
    slice_sizes = array<i64: 2, 3>
  } : (tensor<4x6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  check.expect_eq %g, %ds : tensor<2x3xf32>

  // Unsigned start indices: ui8 in [0, 10], clamped to [0, 2] and [0, 3].
  %dk = hlo.dynamic_slice %x, %k, %k, sizes = [2, 3] : (tensor<4x6xf32>, tensor<ui8>, tensor<ui8>) -> tensor<2x3xf32>
  %k32 = hlo.convert %k : (tensor<ui8>) -> tensor<i32>
  %dk2 = hlo.dynamic_slice %x, %k32, %k32, sizes = [2, 3] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  check.expect_eq %dk, %dk2 : tensor<2x3xf32>

  // iota does not depend on the inputs.
  %io = hlo.iota dim = 1 : tensor<2x3xui32>
  check.expect_eq_const %io, dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xui32>
  return %w : tensor<4x6xf32>
}
