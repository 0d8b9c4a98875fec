// RUN: xla-opt %s --xla-gpu-map-linalg="transpose-tiles row-fusion=false" --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="row-fusion=false" | FileCheck %s --check-prefix=OFF
// Transposes through shared-memory tiles (GPUTransposeKernel.cpp).

// OFF-NOT: gpu.launch

#in = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>

// [8,128,12,64] -> [8,12,64,128]: the input is contiguous along d2 (64),
// the output along d3 (128). A block per 32x32 tile of (d2, d3) and per
// (d0, d1): 96 x 2 x 4 = 768 blocks of 256 threads; the tile is read
// along d2 (thread % 32) into a padded shared tile, then written along d3
// (thread % 32) from its transposed position.
// CHECK-LABEL: func.func private @loop_transpose_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c768, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) workgroup(%[[TILE:.*]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK:           %[[TX:.*]] = arith.remui %{{.*}}, %c32
// CHECK:           %[[TY:.*]] = arith.divui %{{.*}}, %c32
// CHECK:           %[[I:.*]] = arith.addi %{{.*}}, %[[TX]]
// CHECK:           %[[O:.*]] = arith.addi %{{.*}}, %[[TY]]
// CHECK:           %[[X:.*]] = scf.if
// CHECK:             memref.load %arg0[%{{.*}}, %[[O]], %{{.*}}, %[[I]]]
// CHECK:           memref.store %[[X]], %[[TILE]][%[[TY]], %[[TX]]]
// CHECK-COUNT-3:   memref.store %{{.*}}, %[[TILE]]
// CHECK:           gpu.barrier
// CHECK:           scf.if
// CHECK:             %[[V:.*]] = memref.load %[[TILE]][%[[TX]], %[[TY]]]
// CHECK:             memref.store %[[V]], %arg1[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-COUNT-3:   memref.load %[[TILE]]
func.func private @loop_transpose_fusion(%a: memref<8x128x12x64xf32>, %b: memref<8x12x64x128xf32>) attributes {xla.fusion_kind = "loop"} {
  linalg.generic {indexing_maps = [#in, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a : memref<8x128x12x64xf32>) outs(%b : memref<8x12x64x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}

// A fused add: the transposed operand comes from the tile, the other one
// (contiguous along the output's dimension) is loaded where it is used.
#t2 = affine_map<(d0, d1) -> (d1, d0)>
#i2 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func private @loop_add_fusion(
// CHECK:         gpu.launch {{.*}} workgroup(%[[T:.*]] : memref<32x33xf16, #gpu.address_space<workgroup>>)
// CHECK:           gpu.barrier
// CHECK:           scf.if
// CHECK-DAG:         %[[A:.*]] = memref.load %[[T]]
// CHECK-DAG:         %[[B:.*]] = memref.load %arg1
// CHECK:             %[[S:.*]] = arith.addf %[[A]], %[[B]] : f16
// CHECK:             memref.store %[[S]], %arg2
func.func private @loop_add_fusion(%a: memref<100x48xf16>, %b: memref<48x100xf16>, %c: memref<48x100xf16>) attributes {xla.fusion_kind = "loop"} {
  linalg.generic {indexing_maps = [#t2, #i2, #i2], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<100x48xf16>, memref<48x100xf16>) outs(%c : memref<48x100xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %s = arith.addf %x, %y : f16
    linalg.yield %s : f16
  }
  return
}

// Swapping outer dimensions keeps rows contiguous: nothing to tile. Nor a
// transpose with a side of 8.
#sw = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#i3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func private @loop_swap_fusion(
// CHECK-NOT:     gpu.launch
// CHECK:         linalg.generic
func.func private @loop_swap_fusion(%a: memref<12x8x64xf32>, %b: memref<8x12x64xf32>) attributes {xla.fusion_kind = "loop"} {
  linalg.generic {indexing_maps = [#sw, #i3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a : memref<12x8x64xf32>) outs(%b : memref<8x12x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}
// CHECK-LABEL: func.func private @loop_narrow_fusion(
// CHECK-NOT:     gpu.launch
// CHECK:         linalg.generic
func.func private @loop_narrow_fusion(%a: memref<8x1024xf32>, %b: memref<1024x8xf32>) attributes {xla.fusion_kind = "loop"} {
  linalg.generic {indexing_maps = [#t2, #i2], iterator_types = ["parallel", "parallel"]} ins(%a : memref<8x1024xf32>) outs(%b : memref<1024x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}
