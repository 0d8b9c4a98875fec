// RUN: xla-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(xla-merge-siblings,cse))' | FileCheck %s

// An Adam update: the new m, v and weight are siblings that read the
// gradient g. They become one op with three results; each input appears
// once, and CSE shares the new m and v the weight's body recomputes.
// CHECK-LABEL: func.func @adam
// CHECK: %[[R:.*]]:3 = linalg.generic
// CHECK-SAME: ins(%arg1, %arg0, %arg2, %arg3 : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>)
// CHECK: ^bb0(%{{[a-z_0-9]+}}: f32, %[[G:[a-z_0-9]+]]: f32,
// CHECK: arith.mulf %[[G]], %cst
// CHECK-NOT: arith.mulf %[[G]], %cst
// CHECK: arith.mulf %[[G]], %[[G]]
// CHECK-NOT: arith.mulf %[[G]], %[[G]]
// CHECK: linalg.yield {{.*}} : f32, f32, f32
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @adam(%g: tensor<64x32xf32>, %m: tensor<64x32xf32>, %v: tensor<64x32xf32>, %w: tensor<64x32xf32>)
    -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) {
  %e = tensor.empty() : tensor<64x32xf32>
  %c = arith.constant 0.1 : f32
  %m2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %g : tensor<64x32xf32>, tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.mulf %b, %c : f32
    %1 = arith.addf %a, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<64x32xf32>
  %v2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v, %g : tensor<64x32xf32>, tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.mulf %b, %b : f32
    %1 = arith.addf %a, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<64x32xf32>
  // The weight recomputes the new m and v (as producer fusion leaves it).
  %w2 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%w, %m, %v, %g : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) outs(%e : tensor<64x32xf32>) {
  ^bb0(%x: f32, %a: f32, %b: f32, %d: f32, %o: f32):
    %0 = arith.mulf %d, %c : f32
    %1 = arith.addf %a, %0 : f32
    %2 = arith.mulf %d, %d : f32
    %3 = arith.addf %b, %2 : f32
    %4 = math.sqrt %3 : f32
    %5 = arith.divf %1, %4 : f32
    %6 = arith.subf %x, %5 : f32
    linalg.yield %6 : f32
  } -> tensor<64x32xf32>
  return %m2, %v2, %w2 : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>
}

// -----

// Not merged: ops that share no input (nothing read once instead of
// twice), over different shapes, where one reads the other, where a reader
// of the first comes before the second, or that read their init.
// CHECK-LABEL: func.func @not_siblings
// CHECK-COUNT-7: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
#id1 = affine_map<(d0) -> (d0)>
func.func @not_siblings(%a: tensor<16xf32>, %b: tensor<16xf32>, %c: tensor<8xf32>)
    -> (tensor<16xf32>, tensor<16xf32>, tensor<8xf32>, tensor<16xf32>, f32, tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %e8 = tensor.empty() : tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // No common input with %0.
  %1 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%b : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // Reads %c (also read by nothing else) over another shape.
  %2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%c : tensor<8xf32>) outs(%e8 : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.sin %x : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  // Reads %a like %0, but also %0's result.
  %3 = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%a, %0 : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %z: f32, %o: f32):
    %y = arith.addf %x, %z : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // A reader of %1 before %5, which reads %b like %1.
  %i = arith.constant 0 : index
  %4 = tensor.extract %1[%i] : tensor<16xf32>
  %5 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%b : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.cos %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // Reads its init (an accumulation), and %b like %5.
  %6 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%b : tensor<16xf32>) outs(%a : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  // A reduction reading %b.
  %z = tensor.empty() : tensor<16xf32>
  %7 = linalg.generic {indexing_maps = [#id1, affine_map<(d0) -> (0)>], iterator_types = ["reduction"]}
      ins(%b : tensor<16xf32>) outs(%z : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %0, %3, %2, %5, %4, %6, %7 : tensor<16xf32>, tensor<16xf32>, tensor<8xf32>, tensor<16xf32>, f32, tensor<16xf32>, tensor<16xf32>
}
