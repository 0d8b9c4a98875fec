// RUN: xla-opt %s --split-input-file --xla-mark-in-place-results | FileCheck %s

// An elementwise update: the result may be written over the argument it
// reads at the same element (and over the other argument it reads so).
// The pairs number the out-param as buffer-results-to-out-params will:
// 2 arguments + result 0.
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func private @update
// CHECK-SAME: xla.in_place = array<i64: 0, 2, 1, 2>
func.func private @update(%p: tensor<8xf32>, %g: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%p, %g : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
// The entry is the caller's business (xla-prepare-donation).
// CHECK-LABEL: func.func @entry
// CHECK-NOT: xla.in_place
func.func @entry(%p: tensor<8xf32>) -> tensor<8xf32> {
  %r = call @update(%p, %p) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Reading the argument at another element (a reversal), reading it after
// the writer, or reading the init are not in place.
#id = affine_map<(d0) -> (d0)>
#rev = affine_map<(d0) -> (7 - d0)>
// CHECK-LABEL: func.func private @reversed
// CHECK-NOT: xla.in_place
func.func private @reversed(%p: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#rev, #id], iterator_types = ["parallel"]} ins(%p : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
// Only the second result (out-param 2), whose op reads %p last.
// CHECK-LABEL: func.func private @read_later
// CHECK-SAME: xla.in_place = array<i64: 0, 2>}
func.func private @read_later(%p: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%p : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%p, %a : tensor<8xf32>, tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}
// The same with one tensor.empty for both ops (as CSE leaves them):
// bufferization may keep %a in the buffer of %b, over %p, before %b reads
// it. Without a donation asking for it, such a pair is not recorded.
// CHECK-LABEL: func.func private @shared_destination
// CHECK-NOT: xla.in_place
func.func private @shared_destination(%p: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%p : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%p, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}
// CHECK-LABEL: func.func private @reads_init
// CHECK-NOT: xla.in_place
func.func private @reads_init(%p: tensor<8xf32>, %q: tensor<8xf32>) -> tensor<8xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%p : tensor<8xf32>) outs(%q : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A reduction writes each element many times.
// CHECK-LABEL: func.func private @sum_rows
// CHECK-NOT: xla.in_place
func.func private @sum_rows(%p: tensor<4xf32>, %x: tensor<4x4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%p, %x : tensor<4xf32>, tensor<4x4xf32>) outs(%p : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %b, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Attention's P V read V whole, then a transpose writes the result in V's
// layout. In program order every read of V comes first, but the product
// feeds the writer, and fusion runs it in the writer's tiles (blocks of
// rows), where it reads rows of V that earlier tiles overwrote: no pair.
// An op that reads the argument before the writer without feeding it
// (the sum of %v) does not prevent one (%w over %v: out-param 1).
// CHECK-LABEL: func.func private @product_feeds_writer
// CHECK-NOT: xla.in_place
// CHECK-LABEL: func.func private @residual_product
// CHECK-NOT: xla.in_place
// CHECK-LABEL: func.func private @through_transpose
// CHECK-NOT: xla.in_place
// CHECK-LABEL: func.func private @reader_beside_writer
// CHECK-SAME: xla.in_place = array<i64: 0, 1>
func.func private @product_feeds_writer(%p: tensor<4x4xf32>, %v: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %pv = linalg.matmul ins(%p, %v : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %t = linalg.transpose ins(%pv : tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) permutation = [1, 0]
  return %t : tensor<4x4xf32>
}
// A residual product x + x W: the writer reads %x where it writes, but
// the product it reads reads whole rows of %x, and as its epilogue the
// writer runs in the product's tiles: no pair.
func.func private @residual_product(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %xw = linalg.matmul ins(%x, %w : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %xw : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
// A row op reading %p where the writer writes, but whose value also
// reaches the writer through a transpose: fused into the writer's tiles,
// the transpose would ask it for the columns of a tile's rows: no pair.
func.func private @through_transpose(%p: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<4x4xf32>
  %e2 = tensor.empty() : tensor<4x4xf32>
  %t = linalg.transpose ins(%r : tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) permutation = [1, 0]
  %e3 = tensor.empty() : tensor<4x4xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p, %r, %t : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) outs(%e3 : tensor<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %u = arith.addf %s, %c : f32
    linalg.yield %u : f32
  } -> tensor<4x4xf32>
  return %w : tensor<4x4xf32>
}
func.func private @reader_beside_writer(%v: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%v : tensor<4x4xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %r = arith.addf %a, %b : f32
      linalg.yield %r : f32
    }
  %e2 = tensor.empty() : tensor<4x4xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<4x4xf32>
  return %w, %s : tensor<4x4xf32>, tensor<4xf32>
}

// -----

// An Adam-like kernel recomputes the new moment inside the weights' loop,
// so it reads the old moment after the op that writes the new one. The
// entry declares both updates (xla.aliased_result), so the moment's writer
// moves after the weights' and both results may be written in place: the
// weights (%arg2) as result 0 (out-param 3), the moment (%arg0) as result
// 1 (out-param 4). (The moment could also go into the gradient's or the
// weights' buffer, which nothing reads after it.)
#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func private @adam
// CHECK-SAME: xla.in_place = array<i64: 2, 3, 0, 4, 1, 4, 2, 4>
// CHECK: %[[W:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1, %arg2
// CHECK: %[[M:.*]] = linalg.generic {{.*}} ins(%arg0, %arg1 :
// CHECK: return %[[W]], %[[M]]
func.func private @adam(%m: tensor<8xf32>, %g: tensor<8xf32>, %w: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %m2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%m, %g : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %w2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%m, %g, %w : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %t = arith.subf %c, %s : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  return %w2, %m2 : tensor<8xf32>, tensor<8xf32>
}
func.func @main(%w: tensor<8xf32> {xla.aliased_result = 0 : i64}, %m: tensor<8xf32> {xla.aliased_result = 1 : i64}, %g: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %r:2 = call @adam(%m, %g, %w) : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// SGD on a bias: the update's destination is the reduction's too. The
// entry donates the bias (xla.aliased_result), so the update gets a
// tensor.empty of its own and the pair is recorded.
#id = affine_map<(d0) -> (d0)>
#row = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func private @bias_update
// CHECK-SAME: xla.in_place = array<i64: 0, 2>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<10xf32>
// CHECK: %[[F:.*]] = linalg.fill {{.*}} outs(%[[E]]
// CHECK: %[[S:.*]] = linalg.generic {{.*}} outs(%[[F]]
// CHECK: %[[OWN:.*]] = tensor.empty() {xla.own_destination = 0 : i64} : tensor<10xf32>
// CHECK: linalg.generic {{.*}} ins(%arg0, %[[S]] : {{.*}}) outs(%[[OWN]]
func.func private @bias_update(%b: tensor<10xf32>, %g: tensor<4x10xf32>) -> tensor<10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<10xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %s = linalg.generic {indexing_maps = [#row, #col], iterator_types = ["reduction", "parallel"]} ins(%g : tensor<4x10xf32>) outs(%f : tensor<10xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %a = arith.addf %acc, %x : f32
    linalg.yield %a : f32
  } -> tensor<10xf32>
  %n = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%b, %s : tensor<10xf32>, tensor<10xf32>) outs(%e : tensor<10xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.subf %x, %y : f32
    linalg.yield %d : f32
  } -> tensor<10xf32>
  return %n : tensor<10xf32>
}
func.func @main(%b: tensor<10xf32> {xla.aliased_result = 0 : i64}, %g: tensor<4x10xf32>) -> tensor<10xf32> {
  %r = call @bias_update(%b, %g) : (tensor<10xf32>, tensor<4x10xf32>) -> tensor<10xf32>
  return %r : tensor<10xf32>
}
