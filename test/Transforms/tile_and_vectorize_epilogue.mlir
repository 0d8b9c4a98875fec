// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-tile-and-vectorize))' | FileCheck %s

// The epilogue of a packed contraction (`fuse_epilogue`) is computed in its
// register tiles, from the accumulators: bias and relu are applied to each
// 8x1x32 accumulator tile (and to the 6 rows left over, whose tiles are
// peeled) before its only store, and the product is never stored: the
// distributed loop writes the epilogue's result alone. Plans as
// xla-plan-tiling makes them with cores=2 l1-bytes=4096 l2-bytes=16384.

// CHECK-LABEL: func.func @packed_epilogue
// CHECK: %[[BIAS:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [4, 32] : tensor<128xf32> into tensor<4x32xf32>
// CHECK: scf.forall {{.*}} shared_outs(%{{.*}}) -> (tensor<70x4x32xf32>)
// The whole tiles: k loop, then the epilogue on its accumulator.
// CHECK: scf.for {{.*}} -> (tensor<70x2x32xf32>)
// CHECK: scf.for {{.*}} -> (tensor<70x2x32xf32>)
// CHECK: %[[ACC:.*]] = scf.for {{.*}} -> (vector<8x1x32xf32>)
// CHECK: vector.outerproduct
// CHECK: vector.transfer_read %[[BIAS]]
// CHECK: vector.extract %[[ACC]][0, 0]
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: vector.transfer_write {{.*}} : vector<8x1x32xf32>, tensor<70x2x32xf32>
// CHECK-NEXT: scf.yield
// The peeled rows.
// CHECK: scf.for {{.*}} -> (vector<6x1x32xf32>)
// CHECK: arith.maximumf
// CHECK: vector.transfer_write {{.*}} : vector<6x1x32xf32>, tensor<70x2x32xf32>
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice
// CHECK-NEXT: }
// CHECK: tensor.collapse_shape
// CHECK-NOT: linalg.generic
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @packed_epilogue(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul {xla.tiling = {cache_tile_interchange = array<i64: 1, 0, 2, 3>, cache_tile_sizes = array<i64: 0, 2, 0, 0>, distribute = true, fuse_epilogue = true, pack_copy = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}, pack_per_tile = true, pack_rhs = 32 : i64, peel = true, tile_interchange = array<i64: 0, 1, 2, 3>, tile_sizes = array<i64: 8, 1, 1, 0>, vectorize = true}}
      ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>)
      attrs = {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}

// An operand of the epilogue computed after the contraction (a bias
// scaled by a step size, as an optimizer's scalars are) moves before it,
// so that each tile can read its slice.
// CHECK-LABEL: func.func @operand_after_product
// CHECK: %[[SCALED:.*]] = scf.for {{.*}} -> (tensor<128xf32>)
// CHECK: tensor.expand_shape %[[SCALED]]
// CHECK: scf.forall
// CHECK: vector.outerproduct
// CHECK: arith.maximumf
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @operand_after_product(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul {xla.tiling = {cache_tile_interchange = array<i64: 1, 0, 2, 3>, cache_tile_sizes = array<i64: 0, 2, 0, 0>, distribute = true, fuse_epilogue = true, pack_copy = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}, pack_per_tile = true, pack_rhs = 32 : i64, peel = true, tile_interchange = array<i64: 0, 1, 2, 3>, tile_sizes = array<i64: 8, 1, 1, 0>, vectorize = true}}
      ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %eb = tensor.empty() : tensor<128xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%bias : tensor<128xf32>) outs(%eb : tensor<128xf32>)
      attrs = {xla.tiling = {tile_sizes = array<i64: 16>, vectorize = true}} {
  ^bb0(%q: f32, %o: f32):
    %s = arith.addf %q, %q : f32
    linalg.yield %s : f32
  } -> tensor<128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %scaled : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>)
      attrs = {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}

