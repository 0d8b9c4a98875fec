// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-approximate-vector-math))' | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-approximate-vector-math{ops=exp}))' | FileCheck %s --check-prefix=EXP
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-approximate-vector-math{avx512=true}))' | FileCheck %s --check-prefix=AVX512

// A vector exp becomes a polynomial in vector registers (no math.exp is
// left to become eight libm calls); a scalar exp keeps libm. k =
// roundeven(x log2 e), r = x - k ln 2 in two fmas, then Cephes'
// polynomial y. Vectors whose lanes all lie in [-86, 88] (ordered: a NaN
// is outside) take a short branch, where exp is a normal float: k goes
// into y's exponent bits with an integer add. The others clamp x to [-104,
// 89] (NaN kept) and build 2^k from two normal powers of two (k bounded
// first, so that fptosi never sees a NaN).
// CHECK-LABEL: func.func @vector_exp
// CHECK-NOT: math.exp
// CHECK: %[[BELOW:.*]] = arith.cmpf ult, %[[X:.*]], %{{.*}} : vector<8xf32>
// CHECK: %[[ABOVE:.*]] = arith.cmpf ogt, %[[X]], %{{.*}} : vector<8xf32>
// CHECK: %[[OUT:.*]] = arith.ori %[[BELOW]], %[[ABOVE]]
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[OUT]] : vector<8xi1> into i1
// CHECK: %[[E:.*]] = scf.if %[[ANY]] -> (vector<8xf32>) {
// CHECK: %[[LO:.*]] = arith.maximumf %[[X]], %{{.*}} : vector<8xf32>
// CHECK: %[[C:.*]] = arith.minimumf %[[LO]], %{{.*}} : vector<8xf32>
// CHECK: %[[K:.*]] = math.roundeven %{{.*}} : vector<8xf32>
// CHECK: %[[NK:.*]] = arith.negf %[[K]]
// CHECK: %[[R0:.*]] = math.fma %[[NK]], %{{.*}}, %[[C]]
// CHECK: %[[R:.*]] = math.fma %[[NK]], %{{.*}}, %[[R0]]
// CHECK-COUNT-6: math.fma
// CHECK: %[[Y:.*]] = arith.addf
// Where exp rounds to 0 (x < -103.973), an exact 0 is scaled (no underflow).
// CHECK: %[[ZERO:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : vector<8xf32>
// CHECK: arith.select %[[ZERO]], %{{.*}}, %[[Y]]
// CHECK: arith.maxnumf %[[K]]
// CHECK: arith.minnumf
// CHECK: %[[N:.*]] = arith.fptosi %{{.*}} : vector<8xf32> to vector<8xi32>
// CHECK: %[[H:.*]] = arith.shrsi %[[N]]
// CHECK: arith.subi %[[N]], %[[H]]
// CHECK: arith.bitcast %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK: arith.mulf
// CHECK: arith.bitcast %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK: %[[SLOW:.*]] = arith.mulf
// CHECK: scf.yield %[[SLOW]]
// CHECK: } else {
// CHECK: %[[FK:.*]] = math.roundeven %{{.*}} : vector<8xf32>
// CHECK: %[[FNK:.*]] = arith.negf %[[FK]]
// CHECK: math.fma %[[FNK]], %{{.*}}, %[[X]]
// CHECK-COUNT-7: math.fma
// CHECK: %[[FY:.*]] = arith.addf
// CHECK: %[[FN:.*]] = arith.fptosi %[[FK]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[SHIFT:.*]] = arith.shli %[[FN]]
// CHECK: %[[BITS:.*]] = arith.bitcast %[[FY]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[SUM:.*]] = arith.addi %[[BITS]], %[[SHIFT]]
// CHECK: %[[FAST:.*]] = arith.bitcast %[[SUM]] : vector<8xi32> to vector<8xf32>
// CHECK: scf.yield %[[FAST]]
// CHECK: }
// CHECK: return %[[E]]
// AVX512-LABEL: func.func @vector_exp
// AVX512-NOT: x86vector
// AVX512: return
func.func @vector_exp(%x: vector<8xf32>) -> vector<8xf32> {
  %0 = math.exp %x : vector<8xf32>
  return %0 : vector<8xf32>
}

