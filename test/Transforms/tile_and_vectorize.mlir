// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-plan-tiling,xla-tile-and-vectorize))' | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-plan-tiling{vector-bits=256 matmul-rows=4},xla-tile-and-vectorize))' | FileCheck %s --check-prefix=AVX2

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// A 20x30 * 30x40 matmul: register tiles of 8 rows x 16 lanes, loops
// (n, m, k) with the accumulator carried in registers across k. 40 = 2*16 + 8
// and 20 = 2*8 + 4 do not divide, so both tile loops are peeled into static
// remainder tiles (4x16, 8x8, 4x8) instead of masked ones.
// CHECK-LABEL: func.func @matmul
// CHECK: scf.for %[[N:.*]] = %c0 to %c32 step %c16
// CHECK:   scf.for %[[M:.*]] = %c0 to %c16 step %c8
// CHECK:     %[[ACC:.*]] = vector.transfer_read %{{.*}}[%[[M]], %[[N]]]{{.*}} vector<8x16xf32>
// CHECK:     %[[SUM:.*]] = scf.for %[[K:.*]] = %c0 to %c30 step %c1 iter_args(%[[A:.*]] = %[[ACC]]) -> (vector<8x16xf32>)
// The 8 lhs elements of the column are read one by one (each is broadcast
// by the outer product), not by a strided transfer_read.
// CHECK:       %[[COL:.*]] = tensor.extract_slice %arg0[%[[M]], %[[K]]] [8, 1]
// CHECK-COUNT-8: tensor.extract %[[COL]]
// CHECK:       %[[L:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK:       %[[R:.*]] = vector.transfer_read %arg1[%[[K]], %[[N]]]{{.*}} vector<16xf32>
// CHECK:       vector.outerproduct %[[L]], %[[R]], %[[A]] {kind = #vector.kind<add>} : vector<8xf32>, vector<16xf32>
// CHECK:     vector.transfer_write %[[SUM]], %{{.*}}[%[[M]], %[[N]]]
// CHECK:   vector.outerproduct {{.*}} : vector<4xf32>, vector<16xf32>
// CHECK: vector.outerproduct {{.*}} : vector<8xf32>, vector<8xf32>
// CHECK: vector.outerproduct {{.*}} : vector<4xf32>, vector<8xf32>
// CHECK-NOT: linalg.
// AVX2-LABEL: func.func @matmul
// AVX2: vector.outerproduct {{.*}} : vector<4xf32>, vector<8xf32>
func.func @matmul(%a: tensor<20x30xf32>, %b: tensor<30x40xf32>, %c: tensor<20x40xf32>) -> tensor<20x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<20x30xf32>, tensor<30x40xf32>) outs(%c : tensor<20x40xf32>) -> tensor<20x40xf32>
  return %0 : tensor<20x40xf32>
}

// Elementwise: one vector of the innermost loop; 40 = 2*16 + 8.
// CHECK-LABEL: func.func @exp
// CHECK: scf.for %{{.*}} = %c0 to %c4 step %c1
// CHECK:   scf.for %{{.*}} = %c0 to %c32 step %c16
// CHECK:     math.exp %{{.*}} : vector<16xf32>
// CHECK:   math.exp %{{.*}} : vector<8xf32>
// CHECK-NOT: linalg.generic
// AVX2-LABEL: func.func @exp
// AVX2: scf.for %{{.*}} = %c0 to %c40 step %c8
// AVX2: math.exp %{{.*}} : vector<8xf32>
func.func @exp(%a: tensor<4x40xf32>) -> tensor<4x40xf32> {
  %e = tensor.empty() : tensor<4x40xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x40xf32>) outs(%e : tensor<4x40xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x40xf32>
  return %0 : tensor<4x40xf32>
}

