// RUN: xla-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(xla-plan-tiling))' | FileCheck %s
// RUN: xla-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(xla-plan-tiling{vector-bits=256 matmul-rows=4}))' | FileCheck %s --check-prefix=AVX2
// RUN: xla-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(xla-plan-tiling{vectorize=false}))' | FileCheck %s --check-prefix=SCALAR
// RUN: xla-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(xla-plan-tiling{cores=1}))' | FileCheck %s --check-prefix=ONECORE
// RUN: xla-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(xla-plan-tiling{cores=2 l1-bytes=4096 l2-bytes=16384}))' | FileCheck %s --check-prefix=PACK

// The strategy only records decisions: every op stays as it is and gets an
// xla.tiling dictionary.

// matmul (m, n, k): the loop order puts n, the contiguous loop of the rhs
// and the output, innermost: (m, k, n). The register tile, in those loops,
// is 8 rows x 16 f32 lanes, k by 1, tile loops (n, m, k). 20x30x40 is too
// small to distribute.
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.matmul
// CHECK-SAME: xla.tiling = {interchange = array<i64: 0, 2, 1>, peel = true, tile_interchange = array<i64: 2, 0, 1>, tile_sizes = array<i64: 8, 1, 16>, vectorize = true}
// AVX2-LABEL: func.func @matmul
// AVX2: tile_sizes = array<i64: 4, 1, 8>
// SCALAR-LABEL: func.func @matmul
// SCALAR: xla.tiling = {interchange = array<i64: 0, 2, 1>}
func.func @matmul(%a: tensor<20x30xf32>, %b: tensor<30x40xf32>, %c: tensor<20x40xf32>) -> tensor<20x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<20x30xf32>, tensor<30x40xf32>) outs(%c : tensor<20x40xf32>) -> tensor<20x40xf32>
  return %0 : tensor<20x40xf32>
}

// 64x40x40 = 2^16 iterations: the outermost tile loop (n) is distributed,
// unless the target has a single core.
// CHECK-LABEL: func.func @matmul_distributed
// CHECK: xla.tiling = {distribute = true, interchange = array<i64: 0, 2, 1>
// ONECORE-LABEL: func.func @matmul_distributed
// ONECORE-NOT: distribute
// ONECORE: return
func.func @matmul_distributed(%a: tensor<64x40xf32>, %b: tensor<40x40xf32>, %c: tensor<64x40xf32>) -> tensor<64x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x40xf32>, tensor<40x40xf32>) outs(%c : tensor<64x40xf32>) -> tensor<64x40xf32>
  return %0 : tensor<64x40xf32>
}

// x * W^T: the rhs is read along n with stride k, so the contraction reads
// a transposed copy, whose own plan is a 16x16 square tile. The loop order
// stays: k is the contiguous loop of both inputs.
// CHECK-LABEL: func.func @matmul_rhs_transposed
// CHECK: xla.tiling = {peel = true, relayout_rhs = {peel = true, tile_sizes = array<i64: 16, 16>, vectorize = true}, tile_interchange = array<i64: 1, 0, 2>, tile_sizes = array<i64: 8, 16, 1>, vectorize = true}
// SCALAR-LABEL: func.func @matmul_rhs_transposed
// SCALAR-NOT: xla.tiling
// SCALAR: return
func.func @matmul_rhs_transposed(%a: tensor<32x24xf32>, %b: tensor<48x24xf32>, %c: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %b : tensor<32x24xf32>, tensor<48x24xf32>) outs(%c : tensor<32x48xf32>) -> tensor<32x48xf32>
  return %0 : tensor<32x48xf32>
}

// Elementwise: one vector of the innermost loop, 1 for the others; no loop
// order (no reduction).
// CHECK-LABEL: func.func @exp
// CHECK: xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}
// AVX2-LABEL: func.func @exp
// AVX2: tile_sizes = array<i64: 1, 8>
// SCALAR-LABEL: func.func @exp
// SCALAR-NOT: xla.tiling
// SCALAR: return
func.func @exp(%a: tensor<4x40xf32>) -> tensor<4x40xf32> {
  %e = tensor.empty() : tensor<4x40xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x40xf32>) outs(%e : tensor<4x40xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x40xf32>
  return %0 : tensor<4x40xf32>
}

// A transpose reads its input across the lanes: a square tile. The element
// width sets the lanes: 8 f64 per 512 bits.
// CHECK-LABEL: func.func @transpose
// CHECK: xla.tiling = {peel = true, tile_sizes = array<i64: 8, 8>, vectorize = true}
func.func @transpose(%a: tensor<32x48xf64>, %init: tensor<48x32xf64>) -> tensor<48x32xf64> {
  %0 = linalg.transpose ins(%a : tensor<32x48xf64>) outs(%init : tensor<48x32xf64>) permutation = [1, 0]
  return %0 : tensor<48x32xf64>
}

// A row's value broadcast along the lanes (softmax's x - max) does not vary
// along them: no square tile, one vector of the row per tile.
// CHECK-LABEL: func.func @row_broadcast
// CHECK: xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}
func.func @row_broadcast(%x: tensor<32x48xf32>, %m: tensor<32xf32>) -> tensor<32x48xf32> {
  %e = tensor.empty() : tensor<32x48xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %m : tensor<32x48xf32>, tensor<32xf32>) outs(%e : tensor<32x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %y = arith.subf %a, %b : f32
    linalg.yield %y : f32
  } -> tensor<32x48xf32>
  return %0 : tensor<32x48xf32>
}

