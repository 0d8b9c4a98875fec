// The ABI boundary: after the HLO optimization stage the program still has
// only hlo, func and check ops. Check ops and custom calls stay ops through
// the stage (with their side effects: nothing erases or merges them) and
// become runtime calls when the program is lowered to linalg.
// RUN: xla-opt %s --hlo-optimization-pipeline | FileCheck %s
// RUN: xla-opt %s --hlo-to-linalg-pipeline | FileCheck %s --check-prefix=LOWERED

// CHECK-NOT: memref
// CHECK-NOT: bufferization
// CHECK-NOT: llvm.
// CHECK-NOT: xla_rt_
// CHECK-LABEL: func.func @main
// The constant subgraph checked here is folded, the check is kept.
// CHECK: %[[C:.*]] = hlo.constant dense<[0, 2, 4, 6]> : tensor<4xi32>
// CHECK: check.expect_eq_const %[[C]], dense<[0, 2, 4, 6]> : tensor<4xi32>
// The two side-effecting calls stay two; the pure ones become one.
// CHECK-COUNT-2: hlo.custom_call @xla_test.log(
// CHECK: hlo.custom_call @xla_test.scale(
// CHECK-NOT: hlo.custom_call
// CHECK: check.expect_almost_eq
// CHECK: check.expect_almost_eq
// CHECK: return
// CHECK-NOT: memref
// CHECK-NOT: bufferization
// CHECK-NOT: llvm.

// LOWERED-NOT: check.
// LOWERED-NOT: hlo.custom_call
// LOWERED: call @xla_rt_check_i32(
// LOWERED-COUNT-3: call @xla_rt_custom_call(
// LOWERED-NOT: call @xla_rt_custom_call(
// LOWERED: call @xla_rt_check_f32(
// LOWERED: call @xla_rt_check_f32(
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %i = hlo.iota dim = 0 : tensor<4xi32>
  %two = hlo.constant dense<2> : tensor<4xi32>
  %m = hlo.multiply %i, %two : tensor<4xi32>
  check.expect_eq_const %m, dense<[0, 2, 4, 6]> : tensor<4xi32>
  %0 = hlo.custom_call @xla_test.log(%x) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = hlo.custom_call @xla_test.log(%x) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = hlo.custom_call @xla_test.scale(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = hlo.custom_call @xla_test.scale(%x) : (tensor<4xf32>) -> tensor<4xf32>
  check.expect_almost_eq %0, %1 : tensor<4xf32>
  check.expect_almost_eq %2, %3 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
