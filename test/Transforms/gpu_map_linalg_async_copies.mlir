// RUN: xla-opt %s --xla-gpu-map-linalg="tensor-cores=tf32x3 row-fusion=false sm-count=16" --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="tensor-cores=tf32 row-fusion=false sm-count=16" --canonicalize --cse | FileCheck %s --check-prefix=TF32
// RUN: xla-opt %s --xla-gpu-map-linalg="tensor-cores=tf32x3 async-copies=false row-fusion=false sm-count=16" --canonicalize --cse | FileCheck %s --check-prefix=REGS
// RUN: xla-opt %s --xla-gpu-map-linalg="row-fusion=false" --canonicalize --cse | FileCheck %s --check-prefix=FMA
// Contraction kernels with cp.async (xla-gpu-map-linalg async-copies, the
// default; GPUTileStaging.cpp), on tensor cores (GPUTensorCoreKernel.cpp)
// and in the SIMT tiles (GPUContractionKernel.cpp, prefix FMA): the
// operands' tiles go straight to a ring of shared tiles
// (nvgpu.device_async_copy), stages - 1 steps of k ahead of the products,
// one group of copies per step and one barrier.

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>

// 1024 x 256 (k 512), 128x128 tiles: two stages of [128][16 + 4] and
// [16][128 + 8] (37 KiB; at k 32 not even two would fit in 48 KiB). Each
// thread copies 2 + 2 groups of 16 bytes per step (bypassing L1), step 0
// before the loop; step i requests step i + 1 into the other slot, runs
// its 2 x 16 x 3 products from its own slot, waits for its copies and
// meets the block once.
// CHECK-LABEL: func.func private @output_matmul_fusion(
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c256, {{.*}}) {{.*}} workgroup(%[[A:.*]] : memref<2x128x20xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<2x16x136xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT:       vector.load %arg
// CHECK-COUNT-2:   nvgpu.device_async_copy %arg0[{{.*}}], %[[A]][%c0, {{.*}}], 4, %{{.*}} {bypassL1}
// CHECK-COUNT-2:   nvgpu.device_async_copy %arg1[{{.*}}], %[[B]][%c0, {{.*}}], 4, %{{.*}} {bypassL1}
// CHECK:           %[[G:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT:      nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.for %{{.*}} = %c0 to %c512 step %c16 iter_args({{.*}}, %[[SLOT:.*]] = %c0) -> ({{.*}}, index)
// CHECK:             %[[NEXT:.*]] = arith.remui %{{.*}}, %c2 : index
// CHECK-COUNT-2:     nvgpu.device_async_copy %arg0[{{.*}}], %[[A]][%[[NEXT]], {{.*}}], 4, %{{.*}} {bypassL1}
// CHECK-COUNT-2:     nvgpu.device_async_copy %arg1[{{.*}}], %[[B]][%[[NEXT]], {{.*}}], 4, %{{.*}} {bypassL1}
// CHECK:             %[[G2:.*]] = nvgpu.device_async_create_group
// CHECK:             memref.load %[[A]][%[[SLOT]],
// CHECK-COUNT-96:    nvvm.mma.sync
// CHECK-NOT:         nvvm.mma.sync
// CHECK:             nvgpu.device_async_wait %[[G2]] {numGroups = 0 : i32}
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        scf.yield {{.*}}, %[[NEXT]] : {{.*}}, index
// CHECK-NOT:       gpu.barrier
// CHECK:         return
// tf32 rounds each element once: each thread, its own groups of a slot
// once they have landed, in place, before the barrier.
// TF32-LABEL:  func.func private @output_matmul_fusion(
// TF32:          nvgpu.device_async_wait
// TF32-NEXT:     %[[V:.*]] = vector.load %{{.*}}[%c0, {{.*}}] {alignment = 16 : i64} : memref<2x128x20xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// TF32-COUNT-4:  nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// TF32:          vector.store %{{.*}}, %{{.*}}[%c0, {{.*}}] {alignment = 16 : i64} : memref<2x128x20xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// TF32:          gpu.barrier
// TF32:          scf.for
// TF32-NOT:        nvvm.convert.float.to.tf32
// TF32:            nvvm.mma.sync
// TF32:            nvgpu.device_async_wait
// TF32-COUNT-16:   nvvm.convert.float.to.tf32
// TF32:            gpu.barrier
// Without async copies: the tiles through registers, two barriers a step.
// REGS-LABEL:  func.func private @output_matmul_fusion(
// REGS:          workgroup(%{{.*}} : memref<128x36xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<32x136xf32, #gpu.address_space<workgroup>>)
// REGS-NOT:      nvgpu
// REGS:          scf.for
// REGS:            vector.load %arg0
// REGS:            gpu.barrier
// REGS:            gpu.barrier
// REGS:          return
func.func private @output_matmul_fusion(%a: memref<1024x512xf32>, %b: memref<512x256xf32>, %c: memref<1024x256xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<1024x512xf32>, memref<512x256xf32>) outs(%c : memref<1024x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// 256 x 256 (k 128), 64x64 tiles: at k 32 only two stages fit, at k 16
// four ([4][64][16 + 4], [4][16][64 + 8]: 38 KiB), three steps ahead: the
// wait leaves the newest two groups in flight, and the copies of steps
// past k still in flight after the loop are waited for.
// CHECK-LABEL: func.func private @output_medium_fusion(
// CHECK:         gpu.launch {{.*}} workgroup(%{{.*}} : memref<4x64x20xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<4x16x72xf32, #gpu.address_space<workgroup>>)
// CHECK-COUNT-3:   nvgpu.device_async_create_group
// CHECK-NEXT:      nvgpu.device_async_wait %[[G:.*]] {numGroups = 2 : i32}
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.for %{{.*}} = %c0 to %c128 step %c16
// CHECK:             arith.remui %{{.*}}, %c4 : index
// CHECK:             nvgpu.device_async_wait %{{.*}} {numGroups = 2 : i32}
// CHECK:           nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
func.func private @output_medium_fusion(%a: memref<256x128xf32>, %b: memref<128x256xf32>, %c: memref<256x256xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<256x128xf32>, memref<128x256xf32>) outs(%c : memref<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A times B transposed with edges (m 100, n 72, k 62): 32x32 tiles, k in
// steps of 32; two steps, so two stages. Rows of 62 are not 16-byte
// aligned: each element is a copy of 4 bytes (cp.async.ca), of none past
// the edges.
// CHECK-LABEL: func.func private @output_abt_fusion(
// CHECK:         gpu.launch {{.*}} workgroup(%[[A:.*]] : memref<2x32x36xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<2x32x36xf32, #gpu.address_space<workgroup>>)
// CHECK:           %[[N:.*]] = arith.select %{{.*}}, %c1, %c0 : index
// CHECK-NEXT:      nvgpu.device_async_copy %arg0[{{.*}}], %[[A]][%c0, {{.*}}], 1, %[[N]] : memref<100x62xf32> to memref<2x32x36xf32, #gpu.address_space<workgroup>>
// CHECK-NOT:       bypassL1
// CHECK:           scf.for %{{.*}} = %c0 to %c62 step %c32
// CHECK-COUNT-24:    nvvm.mma.sync
// CHECK:             gpu.barrier
// CHECK-NOT:       memref.atomic_rmw
// CHECK:           memref.store
func.func private @output_abt_fusion(%a: memref<100x62xf32>, %b: memref<72x62xf32>, %c: memref<100x72xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<100x62xf32>, memref<72x62xf32>) outs(%c : memref<100x72xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// An operand whose last dimension is not contiguous (a transposed view)
// cannot be copied asynchronously: its groups go through registers into
// the same slot, loaded before the step's products and stored after them
// (GPUTileStaging.cpp), while the other operand's groups are still
// cp.async.
// CHECK-LABEL: func.func private @output_strided_fusion(
// CHECK:         gpu.launch {{.*}} workgroup(%[[A:.*]] : memref<2x32x36xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<2x32x40xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT:       nvgpu.device_async_copy %arg0
// CHECK:           memref.load %arg0[{{.*}}] : memref<64x64xf32, strided<[1, 64]>>
// CHECK:           nvgpu.device_async_copy %arg1[{{.*}}], %[[B]][%c0, {{.*}}], 4, %{{.*}} {bypassL1}
// CHECK:           vector.store %{{.*}}, %[[A]][%c0, {{.*}}]
// CHECK:           scf.for
// CHECK:             memref.load %arg0[{{.*}}] : memref<64x64xf32, strided<[1, 64]>>
// CHECK:             nvgpu.device_async_copy %arg1
// CHECK:             nvvm.mma.sync
// CHECK:             vector.store %{{.*}}, %[[A]][
// CHECK:             nvgpu.device_async_wait
func.func private @output_strided_fusion(%a: memref<64x64xf32, strided<[1, 64]>>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<64x64xf32, strided<[1, 64]>>, memref<64x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// The SIMT kernel's ring: a BERT layer's projection at batch 1 (128 x 768,
// k 768) on 132 multiprocessors gets 96 tiles of 32x32 in 3 splits (288
// blocks), each 8 steps of 32 of k: 4 stages of [32][32 + 4] per operand
// (36 KiB), three steps ahead. Both tiles are [k][width] for the
// fragments' vector loads: the lhs's group of 4 along k is stored
// transposed, 4 copies of 4 bytes (cp.async.ca); the rhs's group along n is
// one 16-byte copy. The wait leaves the two newest groups in flight.
// FMA-LABEL: func.func private @output_projection_fusion(
// FMA:         memref.alloc() : memref<3x1x128x768xf32>
// FMA:         gpu.launch blocks({{.*}}) in ({{.*}} = %c288, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) {{.*}} workgroup(%[[A:.*]] : memref<4x32x36xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<4x32x36xf32, #gpu.address_space<workgroup>>)
// FMA-COUNT-4: nvgpu.device_async_copy %arg0[{{.*}}], %[[A]][%c0, {{.*}}], 1, %{{.*}} : memref<128x768xf32>
// FMA:         nvgpu.device_async_copy %arg1[{{.*}}], %[[B]][%c0, {{.*}}], 4, %{{.*}} {bypassL1}
// FMA:         nvgpu.device_async_create_group
// FMA:         nvgpu.device_async_copy %arg0[{{.*}}], %[[A]][%c1,
// FMA:         nvgpu.device_async_copy %arg0[{{.*}}], %[[A]][%c2,
// FMA:         %[[G:.*]] = nvgpu.device_async_create_group
// FMA-NEXT:    nvgpu.device_async_wait %[[G]] {numGroups = 2 : i32}
// FMA-NEXT:    gpu.barrier
// FMA-NEXT:    %[[R:.*]]:5 = scf.for %{{.*}} step %c32 iter_args({{.*}}, %[[SLOT:.*]] = %c0) -> (f32, f32, f32, f32, index)
// FMA-COUNT-4:   nvgpu.device_async_copy %arg0
// FMA:           nvgpu.device_async_copy %arg1
// FMA:           %[[G2:.*]] = nvgpu.device_async_create_group
// FMA:           vector.load %[[A]][%[[SLOT]], %c0, {{.*}}] {alignment = 8 : i64} : {{.*}}, vector<2xf32>
// FMA:           arith.mulf {{.*}} fastmath<contract>
// FMA:           nvgpu.device_async_wait %[[G2]] {numGroups = 2 : i32}
// FMA-NEXT:      gpu.barrier
// FMA-NEXT:      scf.yield
// FMA:         nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// FMA:         memref.store %[[R]]#0, %alloc
func.func private @output_projection_fusion(%a: memref<128x768xf32>, %b: memref<768x768xf32>, %c: memref<128x768xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<128x768xf32>, memref<768x768xf32>) outs(%c : memref<128x768xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