// A contraction whose innermost row loop has one iteration (the unit axis
// a reshape of attention heads leaves): the register tile's 8 rows go to
// the innermost row loop longer than 1, not to the unit one (which made
// tiles of one row).
// CHECK-LABEL: func.func @unit_row_dim
// CHECK: xla.tiling = {distribute = true, interchange = array<i64: 0, 1, 3, 2>, peel = true, tile_interchange = array<i64: 3, 0, 1, 2>, tile_sizes = array<i64: 8, 0, 1, 16>, vectorize = true}
func.func @unit_row_dim(%a: tensor<32x1x64xf32>, %b: tensor<64x48xf32>, %c: tensor<32x1x48xf32>) -> tensor<32x1x48xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(m0, m1, n, k) -> (m0, m1, k)>, affine_map<(m0, m1, n, k) -> (k, n)>, affine_map<(m0, m1, n, k) -> (m0, m1, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<32x1x64xf32>, tensor<64x48xf32>) outs(%c : tensor<32x1x48xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x1x48xf32>
  return %0 : tensor<32x1x48xf32>
}

// A mask of i1 (a byte per element in memory, packed bits in a vector) is
// vectorized when it does not vary along the lanes (an attention mask per
// row): one element per tile, splat; and along the lanes, read as bytes
// (xla-widen-sub-byte-vector-accesses).
// CHECK-LABEL: func.func @row_mask
// CHECK: xla.tiling = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}
// CHECK-LABEL: func.func @lane_mask
// CHECK: xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}
func.func @row_mask(%m: tensor<2x20xi1>, %x: tensor<2x20x768xf32>) -> tensor<2x20x768xf32> {
  %e = tensor.empty() : tensor<2x20x768xf32>
  %nan = arith.constant 0x7FC00000 : f32
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m, %x : tensor<2x20xi1>, tensor<2x20x768xf32>) outs(%e : tensor<2x20x768xf32>) {
  ^bb0(%c: i1, %a: f32, %o: f32):
    %y = arith.select %c, %a, %nan : f32
    linalg.yield %y : f32
  } -> tensor<2x20x768xf32>
  return %0 : tensor<2x20x768xf32>
}
func.func @lane_mask(%m: tensor<20x768xi1>, %x: tensor<20x768xf32>) -> tensor<20x768xf32> {
  %e = tensor.empty() : tensor<20x768xf32>
  %nan = arith.constant 0x7FC00000 : f32
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %x : tensor<20x768xi1>, tensor<20x768xf32>) outs(%e : tensor<20x768xf32>) {
  ^bb0(%c: i1, %a: f32, %o: f32):
    %y = arith.select %c, %a, %nan : f32
    linalg.yield %y : f32
  } -> tensor<20x768xf32>
  return %0 : tensor<20x768xf32>
}

// A column sum whose input is indexed transposed: the loop over the
// input's contiguous dimension goes innermost, and the tiles follow.
// CHECK-LABEL: func.func @column_sum
// CHECK: xla.tiling = {interchange = array<i64: 1, 0>, peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}
// SCALAR-LABEL: func.func @column_sum
// SCALAR: xla.tiling = {interchange = array<i64: 1, 0>}
func.func @column_sum(%a: tensor<64x32xf32>, %init: tensor<32xf32>) -> tensor<32xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<64x32xf32>) outs(%init : tensor<32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// Not vectorized: i1 (bytes in memory, bits in a vector) and dynamic
// shapes. A reduction over i1 still gets its loop order.
// CHECK-LABEL: func.func @i1_column_or
// CHECK: xla.tiling = {interchange = array<i64: 1, 0>}
func.func @i1_column_or(%a: tensor<64x32xi1>, %init: tensor<32xi1>) -> tensor<32xi1> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<64x32xi1>) outs(%init : tensor<32xi1>) {
  ^bb0(%x: i1, %o: i1):
    %y = arith.ori %x, %o : i1
    linalg.yield %y : i1
  } -> tensor<32xi1>
  return %0 : tensor<32xi1>
}

// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: xla.tiling
// CHECK: return
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// A convolution's register tile: 8 positions of the output width by a panel
// of two vectors of output channels (one where there are fewer), every
// other loop by 1, loops (batch, height, channels, width, window, input
// channels) so the accumulators stay in registers across the window. Not
// with a body other than out + in * filter (then no plan: scalar loops).
// CHECK-LABEL: func.func @conv_2d
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}}xla.tiling = {distribute = true, peel = true, tile_interchange = array<i64: 0, 1, 3, 2, 4, 5, 6>, tile_sizes = array<i64: 1, 1, 8, 32, 1, 1, 1>, vectorize = true}
// AVX2-LABEL: func.func @conv_2d
// AVX2: linalg.conv_2d_nhwc_hwcf {{.*}}tile_sizes = array<i64: 1, 1, 4, 16, 1, 1, 1>
// SCALAR-LABEL: func.func @conv_2d
// SCALAR: linalg.conv_2d_nhwc_hwcf {{.*}}xla.tiling = {interchange = array<i64: 0, 1, 2, 4, 5, 6, 3>}
func.func @conv_2d(%x: tensor<2x18x18x16xf32>, %w: tensor<3x3x16x64xf32>, %o: tensor<2x16x16x64xf32>) -> tensor<2x16x16x64xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x18x18x16xf32>, tensor<3x3x16x64xf32>) outs(%o : tensor<2x16x16x64xf32>) -> tensor<2x16x16x64xf32>
  return %0 : tensor<2x16x16x64xf32>
}

