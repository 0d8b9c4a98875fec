// RUN: xla-opt %s --xla-gpu-map-linalg="sm-count=8 row-fusion=false" --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="sm-count=8 row-fusion=false contraction-prologues=false" --canonicalize --cse | FileCheck %s --check-prefix=OFF
// RUN: xla-opt %s --xla-gpu-map-linalg="sm-count=8 row-fusion=false tensor-cores=tf32" --canonicalize --cse | FileCheck %s --check-prefix=TC
// RUN: xla-opt %s --xla-gpu-map-linalg="sm-count=8 row-fusion=false contraction-epilogues" --canonicalize --cse | FileCheck %s --check-prefix=EPI
// RUN: xla-opt %s --xla-gpu-map-linalg="sm-count=8 row-fusion=false async-copies=false" --canonicalize --cse | FileCheck %s --check-prefix=REGS
// The elementwise op that writes a contraction's operand into a buffer
// nothing else reads is computed by the contraction's kernel where it
// stages that operand (GPUOperandPrologue.cpp): its inputs loaded at the
// element's indices, its body applied, in the guard of the load; the op,
// its buffer and the buffer's deallocation go.

#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A normalization of the lhs by a per-row and a per-column value, staged
// as the lhs's tile. The rhs goes to the ring of shared tiles by cp.async;
// the lhs cannot (a prologue computes it), so a step loads the x of its
// group of 4 along k for the step two ahead with its copies, before its
// products; after them, the per-row and per-column values are loaded (from
// the cache) and the body applied, in the same guard, and the group is
// stored transposed into that step's slot, before the wait and the
// barrier. Its two multiplies keep their rounding (no
// fastmath<contract>, which only the product's own multiply-adds get).
// CHECK-LABEL: func.func private @output_norm_fusion(
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.generic
// CHECK:         gpu.launch {{.*}} workgroup(%{{.*}} : memref<3x32x36xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<3x32x36xf32, #gpu.address_space<workgroup>>)
// CHECK:           scf.for
// CHECK:             %[[X:.*]]:4 = scf.if %[[OK:.*]] -> (f32, f32, f32, f32) {
// CHECK-NEXT:          memref.load %arg0[%[[R:.*]], %[[K:.*]]] : memref<64x96xf32>
// CHECK:             nvgpu.device_async_copy %arg3
// CHECK:             arith.mulf {{.*}} fastmath<contract>
// CHECK:             %[[E:.*]] = scf.if %[[OK]] -> (vector<4xf32>) {
// CHECK-NEXT:          %[[S:.*]] = memref.load %arg1[%[[R]]] : memref<64xf32>
// CHECK-NEXT:          %[[G:.*]] = memref.load %arg2[%[[K]]] : memref<96xf32>
// CHECK:               %[[XS:.*]] = arith.mulf %[[X]]#0, %[[S]] : f32
// CHECK-NEXT:          %[[XSG:.*]] = arith.mulf %[[XS]], %[[G]] : f32
// CHECK:             vector.extract %[[E]][0]
// CHECK-NEXT:        memref.store %{{.*}} : memref<3x32x36xf32, #gpu.address_space<workgroup>>
// CHECK:             nvgpu.device_async_wait
// CHECK-NEXT:        gpu.barrier
// CHECK-NOT:     linalg.
// CHECK-NOT:     memref.dealloc
// CHECK:         return
// Through registers: the same loads ahead, the body after the products
// and the first barrier, then the stores.
// REGS-LABEL: func.func private @output_norm_fusion(
// REGS:         gpu.launch {{.*}} workgroup(%{{.*}} : memref<32x36xf32, #gpu.address_space<workgroup>>
// REGS:           scf.for
// REGS:             %[[X:.*]]:4 = scf.if %[[OK:.*]] -> (f32, f32, f32, f32) {
// REGS-NEXT:          memref.load %arg0
// REGS:             arith.mulf {{.*}} fastmath<contract>
// REGS:             gpu.barrier
// REGS-NEXT:        %[[E:.*]] = scf.if %[[OK]] -> (vector<4xf32>) {
// REGS-NEXT:          memref.load %arg1
// REGS:             memref.store %{{.*}} : memref<32x36xf32, #gpu.address_space<workgroup>>
// REGS:             gpu.barrier
// OFF-LABEL: func.func private @output_norm_fusion(
// OFF:         memref.alloc
// OFF:         linalg.generic
// OFF:         gpu.launch
// TC-LABEL: func.func private @output_norm_fusion(
// TC-NOT:     linalg.generic
// TC:         gpu.launch
// TC:           memref.load %arg1
// TC:           nvgpu.device_async_copy %arg3
// TC-NOT:       nvgpu.device_async_copy %arg0
// TC:         return
func.func private @output_norm_fusion(%x: memref<64x96xf32>, %s: memref<64xf32>, %g: memref<96xf32>, %w: memref<96x80xf32>, %c: memref<64x80xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() {alignment = 64 : i64} : memref<64x96xf32>
  linalg.generic {indexing_maps = [#map, #row, #col, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %s, %g : memref<64x96xf32>, memref<64xf32>, memref<96xf32>) outs(%t : memref<64x96xf32>) {
  ^bb0(%a: f32, %b: f32, %e: f32, %o: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.mulf %0, %e : f32
    linalg.yield %1 : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<64x80xf32>)
  linalg.matmul ins(%t, %w : memref<64x96xf32>, memref<96x80xf32>) outs(%c : memref<64x80xf32>)
  memref.dealloc %t : memref<64x96xf32>
  return
}

// A transposed rhs (A times B transposed) through tanh, written by a
// permutation of its loops: the element (n, k) of the rhs is tanh of
// %v[k, n]. With an epilogue (a bias), one kernel does all three. The lhs
// goes by cp.async, one element at a time (stored transposed, k-major
// rows of the tile); the rhs's v through registers, its tanh after the
// products.
// CHECK-LABEL: func.func private @output_rhs_fusion(
// CHECK-NOT:     linalg.generic
// CHECK:         gpu.launch
// CHECK:           scf.for
// CHECK-COUNT-4:     nvgpu.device_async_copy %arg0[{{.*}}], {{.*}}, 1, %{{.*}} : memref<64x96xf32>
// CHECK:             %[[V:.*]]:4 = scf.if %[[OK:.*]] -> (f32, f32, f32, f32) {
// CHECK-NEXT:          memref.load %arg1[%{{.*}}, %{{.*}}] : memref<96x80xf32>
// CHECK:             arith.mulf {{.*}} fastmath<contract>
// CHECK:             scf.if %[[OK]] -> (vector<4xf32>) {
// CHECK-NEXT:          %[[T:.*]] = math.tanh %[[V]]#0 : f32
// CHECK:             nvgpu.device_async_wait
// CHECK:         return
// EPI-LABEL: func.func private @output_rhs_fusion(
// EPI-NOT:     linalg.generic
// EPI:         gpu.launch
// EPI:           math.tanh
// EPI:           memref.load %arg2
// EPI-NOT:     gpu.launch
// EPI:         return
func.func private @output_rhs_fusion(%x: memref<64x96xf32>, %v: memref<96x80xf32>, %bias: memref<80xf32>, %c: memref<64x80xf32>, %d: memref<64x80xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() {alignment = 64 : i64} : memref<80x96xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #map], iterator_types = ["parallel", "parallel"]} ins(%v : memref<96x80xf32>) outs(%t : memref<80x96xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.tanh %a : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<64x80xf32>)
  linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %t : memref<64x96xf32>, memref<80x96xf32>) outs(%c : memref<64x80xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %acc, %0 : f32
    linalg.yield %1 : f32
  }
  linalg.generic {indexing_maps = [#map, #col, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : memref<64x80xf32>, memref<80xf32>) outs(%d : memref<64x80xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %t : memref<80x96xf32>
  return
}

// Left alone: the computed operand is read by a second product (each would
// recompute it; the op stays a kernel that writes it once).
// CHECK-LABEL: func.func private @output_shared_fusion(
// CHECK:         memref.alloc
// CHECK:         linalg.generic
// CHECK:         gpu.launch
// CHECK:         gpu.launch
func.func private @output_shared_fusion(%x: memref<64x96xf32>, %w: memref<96x80xf32>, %c: memref<64x80xf32>, %d: memref<64x80xf32>) attributes {xla.fusion_kind = "output"} {
  %t = memref.alloc() {alignment = 64 : i64} : memref<64x96xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : memref<64x96xf32>) outs(%t : memref<64x96xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  }
  linalg.matmul ins(%t, %w : memref<64x96xf32>, memref<96x80xf32>) outs(%c : memref<64x80xf32>)
  linalg.matmul ins(%t, %w : memref<64x96xf32>, memref<96x80xf32>) outs(%d : memref<64x80xf32>)
  memref.dealloc %t : memref<64x96xf32>
  return
}

// Left alone: an op between the two writes the prologue's input, whose old
// values the operand holds.
// CHECK-LABEL: func.func private @output_overwritten_fusion(
// CHECK:         linalg.generic
// CHECK:         gpu.launch
func.func private @output_overwritten_fusion(%x: memref<64x96xf32>, %w: memref<96x80xf32>, %c: memref<64x80xf32>) attributes {xla.fusion_kind = "output"} {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() {alignment = 64 : i64} : memref<64x96xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : memref<64x96xf32>) outs(%t : memref<64x96xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%one : f32) outs(%x : memref<64x96xf32>)
  linalg.matmul ins(%t, %w : memref<64x96xf32>, memref<96x80xf32>) outs(%c : memref<64x80xf32>)
  memref.dealloc %t : memref<64x96xf32>
  return
}

// Left alone: the prologue reads the product's output, which the kernel's
// blocks update while others still stage.
// CHECK-LABEL: func.func private @output_reads_output_fusion(
// CHECK:         linalg.generic
// CHECK:         gpu.launch
func.func private @output_reads_output_fusion(%x: memref<64x64xf32>, %c: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  %t = memref.alloc() {alignment = 64 : i64} : memref<64x64xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%c : memref<64x64xf32>) outs(%t : memref<64x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.negf %a : f32
    linalg.yield %0 : f32
  }
  linalg.matmul ins(%t, %x : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  memref.dealloc %t : memref<64x64xf32>
  return
}

// Left alone: the prologue accumulates into its output (it reads the
// buffer's old value).
// CHECK-LABEL: func.func private @output_accumulating_fusion(
// CHECK:         linalg.generic
// CHECK:         gpu.launch
func.func private @output_accumulating_fusion(%x: memref<64x96xf32>, %w: memref<96x80xf32>, %c: memref<64x80xf32>) attributes {xla.fusion_kind = "output"} {
  %one = arith.constant 1.0 : f32
  %t = memref.alloc() {alignment = 64 : i64} : memref<64x96xf32>
  linalg.fill ins(%one : f32) outs(%t : memref<64x96xf32>)
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : memref<64x96xf32>) outs(%t : memref<64x96xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.addf %a, %o : f32
    linalg.yield %0 : f32
  }
  linalg.matmul ins(%t, %w : memref<64x96xf32>, memref<96x80xf32>) outs(%c : memref<64x80xf32>)
  memref.dealloc %t : memref<64x96xf32>
  return
}

