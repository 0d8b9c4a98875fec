// RUN: xla-opt %s --xla-gpu-map-linalg="library-gemm=cublas row-fusion=false" --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="row-fusion=false" | FileCheck %s --check-prefix=OWN
// RUN: not xla-opt %s --xla-gpu-map-linalg="library-gemm=mkl" 2>&1 | FileCheck %s --check-prefix=BAD
// Contractions as cuBLAS GEMMs (GPULibraryGemm.cpp): a row-major C = A B
// is the column-major C^T = B^T A^T, so cuBLAS's X is B and its Y is A.
// Arguments: name, dtype (11: f32, 12: f64), transX, transY, m, n, k,
// batch, x, ldx, strideX, y, ldy, strideY, d, ldd, strideD, accumulate.

// BAD: unknown library-gemm 'mkl' (expected cublas or nothing)

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A plain product, its zero fill folded: beta = 0 (accumulate 0), no fill.
// X = B (256 x 512 as 512 rows of 256: op N, ld 256), Y = A (op N, ld 512).
// CHECK-LABEL: func.func private @output_matmul_fusion(
// CHECK-NOT:     linalg.fill
// CHECK:         %[[GLOBAL:.*]] = llvm.mlir.addressof @output_matmul_fusion_0_cublas_name
// CHECK:         %[[NAME:.*]] = llvm.getelementptr %[[GLOBAL]][0, 0]
// CHECK-DAG:     %[[BPTR:.*]] = memref.extract_aligned_pointer_as_index %arg1
// CHECK-DAG:     %[[APTR:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK-DAG:     %[[CPTR:.*]] = memref.extract_aligned_pointer_as_index %arg2
// CHECK:         call @xla_rt_gpu_gemm(%[[NAME]], %c11_i64, %c0_i64, %c0_i64, %c256_i64, %c1024_i64, %c512_i64, %c1_i64, %{{.*}}, %c256_i64, %c0_i64, %{{.*}}, %c512_i64, %c0_i64, %{{.*}}, %c256_i64, %c0_i64, %c0_i64)
// CHECK-NOT:     gpu.launch
// OWN-LABEL:   func.func private @output_matmul_fusion(
// OWN:           gpu.launch
// OWN-NOT:       xla_rt_gpu_gemm
func.func private @output_matmul_fusion(%a: memref<1024x512xf32>, %b: memref<512x256xf32>, %c: memref<1024x256xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<1024x256xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<1024x512xf32>, memref<512x256xf32>) outs(%c : memref<1024x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A times B transposed (B stored n x k): X = B is op T with ld 64 (k),
// and with no fill before it the product adds to the output (accumulate 1).
// CHECK-LABEL: func.func private @output_abt_fusion(
// CHECK:         call @xla_rt_gpu_gemm(%{{.*}}, %c11_i64, %c1_i64, %c0_i64, %c96_i64, %c128_i64, %c64_i64, %c1_i64, %{{.*}}, %c64_i64, %c0_i64, %{{.*}}, %c64_i64, %c0_i64, %{{.*}}, %c96_i64, %c0_i64, %c1_i64)
func.func private @output_abt_fusion(%a: memref<128x64xf32>, %b: memref<96x64xf32>, %c: memref<128x96xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<128x64xf32>, memref<96x64xf32>) outs(%c : memref<128x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Attention's scores: two batch dimensions (4 x 8, collapsed: strides
// 8 * 128 * 64 and 128 * 64 in A), keys transposed, a fill of 1 that
// stays (only zeros become beta = 0).
#bq = affine_map<(b, h, m, n, k) -> (b, h, m, k)>
#bk = affine_map<(b, h, m, n, k) -> (b, h, n, k)>
#bo = affine_map<(b, h, m, n, k) -> (b, h, m, n)>
// CHECK-LABEL: func.func private @output_scores_fusion(
// CHECK:         linalg.fill
// CHECK:         call @xla_rt_gpu_gemm(%{{.*}}, %c11_i64, %c1_i64, %c0_i64, %c128_i64, %c128_i64, %c64_i64, %c32_i64, %{{.*}}, %c64_i64, %c8192_i64, %{{.*}}, %c64_i64, %c8192_i64, %{{.*}}, %c128_i64, %c16384_i64, %c1_i64)
func.func private @output_scores_fusion(%q: memref<4x8x128x64xf32>, %k: memref<4x8x128x64xf32>, %s: memref<4x8x128x128xf32>) attributes {xla.fusion_kind = "output"} {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%s : memref<4x8x128x128xf32>)
  linalg.generic {indexing_maps = [#bq, #bk, #bo], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : memref<4x8x128x64xf32>, memref<4x8x128x64xf32>) outs(%s : memref<4x8x128x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  return
}

// f64 goes to cuBLAS too (our own tiled kernel is f32 only): dtype 12.
// CHECK-LABEL: func.func private @output_dmatmul_fusion(
// CHECK:         call @xla_rt_gpu_gemm(%{{.*}}, %c12_i64,
func.func private @output_dmatmul_fusion(%a: memref<32x32xf64>, %b: memref<32x32xf64>, %c: memref<32x32xf64>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<32x32xf64>, memref<32x32xf64>) outs(%c : memref<32x32xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  }
  return
}

// Not a GEMM cuBLAS can run: bf16 operands (a cast in the body) keep our
// kernel, and so does a matrix times a vector (n = 1, a row reduction).
// CHECK-LABEL: func.func private @output_bf16_fusion(
// CHECK-NOT:     xla_rt_gpu_gemm
// CHECK:         gpu.launch
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

#mv_a = affine_map<(m, k) -> (m, k)>
#mv_x = affine_map<(m, k) -> (k)>
#mv_y = affine_map<(m, k) -> (m)>
// CHECK-LABEL: func.func private @input_matvec_fusion(
// CHECK-NOT:     xla_rt_gpu_gemm
// CHECK:         gpu.launch
func.func private @input_matvec_fusion(%a: memref<256x512xf32>, %x: memref<512xf32>, %y: memref<256xf32>) attributes {xla.fusion_kind = "input"} {
  linalg.generic {indexing_maps = [#mv_a, #mv_x, #mv_y], iterator_types = ["parallel", "reduction"]} ins(%a, %x : memref<256x512xf32>, memref<512xf32>) outs(%y : memref<256xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK: func.func private @xla_rt_gpu_gemm(!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