// A filter that does not stay in L2 (3x3x512x512, 9.4 MiB): its rows are
// 2 KiB apart and a panel of output channels would be fetched again for
// every output row. Cache tiles: the panel (distributed), then k blocks of
// one window position by 256 input channels, each over all output
// positions; the register tiles inside are as above.
// CHECK-LABEL: func.func @conv_2d_large_filter
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}}xla.tiling = {cache_tile_interchange = array<i64: 3, 4, 5, 6, 0, 1, 2>, cache_tile_sizes = array<i64: 0, 0, 0, 32, 1, 1, 256>, distribute = true, peel = true, tile_interchange = array<i64: 0, 1, 3, 2, 4, 5, 6>, tile_sizes = array<i64: 1, 1, 0, 32, 1, 1, 1>, vectorize = true}
// A filter that fits (above, and 3x3x64x64 here) keeps one level of tiles.
// CHECK-LABEL: func.func @conv_2d_small_filter
// CHECK-NOT: cache_tile_sizes
// CHECK: return
func.func @conv_2d_large_filter(%x: tensor<2x9x9x512xf32>, %w: tensor<3x3x512x512xf32>, %o: tensor<2x7x7x512xf32>) -> tensor<2x7x7x512xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x9x9x512xf32>, tensor<3x3x512x512xf32>) outs(%o : tensor<2x7x7x512xf32>) -> tensor<2x7x7x512xf32>
  return %0 : tensor<2x7x7x512xf32>
}
func.func @conv_2d_small_filter(%x: tensor<2x58x58x64xf32>, %w: tensor<3x3x64x64xf32>, %o: tensor<2x56x56x64xf32>) -> tensor<2x56x56x64xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x58x58x64xf32>, tensor<3x3x64x64xf32>) outs(%o : tensor<2x56x56x64xf32>) -> tensor<2x56x56x64xf32>
  return %0 : tensor<2x56x56x64xf32>
}
// One panel of output channels (32): nothing for the cores to share, and
// its rows are adjacent; no k blocks.
// CHECK-LABEL: func.func @conv_2d_one_panel
// CHECK-NOT: cache_tile_sizes
// CHECK: return
func.func @conv_2d_one_panel(%x: tensor<2x9x9x1024xf32>, %w: tensor<3x3x1024x32xf32>, %o: tensor<2x7x7x32xf32>) -> tensor<2x7x7x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x9x9x1024xf32>, tensor<3x3x1024x32xf32>) outs(%o : tensor<2x7x7x32xf32>) -> tensor<2x7x7x32xf32>
  return %0 : tensor<2x7x7x32xf32>
}

// CHECK-LABEL: func.func @conv_1d_narrow
// CHECK: linalg.conv_1d_nwc_wcf {{.*}}xla.tiling = {peel = true, tile_interchange = array<i64: 0, 2, 1, 3, 4>, tile_sizes = array<i64: 1, 8, 0, 1, 1>, vectorize = true}
func.func @conv_1d_narrow(%x: tensor<2x40x3xf32>, %w: tensor<3x3x12xf32>, %o: tensor<2x19x12xf32>) -> tensor<2x19x12xf32> {
  %0 = linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%x, %w : tensor<2x40x3xf32>, tensor<3x3x12xf32>) outs(%o : tensor<2x19x12xf32>) -> tensor<2x19x12xf32>
  return %0 : tensor<2x19x12xf32>
}

// A depthwise convolution: the lanes run along the channels (in all three
// operands: elementwise, not an outer product), the multiplier by 1.
// CHECK-LABEL: func.func @depthwise
// CHECK: linalg.depthwise_conv_2d_nhwc_hwcm {{.*}}xla.tiling = {distribute = true, peel = true, tile_interchange = array<i64: 0, 1, 3, 4, 2, 5, 6>, tile_sizes = array<i64: 0, 1, 8, 32, 0, 1, 1>, vectorize = true}
func.func @depthwise(%x: tensor<1x10x20x64xf32>, %w: tensor<3x3x64x1xf32>, %o: tensor<1x8x18x64x1xf32>) -> tensor<1x8x18x64x1xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x10x20x64xf32>, tensor<3x3x64x1xf32>) outs(%o : tensor<1x8x18x64x1xf32>) -> tensor<1x8x18x64x1xf32>
  return %0 : tensor<1x8x18x64x1xf32>
}