// A row reduction: the partial sum of a row stays in a register across the
// reduction loop. A float sum keeps its order (the sum trees of
// xla-split-reductions): one reduction across the lanes per step.
// CHECK-LABEL: func.func @row_sum
// CHECK: scf.for %[[ROW:.*]] = %c0 to %c4 step %c1
// CHECK:   %[[INIT:.*]] = vector.transfer_read %{{.*}}[%[[ROW]]]{{.*}} vector<1xf32>
// CHECK:   scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<1xf32>)
// CHECK:     vector.multi_reduction <add>, %{{.*}}, %[[ACC]] [1] : vector<1x16xf32> to vector<1xf32>
func.func @row_sum(%a: tensor<4x64xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x64xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// A row max (exact in any order): the loop carries 4 vectors of lanes (4
// independent chains of compares), combined lane by lane, and they are
// reduced across once per row, after the loop. A float sum (above) keeps
// its order and reduces across the lanes per step.
// CHECK-LABEL: func.func @row_max
// CHECK: scf.for %[[ROW:.*]] = %c0 to %c4 step %c1
// CHECK:   %[[INIT:.*]] = vector.transfer_read %{{.*}}[%[[ROW]]]{{.*}} vector<1xf32>
// CHECK:   %[[WIDE:.*]] = vector.broadcast %[[INIT]] : vector<1xf32> to vector<1x64xf32>
// CHECK:   %[[LANES:.*]] = scf.for %{{.*}} = %c0 to %c256 step %c64 iter_args(%[[ACC:.*]] = %[[WIDE]]) -> (vector<1x64xf32>)
// CHECK:     %[[A:.*]] = vector.extract %[[ACC]][0]
// CHECK:     arith.maximumf %{{.*}}, %[[A]] : vector<64xf32>
// CHECK-NOT: vector.multi_reduction
// CHECK:     scf.yield
// CHECK:   vector.multi_reduction <maximumf>, %[[LANES]], %[[INIT]] [1] : vector<1x64xf32> to vector<1xf32>
func.func @row_max(%a: tensor<4x256xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x256xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.maximumf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// An integer sum is exact in any order too: the lanes start from zero. A
// row of 4 vectors gets 2 chains (a tile of the whole row would leave no
// loop to carry them).
// CHECK-LABEL: func.func @row_sum_i32
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<1x32xi32>
// CHECK: scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (vector<1x32xi32>)
// CHECK:   arith.addi %{{.*}} : vector<32xi32>
// CHECK: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x32xi32> to vector<1xi32>
func.func @row_sum_i32(%a: tensor<4x64xi32>, %init: tensor<4xi32>) -> tensor<4xi32> {
  %0 = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x64xi32>) outs(%init : tensor<4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %y = arith.addi %x, %o : i32
    linalg.yield %y : i32
  } -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// The rhs of x * W^T is read along n with stride k: the contraction reads
// a transposed copy instead, made with 16x16 register transposes.
// CHECK-LABEL: func.func @matmul_rhs_transposed
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<24x48xf32>
// CHECK: %[[T0:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[EMPTY]])
// CHECK:   vector.transfer_read %arg1{{.*}} permutation_map = #{{.*}}} : tensor<48x24xf32>, vector<16x16xf32>
// CHECK: %[[T:.*]] = scf.for
// CHECK:   vector.transfer_read %arg1{{.*}} : tensor<48x24xf32>, vector<8x16xf32>
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     scf.for
// CHECK:       vector.transfer_read %[[T]]{{.*}} : tensor<24x48xf32>, vector<16xf32>
// CHECK:       vector.outerproduct {{.*}} : vector<8xf32>, vector<16xf32>
func.func @matmul_rhs_transposed(%a: tensor<32x24xf32>, %b: tensor<48x24xf32>, %c: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %0 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %b : tensor<32x24xf32>, tensor<48x24xf32>) outs(%c : tensor<32x48xf32>) -> tensor<32x48xf32>
  return %0 : tensor<32x48xf32>
}

// A transpose: square tiles, one contiguous vector per row of the input.
// CHECK-LABEL: func.func @transpose
// CHECK: scf.for %{{.*}} = %c0 to %c48 step %c16
// CHECK:   scf.for %{{.*}} = %c0 to %c32 step %c16
// CHECK:     vector.transfer_read %arg0{{.*}} : tensor<32x48xf32>, vector<16x16xf32>
// CHECK:     vector.transfer_write {{.*}} : vector<16x16xf32>, tensor<48x32xf32>
func.func @transpose(%a: tensor<32x48xf32>, %init: tensor<48x32xf32>) -> tensor<48x32xf32> {
  %0 = linalg.transpose ins(%a : tensor<32x48xf32>) outs(%init : tensor<48x32xf32>) permutation = [1, 0]
  return %0 : tensor<48x32xf32>
}

// 64x40x40 is large enough (2^16 iterations) to distribute: the 40
// columns split into 32 (two 16-lane tiles, one per scf.forall iteration)
// and a remainder of 8 that is tiled sequentially.
// CHECK-LABEL: func.func @matmul_distributed
// CHECK: %[[MAIN:.*]] = tensor.extract_slice %arg2[0, 0] [64, 32] [1, 1]
// CHECK: scf.forall (%[[N:.*]]) = (0) to (32) step (16) shared_outs(%[[OUT:.*]] = %[[MAIN]])
// CHECK:   %[[TILE:.*]] = tensor.extract_slice %[[OUT]][0, %[[N]]] [64, 16] [1, 1]
// CHECK:   scf.for %{{.*}} = %c0 to %c64 step %c8 iter_args(%{{.*}} = %[[TILE]])
// CHECK:     vector.outerproduct {{.*}} : vector<8xf32>, vector<16xf32>
// CHECK:   scf.forall.in_parallel
// CHECK:     tensor.parallel_insert_slice %{{.*}} into %[[OUT]][0, %[[N]]] [64, 16] [1, 1]
// CHECK: tensor.extract_slice %{{.*}}[0, 32] [64, 8] [1, 1]
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c8
// CHECK:   vector.outerproduct {{.*}} : vector<8xf32>, vector<8xf32>
// CHECK-NOT: scf.forall
func.func @matmul_distributed(%a: tensor<64x40xf32>, %b: tensor<40x40xf32>, %c: tensor<64x40xf32>) -> tensor<64x40xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x40xf32>, tensor<40x40xf32>) outs(%c : tensor<64x40xf32>) -> tensor<64x40xf32>
  return %0 : tensor<64x40xf32>
}

