// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-fuse-elementwise))' --split-input-file | FileCheck %s

// Attention (Keras): exp of the scores feeds `bhqk,bkhd->bqhd`, a generic
// contraction over (b, q, h, d, k). Fused, exp would run once per (d, k)
// pair instead of once per score: 64x the work. It stays a separate op and
// the contraction keeps its mul/add body.
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#lhs = affine_map<(b, q, h, d, k) -> (b, h, q, k)>
#rhs = affine_map<(b, q, h, d, k) -> (b, k, h, d)>
#out = affine_map<(b, q, h, d, k) -> (b, q, h, d)>
// CHECK-LABEL: func.func @exp_into_contraction
// CHECK: %[[E:.*]] = linalg.generic
// CHECK:   math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%[[E]], %{{.*}} :
// CHECK-NEXT: ^bb0
// CHECK-NEXT:   arith.mulf
// CHECK-NEXT:   arith.addf
// CHECK-NEXT:   linalg.yield
func.func @exp_into_contraction(%s: tensor<2x4x128x128xf32>, %v: tensor<2x128x4x64xf32>) -> tensor<2x128x4x64xf32> {
  %e0 = tensor.empty() : tensor<2x4x128x128xf32>
  %e = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x4x128x128xf32>) outs(%e0 : tensor<2x4x128x128xf32>) {
    ^bb0(%a: f32, %o: f32):
      %x = math.exp %a : f32
      linalg.yield %x : f32
  } -> tensor<2x4x128x128xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<2x128x4x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%c0 : tensor<2x128x4x64xf32>) -> tensor<2x128x4x64xf32>
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%e, %v : tensor<2x4x128x128xf32>, tensor<2x128x4x64xf32>) outs(%c : tensor<2x128x4x64xf32>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %m = arith.mulf %a, %b : f32
      %sum = arith.addf %acc, %m : f32
      linalg.yield %sum : f32
  } -> tensor<2x128x4x64xf32>
  return %r : tensor<2x128x4x64xf32>
}

// -----

// A dense layer on 3-D activations: relu(h) @ w with the contraction as a
// generic over (b, s, n, k); relu would be recomputed for every n.
#h = affine_map<(b, s, n, k) -> (b, s, k)>
#w = affine_map<(b, s, n, k) -> (k, n)>
#o = affine_map<(b, s, n, k) -> (b, s, n)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @relu_into_dense
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK-NOT: arith.maximumf
// CHECK: return
func.func @relu_into_dense(%x: tensor<2x8x32xf32>, %w: tensor<32x16xf32>, %c: tensor<2x8x16xf32>) -> tensor<2x8x16xf32> {
  %e0 = tensor.empty() : tensor<2x8x32xf32>
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x8x32xf32>) outs(%e0 : tensor<2x8x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.maximumf %a, %zero : f32
      linalg.yield %m : f32
  } -> tensor<2x8x32xf32>
  %d = linalg.generic {indexing_maps = [#h, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%r, %w : tensor<2x8x32xf32>, tensor<32x16xf32>) outs(%c : tensor<2x8x16xf32>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
  } -> tensor<2x8x16xf32>
  return %d : tensor<2x8x16xf32>
}

// -----

// A cast is cheaper to redo than to store: a bf16 -> f32 convert is fused
// into the contraction, whose body stays a contraction (casts allowed).
#h = affine_map<(b, s, n, k) -> (b, s, k)>
#w = affine_map<(b, s, n, k) -> (k, n)>
#o = affine_map<(b, s, n, k) -> (b, s, n)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @convert_into_dense
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%{{.*}}: bf16, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:   arith.extf
// CHECK-NEXT:   arith.mulf
// CHECK-NEXT:   arith.addf
// CHECK-NOT: linalg.generic
func.func @convert_into_dense(%x: tensor<2x8x32xbf16>, %w: tensor<32x16xf32>, %c: tensor<2x8x16xf32>) -> tensor<2x8x16xf32> {
  %e0 = tensor.empty() : tensor<2x8x32xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : tensor<2x8x32xbf16>) outs(%e0 : tensor<2x8x32xf32>) {
    ^bb0(%a: bf16, %o: f32):
      %m = arith.extf %a : bf16 to f32
      linalg.yield %m : f32
  } -> tensor<2x8x32xf32>
  %d = linalg.generic {indexing_maps = [#h, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%r, %w : tensor<2x8x32xf32>, tensor<32x16xf32>) outs(%c : tensor<2x8x16xf32>) {
    ^bb0(%a: f32, %b: f32, %acc: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %m : f32
      linalg.yield %s : f32
  } -> tensor<2x8x16xf32>
  return %d : tensor<2x8x16xf32>
}

// -----

// Softmax's denominator: exp(x - max) summed over the row reads each exp
// once, so it is fused into the reduction; the same exp broadcast back over
// a new dimension would be recomputed per element of it and is not.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#b3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#o3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @exp_into_sum
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK-NEXT: ^bb0
// CHECK-NEXT:   math.exp
// CHECK-NEXT:   arith.addf
func.func @exp_into_sum(%x: tensor<4x64xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %e0 = tensor.empty() : tensor<4x64xf32>
  %e = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x64xf32>) outs(%e0 : tensor<4x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = math.exp %a : f32
      linalg.yield %y : f32
  } -> tensor<4x64xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%e : tensor<4x64xf32>) outs(%init : tensor<4xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %y = arith.addf %a, %acc : f32
      linalg.yield %y : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// CHECK-LABEL: func.func @exp_broadcast
// CHECK: math.exp
// CHECK: linalg.generic
// CHECK-NOT: math.exp
// CHECK: return
func.func @exp_broadcast(%x: tensor<4x64xf32>) -> tensor<4x64x8xf32> {
  %e0 = tensor.empty() : tensor<4x64xf32>
  %e = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x64xf32>) outs(%e0 : tensor<4x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = math.exp %a : f32
      linalg.yield %y : f32
  } -> tensor<4x64xf32>
  %b0 = tensor.empty() : tensor<4x64x8xf32>
  %b = linalg.generic {indexing_maps = [#b3, #o3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e : tensor<4x64xf32>) outs(%b0 : tensor<4x64x8xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = arith.negf %a : f32
      linalg.yield %y : f32
  } -> tensor<4x64x8xf32>
  return %b : tensor<4x64x8xf32>
}

// -----

// Elementwise chains still fuse into one op.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @chain
// CHECK: linalg.generic
// CHECK:   math.exp
// CHECK:   arith.mulf
// CHECK-NOT: linalg.generic
func.func @chain(%x: tensor<4x64xf32>, %y: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %e0 = tensor.empty() : tensor<4x64xf32>
  %e = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x64xf32>) outs(%e0 : tensor<4x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = math.exp %a : f32
      linalg.yield %v : f32
  } -> tensor<4x64xf32>
  %m = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%e, %y : tensor<4x64xf32>, tensor<4x64xf32>) outs(%e0 : tensor<4x64xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %v = arith.mulf %a, %b : f32
      linalg.yield %v : f32
  } -> tensor<4x64xf32>
  return %m : tensor<4x64xf32>
}