// Other bodies (here a conversion of the input) get no plan: scalar loops.
// CHECK-LABEL: func.func @conv_converting
// CHECK-NOT: tile_sizes
// CHECK: return
func.func @conv_converting(%x: tensor<1x10x10x16xf16>, %w: tensor<3x3x16x32xf32>, %o: tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x10x10x16xf16>, tensor<3x3x16x32xf32>) outs(%o : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  return %0 : tensor<1x8x8x32xf32>
}

// -----

// The module's target wins over the options: 256-bit vectors and a single
// core, so 8 lanes and no distribution, whatever vector-bits says.
// CHECK-LABEL: func.func @with_target
// CHECK: xla.tiling = {interchange = array<i64: 0, 2, 1>, peel = true, tile_interchange = array<i64: 2, 0, 1>, tile_sizes = array<i64: 8, 1, 8>, vectorize = true}
// Its 16 vector registers (the default of a 256-bit description) hold 6
// rows of a register tile two vectors wide (12 accumulators, two rhs
// vectors and a broadcast input element), not matmul-rows' 8, which would
// spill; a tile one vector wide keeps 8 rows.
// CHECK-LABEL: func.func @with_target_conv
// CHECK: tile_sizes = array<i64: 1, 1, 6, 16, 1, 1, 1>
module attributes {xla.target = {triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "", vector_bits = 256 : i64, cores = 1 : i64, l1_bytes = 32768 : i64, l2_bytes = 262144 : i64, l3_bytes = 8388608 : i64, clock_ghz = 3.0 : f64, bandwidth_gbps = 20.0 : f64, peak_gflops = 100.0 : f64}} {
  func.func @with_target(%a: tensor<64x40xf32>, %b: tensor<40x40xf32>, %c: tensor<64x40xf32>) -> tensor<64x40xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<64x40xf32>, tensor<40x40xf32>) outs(%c : tensor<64x40xf32>) -> tensor<64x40xf32>
    return %0 : tensor<64x40xf32>
  }
  func.func @with_target_conv(%x: tensor<2x18x18x16xf32>, %w: tensor<3x3x16x64xf32>, %o: tensor<2x16x16x64xf32>) -> tensor<2x16x16x64xf32> {
    %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x18x18x16xf32>, tensor<3x3x16x64xf32>) outs(%o : tensor<2x16x16x64xf32>) -> tensor<2x16x16x64xf32>
    return %0 : tensor<2x16x16x64xf32>
  }
}

// -----

// With 32 registers (AVX-512's, or an explicit vector_registers) the tile
// two vectors wide keeps matmul-rows' 8 rows.
// CHECK-LABEL: func.func @with_32_registers
// CHECK: tile_sizes = array<i64: 1, 1, 8, 16, 1, 1, 1>
module attributes {xla.target = {triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "", vector_bits = 256 : i64, vector_registers = 32 : i64, cores = 1 : i64, l1_bytes = 32768 : i64, l2_bytes = 262144 : i64, l3_bytes = 8388608 : i64, clock_ghz = 3.0 : f64, bandwidth_gbps = 20.0 : f64, peak_gflops = 100.0 : f64}} {
  func.func @with_32_registers(%x: tensor<2x18x18x16xf32>, %w: tensor<3x3x16x64xf32>, %o: tensor<2x16x16x64xf32>) -> tensor<2x16x16x64xf32> {
    %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x18x18x16xf32>, tensor<3x3x16x64xf32>) outs(%o : tensor<2x16x16x64xf32>) -> tensor<2x16x16x64xf32>
    return %0 : tensor<2x16x16x64xf32>
  }
}

// -----

// Packing, in the run with caches of 4 KiB and 16 KiB and 2 cores. A 90x75 rhs (27 KB)
// outgrows half of L2 and the lhs has 70 >= 4 x 8 rows: the rhs is packed
// into panels of 32 (two 16-lane vectors; 75 = 2 panels + 11 columns,
// which get the plain plan). Loops of the packed op: (m, n panels, k,
// column in panel). Register tiles 8 rows x one panel, loops (m, n, k);
// cache tiles: k blocks of 24 (8 + 32 rows of 24 floats fill 4 KiB) and
// one panel per n block, so the 2 blocks go to the 2 cores, and each
// packs the panel it reads (pack_per_tile), a k block at a time
// (pack_per_cache_tile). With the default 1 MiB L2 the same op is not
// packed.
// PACK-LABEL: func.func @matmul_packed
// PACK: xla.tiling = {cache_tile_interchange = array<i64: 1, 0, 2, 3>, cache_tile_sizes = array<i64: 0, 1, 24, 0>, distribute = true,
// PACK-SAME: pack_copy = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}, pack_per_cache_tile = true, pack_per_tile = true,
// PACK-SAME: pack_remainder = {distribute = true, interchange = array<i64: 0, 2, 1>, peel = true, tile_interchange = array<i64: 2, 0, 1>, tile_sizes = array<i64: 8, 1, 0>, vectorize = true},
// PACK-SAME: pack_rhs = 32 : i64, peel = true, tile_interchange = array<i64: 0, 1, 2, 3>, tile_sizes = array<i64: 8, 1, 1, 0>, vectorize = true}
// CHECK-LABEL: func.func @matmul_packed
// CHECK-NOT: pack_rhs
// CHECK: return
func.func @matmul_packed(%a: tensor<70x90xf32>, %b: tensor<90x75xf32>, %c: tensor<70x75xf32>) -> tensor<70x75xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<70x90xf32>, tensor<90x75xf32>) outs(%c : tensor<70x75xf32>) -> tensor<70x75xf32>
  return %0 : tensor<70x75xf32>
}

