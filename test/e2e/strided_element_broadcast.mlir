// One element of a row slice, collapsed to a strided view of one element,
// broadcast along a row: its vector read becomes a 0-D read of a strided
// memref, which failed to translate to LLVM IR before
// xla-lower-scalar-transfers ("LLVM Translation failed for operation:
// builtin.unrealized_conversion_cast"; found through a conformance program
// of random_gamma). Checked against the same element read through a
// contiguous slice.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 1 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 3 --fusion=false 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<1x3xi32>
// CHECK: output 1: tensor<1x1xi32>
// CHECK-NOT: error
// CHECK: exit code: 0

func.func @main(%x: tensor<2xi32>, %y: tensor<3xi32>)
    -> (tensor<1x3xi32>, tensor<1x1xi32>) {
  %r = hlo.reshape %x : (tensor<2xi32>) -> tensor<1x2xi32>
  %s = hlo.slice %r [0:1, 1:2] : (tensor<1x2xi32>) -> tensor<1x1xi32>
  %e = hlo.reshape %s : (tensor<1x1xi32>) -> tensor<1xi32>
  %b = hlo.broadcast_in_dim %e, dims = [0] : (tensor<1xi32>) -> tensor<1x3xi32>
  %yb = hlo.broadcast_in_dim %y, dims = [1] : (tensor<3xi32>) -> tensor<1x3xi32>
  %sum = hlo.add %yb, %b : tensor<1x3xi32>
  %one = hlo.broadcast_in_dim %e, dims = [0] : (tensor<1xi32>) -> tensor<1x1xi32>

  %x1 = hlo.slice %x [1:2] : (tensor<2xi32>) -> tensor<1xi32>
  %scalar = hlo.reshape %x1 : (tensor<1xi32>) -> tensor<i32>
  %b2 = hlo.broadcast_in_dim %scalar, dims = [] : (tensor<i32>) -> tensor<1x3xi32>
  %sum2 = hlo.add %yb, %b2 : tensor<1x3xi32>
  check.expect_eq %sum, %sum2 : tensor<1x3xi32>
  %one2 = hlo.reshape %x1 : (tensor<1xi32>) -> tensor<1x1xi32>
  check.expect_eq %one, %one2 : tensor<1x1xi32>
  return %sum, %one : tensor<1x3xi32>, tensor<1x1xi32>
}