// Two m dimensions (as in x * W with x of shape [batch, seq, k]): the
// accumulator tile is 1x8x16 in the output; it is read and written whole,
// so it still folds into the loop-carried tensor and leaves the k loop.
// CHECK-LABEL: func.func @matmul_3d
// CHECK: %[[ACC:.*]] = vector.transfer_read {{.*}} : tensor<2x20x16xf32>, vector<8x16xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c24 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (vector<1x8x16xf32>)
// CHECK:   vector.outerproduct {{.*}} : vector<8xf32>, vector<16xf32>
// CHECK-NOT: vector.transfer_write
// CHECK: }
// CHECK: vector.transfer_write {{.*}} : vector<8x16xf32>, tensor<2x20x16xf32>
func.func @matmul_3d(%a: tensor<2x20x24xf32>, %b: tensor<24x16xf32>, %c: tensor<2x20x16xf32>) -> tensor<2x20x16xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x20x24xf32>, tensor<24x16xf32>) outs(%c : tensor<2x20x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x20x16xf32>
  return %0 : tensor<2x20x16xf32>
}

// i1 is vectorized like bytes (64 lanes at 512 bits: a byte per element
// in memory, which xla-widen-sub-byte-vector-accesses keeps for vectors).
// Left alone: dynamic shapes and complex numbers.
// CHECK-LABEL: func.func @i1
// CHECK: vector.transfer_read {{.*}} : tensor<64xi1>, vector<64xi1>
// CHECK: arith.xori {{.*}} : vector<64xi1>
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @i1(%a: tensor<64xi1>, %b: tensor<64xi1>) -> tensor<64xi1> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<64xi1>) outs(%b : tensor<64xi1>) {
  ^bb0(%x: i1, %o: i1):
    %y = arith.xori %x, %o : i1
    linalg.yield %y : i1
  } -> tensor<64xi1>
  return %0 : tensor<64xi1>
}