// -----

// The same product with 200 rows: the rows' k block of the lhs (200 x 24
// floats, 19 KB) outgrows half of L2, so the register tiles prefetch the
// next row tile's strip of it into L2 (`prefetch_lhs = 2`); with 70 rows
// above (7 KB) they do not.
// PACK-LABEL: func.func @matmul_packed_prefetch_lhs
// PACK: pack_rhs = 32 : i64, peel = true, prefetch_lhs = 2 : i64, tile_interchange
func.func @matmul_packed_prefetch_lhs(%a: tensor<200x90xf32>, %b: tensor<90x75xf32>, %c: tensor<200x75xf32>) -> tensor<200x75xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<200x90xf32>, tensor<90x75xf32>) outs(%c : tensor<200x75xf32>) -> tensor<200x75xf32>
  return %0 : tensor<200x75xf32>
}

// -----

// A batched x W^T: each batch's rhs (70x50, 14 KB) is packed from its rows
// ([b, n, k] -> [b, n/32, k, 32], a copy with 16x16 square tiles); the
// batches go to the cores, each packing its own batch's rhs.
// PACK-LABEL: func.func @batch_matmul_packed
// PACK: cache_tile_interchange = array<i64: 0, 2, 1, 3, 4>, cache_tile_sizes = array<i64: 1, 0, 0, 24, 0>, distribute = true,
// PACK-SAME: pack_copy = {peel = true, tile_sizes = array<i64: 1, 1, 16, 16>, vectorize = true}, pack_per_cache_tile = true, pack_per_tile = true
// PACK-SAME: pack_rhs = 32
func.func @batch_matmul_packed(%a: tensor<4x40x50xf32>, %b: tensor<4x70x50xf32>, %c: tensor<4x40x70xf32>) -> tensor<4x40x70xf32> {
  %0 = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%a, %b : tensor<4x40x50xf32>, tensor<4x70x50xf32>) outs(%c : tensor<4x40x70xf32>) -> tensor<4x40x70xf32>
  return %0 : tensor<4x40x70xf32>
}

// -----

// k (24) fits in one k block, so the n blocks the cores share are the
// only cache tiles: each core packs its panels (pack_per_tile), but not
// per cache tile, since the tiles inside it are register tiles, which
// would pack the same panels again for every 8 rows.
// PACK-LABEL: func.func @short_k
// PACK: cache_tile_sizes = array<i64: 0, 2, 0, 0>, distribute = true
// PACK-NOT: pack_per_cache_tile
// PACK-SAME: pack_per_tile = true
func.func @short_k(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %c: tensor<70x128xf32>) -> tensor<70x128xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  return %0 : tensor<70x128xf32>
}

// -----

// One panel (40 = 32 + 8) cannot go round 2 cores: the cores share the
// rows instead, 152 each (300 / 2 rounded up to whole row tiles). Each
// would need every panel, so the rhs is packed once, before the tiles.
// PACK-LABEL: func.func @rows_shared
// PACK: cache_tile_interchange = array<i64: 1, 0, 2, 3>, cache_tile_sizes = array<i64: 152, 0, 24, 0>, distribute = true
// PACK-NOT: pack_per_tile
// PACK: return
func.func @rows_shared(%a: tensor<300x60xf32>, %b: tensor<60x40xf32>, %c: tensor<300x40xf32>) -> tensor<300x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<300x60xf32>, tensor<60x40xf32>) outs(%c : tensor<300x40xf32>) -> tensor<300x40xf32>
  return %0 : tensor<300x40xf32>
}

// -----

// 16 rows are 2 row tiles: packing would cost about as much as it saves.
// PACK-LABEL: func.func @few_rows
// PACK-NOT: pack_rhs
// PACK: return
func.func @few_rows(%a: tensor<16x90xf32>, %b: tensor<90x75xf32>, %c: tensor<16x75xf32>) -> tensor<16x75xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<16x90xf32>, tensor<90x75xf32>) outs(%c : tensor<16x75xf32>) -> tensor<16x75xf32>
  return %0 : tensor<16x75xf32>
}

// -----

// The rhs (256 KiB) is smaller than half of L2, but a row tile's strip of
// it, 256 rows 1 KiB apart, falls into 4 of L1's 64 sets: 32 lines with
// the default 32 KiB (8 ways). It would come from L2 for every row tile,
// so the rhs is packed. Attention's P V per head (128 rows 256 bytes
// apart: 16 sets, 128 lines) is not.
// CHECK-LABEL: func.func @strip_pitch_packed
// CHECK: pack_rhs = 32
// CHECK-LABEL: func.func @strip_fits_l1
// CHECK-NOT: pack_rhs
// CHECK: return
func.func @strip_pitch_packed(%a: tensor<64x256xf32>, %b: tensor<256x256xf32>, %c: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x256xf32>, tensor<256x256xf32>) outs(%c : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %0 : tensor<64x256xf32>
}
func.func @strip_fits_l1(%p: tensor<32x128x128xf32>, %v: tensor<32x128x64xf32>, %c: tensor<32x128x64xf32>) -> tensor<32x128x64xf32> {
  %0 = linalg.batch_matmul ins(%p, %v : tensor<32x128x128xf32>, tensor<32x128x64xf32>) outs(%c : tensor<32x128x64xf32>) -> tensor<32x128x64xf32>
  return %0 : tensor<32x128x64xf32>
}

