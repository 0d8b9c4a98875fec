// RUN: xla-opt %s --xla-gpu-map-linalg="sm-count=8 row-fusion=false" --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="sm-count=8 row-fusion=false skinny-products=false" --canonicalize --cse | FileCheck %s --check-prefix=OFF
// Products of at most 32 rows whose rhs is contiguous along n: a thread per
// group of columns of all rows, the rhs streamed once by vector loads, k
// unrolled by 4, no shared memory (GPUSkinnyContractionKernel.cpp).

#km = affine_map<(m, n, k) -> (k, m)>
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A decoder's step (4 rows): 4 columns per thread (16 accumulators), 1024
// per block, 8 blocks for 8 multiprocessors, so k is not split and the
// fill of the output folds into the stores. Per run of 4 of k: the rhs's
// four 16-byte groups first, then each row's 4 values of the lhs in one
// 16-byte load, and no guard on k (256 is a multiple of 4).
// CHECK-LABEL: func.func private @output_decode_fusion(
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) module(@output_decode_fusion_0_module) function(@output_decode_fusion_0) {
// CHECK:           %[[FIRST:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:           %[[OK:.*]] = arith.cmpi ult, %[[FIRST]], %c8192
// CHECK:           %[[R:.*]]:16 = scf.for %[[K:.*]] = %c0 to %c256 step %c4 iter_args(
// CHECK:             scf.if %[[OK]] -> (vector<4xf32>)
// CHECK-NEXT:          vector.load %arg1[%[[K]], %[[FIRST]]] {alignment = 16 : i64} : memref<256x8192xf32>, vector<4xf32>
// CHECK-COUNT-3:     vector.load %arg1[%{{.*}}, %[[FIRST]]] {alignment = 16 : i64}
// CHECK:             vector.load %arg0[%c0, %[[K]]] {alignment = 16 : i64} : memref<4x256xf32>, vector<4xf32>
// CHECK:             arith.mulf {{.*}} fastmath<contract>
// CHECK-NEXT:        arith.addf {{.*}} fastmath<contract>
// CHECK:             vector.load %arg0[%c3, %[[K]]] {alignment = 16 : i64}
// CHECK:             scf.yield
// CHECK:           scf.if
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[R]]#0, %cst
// CHECK-NEXT:        memref.store %[[S]], %arg2[%c0, %[[FIRST]]]
// CHECK-NOT:       memref.load %arg2
// CHECK:         return
// OFF-LABEL: func.func private @output_decode_fusion(
// OFF:         workgroup(
func.func private @output_decode_fusion(%a: memref<4x256xf32>, %b: memref<256x8192xf32>, %c: memref<4x8192xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<4x8192xf32>)
  linalg.matmul ins(%a, %b : memref<4x256xf32>, memref<256x8192xf32>) outs(%c : memref<4x8192xf32>)
  return
}

// 3 blocks for 8 multiprocessors: k = 768 in 3 splits of 256 (at least 256
// each), each block storing its sums in its slice of the partials, which a
// second kernel adds in order.
// CHECK-LABEL: func.func private @output_split_fusion(
// CHECK:         %[[PARTIALS:.*]] = memref.alloc() : memref<3x1x4x3072xf32>
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c9, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}})
// CHECK:           %[[SPLIT:.*]] = arith.divui %{{.*}}, %c3
// CHECK:           scf.for %{{.*}} = %[[BEGIN:.*]] to %[[END:.*]] step %c4 iter_args(
// CHECK-COUNT-16:  memref.store {{.*}}, %[[PARTIALS]][%[[SPLIT]], %c0,
// CHECK-NOT:       memref.atomic_rmw
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c48, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}})
// CHECK:             %[[OLD:.*]] = memref.load %arg2
// CHECK-COUNT-3:     memref.load %[[PARTIALS]]
// CHECK:             arith.addf %[[OLD]],
// CHECK:         memref.dealloc %[[PARTIALS]]
func.func private @output_split_fusion(%a: memref<4x768xf32>, %b: memref<768x3072xf32>, %c: memref<4x3072xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.matmul ins(%a, %b : memref<4x768xf32>, memref<768x3072xf32>) outs(%c : memref<4x3072xf32>)
  return
}

