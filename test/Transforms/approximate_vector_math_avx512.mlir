// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-approximate-vector-math{avx512=true}),func.func(convert-math-to-llvm),convert-vector-to-llvm{enable-x86vector},convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' | mlir-translate --mlir-to-llvmir | FileCheck %s

// exp's 2^k with avx512: x86vector.avx512.mask.scalef passes its operands
// to the intrinsic in order (its names say src, a, b; the intrinsic takes
// a, b, passthrough), so the value to scale must come first and k second.
// CHECK-LABEL: define <16 x float> @vector_exp_16
// CHECK: %[[K:.*]] = call <16 x float> @llvm.roundeven.v16f32
// CHECK: fadd <16 x float>
// CHECK: %[[Y:.*]] = select <16 x i1>
// CHECK: %[[E:.*]] = call <16 x float> @llvm.x86.avx512.mask.scalef.ps.512(<16 x float> %[[Y]], <16 x float> %[[K]], <16 x float> %[[Y]], i16 -1, i32 4)
// CHECK: ret <16 x float> %[[E]]
func.func @vector_exp_16(%x: vector<16xf32>) -> vector<16xf32> {
  %0 = math.exp %x : vector<16xf32>
  return %0 : vector<16xf32>
}