// -----

// Inside a block of an output fusion (an scf.forall of
// xla-tile-and-fuse-blocks), an op no larger than a register tile (8 rows
// x two vectors) is vectorized whole, in the accumulator's shape, and not
// distributed; a larger one is tiled as usual.
// CHECK-LABEL: func.func @register_block
// CHECK: linalg.fill {xla.tiling = {vectorize = true}}
// CHECK: linalg.generic
// CHECK-SAME: xla.tiling = {vectorize = true}
// CHECK: linalg.generic
// CHECK-SAME: xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @register_block(%x: tensor<64x64xf32>, %y: tensor<64x128xf32>) -> (tensor<64x64xf32>, tensor<64x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %r:2 = scf.forall (%i) = (0) to (64) step (8) shared_outs(%o = %x, %p = %y) -> (tensor<64x64xf32>, tensor<64x128xf32>) {
    %s = tensor.extract_slice %o[%i, 0] [8, 16] [1, 1] : tensor<64x64xf32> to tensor<8x16xf32>
    %f = linalg.fill ins(%zero : f32) outs(%s : tensor<8x16xf32>) -> tensor<8x16xf32>
    %e = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%f : tensor<8x16xf32>) outs(%s : tensor<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %t = math.tanh %in : f32
      linalg.yield %t : f32
    } -> tensor<8x16xf32>
    %t = tensor.extract_slice %p[%i, 0] [8, 128] [1, 1] : tensor<64x128xf32> to tensor<8x128xf32>
    %g = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%t : tensor<8x128xf32>) outs(%t : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %u = math.exp %in : f32
      linalg.yield %u : f32
    } -> tensor<8x128xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %e into %o[%i, 0] [8, 16] [1, 1] : tensor<8x16xf32> into tensor<64x64xf32>
      tensor.parallel_insert_slice %g into %p[%i, 0] [8, 128] [1, 1] : tensor<8x128xf32> into tensor<64x128xf32>
    }
  }
  return %r#0, %r#1 : tensor<64x64xf32>, tensor<64x128xf32>
}

// -----