// 20 rows: 2 columns per thread (40 accumulators, under 64), 512 per
// block, 8-byte loads of the rhs.
// CHECK-LABEL: func.func private @output_narrow_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) module(@output_narrow_fusion_0_module) function(@output_narrow_fusion_0) {
// CHECK:           scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK:             vector.load %arg1[{{.*}}] {alignment = 8 : i64} : memref<64x1000xf32>, vector<2xf32>
func.func private @output_narrow_fusion(%a: memref<20x64xf32>, %b: memref<64x1000xf32>, %c: memref<20x1000xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.matmul ins(%a, %b : memref<20x64xf32>, memref<64x1000xf32>) outs(%c : memref<20x1000xf32>)
  return
}

// A transposed lhs (k outermost) is read a value at a time; k = 30 is no
// multiple of 4, so the rhs's loads past it are guarded.
// CHECK-LABEL: func.func private @output_transposed_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c1, {{.*}})
// CHECK:           scf.for %[[K:.*]] = %c0 to %c30 step %c4
// CHECK:             arith.cmpi ult, %[[K]], %c30
// CHECK:             vector.load %arg1[%[[K]], %{{.*}}] {alignment = 16 : i64} : memref<30x600xf32>, vector<4xf32>
// CHECK:             memref.load %arg0[%[[K]], %c0] : memref<30x3xf32>
func.func private @output_transposed_fusion(%a: memref<30x3xf32>, %b: memref<30x600xf32>, %c: memref<3x600xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<30x3xf32>, memref<30x600xf32>) outs(%c : memref<3x600xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Both operands contiguous along k (A times B transposed, a logits layer
// reading its embedding): a warp per 2 rows of the rhs (20 x 2
// accumulators per lane), 8 warps a block, 63 blocks for 1000 rows. Lane
// l reads 16 bytes of k at 4 l, the warp 128 of k a step; the warp adds
// its lanes' sums with shuffles and lane 0 stores.
// CHECK-LABEL: func.func private @output_abt_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c63, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) module(@output_abt_fusion_0_module) function(@output_abt_fusion_0) {
// CHECK:           %[[LANE:.*]] = arith.remui %{{.*}}, %c32
// CHECK:           %[[START:.*]] = arith.muli %[[LANE]], %c4
// CHECK:           %[[R:.*]]:40 = scf.for %[[K:.*]] = %[[START]] to %c64 step %c128 iter_args(
// CHECK:             vector.load %arg1[%{{.*}}, %[[K]]] {alignment = 16 : i64} : memref<1000x64xf32>, vector<4xf32>
// CHECK:             vector.load %arg1[%{{.*}}, %[[K]]] {alignment = 16 : i64} : memref<1000x64xf32>, vector<4xf32>
// CHECK:             vector.load %arg0[%c0, %[[K]]] {alignment = 16 : i64} : memref<20x64xf32>, vector<4xf32>
// CHECK:           gpu.subgroup_reduce add %[[R]]#0 uniform : (f32) -> f32
// CHECK-COUNT-39:  gpu.subgroup_reduce add
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK:           arith.andi %[[FIRST]],
// CHECK:           memref.store
// OFF-LABEL: func.func private @output_abt_fusion(
// OFF:         workgroup(

// Left to the tiled kernel: a rhs contiguous along n with too few columns.
// CHECK-LABEL: func.func private @output_few_columns_fusion(
// CHECK:         workgroup(
func.func private @output_abt_fusion(%a: memref<20x64xf32>, %b: memref<1000x64xf32>, %c: memref<20x1000xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<20x64xf32>, memref<1000x64xf32>) outs(%c : memref<20x1000xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @output_few_columns_fusion(%a: memref<20x64xf32>, %b: memref<64x256xf32>, %c: memref<20x256xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.matmul ins(%a, %b : memref<20x64xf32>, memref<64x256xf32>) outs(%c : memref<20x256xf32>)
  return
}