// With avx512, a vector of 16 f32 is scaled by vscalefps, with all lanes
// and the current rounding mode: the op hands its operands to the
// intrinsic in order, so the value goes first and the exponents second
// (approximate_vector_math_avx512.mlir checks the intrinsic call).
// CHECK-LABEL: func.func @vector_exp_16
// CHECK-NOT: x86vector
// AVX512-LABEL: func.func @vector_exp_16
// AVX512: %[[K:.*]] = math.roundeven
// AVX512: arith.addf
// AVX512: %[[Y:.*]] = arith.select
// AVX512: %[[ALL:.*]] = arith.constant -1 : i16
// AVX512: %[[ROUND:.*]] = arith.constant 4 : i32
// AVX512: %[[E:.*]] = x86vector.avx512.mask.scalef %[[Y]], %[[K]], %[[Y]], %[[ALL]], %[[ROUND]] : vector<16xf32>
// AVX512-NOT: arith.fptosi
// AVX512: return %[[E]]
func.func @vector_exp_16(%x: vector<16xf32>) -> vector<16xf32> {
  %0 = math.exp %x : vector<16xf32>
  return %0 : vector<16xf32>
}

// Another shape of 16 elements is flattened for vscalefps and back.
// AVX512-LABEL: func.func @vector_exp_2x8
// AVX512: vector.shape_cast %{{.*}} : vector<2x8xf32> to vector<16xf32>
// AVX512: x86vector.avx512.mask.scalef
// AVX512: vector.shape_cast %{{.*}} : vector<16xf32> to vector<2x8xf32>
func.func @vector_exp_2x8(%x: vector<2x8xf32>) -> vector<2x8xf32> {
  %0 = math.exp %x : vector<2x8xf32>
  return %0 : vector<2x8xf32>
}

// 32 lanes (an epilogue's accumulator row): two vscalefps of 16.
// AVX512-LABEL: func.func @vector_exp_32
// AVX512: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// AVX512: x86vector.avx512.mask.scalef
// AVX512: vector.insert_strided_slice %{{.*}} {offsets = [0], strides = [1]} : vector<16xf32> into vector<32xf32>
// AVX512: vector.extract_strided_slice %{{.*}} {offsets = [16], sizes = [16], strides = [1]} : vector<32xf32> to vector<16xf32>
// AVX512: x86vector.avx512.mask.scalef
// AVX512: %[[E:.*]] = vector.insert_strided_slice %{{.*}} {offsets = [16], strides = [1]} : vector<16xf32> into vector<32xf32>
// AVX512-NOT: arith.fptosi
// AVX512: return %[[E]]
func.func @vector_exp_32(%x: vector<32xf32>) -> vector<32xf32> {
  %0 = math.exp %x : vector<32xf32>
  return %0 : vector<32xf32>
}

// CHECK-LABEL: func.func @scalar_exp
// CHECK: math.exp %{{.*}} : f32
func.func @scalar_exp(%x: f32) -> f32 {
  %0 = math.exp %x : f32
  return %0 : f32
}