// The liveness pass frees the prologue's input right after its last
// reader, the prologue: that deallocation moves after the kernel.
// CHECK-LABEL: func.func private @output_freed_input_fusion(
// CHECK:         %[[IN:.*]] = memref.alloc() : memref<64x96xf32>
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%[[IN]] : memref<64x96xf32>)
// CHECK-NOT:     memref.dealloc
// CHECK:         gpu.launch
// CHECK:           memref.load %[[IN]]
// CHECK:         memref.dealloc %[[IN]] : memref<64x96xf32>
// CHECK-NEXT:    return
func.func private @output_freed_input_fusion(%x: memref<64x96xf32>, %w: memref<96x80xf32>, %c: memref<64x80xf32>) attributes {xla.fusion_kind = "output"} {
  %one = arith.constant 1.0 : f32
  %in = memref.alloc() : memref<64x96xf32>
  linalg.fill ins(%one : f32) outs(%in : memref<64x96xf32>)
  %t = memref.alloc() {alignment = 64 : i64} : memref<64x96xf32>
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%in, %x : memref<64x96xf32>, memref<64x96xf32>) outs(%t : memref<64x96xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %in : memref<64x96xf32>
  linalg.matmul ins(%t, %w : memref<64x96xf32>, memref<96x80xf32>) outs(%c : memref<64x80xf32>)
  memref.dealloc %t : memref<64x96xf32>
  return
}