// An epilogue whose loops cannot be expanded to the packed product's (it
// reads a [1, 128] operand through a map with a constant) keeps its own
// loop nest and plan: the product is stored, then read by it.
// CHECK-LABEL: func.func @epilogue_not_expandable
// CHECK: scf.forall {{.*}} -> (tensor<70x4x32xf32>)
// CHECK-NOT: arith.maximumf
// CHECK: scf.forall.in_parallel
// CHECK: tensor.collapse_shape
// CHECK: arith.maximumf
// CHECK: return
func.func @epilogue_not_expandable(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<1x128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul {xla.tiling = {cache_tile_interchange = array<i64: 1, 0, 2, 3>, cache_tile_sizes = array<i64: 0, 2, 0, 0>, distribute = true, fuse_epilogue = true, pack_copy = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}, pack_per_tile = true, pack_rhs = 32 : i64, peel = true, tile_interchange = array<i64: 0, 1, 2, 3>, tile_sizes = array<i64: 8, 1, 1, 0>, vectorize = true}}
      ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (0, d1)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<1x128xf32>) outs(%e : tensor<70x128xf32>)
      attrs = {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}

// k split into cache blocks (300 = 12 x 24 + 12): the epilogue joins the
// distributed tile, then the register tiles of the last k block (the
// remainder), whole rows and the 6 peeled ones. The earlier blocks add
// into a product of the tile's own (an empty tensor in the forall, not a
// slice of a whole one: the forall's only output is the epilogue's). The
// last block reads its partial sums from that product and stores nothing
// back: its loops carry the epilogue's result alone.
// CHECK-LABEL: func.func @packed_epilogue_k_blocks
// CHECK: scf.forall {{.*}} shared_outs(%{{[^,]*}}) -> (tensor<70x4x32xf32>)
// CHECK: %[[OWN:.*]] = tensor.empty() : tensor<70x2x32xf32>
// The blocks but the last are one loop: its first iteration starts from
// zeros, the others from the product.
// CHECK: %[[SUMS:.*]] = scf.for %[[KB:.*]] = %c0 to %c288 step %c24 iter_args(%{{.*}} = %[[OWN]]) -> (tensor<70x2x32xf32>)
// CHECK: arith.cmpi eq, %[[KB]], %c0
// CHECK: scf.if
// The last block reads its partial sums from there and carries only the
// epilogue's result.
// CHECK-NOT: math.tanh
// CHECK-NOT: tensor<70x2x32xf32>, tensor<70x2x32xf32>
// CHECK: tensor.extract_slice %[[SUMS]]
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %c0 to %c12 {{.*}} -> (vector<8x1x32xf32>)
// CHECK: vector.outerproduct
// CHECK: vector.extract %[[ACC]][0, 0]
// CHECK: math.tanh
// CHECK: vector.transfer_write {{.*}} : vector<8x1x32xf32>, tensor<70x2x32xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c12 {{.*}} -> (vector<6x1x32xf32>)
// CHECK: math.tanh
// CHECK: vector.transfer_write {{.*}} : vector<6x1x32xf32>, tensor<70x2x32xf32>
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice
// CHECK-NEXT: }
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @packed_epilogue_k_blocks(%a: tensor<70x300xf32>, %b: tensor<300x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul {xla.tiling = {cache_tile_interchange = array<i64: 1, 0, 2, 3>, cache_tile_sizes = array<i64: 0, 2, 24, 0>, distribute = true, fuse_epilogue = true, pack_copy = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}, pack_per_cache_tile = true, pack_per_tile = true, pack_rhs = 32 : i64, peel = true, tile_interchange = array<i64: 0, 1, 2, 3>, tile_sizes = array<i64: 8, 1, 1, 0>, vectorize = true}}
      ins(%a, %b : tensor<70x300xf32>, tensor<300x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>)
      attrs = {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}

