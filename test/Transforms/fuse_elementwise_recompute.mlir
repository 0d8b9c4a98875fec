// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-fuse-elementwise{recompute-into-elementwise=1}))' --split-input-file | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-fuse-elementwise))' --split-input-file | FileCheck %s --check-prefix=CPU
// The GPU's rule: a cheap producer (arithmetic and math on 32-bit values)
// that one op uses is recomputed into an elementwise consumer that
// broadcasts it, instead of being a kernel of its own.

// A layernorm's per-row rsqrt, broadcast over the row by the
// normalization: one op, the rsqrt evaluated per element.
// CHECK-LABEL: func.func @layernorm_apply(
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK:           math.rsqrt
// CHECK:           arith.mulf
// CHECK-NOT:     linalg.generic
// CPU-LABEL: func.func @layernorm_apply(
// CPU:         linalg.generic
// CPU:           math.rsqrt
// CPU:         linalg.generic
func.func @layernorm_apply(%x: tensor<8x768xf32>, %var: tensor<8xf32>) -> tensor<8x768xf32> {
  %eps = arith.constant 1.0e-5 : f32
  %e0 = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%var : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.addf %v, %eps : f32
    %s = math.rsqrt %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8x768xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %r : tensor<8x768xf32>, tensor<8xf32>) outs(%e1 : tensor<8x768xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x768xf32>
  return %y : tensor<8x768xf32>
}

// -----

// Not into a reduction (a contraction would stop being one), not f64
// math, and not a producer that two ops use.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-7: linalg.generic
// CHECK-NOT:     linalg.generic
func.func @kept(%s: tensor<64x32xf32>, %v: tensor<32x16xf32>, %d: tensor<8xf64>, %x: tensor<8x4xf64>, %w: tensor<8xf32>, %u: tensor<8x4xf32>) -> (tensor<64x16xf32>, tensor<8x4xf64>, tensor<8x4xf32>, tensor<8x4xf32>) {
  %e0 = tensor.empty() : tensor<64x32xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<64x32xf32>) outs(%e0 : tensor<64x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<64x32xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<64x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%p, %v : tensor<64x32xf32>, tensor<32x16xf32>) outs(%f : tensor<64x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s2 = arith.addf %o, %m : f32
    linalg.yield %s2 : f32
  } -> tensor<64x16xf32>
  %e2 = tensor.empty() : tensor<8xf64>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%d : tensor<8xf64>) outs(%e2 : tensor<8xf64>) {
  ^bb0(%a: f64, %o: f64):
    %q = math.sqrt %a : f64
    linalg.yield %q : f64
  } -> tensor<8xf64>
  %e3 = tensor.empty() : tensor<8x4xf64>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %r : tensor<8x4xf64>, tensor<8xf64>) outs(%e3 : tensor<8x4xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %m = arith.mulf %a, %b : f64
    linalg.yield %m : f64
  } -> tensor<8x4xf64>
  %e4 = tensor.empty() : tensor<8xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%w : tensor<8xf32>) outs(%e4 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = math.tanh %a : f32
    linalg.yield %q : f32
  } -> tensor<8xf32>
  %e5 = tensor.empty() : tensor<8x4xf32>
  %z1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%u, %t : tensor<8x4xf32>, tensor<8xf32>) outs(%e5 : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x4xf32>
  %z2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%u, %t : tensor<8x4xf32>, tensor<8xf32>) outs(%e5 : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.addf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<8x4xf32>
  return %c, %y, %z1, %z2 : tensor<64x16xf32>, tensor<8x4xf64>, tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Index casts are cheap too (and index has no bit width to check).
// CHECK-LABEL: func.func @index_cast(
// CHECK:         linalg.generic
// CHECK:           arith.index_cast
// CHECK:           arith.muli
// CHECK-NOT:     linalg.generic
func.func @index_cast(%x: tensor<8x4xi32>, %v: tensor<8xi32>) -> tensor<8x4xi32> {
  %e0 = tensor.empty() : tensor<8xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%v : tensor<8xi32>) outs(%e0 : tensor<8xi32>) {
  ^bb0(%a: i32, %o: i32):
    %i = arith.index_cast %a : i32 to index
    %s = arith.muli %i, %i : index
    %j = arith.index_cast %s : index to i32
    linalg.yield %j : i32
  } -> tensor<8xi32>
  %e1 = tensor.empty() : tensor<8x4xi32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x, %r : tensor<8x4xi32>, tensor<8xi32>) outs(%e1 : tensor<8x4xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %m = arith.muli %a, %b : i32
    linalg.yield %m : i32
  } -> tensor<8x4xi32>
  return %y : tensor<8x4xi32>
}
