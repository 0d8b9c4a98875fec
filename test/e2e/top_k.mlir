// top_k of seeded rows rounded to sixteenths (so there are ties): the values
// are the first k of a descending hlo.sort, the indices point at them, and
// tied values keep their original order.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 5 2>&1 | FileCheck %s
// RUN: %python %S/Inputs/exit_code.py xla-run %s --seed 6 --fusion=false 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: output 0: tensor<4x6xf32>
// CHECK: output 1: tensor<4x6xi32>
// CHECK-NOT: error
// CHECK: all 3 check(s) passed
// CHECK: exit code: 0

func.func @main(%x: tensor<4x50xf32>) -> (tensor<4x6xf32>, tensor<4x6xi32>) {
  %scale = hlo.constant dense<16.0> : tensor<4x50xf32>
  %scaled = hlo.multiply %x, %scale : tensor<4x50xf32>
  %keys = hlo.floor %scaled : tensor<4x50xf32>
  %values, %indices = chlo.top_k(%keys, k = 6) : tensor<4x50xf32> -> (tensor<4x6xf32>, tensor<4x6xi32>)

  %down = "hlo.sort"(%keys) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = hlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<4x50xf32>) -> tensor<4x50xf32>
  %first = hlo.slice %down [0:4, 0:6] : (tensor<4x50xf32>) -> tensor<4x6xf32>
  check.expect_eq %values, %first : tensor<4x6xf32>

  %picked = "hlo.torch_index_select"(%keys, %indices) {dim = 1 : i64, batch_dims = 1 : i64}
      : (tensor<4x50xf32>, tensor<4x6xi32>) -> tensor<4x6xf32>
  check.expect_eq %picked, %values : tensor<4x6xf32>

  %v0 = hlo.slice %values [0:4, 0:5] : (tensor<4x6xf32>) -> tensor<4x5xf32>
  %v1 = hlo.slice %values [0:4, 1:6] : (tensor<4x6xf32>) -> tensor<4x5xf32>
  %i0 = hlo.slice %indices [0:4, 0:5] : (tensor<4x6xi32>) -> tensor<4x5xi32>
  %i1 = hlo.slice %indices [0:4, 1:6] : (tensor<4x6xi32>) -> tensor<4x5xi32>
  %tied = hlo.compare EQ, %v0, %v1, FLOAT : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
  %later = hlo.compare GT, %i0, %i1, SIGNED : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi1>
  %unstable = hlo.and %tied, %later : tensor<4x5xi1>
  check.expect_eq_const %unstable, dense<false> : tensor<4x5xi1>
  return %values, %indices : tensor<4x6xf32>, tensor<4x6xi32>
}
