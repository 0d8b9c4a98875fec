// RUN: xla-opt %s --xla-gpu-map-linalg="tensor-cores=tf32x3 async-copies=false row-fusion=false sm-count=16" --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="tensor-cores=tf32 async-copies=false row-fusion=false sm-count=16" --canonicalize --cse | FileCheck %s --check-prefix=TF32
// RUN: not xla-opt %s --xla-gpu-map-linalg="tensor-cores=fp16" 2>&1 | FileCheck %s --check-prefix=BAD
// f32 contractions on tensor cores (GPUTensorCoreKernel.cpp): each warp
// runs mma.sync.m16n8k8 on TF32 fragments loaded from shared tiles that
// keep each operand's contiguous dimension contiguous.

// BAD: unknown tensor-cores 'fp16' (expected tf32, tf32x3 or nothing)

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>

// 1024 x 256 (k 512): 128x128 tiles, 16 blocks for 16 multiprocessors,
// so k does not split. 8 warps of 64 x 32: 4 x 4
// m16n8k8 tiles, 64 accumulators a thread. A (k contiguous) is staged as
// [128][32 + 4], B (n contiguous) as [32][128 + 8], in 16-byte vectors.
// tf32x3: each m16n8k8 tile's three products start from zero (the tails'
// two first, then the heads'), and their sum is added to the accumulators
// in f32: the tensor cores' sums round toward zero, and would drift over
// all of k.
// CHECK-LABEL: func.func private @output_matmul_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c16, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) workgroup(%[[A:.*]] : memref<128x36xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<32x136xf32, #gpu.address_space<workgroup>>)
// CHECK:           vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<1024x512xf32>, vector<4xf32>
// CHECK:           vector.store %{{.*}}, %[[A]][{{.*}}] {alignment = 16 : i64} : memref<128x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:           scf.for {{.*}} iter_args({{.*}}) -> (f32, f32
// CHECK:             arith.andi %{{.*}}, %c-8192_i32 : i32
// CHECK:             %[[P:.*]] = nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[Z:.*]], %[[Z]], %[[Z]], %[[Z]]] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>}
// CHECK-COUNT-2:     nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-COUNT-4:     arith.addf %arg{{[0-9]+}}, %{{.*}} : f32
// CHECK:             nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[Z]], %[[Z]], %[[Z]], %[[Z]]]
// CHECK:             gpu.barrier
// CHECK-NOT:       memref.atomic_rmw
// CHECK-NOT:       nvvm.convert.float.to.tf32
// tf32 rounds each element once, while staging, not at every fragment
// load: the loop's fragments go to the mma as they are.
// TF32-LABEL:  func.func private @output_matmul_fusion(
// TF32:          nvvm.convert.float.to.tf32 %{{.*}} {rnd = #nvvm.fp_rnd_mode<rna>}
// TF32:          scf.for
// TF32-NOT:        nvvm.convert.float.to.tf32
// TF32-NOT:        arith.andi %{{.*}}, %c-8192_i32
// TF32:            nvvm.mma.sync
// TF32:            nvvm.convert.float.to.tf32
// TF32:            gpu.barrier
func.func private @output_matmul_fusion(%a: memref<1024x512xf32>, %b: memref<512x256xf32>, %c: memref<1024x256xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<1024x512xf32>, memref<512x256xf32>) outs(%c : memref<1024x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A times B transposed with edges (m 100, n 72, k 62): 32x32 tiles of 4
// warps (16 x 16 each, two m16n8k8 tiles), both operands k-major
// ([32][32 + 4]); k's 62 is not a multiple of 4, so each group is four
// guarded scalar loads. Per step of 32: 4 x 2 tiles x 3 products.
// CHECK-LABEL: func.func private @output_abt_fusion(
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c128, {{.*}}) workgroup(%{{.*}} : memref<32x36xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<32x36xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT:       vector.load %arg
// CHECK:           vector.from_elements
// CHECK:           scf.for
// CHECK-COUNT-24:    nvvm.mma.sync
// CHECK-NOT:         nvvm.mma.sync
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

// A zero fill of the output right before is folded into the stores.
// CHECK-LABEL: func.func private @output_filled_fusion(
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch
// CHECK:           %[[R:.*]]:{{[0-9]+}} = scf.for
// CHECK:           %[[NEW:.*]] = arith.addf %[[R]]#0, %cst
// CHECK-NEXT:      memref.store %[[NEW]], %arg2
// CHECK-NOT:       memref.load %arg2
// CHECK:         return
func.func private @output_filled_fusion(%a: memref<100x64xf32>, %b: memref<72x64xf32>, %c: memref<100x72xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<100x72xf32>)
  linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<100x64xf32>, memref<72x64xf32>) outs(%c : memref<100x72xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A body with more than acc + a * b (a cast of bf16 operands) keeps the
// FMA kernel.
// CHECK-LABEL: func.func private @output_bf16_fusion(
// CHECK:         gpu.launch
// CHECK-NOT:     nvvm.mma.sync
// CHECK:         return
func.func private @output_bf16_fusion(%a: memref<64x64xbf16>, %b: memref<64x64xbf16>, %c: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<64x64xbf16>, memref<64x64xbf16>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: bf16, %y: bf16, %acc: f32):
    %xf = arith.extf %x : bf16 to f32
    %yf = arith.extf %y : bf16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
