// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-duplicate-fills))' -split-input-file | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-duplicate-fills),one-shot-bufferize{bufferize-function-boundaries})' -split-input-file | FileCheck %s --check-prefix=BUF

// Two sums over the same rows from one fill (as CSE leaves them): the second
// gets a fill of its own, next to it, with a tensor.empty of its own.
// Bufferized, each sum fills its own buffer: no copy.
// CHECK-LABEL: func.func @two_sums
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: %[[F0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E0]] : tensor<8xf32>)
// CHECK: linalg.generic {{.*}} outs(%[[F0]] : tensor<8xf32>)
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<8xf32>
// CHECK: %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<8xf32>)
// CHECK: linalg.generic {{.*}} outs(%[[F1]] : tensor<8xf32>)
// BUF-LABEL: func.func @two_sums
// BUF-NOT: memref.copy
// BUF-COUNT-2: linalg.fill
// BUF-NOT: memref.copy
// BUF: return
#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @two_sums(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x16xf32>) outs(%fill : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %1 = linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]} ins(%b : tensor<8x16xf32>) outs(%fill : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %0, %1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A fill that is also read (an input of an op, a result) keeps those uses;
// each writer gets its own. A writer in a nested region (a loop's body, a
// branch) gets a fill next to the original, outside that region.
// CHECK-LABEL: func.func @readers
// CHECK: %[[F:.*]] = linalg.fill
// CHECK: %[[L:.*]] = linalg.fill
// CHECK: scf.if
// CHECK: linalg.generic {{.*}} outs(%[[L]] : tensor<8xf32>)
// CHECK: %[[W:.*]] = linalg.fill
// CHECK: linalg.generic {{.*}} ins(%[[F]] : tensor<8xf32>) outs(%[[W]] : tensor<8xf32>)
// CHECK: return %{{.*}}, %[[F]]
// BUF-LABEL: func.func @readers
// BUF-NOT: memref.copy
// BUF: return
#id = affine_map<(i) -> (i)>
func.func @readers(%a: tensor<8x16xf32>, %a0: tensor<8xf32>, %c: i1) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %nested = scf.if %c -> tensor<8xf32> {
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x16xf32>) outs(%fill : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %t = arith.addf %out, %in : f32
      linalg.yield %t : f32
    } -> tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  } else {
    scf.yield %a0 : tensor<8xf32>
  }
  %1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%fill : tensor<8xf32>) outs(%fill : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.addf %in, %in : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  return %nested, %fill, %1 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// One writer and nothing else: nothing to do.
// CHECK-LABEL: func.func @one_writer
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT: linalg.fill
func.func @one_writer(%a: tensor<8x16xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x16xf32>) outs(%fill : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