// CHECK-LABEL: func.func @not_dynamic
// CHECK: linalg.generic
func.func @not_dynamic(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%b : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %o : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// CHECK-LABEL: func.func @not_complex
// CHECK: linalg.generic
func.func @not_complex(%a: tensor<64xcomplex<f32>>, %b: tensor<64xcomplex<f32>>) -> tensor<64xcomplex<f32>> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<64xcomplex<f32>>) outs(%b : tensor<64xcomplex<f32>>) {
  ^bb0(%x: complex<f32>, %o: complex<f32>):
    %y = complex.add %x, %o : complex<f32>
    linalg.yield %y : complex<f32>
  } -> tensor<64xcomplex<f32>>
  return %0 : tensor<64xcomplex<f32>>
}

// A lane-strided sum of squares (xla-split-reductions with vector-bits):
// one step of the reduction loop at a time, each an fma into the lane
// accumulator, not a vector.contract whose unit "contracted" dimension
// would lower to a dot product per lane.
#x4 = affine_map<(r, b, i, l) -> (r, b, i, l)>
#p4 = affine_map<(r, b, i, l) -> (r, b, l)>
// CHECK-LABEL: func.func @lane_sum_of_squares
// CHECK-NOT: vector.contract
// CHECK: vector.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT: vector.contract
// CHECK: return
func.func @lane_sum_of_squares(%x: tensor<4x2x16x16xf32>, %init: tensor<4x2x16xf32>) -> tensor<4x2x16xf32> {
  %0 = linalg.generic {indexing_maps = [#x4, #p4], iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%x : tensor<4x2x16x16xf32>) outs(%init : tensor<4x2x16xf32>) {
  ^bb0(%in: f32, %o: f32):
    %sq = arith.mulf %in, %in : f32
    %y = arith.addf %o, %sq : f32
    linalg.yield %y : f32
  } -> tensor<4x2x16xf32>
  return %0 : tensor<4x2x16xf32>
}

// A relayout of attention's keys, [batch, tokens, heads, features] to
// [batch, heads, features, tokens]: a tile's rows run along tokens, which
// is not next to the contiguous features. The tile is read along features
// and transposed in registers (convert-vector-to-scf would read each row
// an element at a time).
// CHECK-LABEL: func.func @relayout_keys
// CHECK: %[[TILE:.*]] = vector.transfer_read %arg0[%{{.*}}, %{{.*}}, %{{.*}}, %c0], %{{.*}} {in_bounds = [true, true], permutation_map = #{{.*}}} : tensor<2x32x2x16xf32>, vector<16x16xf32>
// CHECK-NEXT: vector.transpose %[[TILE]], [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// AVX2-LABEL: func.func @relayout_keys
// AVX2: %[[TILE:.*]] = vector.transfer_read %arg0[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true], permutation_map = #{{.*}}} : tensor<2x32x2x16xf32>, vector<8x8xf32>
// AVX2-NEXT: vector.transpose %[[TILE]], [1, 0] : vector<8x8xf32> to vector<8x8xf32>
func.func @relayout_keys(%k: tensor<2x32x2x16xf32>) -> tensor<2x2x16x32xf32> {
  %init = tensor.empty() : tensor<2x2x16x32xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(b, h, d, t) -> (b, t, h, d)>, affine_map<(b, h, d, t) -> (b, h, d, t)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<2x32x2x16xf32>) outs(%init : tensor<2x2x16x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<2x2x16x32xf32>
  return %0 : tensor<2x2x16x32xf32>
}
