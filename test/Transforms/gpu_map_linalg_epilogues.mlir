// RUN: xla-opt %s --xla-gpu-map-linalg="contraction-epilogues=1 row-fusion=false sm-count=8" --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="contraction-epilogues=1 row-fusion=false sm-count=8 tensor-cores=tf32" --canonicalize --cse | FileCheck %s --check-prefix=TC
// RUN: xla-opt %s --xla-gpu-map-linalg="row-fusion=false sm-count=8" --canonicalize --cse | FileCheck %s --check-prefix=OFF
// RUN: xla-opt %s --xla-gpu-map-linalg="contraction-epilogues=1 row-fusion=false sm-count=8" | FileCheck %s --check-prefix=RAW
// The elementwise op after a tiled contraction runs in the contraction's
// kernel (GPUOutputEpilogue.cpp): each thread applies it to the
// output values it computes, instead of a kernel that reads the whole
// output back.

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>
#scalar = affine_map<(m, n) -> ()>
#id3 = affine_map<(b, m, n) -> (b, m, n)>

// A bias add into the function's result: the product's temporary is read
// by nothing else, so it is never stored; the kernel loads the bias at the
// column and stores the sum. The bias's expansion, defined between the two
// ops, is where the kernel now runs.
// CHECK-LABEL: func.func private @output_bias_fusion(
// CHECK-NOT:     linalg.generic
// CHECK:         %[[BIAS:.*]] = memref.expand_shape %arg2
// CHECK:         gpu.launch
// CHECK:           scf.if
// CHECK:             %[[SUM:.*]] = arith.addf %{{[^,]*}}, %cst
// CHECK-NEXT:        %[[B:.*]] = memref.load %[[BIAS]][%c0, %[[COL:.*]]] :
// CHECK-NEXT:        %[[OUT:.*]] = arith.addf %[[SUM]], %[[B]]
// CHECK-NEXT:        memref.store %[[OUT]], %arg3[%{{.*}}, %[[COL]]]
// CHECK-NOT:       memref.store {{.*}}%alloc
// CHECK:         return
// TC-LABEL: func.func private @output_bias_fusion(
// TC-NOT:     linalg.generic
// TC:         nvvm.mma.sync
// TC:         memref.store {{.*}}, %arg3
// RAW-LABEL: func.func private @output_bias_fusion(
// RAW-NOT:     memref.store {{.*}}, %alloc
// RAW:         return
// OFF-LABEL: func.func private @output_bias_fusion(
// OFF:         gpu.launch
// OFF:         linalg.generic
func.func private @output_bias_fusion(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %bias: memref<64xf32>, %out: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<64x64xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  %bias2 = memref.expand_shape %bias [[0, 1]] output_shape [1, 64] : memref<64xf32> into memref<1x64xf32>
  linalg.generic {indexing_maps = [#id, affine_map<(m, n) -> (0, n)>, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %bias2 : memref<64x64xf32>, memref<1x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  memref.dealloc %c : memref<64x64xf32>
  return
}

// The product is a result too: the kernel stores it and the epilogue's
// result, which reads the product transposed through a collapse (the
// epilogue's loops are the product's columns, then its rows).
// CHECK-LABEL: func.func private @output_stored_fusion(
// CHECK-NOT:     linalg.generic
// CHECK:         gpu.launch
// CHECK:           scf.if
// CHECK:             %[[SUM:.*]] = arith.addf %{{[^,]*}}, %cst
// CHECK-NEXT:        memref.store %[[SUM]], %arg2[%[[B:.*]], %[[M:.*]], %[[N:.*]]] :
// CHECK:             %[[ROW:.*]] = arith.addi %{{.*}}, %[[M]]
// CHECK:             %[[T:.*]] = math.tanh %[[SUM]]
// CHECK-NEXT:        memref.store %[[T]], %arg3[%[[N]], %[[ROW]]]
func.func private @output_stored_fusion(%a: memref<2x8x32xf32>, %b: memref<2x32x64xf32>, %c: memref<2x8x64xf32>, %out: memref<64x16xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<2x8x64xf32>)
  linalg.batch_matmul ins(%a, %b : memref<2x8x32xf32>, memref<2x32x64xf32>) outs(%c : memref<2x8x64xf32>)
  %flat = memref.collapse_shape %c [[0, 1], [2]] : memref<2x8x64xf32> into memref<16x64xf32>
  linalg.generic {indexing_maps = [affine_map<(n, m) -> (m, n)>, #id], iterator_types = ["parallel", "parallel"]} ins(%flat : memref<16x64xf32>) outs(%out : memref<64x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}

// An optimizer's update in place: the epilogue overwrites the gradient
// with the new moment, element for element, so the gradient itself is not
// stored; a 0-d operand (the step size) is loaded in the kernel, a scalar
// one (the decay) used as it is, and
// the update's arithmetic keeps its rounding (only the product's
// multiply-adds become fmas). An elementwise op in between that leaves the
// product's buffers alone stays before the kernel.
// CHECK-LABEL: func.func private @output_update_fusion(
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%arg6
// CHECK:         gpu.launch
// CHECK:           scf.if
// CHECK:             %[[G:.*]] = arith.addf %{{[^,]*}}, %cst
// CHECK-NOT:         memref.store %[[G]]
// CHECK:             memref.load %arg5[]
// CHECK:             %[[X:.*]] = arith.mulf %{{[0-9]+}}, %arg7 : f32
// CHECK-NEXT:        %[[NM:.*]] = arith.addf %[[X]], %[[G]] : f32
// CHECK:             memref.store %[[NM]], %arg2
// CHECK-NEXT:        memref.store %{{.*}}, %arg4
func.func private @output_update_fusion(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %g: memref<64x64xf32>, %m: memref<64x64xf32>, %w: memref<64x64xf32>, %lr: memref<f32>, %other: memref<64x64xf32>, %half: f32) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%g : memref<64x64xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%g : memref<64x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : memref<64x64xf32>) outs(%other : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #scalar, #scalar, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%g, %m, %lr, %half : memref<64x64xf32>, memref<64x64xf32>, memref<f32>, f32) outs(%g, %w : memref<64x64xf32>, memref<64x64xf32>) {
  ^bb0(%grad: f32, %mom: f32, %rate: f32, %h: f32, %o: f32, %wo: f32):
    %x = arith.mulf %mom, %h : f32
    %nm = arith.addf %x, %grad : f32
    %step = arith.mulf %nm, %rate : f32
    %nw = arith.subf %wo, %step : f32
    linalg.yield %nm, %nw : f32, f32
  }
  return
}

// A BERT step's GELU gradient: the product's input is freed right after
// it, then an elementwise op writes what the epilogue reads. The kernel
// runs where the epilogue was, after that op; the deallocation moves after
// the kernel. The product's temporary is never stored, so the
// canonicalizer drops it.
// CHECK-LABEL: func.func private @output_gelu_grad_fusion(
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%arg3
// CHECK:           math.tanh
// CHECK:         gpu.launch
// CHECK:           %[[P:.*]] = arith.mulf %{{[0-9]+}}, %{{[0-9]+}} : f32
// CHECK-NEXT:      memref.store %[[P]], %arg3
// CHECK:         memref.dealloc %arg1
// CHECK-NEXT:    return
func.func private @output_gelu_grad_fusion(%x: memref<2x16x64xf32>, %in: memref<2x16x32xf32>, %w: memref<64x32xf32>, %t: memref<2x16x64xf32>, %dx: memref<2x16x64xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  %g = memref.alloc() : memref<2x16x64xf32>
  linalg.fill ins(%zero : f32) outs(%g : memref<2x16x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%in, %w : memref<2x16x32xf32>, memref<64x32xf32>) outs(%g : memref<2x16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  memref.dealloc %in : memref<2x16x32xf32>
  linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : memref<2x16x64xf32>) outs(%t : memref<2x16x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %th = math.tanh %a : f32
    linalg.yield %th : f32
  }
  linalg.generic {indexing_maps = [#id3, #id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g, %t : memref<2x16x64xf32>, memref<2x16x64xf32>) outs(%t, %dx : memref<2x16x64xf32>, memref<2x16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32, %o2: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m, %a : f32, f32
  }
  memref.dealloc %g : memref<2x16x64xf32>
  return
}

// Left alone: an op in between that reads an operand of the product and
// writes one of the epilogue (neither may move past it), and an epilogue
// that writes an operand of the product (a later block would read the new
// values). A deallocation of the product's input before the epilogue is
// no obstacle: the kernel runs before it.
// CHECK-LABEL: func.func private @output_blocked_fusion(
// CHECK:         gpu.launch
// CHECK:         linalg.copy
// CHECK:         linalg.generic
// CHECK:         gpu.launch
// CHECK:         linalg.generic
// CHECK:         %[[T:.*]] = memref.alloc
// CHECK:         gpu.launch
// CHECK:           math.tanh
// CHECK:         memref.dealloc %[[T]]
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func private @output_blocked_fusion(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>, %d: memref<64x64xf32>, %p: memref<64x64xf32>, %q: memref<64x64xf32>, %r: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.copy ins(%a : memref<64x64xf32>) outs(%d : memref<64x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : memref<64x64xf32>) outs(%d : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  linalg.matmul ins(%p, %q : memref<64x64xf32>, memref<64x64xf32>) outs(%d : memref<64x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : memref<64x64xf32>) outs(%q : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  %tmp = memref.alloc() : memref<64x64xf32>
  linalg.copy ins(%p : memref<64x64xf32>) outs(%tmp : memref<64x64xf32>)
  linalg.matmul ins(%tmp, %q : memref<64x64xf32>, memref<64x64xf32>) outs(%r : memref<64x64xf32>)
  memref.dealloc %tmp : memref<64x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : memref<64x64xf32>) outs(%r : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}

// The product read through a collapse by the epilogue and by a later copy:
// the kernel stores it as well.
// CHECK-LABEL: func.func private @output_reshape_reader_fusion(
// CHECK:         gpu.launch
// CHECK:           memref.store %{{.*}}, %[[C:alloc[_0-9]*]][
// CHECK:           memref.store %{{.*}}, %arg2[
// CHECK:         linalg.copy
func.func private @output_reshape_reader_fusion(%a: memref<2x8x32xf32>, %b: memref<2x32x64xf32>, %out: memref<64x16xf32>, %out2: memref<16x64xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<2x8x64xf32>
  %flat = memref.collapse_shape %c [[0, 1], [2]] : memref<2x8x64xf32> into memref<16x64xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<2x8x64xf32>)
  linalg.batch_matmul ins(%a, %b : memref<2x8x32xf32>, memref<2x32x64xf32>) outs(%c : memref<2x8x64xf32>)
  linalg.generic {indexing_maps = [affine_map<(n, m) -> (m, n)>, #id], iterator_types = ["parallel", "parallel"]} ins(%flat : memref<16x64xf32>) outs(%out : memref<64x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  linalg.copy ins(%flat : memref<16x64xf32>) outs(%out2 : memref<16x64xf32>)
  memref.dealloc %c : memref<2x8x64xf32>
  return
}

// Left alone: an epilogue whose body reads a buffer (a gather's load) that
// an op writes after one that reads the product's input (neither the
// product nor the epilogue may move past both), and a function whose
// caller passes one buffer twice (the copy in between would overwrite the
// product's input).
// CHECK-LABEL: func.func private @output_captured_fusion(
// CHECK:         gpu.launch
// CHECK:         linalg.copy
// CHECK:         linalg.copy
// CHECK:         linalg.generic
// CHECK-LABEL: func.func private @output_aliased_fusion(
// CHECK:         gpu.launch
// CHECK:         linalg.copy
// CHECK:         linalg.generic
func.func private @output_captured_fusion(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>, %x: memref<64x64xf32>, %y: memref<4xf32>, %t: memref<4xf32>, %out: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  %c0 = arith.constant 0 : index
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.copy ins(%a : memref<64x64xf32>) outs(%x : memref<64x64xf32>)
  linalg.copy ins(%y : memref<4xf32>) outs(%t : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : memref<64x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %g = memref.load %t[%c0] : memref<4xf32>
    %s = arith.addf %v, %g : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @output_aliased_fusion(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>, %d: memref<64x64xf32>, %e: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.copy ins(%d : memref<64x64xf32>) outs(%e : memref<64x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : memref<64x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}
func.func @main(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>, %d: memref<64x64xf32>, %out: memref<64x64xf32>) {
  call @output_aliased_fusion(%a, %b, %c, %d, %a, %out) : (memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>, memref<64x64xf32>) -> ()
  return
}

// Left alone: an epilogue whose body loads the product itself (other
// blocks may not have stored that element yet), and a product that a
// select aliases (no view traces what it reads).
// CHECK-LABEL: func.func private @output_self_gather_fusion(
// CHECK:         gpu.launch
// CHECK:         linalg.generic
// CHECK-LABEL: func.func private @output_selected_fusion(
// CHECK:         gpu.launch
// CHECK:         arith.select
// CHECK:         linalg.generic
func.func private @output_self_gather_fusion(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %out: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  %c63 = arith.constant 63 : index
  %c = memref.alloc() : memref<64x64xf32>
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : memref<64x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %corner = memref.load %c[%c63, %c63] : memref<64x64xf32>
    %s = arith.addf %x, %corner : f32
    linalg.yield %s : f32
  }
  memref.dealloc %c : memref<64x64xf32>
  return
}
func.func private @output_selected_fusion(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %d: memref<64x64xf32>, %p: i1, %out: memref<64x64xf32>, %out2: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  %c = memref.alloc() : memref<64x64xf32>
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  %s = arith.select %p, %c, %d : memref<64x64xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : memref<64x64xf32>) outs(%out : memref<64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  linalg.copy ins(%s : memref<64x64xf32>) outs(%out2 : memref<64x64xf32>)
  memref.dealloc %c : memref<64x64xf32>
  return
}

// Split k: the blocks store partial sums; the kernel that adds them, from
// the fill's zero, applies the epilogue (with or without
// contraction-epilogues: it has registers to spare), and stores the
// product too (an argument: the caller may read it).
// CHECK-LABEL: func.func private @output_split_k_fusion(
// CHECK:         %[[PARTIALS:.*]] = memref.alloc() : memref<16x1x20x32xf32>
// CHECK:         gpu.launch
// CHECK:           memref.store {{.*}}, %[[PARTIALS]]
// CHECK:         gpu.launch
// CHECK:             %[[P0:.*]] = memref.load %[[PARTIALS]][%c0,
// CHECK-COUNT-15:    memref.load %[[PARTIALS]]
// CHECK:             arith.addf %[[P0]], %cst
// CHECK-COUNT-14:    arith.addf
// CHECK:             %[[SUM:.*]] = arith.addf
// CHECK:             memref.store %[[SUM]], %arg2
// CHECK:             %[[T:.*]] = math.tanh %[[SUM]]
// CHECK:             memref.store %[[T]], %arg3
// CHECK:         memref.dealloc %[[PARTIALS]]
// CHECK-NOT:     linalg.generic
// OFF-LABEL: func.func private @output_split_k_fusion(
// OFF:         gpu.launch
// OFF:         gpu.launch
// OFF:             math.tanh
// OFF-NOT:     linalg.generic
// OFF:         return
func.func private @output_split_k_fusion(%a: memref<20x8192xf32>, %b: memref<8192x32xf32>, %c: memref<20x32xf32>, %out: memref<20x32xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<20x32xf32>)
  linalg.matmul ins(%a, %b : memref<20x8192xf32>, memref<8192x32xf32>) outs(%c : memref<20x32xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%c : memref<20x32xf32>) outs(%out : memref<20x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}