// By default tanh, erf, erfc and log are approximated too, log1p is not; f64
// vectors are left alone. With ops=exp only exp changes.
// CHECK-LABEL: func.func @others
// CHECK: math.exp %{{.*}} : vector<4xf64>
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK-NOT: math.erfc
// CHECK-NOT: math.log %
// CHECK: math.log1p %{{.*}} : vector<8xf32>
// EXP-LABEL: func.func @others
// EXP: math.exp %{{.*}} : vector<4xf64>
// EXP: math.tanh %{{.*}} : vector<8xf32>
// EXP: math.erf %{{.*}} : vector<8xf32>
// EXP: math.erfc %{{.*}} : vector<8xf32>
// EXP: math.log %{{.*}} : vector<8xf32>
// EXP: math.log1p %{{.*}} : vector<8xf32>
func.func @others(%x: vector<4xf64>, %y: vector<8xf32>) -> (vector<4xf64>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %0 = math.exp %x : vector<4xf64>
  %1 = math.tanh %y : vector<8xf32>
  %2 = math.erf %y : vector<8xf32>
  %5 = math.erfc %y : vector<8xf32>
  %3 = math.log %y : vector<8xf32>
  %4 = math.log1p %y : vector<8xf32>
  return %0, %1, %2, %5, %3, %4 : vector<4xf64>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// sin and cos: reduced by pi/2 in f64 and a polynomial by quadrant, rounded
// to f32 once; a vector with a lane beyond 2^20 (or an infinity or a NaN)
// keeps the math op, which becomes libm calls. ops=exp leaves them alone.
// CHECK-LABEL: func.func @sin_cos
// 2^20:
// CHECK: %[[LIMIT:.*]] = arith.constant dense<0x49800000> : vector<8xf32>
// CHECK: %[[ABS:.*]] = math.absf %[[X:.*]] : vector<8xf32>
// CHECK: %[[OUT:.*]] = arith.cmpf ugt, %[[ABS]], %[[LIMIT]]
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[OUT]]
// CHECK: scf.if %[[ANY]] -> (vector<8xf32>) {
// CHECK:   math.sin %[[X]] : vector<8xf32>
// CHECK: } else {
// CHECK:   arith.extf %[[X]] : vector<8xf32> to vector<8xf64>
// CHECK:   math.roundeven %{{.*}} : vector<8xf64>
// CHECK:   math.fma
// CHECK:   arith.fptosi %{{.*}} : vector<8xf64> to vector<8xi32>
// CHECK:   arith.truncf %{{.*}} : vector<8xf64> to vector<8xf32>
// CHECK:   arith.cmpf oeq
// CHECK:   arith.select
// CHECK: scf.if
// CHECK:   math.cos %[[X]] : vector<8xf32>
// CHECK: } else {
// CHECK:   arith.addi
// CHECK: return
// EXP-LABEL: func.func @sin_cos
// EXP-NOT: scf.if
// EXP: math.sin %{{.*}} : vector<8xf32>
// EXP: math.cos %{{.*}} : vector<8xf32>
func.func @sin_cos(%x: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>) {
  %0 = math.sin %x : vector<8xf32>
  %1 = math.cos %x : vector<8xf32>
  return %0, %1 : vector<8xf32>, vector<8xf32>
}

// A 2-D vector: the range test is flattened for the reduction.
// CHECK-LABEL: func.func @sin_2d
// CHECK: vector.shape_cast %{{.*}} : vector<2x8xi1> to vector<16xi1>
// CHECK: vector.reduction <or>
// CHECK: scf.if
func.func @sin_2d(%x: vector<2x8xf32>) -> vector<2x8xf32> {
  %0 = math.sin %x : vector<2x8xf32>
  return %0 : vector<2x8xf32>
}

// erfc (ours): for a = min(|x|, 10.06), exp(-a^2) h(t) / (a + 1.5) with
// t = (a - 1.5) / (a + 1.5) from one division, a Newton step and a
// two-sum; h by Estrin's scheme and two Horner steps; exp(-a^2) scaled by
// 2^64 (no fptosi: the exponent comes from the bits of k + 64 + 1.5 2^23),
// then 2 - erfc(a) where x < 0. No branch, no math op left.
// CHECK-LABEL: func.func @vector_erfc
// CHECK-NOT: math.erfc
// CHECK: %[[ABS:.*]] = math.absf %[[X:.*]] : vector<8xf32>
// CHECK: %[[A:.*]] = arith.minimumf %[[ABS]], %{{.*}} : vector<8xf32>
// CHECK: %[[S:.*]] = arith.addf %[[A]], %{{.*}} : vector<8xf32>
// CHECK: %[[R:.*]] = arith.divf %{{.*}}, %[[S]] : vector<8xf32>
// CHECK-NOT: arith.divf
// CHECK: math.roundeven
// CHECK-NOT: arith.fptosi
// CHECK: arith.bitcast %{{.*}} : vector<8xf32> to vector<8xi32>
// CHECK: arith.shli
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : vector<8xf32>
// CHECK: %[[REFLECTED:.*]] = arith.subf %{{.*}}, %[[E:.*]] : vector<8xf32>
// CHECK: %[[RESULT:.*]] = arith.select %[[NEG]], %[[REFLECTED]], %[[E]]
// CHECK-NOT: scf.if
// CHECK-NOT: math.exp
// CHECK: return %[[RESULT]]
func.func @vector_erfc(%x: vector<8xf32>) -> vector<8xf32> {
  %0 = math.erfc %x : vector<8xf32>
  return %0 : vector<8xf32>
}