// A column of a block (a row statistic of 128 rows, [128, 1]) is within a
// register tile's size but would be a vector with a trailing unit
// dimension (one-element vectors in LLVM): it is tiled as usual.
// CHECK-LABEL: func.func @block_column
// CHECK: linalg.generic
// CHECK-NOT: xla.tiling = {vectorize = true}
// CHECK-SAME: tile_sizes
// CHECK: return
#col = affine_map<(d0, d1) -> (d0, d1)>
func.func @block_column(%x: tensor<1024x1xf32>) -> tensor<1024x1xf32> {
  %r = scf.forall (%i) = (0) to (1024) step (128) shared_outs(%o = %x) -> (tensor<1024x1xf32>) {
    %s = tensor.extract_slice %o[%i, 0] [128, 1] [1, 1] : tensor<1024x1xf32> to tensor<128x1xf32>
    %g = linalg.generic {indexing_maps = [#col, #col], iterator_types = ["parallel", "parallel"]}
        ins(%s : tensor<128x1xf32>) outs(%s : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %u = math.sqrt %in : f32
      linalg.yield %u : f32
    } -> tensor<128x1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %o[%i, 0] [128, 1] [1, 1] : tensor<128x1xf32> into tensor<1024x1xf32>
    }
  }
  return %r : tensor<1024x1xf32>
}

// -----

// A weight gradient x^T dy: the lhs [batch, tokens, features] has its
// contracting loops first. A row tile reads 8 contiguous lhs elements per
// k step, but the 512 k steps are 4 KiB apart, all in one L1 set, and the
// lhs (2 MiB) does not stay in L2: the strip comes from memory for every
// column tile. The op reads a copy with the contracting dimensions last
// (relayout_lhs: the copy's own plan, 16x16 register transposes) and is
// planned as it reads the copy: packed, its k blocks spanning the 128
// tokens of one batch (the outer k loop tiled by 1) so that a packed
// block of the rhs stays in L2.
// No copy where the strip fits (16 rows 4000 bytes apart: all 64 sets),
// where the lhs is small enough to stay in L2 (attention's V per head), or
// where one column tile reads the strip once.
// CHECK-LABEL: func.func @weight_gradient
// CHECK: cache_tile_sizes = array<i64: 0, 4, 1, 0, 0>
// CHECK-SAME: pack_rhs = 32
// CHECK-SAME: relayout_lhs = {distribute = true, peel = true, tile_sizes = array<i64: 16, 1, 16>, vectorize = true}
// CHECK-LABEL: func.func @weight_gradient_strip_fits
// CHECK-NOT: relayout_lhs
// CHECK-LABEL: func.func @weight_gradient_small_lhs
// CHECK-NOT: relayout_lhs
// CHECK-LABEL: func.func @weight_gradient_one_column_tile
// CHECK-NOT: relayout_lhs
// CHECK: return
#wg_lhs = affine_map<(d0, d1, d2, d3) -> (d2, d3, d0)>
#wg_rhs = affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>
#wg_out = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
func.func @weight_gradient(%x: tensor<4x128x1024xf32>, %dy: tensor<4x128x256xf32>, %c: tensor<1024x256xf32>) -> tensor<1024x256xf32> {
  %0 = linalg.generic {indexing_maps = [#wg_lhs, #wg_rhs, #wg_out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %dy : tensor<4x128x1024xf32>, tensor<4x128x256xf32>) outs(%c : tensor<1024x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1024x256xf32>
  return %0 : tensor<1024x256xf32>
}
func.func @weight_gradient_strip_fits(%x: tensor<4x16x1000xf32>, %dy: tensor<4x16x256xf32>, %c: tensor<1000x256xf32>) -> tensor<1000x256xf32> {
  %0 = linalg.generic {indexing_maps = [#wg_lhs, #wg_rhs, #wg_out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %dy : tensor<4x16x1000xf32>, tensor<4x16x256xf32>) outs(%c : tensor<1000x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1000x256xf32>
  return %0 : tensor<1000x256xf32>
}
func.func @weight_gradient_small_lhs(%x: tensor<4x128x256xf32>, %dy: tensor<4x128x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %0 = linalg.generic {indexing_maps = [#wg_lhs, #wg_rhs, #wg_out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %dy : tensor<4x128x256xf32>, tensor<4x128x256xf32>) outs(%c : tensor<256x256xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}
func.func @weight_gradient_one_column_tile(%x: tensor<4x128x1024xf32>, %dy: tensor<4x128x32xf32>, %c: tensor<1024x32xf32>) -> tensor<1024x32xf32> {
  %0 = linalg.generic {indexing_maps = [#wg_lhs, #wg_rhs, #wg_out], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %dy : tensor<4x128x1024xf32>, tensor<4x128x32xf32>) outs(%c : tensor<1024x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<1024x32xf32>
  return %0 : tensor<1024x32xf32>
}

// -----

// A packed product whose only reader is an all-parallel epilogue (bias,
// relu): k (24) is one block and the 4 panels split evenly in 2 n blocks,
// so the register tiles sit directly in the distributed loop and all are
// whole: the epilogue joins them (fuse_epilogue). So it does where k is
// split into blocks (the last k block's tiles take it), but not where the
// product is also returned.
// PACK-LABEL: func.func @packed_epilogue
// PACK: linalg.matmul
// PACK-SAME: fuse_epilogue = true
// PACK-LABEL: func.func @packed_product_returned
// PACK: linalg.matmul
// PACK-NOT: fuse_epilogue
// PACK-SAME: pack_rhs = 32
// PACK-LABEL: func.func @packed_epilogue_k_blocks
// PACK: linalg.matmul
// PACK-SAME: cache_tile_sizes
// PACK-SAME: distribute = true, fuse_epilogue = true
// With k blocks, a distributed tile's product that stays in half of L2
// (32 x 64 floats, 8 KiB of 16) is read back after the blocks, which then
// need no last block of their own; 70 x 64 (17.5 KiB) is not.
// PACK-LABEL: func.func @packed_epilogue_k_blocks_in_l2
// PACK: linalg.matmul
// PACK-SAME: cache_tile_sizes
// PACK-SAME: distribute = true, epilogue_after_k_blocks = true, fuse_epilogue = true
// An operand computed after the product is fine (it moves before it); a
// product read twice by the epilogue is not its only reader's one read.
// PACK-LABEL: func.func @epilogue_operand_after_product
// PACK: linalg.matmul
// PACK-SAME: fuse_epilogue = true
// PACK-LABEL: func.func @product_read_twice
// PACK: linalg.matmul
// PACK-NOT: fuse_epilogue
// PACK-SAME: pack_rhs = 32
// PACK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @packed_epilogue(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}
func.func @packed_product_returned(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<128xf32>) -> (tensor<70x128xf32>, tensor<70x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<70x128xf32>
  return %0, %1 : tensor<70x128xf32>, tensor<70x128xf32>
}
func.func @packed_epilogue_k_blocks(%a: tensor<70x90xf32>, %b: tensor<90x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x90xf32>, tensor<90x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}
func.func @packed_epilogue_k_blocks_in_l2(%a: tensor<32x90xf32>, %b: tensor<90x128xf32>, %bias: tensor<128xf32>) -> tensor<32x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<32x128xf32>) -> tensor<32x128xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<32x90xf32>, tensor<90x128xf32>) outs(%c : tensor<32x128xf32>) -> tensor<32x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<32x128xf32>, tensor<128xf32>) outs(%e : tensor<32x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<32x128xf32>
  return %1 : tensor<32x128xf32>
}
func.func @epilogue_operand_after_product(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %eb = tensor.empty() : tensor<128xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%bias : tensor<128xf32>) outs(%eb : tensor<128xf32>) {
  ^bb0(%q: f32, %o: f32):
    %s = arith.addf %q, %q : f32
    linalg.yield %s : f32
  } -> tensor<128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %scaled : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}
func.func @product_read_twice(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %0 : tensor<70x128xf32>, tensor<70x128xf32>) outs(%e : tensor<70x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.mulf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}

// -----

// A packed product's k blocks fill L1 with 8 lhs rows and a panel (200 of
// k at the default 32 KiB). Where a multiple of 8 down to 3/4 of that
// divides k, the blocks take it (768 = 4 x 192), so that no remainder
// block is one more copy of the packing and the register tiles; 784 has
// no such divisor and keeps blocks of 200 and a remainder.
// CHECK-LABEL: func.func @k_blocks_divide
// CHECK: cache_tile_sizes = array<i64: 0, 16, 192, 0>
// CHECK-LABEL: func.func @k_blocks_remainder
// CHECK: cache_tile_sizes = array<i64: 0, 16, 200, 0>
func.func @k_blocks_divide(%a: tensor<512x768xf32>, %b: tensor<768x1024xf32>, %c: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<512x768xf32>, tensor<768x1024xf32>) outs(%c : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  return %0 : tensor<512x1024xf32>
}
func.func @k_blocks_remainder(%a: tensor<512x784xf32>, %b: tensor<784x1024xf32>, %c: tensor<512x1024xf32>) -> tensor<512x1024xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<512x784xf32>, tensor<784x1024xf32>) outs(%c : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  return %0 : tensor<512x1024xf32>
}

// -----

// A mask of i1 computed by an all-parallel op is vectorized (stored as
// bytes: xla-widen-sub-byte-vector-accesses); an i1 reduction is not.
// CHECK-LABEL: func.func @mask_result
// CHECK: xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}
func.func @mask_result(%x: tensor<20x768xf32>) -> tensor<20x768xi1> {
  %e = tensor.empty() : tensor<20x768xi1>
  %zero = arith.constant 0.0 : f32
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<20x768xf32>) outs(%e : tensor<20x768xi1>) {
  ^bb0(%a: f32, %o: i1):
    %c = arith.cmpf ogt, %a, %zero : f32
    linalg.yield %c : i1
  } -> tensor<20x768xi1>
  return %0 : tensor<20x768xi1>
}

// -----

// A tree of chains (xla-split-reductions): rows x 32 chains of 16 steps x
// 16 lanes. A tile of 4 chains keeps 4 accumulators in flight, each chain
// summed in its own order (the same bits as a chain at a time), instead
// of one chain of dependent adds.
#chains_in = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#chains_out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-LABEL: func.func @sum_chains
// CHECK: xla.tiling = {peel = true, tile_sizes = array<i64: 1, 4, 1, 0>, vectorize = true}
func.func @sum_chains(%x: tensor<4x32x16x16xf32>, %init: tensor<4x32x16xf32>) -> tensor<4x32x16xf32> {
  %0 = linalg.generic {indexing_maps = [#chains_in, #chains_out], iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%x : tensor<4x32x16x16xf32>) outs(%init : tensor<4x32x16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4x32x16xf32>
  return %0 : tensor<4x32x16xf32>
}

// -----

// An epilogue of 12 scalar ops or more runs as a loop over each register
// tile's rows (roll_epilogue); the short ones above stay unrolled.
// PACK-LABEL: func.func @rolled_epilogue
// PACK: linalg.matmul
// PACK-SAME: fuse_epilogue = true
// PACK-SAME: roll_epilogue = true
// PACK-LABEL: func.func @unrolled_epilogue
// PACK: linalg.matmul
// PACK-SAME: fuse_epilogue = true
// PACK-NOT: roll_epilogue
// PACK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @rolled_epilogue(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %v0 = arith.addf %p, %q : f32
    %v1 = math.tanh %v0 : f32
    %v2 = arith.mulf %v1, %v1 : f32
    %v3 = arith.subf %one, %v2 : f32
    %v4 = arith.mulf %v3, %v0 : f32
    %v5 = math.absf %v4 : f32
    %v6 = arith.addf %v5, %one : f32
    %v7 = math.sqrt %v6 : f32
    %v8 = arith.divf %v4, %v7 : f32
    %v9 = math.exp %v8 : f32
    %v10 = arith.mulf %v9, %v1 : f32
    %v11 = arith.addf %v10, %v8 : f32
    linalg.yield %v11 : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}
func.func @unrolled_epilogue(%a: tensor<70x24xf32>, %b: tensor<24x128xf32>, %bias: tensor<128xf32>) -> tensor<70x128xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<70x128xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<70x128xf32>) -> tensor<70x128xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<70x24xf32>, tensor<24x128xf32>) outs(%c : tensor<70x128xf32>) -> tensor<70x128xf32>
  %1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%0, %bias : tensor<70x128xf32>, tensor<128xf32>) outs(%e : tensor<70x128xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %v0 = arith.addf %p, %q : f32
    %v1 = math.tanh %v0 : f32
    %v2 = arith.mulf %v1, %v0 : f32
    linalg.yield %v2 : f32
  } -> tensor<70x128xf32>
  return %1 : tensor<70x128xf32>
}
