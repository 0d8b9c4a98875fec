// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// lgamma: the Lanczos sum (log1p of z / (g + 1/2)) and the reflection
// through log(sin(pi x)) for x < 0.5, selected by the comparison.
// CHECK-LABEL: func.func @lgamma
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[REFLECT:.*]] = arith.cmpf olt, %[[X]], %cst
// CHECK: math.log1p
// CHECK: math.floor
// CHECK: math.sin
// CHECK: math.log
// CHECK: arith.select %[[REFLECT]]
// CHECK: linalg.yield
func.func @lgamma(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// f16 and bf16 compute in f32 and round back.
// CHECK-LABEL: func.func @digamma_f16
// CHECK: ^bb0(%[[X:.*]]: f16, %{{.*}}: f16):
// CHECK: %[[WIDE:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK: math.cos
// CHECK: math.sin
// CHECK: %[[NARROW:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK: linalg.yield %[[NARROW]] : f16
func.func @digamma_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = chlo.digamma %x : tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// erf_inv: Giles' polynomials in w = -log1p(-x^2) (two ranges for f32,
// three for f64); |x| = 1 gives +-inf.
// CHECK-LABEL: func.func @erf_inv
// CHECK: math.log1p
// CHECK: math.sqrt
// CHECK-COUNT-2: arith.cmpf olt
// CHECK: math.absf
// CHECK: arith.cmpf oeq
// CHECK: linalg.yield
func.func @erf_inv(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.erf_inv %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// bessel_i1e: Chebyshev series on |x| <= 8 and in 32/|x| beyond, with the
// sign of x.
// CHECK-LABEL: func.func @bessel_i1e
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: math.absf %[[X]]
// CHECK: math.sqrt
// CHECK: arith.cmpf ole
// CHECK: math.copysign %{{.*}}, %[[X]]
func.func @bessel_i1e(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// next_after steps the integer image of the bits.
// CHECK-LABEL: func.func @next_after
// CHECK: ^bb0(%[[X:.*]]: bf16, %[[Y:.*]]: bf16, %{{.*}}: bf16):
// CHECK-DAG: %[[XI:.*]] = arith.bitcast %[[X]] : bf16 to i16
// CHECK-DAG: %[[YI:.*]] = arith.bitcast %[[Y]] : bf16 to i16
// CHECK-DAG: arith.subi %[[XI]]
// CHECK-DAG: arith.addi %[[XI]]
// CHECK: arith.cmpf oeq, %[[X]], %[[Y]]
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
// CHECK: arith.cmpf uno, %[[X]], %[[Y]]
func.func @next_after(%x: tensor<4xbf16>, %y: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.next_after %x, %y : tensor<4xbf16>, tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// Complex sinh from the parts; complex<f32> computes in f64.
// CHECK-LABEL: func.func @complex_sinh
// CHECK: ^bb0(%[[Z:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: %[[RE:.*]] = complex.re %[[Z]]
// CHECK: arith.extf %[[RE]] : f32 to f64
// CHECK: %[[IM:.*]] = complex.im %[[Z]]
// CHECK: arith.extf %[[IM]] : f32 to f64
// CHECK: math.sinh
// CHECK: math.cos
// CHECK: math.cosh
// CHECK: math.sin
// CHECK: arith.truncf
// CHECK: arith.truncf
// CHECK: complex.create
func.func @complex_sinh(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = chlo.sinh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// Complex asin (Hull et al.): asin of x/A or an atan form for the real
// part, log1p or log for the imaginary part, signs from the operand.
// CHECK-LABEL: func.func @complex_asin
// CHECK: math.asin
// CHECK: math.atan
// CHECK: math.log1p
// CHECK: math.log
// CHECK: math.copysign
// CHECK: math.copysign
// CHECK: complex.create
func.func @complex_asin(%z: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = chlo.asin %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// The other complex functions lower without complex-dialect counterparts.
// CHECK-LABEL: func.func @complex_others
// CHECK-COUNT-8: linalg.generic
// CHECK-NOT: hlo.
func.func @complex_others(%z: tensor<4xcomplex<f64>>)
    -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>,
        tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>,
        tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  %0 = chlo.cosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %1 = chlo.acos %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %2 = chlo.acosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %3 = chlo.asinh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %4 = chlo.atan %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %5 = chlo.atanh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %6 = hlo.cbrt %z : tensor<4xcomplex<f64>>
  %7 = chlo.asin %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
}

// -----

// Complex power on complex<f32>: the parts widened to f64, exp(w log z) on
// the parts, a zero base selected apart, the parts rounded back.
// CHECK-LABEL: func.func @pow_complex
// CHECK: linalg.generic
// CHECK: complex.re %{{.*}} : complex<f32>
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: math.sqrt %{{.*}} : f64
// CHECK: math.log %{{.*}} : f64
// CHECK: math.atan2 %{{.*}} : f64
// CHECK: math.exp %{{.*}} : f64
// CHECK: math.cos %{{.*}} : f64
// CHECK: math.sin %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: complex.create %{{.*}} : complex<f32>
// CHECK-NOT: complex.pow
func.func @pow_complex(%z: tensor<4xcomplex<f32>>, %w: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = hlo.power %z, %w : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