// With epilogue_after_k_blocks: every block, the remainder too, adds into
// the distributed tile's own product, and the epilogue joins the
// distributed tile after the blocks, a panel row (vector<32>) at a time,
// reading that product. No register tile applies it, and the blocks have
// one copy of their packing and register tiles (and one of the
// remainder's).
// CHECK-LABEL: func.func @packed_epilogue_after_k_blocks
// CHECK: scf.forall {{.*}} shared_outs(%[[OUT:[^ ]*]] = {{.*}}) -> (tensor<70x4x32xf32>)
// CHECK: %[[OWN:.*]] = tensor.empty() : tensor<70x2x32xf32>
// CHECK: %[[BLOCKS:.*]] = scf.for %[[KB:.*]] = %c0 to %c288 step %c24 iter_args(%{{.*}} = %[[OWN]]) -> (tensor<70x2x32xf32>)
// CHECK: arith.cmpi eq, %[[KB]], %c0
// CHECK: scf.if
// CHECK: vector.outerproduct
// CHECK: vector.outerproduct
// CHECK-NOT: math.tanh
// The remainder block (k = 12) adds into the same product.
// CHECK: %[[REST:.*]] = scf.for %{{.*}} = %c0 to %c64 step %c8 iter_args(%{{.*}} = %[[BLOCKS]])
// CHECK: scf.for %{{.*}} = %c0 to %c12 {{.*}} -> (vector<8x1x32xf32>)
// CHECK: vector.outerproduct
// CHECK-NOT: math.tanh
// CHECK: %[[SUMS:.*]] = scf.for %{{.*}} = %c0 to %c2 step %c1 iter_args(%{{.*}} = %[[REST]])
// CHECK: vector.outerproduct
// CHECK-NOT: vector.outerproduct
// The epilogue: rows one by one, a panel's 32 columns at a time.
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[OUT]]
// CHECK: %[[EPI:.*]] = scf.for %{{.*}} = %c0 to %c70 step %c1 iter_args(%{{.*}} = %[[SLICE]])
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK: vector.transfer_read %[[SUMS]]{{.*}} : tensor<70x2x32xf32>, vector<32xf32>
// CHECK: arith.addf {{.*}} : vector<32xf32>
// CHECK: math.tanh {{.*}} : vector<32xf32>
// CHECK: vector.transfer_write {{.*}} : vector<32xf32>, tensor<70x2x32xf32>
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %[[EPI]] into %[[OUT]]
// CHECK-NEXT: }
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @packed_epilogue_after_k_blocks(%a: tensor<70x300xf32>, %b: tensor<300x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul {xla.tiling = {cache_tile_interchange = array<i64: 1, 0, 2, 3>, cache_tile_sizes = array<i64: 0, 2, 24, 0>, distribute = true, epilogue_after_k_blocks = true, fuse_epilogue = true, pack_copy = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}, pack_per_cache_tile = true, pack_per_tile = true, pack_rhs = 32 : i64, peel = true, tile_interchange = array<i64: 0, 1, 2, 3>, tile_sizes = array<i64: 8, 1, 1, 0>, vectorize = true}}
      ins(%a, %b : tensor<70x300xf32>, tensor<300x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>)
      attrs = {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}

// With `roll_epilogue`, the epilogue is a loop over each register tile's
// rows: the accumulators (still in registers through the k loop) are
// written once into a stack buffer of the tile's shape, allocated at the
// start of the distributed tile and marked for xla-hoist-tile-buffers, and
// each row reads its slice back; the product is still never stored. The
// 6 rows left over get a buffer of their own.
// CHECK-LABEL: func.func @rolled_epilogue
// CHECK: scf.forall
// CHECK-DAG: %[[BUF6:.*]] = memref.alloca() {alignment = 64 : i64, xla.tile_buffer} : memref<6x1x32xf32>
// CHECK-DAG: %[[BUF8:.*]] = memref.alloca() {alignment = 64 : i64, xla.tile_buffer} : memref<8x1x32xf32>
// CHECK: %[[ACC:.*]] = scf.for {{.*}} -> (vector<8x1x32xf32>)
// CHECK: vector.outerproduct
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[BUF8]] restrict writable
// CHECK: %[[W:.*]] = vector.transfer_write %[[ACC]], %[[T]][%c0, %c0, %c0]
// CHECK: scf.for %[[R:.*]] = %c0 to %c8 step %c1
// CHECK: vector.transfer_read %[[W]][%[[R]], %c0, %c0]
// CHECK: arith.maximumf
// CHECK: vector.transfer_write {{.*}} : vector<32xf32>, tensor<8x1x32xf32>
// CHECK: bufferization.to_tensor %[[BUF6]]
// CHECK: scf.for {{.*}} = %c0 to %c6 step %c1
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @rolled_epilogue(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul {xla.tiling = {cache_tile_interchange = array<i64: 1, 0, 2, 3>, cache_tile_sizes = array<i64: 0, 2, 0, 0>, distribute = true, fuse_epilogue = true, pack_copy = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}, pack_per_tile = true, pack_rhs = 32 : i64, peel = true, roll_epilogue = true, tile_interchange = array<i64: 0, 1, 2, 3>, tile_sizes = array<i64: 8, 1, 1, 0>, vectorize = true}}
      ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>)
      attrs = {xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}} {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}
