// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(xla-plan-kernel-blocks{cores=2 l2-bytes=1048576 vector-bits=512}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(xla-plan-kernel-blocks{cores=2 l2-bytes=131072 vector-bits=512}))' | FileCheck %s --check-prefix=SMALL-L2

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// Softmax along rows: max, exp and sum, divide. Every op is parallel along
// the rows, so the division (the last op) is blocked by rows: a row of x,
// of the exponentials and of the result is 48 KiB, so 8 rows fill half of
// L2 (10 would, but blocks divide 4096). With 128 KiB of L2, 1 row.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: xla.block_tiles
// CHECK: arith.addf
// CHECK: xla.block_tiles = array<i64: 8, 0>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.divf
// SMALL-L2-LABEL: func.func @softmax
// SMALL-L2: xla.block_tiles = array<i64: 1, 0>
func.func @softmax(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4096xf32>
  %e2 = tensor.empty() : tensor<4096x4096xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  %m = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x4096xf32>) outs(%minit : tensor<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<4096xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%e2 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %mx: f32, %out: f32):
    %d = arith.subf %in, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<4096x4096xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%e : tensor<4096x4096xf32>) outs(%sinit : tensor<4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<4096xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e, %s : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%e2 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// The same along columns (a mean over the batch, subtracted): the columns
// are blocked, in whole vectors of 16 lanes; 16 columns of 4096 rows of x
// and of the result fill half of L2.
// CHECK-LABEL: func.func @column_centering
// CHECK: xla.block_tiles = array<i64: 0, 16>
func.func @column_centering(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1024xf32>
  %e2 = tensor.empty() : tensor<4096x1024xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1024xf32>) -> tensor<1024xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4096x1024xf32>) outs(%sinit : tensor<1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<1024xf32>
  %y = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<4096x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<4096x1024xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.subf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<4096x1024xf32>
  return %y : tensor<4096x1024xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#all = affine_map<(d0, d1) -> ()>

// x / sum(x): the sum reduces over every loop of the division, so no loop
// may be blocked.
// CHECK-LABEL: func.func @total
// CHECK-NOT: xla.block_tiles
func.func @total(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %e2 = tensor.empty() : tensor<4096x4096xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<4096x4096xf32>) outs(%sinit : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %y = linalg.generic {indexing_maps = [#id, #all, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<4096x4096xf32>, tensor<f32>) outs(%e2 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// The row sums of a small matrix: x is read twice, but the 64 KiB fit in
// L2 anyway, so blocking gains nothing.
// CHECK-LABEL: func.func @small
// CHECK-NOT: xla.block_tiles
func.func @small(%x: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<128xf32>
  %e2 = tensor.empty() : tensor<128x128xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<128xf32>) -> tensor<128xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<128x128xf32>) outs(%sinit : tensor<128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<128xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<128x128xf32>, tensor<128xf32>) outs(%e2 : tensor<128x128xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<128x128xf32>
  return %y : tensor<128x128xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// One op: nothing to keep in cache between ops.
// CHECK-LABEL: func.func @one_op
// CHECK-NOT: xla.block_tiles
func.func @one_op(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %e2 = tensor.empty() : tensor<4096x4096xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4096x4096xf32>) outs(%e2 : tensor<4096x4096xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// A contraction whose rhs is packed (1024 rows 4 KiB apart) keeps its own
// tiles with its epilogue after them: the panels are packed for all tiles
// at once, and the k blocks split the sums.
// CHECK-LABEL: func.func @dense
// CHECK-NOT: xla.block_tiles
func.func @dense(%x: tensor<2048x1024xf32>, %w: tensor<1024x1024xf32>, %b: tensor<1024xf32>) -> tensor<2048x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<2048x1024xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %d = linalg.matmul ins(%x, %w : tensor<2048x1024xf32>, tensor<1024x1024xf32>) outs(%init : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d, %b : tensor<2048x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<2048x1024xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %a = arith.addf %in, %bias : f32
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2048x1024xf32>
  return %y : tensor<2048x1024xf32>
}

// -----

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rows3 = affine_map<(d0, d1, d2) -> (d0, d1)>

// Row sums over [64, 64, 1024] after a reshape that splits the 4096 rows
// of x into 64 x 64: blocking either part would need blocks of x's rows
// along the outer part only, which is not done, so nothing is blocked.
// CHECK-LABEL: func.func @split_rows
// CHECK-NOT: xla.block_tiles
func.func @split_rows(%x: tensor<4096x1024xf32>) -> tensor<64x64x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %xs = tensor.expand_shape %x [[0, 1], [2]] output_shape [64, 64, 1024] : tensor<4096x1024xf32> into tensor<64x64x1024xf32>
  %e1 = tensor.empty() : tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x64x1024xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.generic {indexing_maps = [#id3, #rows3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%xs : tensor<64x64x1024xf32>) outs(%sinit : tensor<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  %y = linalg.generic {indexing_maps = [#id3, #rows3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%xs, %s : tensor<64x64x1024xf32>, tensor<64x64xf32>) outs(%e3 : tensor<64x64x1024xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<64x64x1024xf32>
  return %y : tensor<64x64x1024xf32>
}

// -----

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#rows4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>

// Attention scores [8, 12, 128, 128]: a row is 128 values, so a block
// takes all 128 rows of a head and 2 heads (the values of 256 rows fill
// half of L2); batch and heads are blocked, the query rows are whole.
// CHECK-LABEL: func.func @attention_softmax
// CHECK: xla.block_tiles = array<i64: 1, 2, 0, 0>
func.func @attention_softmax(%x: tensor<8x12x128x128xf32>) -> tensor<8x12x128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8x12x128xf32>
  %e4 = tensor.empty() : tensor<8x12x128x128xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x12x128xf32>) -> tensor<8x12x128xf32>
  %ex = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<8x12x128x128xf32>) outs(%e4 : tensor<8x12x128x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<8x12x128x128xf32>
  %s = linalg.generic {indexing_maps = [#id4, #rows4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%ex : tensor<8x12x128x128xf32>) outs(%sinit : tensor<8x12x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<8x12x128xf32>
  %y = linalg.generic {indexing_maps = [#id4, #rows4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%ex, %s : tensor<8x12x128x128xf32>, tensor<8x12x128xf32>) outs(%e4 : tensor<8x12x128x128xf32>) {
  ^bb0(%in: f32, %sum: f32, %out: f32):
    %r = arith.divf %in, %sum : f32
    linalg.yield %r : f32
  } -> tensor<8x12x128x128xf32>
  return %y : tensor<8x12x128x128xf32>
}

// -----

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#rows4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#mask4 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>

// A causal mask read by the max: two inputs vary along the reduced loop,
// but the mask only misses loops the scores have, so this is no
// contraction, and the kernel is blocked like the softmax above (its rows
// hold two values instead of three: 3 heads per block).
// CHECK-LABEL: func.func @masked_max
// CHECK: xla.block_tiles = array<i64: 1, 3, 0, 0>
func.func @masked_max(%mask: tensor<128x128xi1>, %x: tensor<8x12x128x128xf32>) -> tensor<8x12x128x128xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<8x12x128xf32>
  %e4 = tensor.empty() : tensor<8x12x128x128xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<8x12x128xf32>) -> tensor<8x12x128xf32>
  %m = linalg.generic {indexing_maps = [#mask4, #id4, #rows4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%mask, %x : tensor<128x128xi1>, tensor<8x12x128x128xf32>) outs(%minit : tensor<8x12x128xf32>) {
  ^bb0(%k: i1, %in: f32, %out: f32):
    %v = arith.select %k, %in, %ninf : f32
    %r = arith.maximumf %out, %v : f32
    linalg.yield %r : f32
  } -> tensor<8x12x128xf32>
  %y = linalg.generic {indexing_maps = [#mask4, #id4, #rows4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%mask, %x, %m : tensor<128x128xi1>, tensor<8x12x128x128xf32>, tensor<8x12x128xf32>) outs(%e4 : tensor<8x12x128x128xf32>) {
  ^bb0(%k: i1, %in: f32, %mx: f32, %out: f32):
    %v = arith.select %k, %in, %ninf : f32
    %d = arith.subf %v, %mx : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<8x12x128x128xf32>
  return %y : tensor<8x12x128x128xf32>
}

// -----

#id_e = affine_map<(d0, d1) -> (d0, d1)>
#col_e = affine_map<(d0, d1) -> (d1)>
#tr_e = affine_map<(d0, d1) -> (d1, d0)>

// An output fusion: a product, its bias and activation. The blocks are the
// product's register tiles (8 rows x 16 lanes), in its tile loop order
// (columns outermost), whatever the size of L2: each block applies the
// epilogue to its accumulator before storing it.
// CHECK-LABEL: func.func @epilogue
// CHECK: linalg.matmul
// CHECK-NOT: xla.block_tiles
// CHECK: xla.block_interchange = array<i64: 1, 0>, xla.block_tiles = array<i64: 8, 16>
// SMALL-L2-LABEL: func.func @epilogue
// SMALL-L2: xla.block_interchange = array<i64: 1, 0>, xla.block_tiles = array<i64: 8, 16>
func.func @epilogue(%x: tensor<256x64xf32>, %w: tensor<64x96xf32>, %b: tensor<96xf32>) -> tensor<256x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x96xf32>) -> tensor<256x96xf32>
  %p = linalg.matmul ins(%x, %w : tensor<256x64xf32>, tensor<64x96xf32>) outs(%init : tensor<256x96xf32>) -> tensor<256x96xf32>
  %y = linalg.generic {indexing_maps = [#id_e, #col_e, #id_e], iterator_types = ["parallel", "parallel"]}
      ins(%p, %b : tensor<256x96xf32>, tensor<96xf32>) outs(%e : tensor<256x96xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %r = math.tanh %s : f32
    linalg.yield %r : f32
  } -> tensor<256x96xf32>
  return %y : tensor<256x96xf32>
}

// -----

#id_e = affine_map<(d0, d1) -> (d0, d1)>
#tr_e = affine_map<(d0, d1) -> (d1, d0)>

// The transpose that computes the product's rhs is not part of the
// epilogue: it does not stop the blocks (and runs whole before them).
// CHECK-LABEL: func.func @epilogue_operand_transposed
// CHECK: xla.block_interchange = array<i64: 1, 0>, xla.block_tiles = array<i64: 8, 16>
func.func @epilogue_operand_transposed(%x: tensor<256x64xf32>, %wt: tensor<96x64xf32>, %r: tensor<256x96xf32>) -> tensor<256x96xf32> {
  %zero = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<64x96xf32>
  %w = linalg.generic {indexing_maps = [#tr_e, #id_e], iterator_types = ["parallel", "parallel"]}
      ins(%wt : tensor<96x64xf32>) outs(%et : tensor<64x96xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<64x96xf32>
  %e = tensor.empty() : tensor<256x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x96xf32>) -> tensor<256x96xf32>
  %p = linalg.matmul ins(%x, %w : tensor<256x64xf32>, tensor<64x96xf32>) outs(%init : tensor<256x96xf32>) -> tensor<256x96xf32>
  %y = linalg.generic {indexing_maps = [#id_e, #id_e, #id_e], iterator_types = ["parallel", "parallel"]}
      ins(%p, %r : tensor<256x96xf32>, tensor<256x96xf32>) outs(%e : tensor<256x96xf32>) {
  ^bb0(%in: f32, %res: f32, %out: f32):
    %s = arith.addf %in, %res : f32
    linalg.yield %s : f32
  } -> tensor<256x96xf32>
  return %y : tensor<256x96xf32>
}

// -----

#conv_id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#conv_ch = affine_map<(d0, d1, d2, d3) -> (d3)>

// A convolution's register tile with AVX2's 16 vector registers: 6 pixels
// x two vectors of channels, which do not divide the 16 pixels of a row;
// the blocks take the largest tile that does and still has 8 vectors of
// accumulators, 4 pixels. (The matmul of @epilogue_partial, one vector
// wide, gets no blocks of fewer rows: too few accumulators.)
// CHECK-LABEL: func.func @epilogue_conv_16_registers
// CHECK: xla.block_tiles = array<i64: 1, 1, 4, 16>
module attributes {xla.target = {triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "", vector_bits = 256 : i64, cores = 2 : i64, l1_bytes = 32768 : i64, l2_bytes = 524288 : i64, l3_bytes = 8388608 : i64, clock_ghz = 3.0 : f64, bandwidth_gbps = 20.0 : f64, peak_gflops = 100.0 : f64}} {
  func.func @epilogue_conv_16_registers(%x: tensor<2x18x18x8xf32>, %f: tensor<3x3x8x32xf32>, %b: tensor<32xf32>) -> tensor<2x16x16x32xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x16x16x32xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x16x32xf32>) -> tensor<2x16x16x32xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %f : tensor<2x18x18x8xf32>, tensor<3x3x8x32xf32>) outs(%init : tensor<2x16x16x32xf32>) -> tensor<2x16x16x32xf32>
    %y = linalg.generic {indexing_maps = [#conv_id, #conv_ch, #conv_id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %b : tensor<2x16x16x32xf32>, tensor<32xf32>) outs(%e : tensor<2x16x16x32xf32>) {
    ^bb0(%in: f32, %bias: f32, %out: f32):
      %s = arith.addf %in, %bias : f32
      %z = arith.maximumf %s, %zero : f32
      linalg.yield %z : f32
    } -> tensor<2x16x16x32xf32>
    return %y : tensor<2x16x16x32xf32>
  }
}

// -----

#id_e = affine_map<(d0, d1) -> (d0, d1)>

// No blocks where the register tiles do not divide the product (100 rows:
// a partial block would not be static), where its rhs is packed (a strip
// of 256 rows 4 KiB apart), or where it is too small to be distributed.
// CHECK-LABEL: func.func @epilogue_partial
// CHECK-NOT: xla.block_tiles
// CHECK-LABEL: func.func @epilogue_packed
// CHECK-NOT: xla.block_tiles
// CHECK-LABEL: func.func @epilogue_small
// CHECK-NOT: xla.block_tiles
// CHECK: return
func.func @epilogue_partial(%x: tensor<100x64xf32>, %w: tensor<64x96xf32>) -> tensor<100x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<100x96xf32>) -> tensor<100x96xf32>
  %p = linalg.matmul ins(%x, %w : tensor<100x64xf32>, tensor<64x96xf32>) outs(%init : tensor<100x96xf32>) -> tensor<100x96xf32>
  %y = linalg.generic {indexing_maps = [#id_e, #id_e], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<100x96xf32>) outs(%e : tensor<100x96xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.tanh %in : f32
    linalg.yield %r : f32
  } -> tensor<100x96xf32>
  return %y : tensor<100x96xf32>
}
func.func @epilogue_packed(%x: tensor<256x256xf32>, %w: tensor<256x1024xf32>) -> tensor<256x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x1024xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %p = linalg.matmul ins(%x, %w : tensor<256x256xf32>, tensor<256x1024xf32>) outs(%init : tensor<256x1024xf32>) -> tensor<256x1024xf32>
  %y = linalg.generic {indexing_maps = [#id_e, #id_e], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<256x1024xf32>) outs(%e : tensor<256x1024xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.tanh %in : f32
    linalg.yield %r : f32
  } -> tensor<256x1024xf32>
  return %y : tensor<256x1024xf32>
}
func.func @epilogue_small(%x: tensor<32x16xf32>, %w: tensor<16x32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %p = linalg.matmul ins(%x, %w : tensor<32x16xf32>, tensor<16x32xf32>) outs(%init : tensor<32x32xf32>) -> tensor<32x32xf32>
  %y = linalg.generic {indexing_maps = [#id_e, #id_e], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.tanh %in : f32
    linalg.yield %r : f32
  } -> tensor<32x32xf32>
  return %y : tensor<32x32xf32>
}

// -----

#id_e = affine_map<(d0, d1) -> (d0, d1)>
#lhs_t = affine_map<(m, n, k) -> (m, k)>
#rhs_t = affine_map<(m, n, k) -> (n, k)>
#out_t = affine_map<(m, n, k) -> (m, n)>

// x W^T (attention's Q K^T): the rhs is read across the lanes, so the
// product is planned on a transposed copy of it, which the blocks would
// make again for every block of rows: the product is marked to get the
// copy first (xla.block_relayout_rhs), made whole before the blocks.
// CHECK-LABEL: func.func @epilogue_rhs_transposed
// CHECK: linalg.generic
// CHECK-SAME: xla.block_relayout_rhs
// CHECK: xla.block_interchange = array<i64: 1, 0>, xla.block_tiles = array<i64: 8, 16>
func.func @epilogue_rhs_transposed(%x: tensor<256x64xf32>, %wt: tensor<96x64xf32>) -> tensor<256x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x96xf32>) -> tensor<256x96xf32>
  %p = linalg.generic {indexing_maps = [#lhs_t, #rhs_t, #out_t], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %wt : tensor<256x64xf32>, tensor<96x64xf32>) outs(%init : tensor<256x96xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %c, %m : f32
    linalg.yield %s : f32
  } -> tensor<256x96xf32>
  %y = linalg.generic {indexing_maps = [#id_e, #id_e], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<256x96xf32>) outs(%e : tensor<256x96xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.mulf %in, %in : f32
    linalg.yield %r : f32
  } -> tensor<256x96xf32>
  return %y : tensor<256x96xf32>
}
