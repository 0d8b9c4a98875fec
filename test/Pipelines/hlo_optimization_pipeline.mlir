// The HLO optimization stage as a whole, and each option turning its part off.
// RUN: xla-opt %s --hlo-optimization-pipeline | FileCheck %s
// RUN: xla-opt %s --hlo-optimization-pipeline=inline=false | FileCheck %s --check-prefix=NOINLINE
// RUN: xla-opt %s --hlo-optimization-pipeline=hlo-simplify=false | FileCheck %s --check-prefix=NOSIMPLIFY
// RUN: xla-opt %s --hlo-optimization-pipeline=fold-constants=false | FileCheck %s --check-prefix=NOFOLD
// RUN: xla-opt %s --hlo-optimization-pipeline=fold-limit=3 | FileCheck %s --check-prefix=LIMIT
// RUN: xla-opt %s --hlo-optimization-pipeline=cse=false | FileCheck %s --check-prefix=NOCSE
// The inliner erases unused private functions, and the rewrite driver of
// hlo-simplify/fold-constants and CSE erase dead ops, so `dce=false` shows
// in the unused function kept without inlining, and on dead ops with those
// three off.
// RUN: xla-opt %s --hlo-optimization-pipeline="dce=false inline=false" | FileCheck %s --check-prefix=NODCE
// RUN: xla-opt %s --hlo-optimization-pipeline="dce=false hlo-simplify=false fold-constants=false cse=false" | FileCheck %s --check-prefix=NODEAD
// The stage is the first one of the CPU path.
// RUN: xla-opt %s --hlo-to-linalg-pipeline | FileCheck %s --check-prefix=LINALG

// CHECK-NOT: func.func private
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// The helper is inlined; the constant subgraph (iota, broadcast, multiply,
// add) is one constant; x * 1 is x; the two exps are one; the dead log is
// gone. x + 0.0 stays: it is -0.0 + 0.0 = +0.0 for x = -0.0.
// CHECK-DAG: %[[C:.*]] = hlo.constant dense<[1.000000e+00, 3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<4xf32>
// CHECK-DAG: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[E:.*]] = hlo.exponential %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[S:.*]] = hlo.add %[[E]], %[[E]] : tensor<4xf32>
// CHECK-NEXT: %[[P:.*]] = hlo.add %[[S]], %[[Z]] : tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = hlo.multiply %[[P]], %[[C]] : tensor<4xf32>
// CHECK-NEXT: return %[[R]]
// CHECK-NOT: hlo.log
// CHECK-NOT: func.func

// NOINLINE: func.func @main
// NOINLINE: call @scale
// NOINLINE: func.func private @scale
// NOINLINE-NOT: func.func private @unused

// NOSIMPLIFY: hlo.multiply %{{.*}}, %{{.*}} : tensor<4xf32>
// NOSIMPLIFY: hlo.multiply %{{.*}}, %{{.*}} : tensor<4xf32>
// NOSIMPLIFY-NOT: hlo.iota

// NOFOLD: hlo.iota
// NOFOLD: hlo.broadcast_in_dim
// NOFOLD: hlo.add

// LIMIT: hlo.iota dim = 0 : tensor<4xf32>

// NOCSE-COUNT-2: hlo.exponential

// NODCE: func.func @main
// NODCE-NOT: hlo.log
// NODCE: func.func private @unused
// NODEAD: hlo.log

// After fusion, the one kernel computes exp once; main passes it the folded
// constant.
// LINALG-NOT: hlo.
// LINALG: func.func private @loop_multiply_fusion
// LINALG-COUNT-1: math.exp
// LINALG-NOT: math.exp
// LINALG-NOT: math.log
// LINALG: func.func @main
// LINALG: arith.constant dense<[1.000000e+00, 3.000000e+00, 5.000000e+00, 7.000000e+00]> : tensor<4xf32>
// LINALG: call @loop_multiply_fusion
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %zero = hlo.constant dense<0.0> : tensor<4xf32>
  %x1 = hlo.multiply %x, %one : tensor<4xf32>
  %e0 = hlo.exponential %x1 : tensor<4xf32>
  %e1 = hlo.exponential %x : tensor<4xf32>
  %dead = hlo.log %x : tensor<4xf32>
  %s = hlo.add %e0, %e1 : tensor<4xf32>
  %p = hlo.add %s, %zero : tensor<4xf32>
  %r = func.call @scale(%p) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// 2 * iota + 1.
func.func private @scale(%v: tensor<4xf32>) -> tensor<4xf32> {
  %i = hlo.iota dim = 0 : tensor<4xf32>
  %two = hlo.constant dense<2.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %m = hlo.multiply %i, %b : tensor<4xf32>
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %c = hlo.add %m, %one : tensor<4xf32>
  %r = hlo.multiply %v, %c : tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func private @unused(%v: tensor<4xf32>) -> tensor<4xf32> {
  return %v : tensor<4xf32>
}