// Left alone: 128 x 128 tiles, whose 64 accumulators per thread take every
// register two blocks per multiprocessor allow (the prologue would spill).
// CHECK-LABEL: func.func private @output_large_tile_fusion(
// CHECK:         linalg.generic
// CHECK:         gpu.launch {{.*}} workgroup(%{{.*}} : memref<4x8x132xf32, #gpu.address_space<workgroup>>
func.func private @output_large_tile_fusion(%x: memref<512x64xf32>, %w: memref<64x512xf32>, %c: memref<512x512xf32>) attributes {xla.fusion_kind = "output"} {
  %t = memref.alloc() {alignment = 64 : i64} : memref<512x64xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : memref<512x64xf32>) outs(%t : memref<512x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  }
  linalg.matmul ins(%t, %w : memref<512x64xf32>, memref<64x512xf32>) outs(%c : memref<512x512xf32>)
  memref.dealloc %t : memref<512x64xf32>
  return
}

// Left alone: the prologue reads a select of two buffers, whose writes
// (here a fill of one of them in between) buffer roots cannot see.
// CHECK-LABEL: func.func private @output_selected_input_fusion(
// CHECK:         linalg.generic
// CHECK:         linalg.fill
// CHECK:         gpu.launch
func.func private @output_selected_input_fusion(%p: i1, %x: memref<64x96xf32>, %y: memref<64x96xf32>, %w: memref<96x80xf32>, %c: memref<64x80xf32>) attributes {xla.fusion_kind = "output"} {
  %one = arith.constant 1.0 : f32
  %s = arith.select %p, %x, %y : memref<64x96xf32>
  %t = memref.alloc() {alignment = 64 : i64} : memref<64x96xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%s : memref<64x96xf32>) outs(%t : memref<64x96xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%one : f32) outs(%x : memref<64x96xf32>)
  linalg.matmul ins(%t, %w : memref<64x96xf32>, memref<96x80xf32>) outs(%c : memref<64x80xf32>)
  memref.dealloc %t : memref<64x96xf32>
  return
}
