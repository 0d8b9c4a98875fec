// RUN: xla-opt %s --xla-gpu-map-linalg="row-fusion=false" --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="row-fusion=false reduction-epilogues=0" --canonicalize --cse | FileCheck %s --check-prefix=OFF
// The elementwise op after a reduction runs in the reduction's kernel
// (GPUOutputEpilogue.cpp): the thread that stores an output value applies
// it there, instead of a kernel of its own over the per-row values (a
// BERT step's layernorm gradients divide each row's sum, or copy it into
// another shape, one tiny kernel each).

#row = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>

// A row sum into a temporary, then its mean into the result seen as
// 20x1 (an expansion of the temporary, read with the unit loop dropped):
// one kernel, whose row's first lane stores the mean; the temporary,
// read by nothing else, is never stored.
// CHECK-LABEL: func.func private @input_mean_fusion(
// CHECK:         gpu.launch
// CHECK:           %[[SUM:.*]] = gpu.all_reduce add
// CHECK:           scf.if
// CHECK:             %[[TOTAL:.*]] = arith.addf %[[SUM]], %cst
// CHECK-NEXT:        %[[MEAN:.*]] = arith.divf %[[TOTAL]], %cst_0
// CHECK-NEXT:        memref.store %[[MEAN]], %arg1[%{{.*}}, %c0]
// CHECK-NOT:       memref.store {{.*}}%alloc
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.generic
// CHECK:         return
// OFF-LABEL: func.func private @input_mean_fusion(
// OFF:         gpu.launch
// OFF:           memref.store {{.*}}%alloc
// OFF:         linalg.generic
func.func private @input_mean_fusion(%x: memref<20x768xf32>, %out: memref<20x1xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 768.0 : f32
  %sum = memref.alloc() : memref<20xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<20xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x : memref<20x768xf32>) outs(%sum : memref<20xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  %e = memref.expand_shape %sum [[0, 1]] output_shape [20, 1] : memref<20xf32> into memref<20x1xf32>
  linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%e : memref<20x1xf32>) outs(%out : memref<20x1xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.divf %in, %n : f32
    linalg.yield %m : f32
  }
  memref.dealloc %sum : memref<20xf32>
  return
}

// A "reduction" over unit loops (a per-row value through 1x128x1): one
// thread per output, and the copy into the 1x128 result after it in the
// same kernel.
// CHECK-LABEL: func.func private @input_unit_reduction_fusion(
// CHECK:         gpu.launch
// CHECK:           math.rsqrt
// CHECK:           memref.store %{{.*}}, %arg1[%c0, %{{.*}}]
// CHECK-NOT:       memref.store
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.generic
// CHECK:         return
// OFF-LABEL: func.func private @input_unit_reduction_fusion(
// OFF:         gpu.launch
// OFF:         linalg.generic
func.func private @input_unit_reduction_fusion(%v: memref<1x128x1xf32>, %out: memref<1x128xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<128xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<128xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1)>], iterator_types = ["reduction", "parallel", "reduction"]} ins(%v : memref<1x128x1xf32>) outs(%t : memref<128xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = math.rsqrt %in : f32
    %s = arith.addf %acc, %r : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, #row], iterator_types = ["parallel", "parallel"]} ins(%t : memref<128xf32>) outs(%out : memref<1x128xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  memref.dealloc %t : memref<128xf32>
  return
}

// The sum is also a result of the fusion: it is still stored, and the
// scaled copy too.
// CHECK-LABEL: func.func private @input_stored_sum_fusion(
// CHECK:         gpu.launch
// CHECK:           scf.if
// CHECK:             memref.store %[[S:.*]], %arg1[
// CHECK:             %[[SCALED:.*]] = arith.mulf %[[S]], %cst
// CHECK:             memref.store %[[SCALED]], %arg2[
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func private @input_stored_sum_fusion(%x: memref<64x64xf32>, %sum: memref<64xf32>, %out: memref<64xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  linalg.fill ins(%zero : f32) outs(%sum : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x64xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%sum : memref<64xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.mulf %in, %half : f32
    linalg.yield %m : f32
  }
  return
}

// Not an epilogue: the op after the sum reads it along another map (a
// broadcast over the rows), so its elements are not the kernel's own.
// CHECK-LABEL: func.func private @input_broadcast_sum_fusion(
// CHECK:         gpu.launch
// CHECK:         linalg.generic
func.func private @input_broadcast_sum_fusion(%x: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.0 : f32
  %sum = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x64xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%x, %sum : memref<64x64xf32>, memref<64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %d = arith.divf %in, %s : f32
    linalg.yield %d : f32
  }
  memref.dealloc %sum : memref<64xf32>
  return
}

// A full sum into a scalar, read by its epilogue through an expansion to
// 1 element (no reassociation groups): the epilogue reads the one element
// at index 0.
// CHECK-LABEL: func.func private @input_total_fusion(
// CHECK:         gpu.launch
// CHECK:           scf.if
// CHECK:             %[[MEAN:.*]] = arith.divf %{{.*}}, %cst
// CHECK-NEXT:        memref.store %[[MEAN]], %arg1[%c0]
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func private @input_total_fusion(%x: memref<256xf32>, %out: memref<1xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 256.0 : f32
  %sum = memref.alloc() : memref<f32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<f32>)
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%x : memref<256xf32>) outs(%sum : memref<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  %e = memref.expand_shape %sum [] output_shape [1] : memref<f32> into memref<1xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%e : memref<1xf32>) outs(%out : memref<1xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.divf %in, %n : f32
    linalg.yield %m : f32
  }
  memref.dealloc %sum : memref<f32>
  return
}

func.func @main(%x: memref<20x768xf32>, %m: memref<20x1xf32>, %v: memref<1x128x1xf32>, %r: memref<1x128xf32>, %y: memref<64x64xf32>, %s: memref<64xf32>, %o: memref<64xf32>, %z: memref<64x64xf32>, %t: memref<256xf32>, %u: memref<1xf32>) {
  call @input_total_fusion(%t, %u) : (memref<256xf32>, memref<1xf32>) -> ()
  call @input_mean_fusion(%x, %m) : (memref<20x768xf32>, memref<20x1xf32>) -> ()
  call @input_unit_reduction_fusion(%v, %r) : (memref<1x128x1xf32>, memref<1x128xf32>) -> ()
  call @input_stored_sum_fusion(%y, %s, %o) : (memref<64x64xf32>, memref<64xf32>, memref<64xf32>) -> ()
  call @input_broadcast_sum_fusion(%y, %z) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  return
}
