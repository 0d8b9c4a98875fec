// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func @unary
func.func @unary(%f: tensor<4xf32>, %i: tensor<4xi32>, %c: tensor<4xcomplex<f32>>) {
  // CHECK: hlo.abs %{{.*}} : tensor<4xf32>
  %0 = hlo.abs %f : tensor<4xf32>
  // CHECK: hlo.abs %{{.*}} : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %1 = hlo.abs %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // CHECK: hlo.cbrt %{{.*}} : tensor<4xf32>
  %2 = hlo.cbrt %f : tensor<4xf32>
  // CHECK: hlo.ceil
  %3 = hlo.ceil %f : tensor<4xf32>
  // CHECK: hlo.count_leading_zeros %{{.*}} : tensor<4xi32>
  %4 = hlo.count_leading_zeros %i : tensor<4xi32>
  // CHECK: hlo.cosine
  %5 = hlo.cosine %f : tensor<4xf32>
  // CHECK: hlo.exponential %{{.*}} : tensor<4xcomplex<f32>>
  %6 = hlo.exponential %c : tensor<4xcomplex<f32>>
  // CHECK: hlo.exponential_minus_one
  %7 = hlo.exponential_minus_one %f : tensor<4xf32>
  // CHECK: hlo.floor
  %8 = hlo.floor %f : tensor<4xf32>
  // CHECK: hlo.imag %{{.*}} : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %9 = hlo.imag %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // CHECK: hlo.is_finite %{{.*}} : (tensor<4xf32>) -> tensor<4xi1>
  %10 = hlo.is_finite %f : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK: hlo.log
  %11 = hlo.log %f : tensor<4xf32>
  // CHECK: hlo.log_plus_one
  %12 = hlo.log_plus_one %f : tensor<4xf32>
  // CHECK: hlo.logistic
  %13 = hlo.logistic %f : tensor<4xf32>
  // CHECK: hlo.negate
  %14 = hlo.negate %i : tensor<4xi32>
  // CHECK: hlo.not
  %15 = hlo.not %i : tensor<4xi32>
  // CHECK: hlo.popcnt
  %16 = hlo.popcnt %i : tensor<4xi32>
  // CHECK: hlo.real %{{.*}} : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %17 = hlo.real %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // CHECK: hlo.round_nearest_afz
  %18 = hlo.round_nearest_afz %f : tensor<4xf32>
  // CHECK: hlo.round_nearest_even
  %19 = hlo.round_nearest_even %f : tensor<4xf32>
  // CHECK: hlo.rsqrt
  %20 = hlo.rsqrt %f : tensor<4xf32>
  // CHECK: hlo.sign
  %21 = hlo.sign %f : tensor<4xf32>
  // CHECK: hlo.sine
  %22 = hlo.sine %f : tensor<4xf32>
  // CHECK: hlo.sqrt
  %23 = hlo.sqrt %f : tensor<4xf32>
  // CHECK: hlo.tan %{{.*}} : tensor<4xf32>
  %24 = hlo.tan %f : tensor<4xf32>
  // CHLO's unary syntax `: T -> T` is accepted too.
  // CHECK: hlo.tan %{{.*}} : tensor<4xf32>
  %tan2 = chlo.tan %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK: hlo.tanh %{{.*}} {result_accuracy = #hlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 2, mode = #hlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %25 = hlo.tanh %f {result_accuracy = #hlo.result_accuracy<atol = 1.0e-5, ulps = 2, mode = #hlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  // CHECK: hlo.reduce_precision %{{.*}}, format = e5m10 : tensor<4xf32>
  %26 = hlo.reduce_precision %f, format = e5m10 : tensor<4xf32>
  func.return
}

// CHECK-LABEL: func @binary
func.func @binary(%f: tensor<4xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>) {
  // CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<4xf32>
  %0 = hlo.add %f, %f : tensor<4xf32>
  // CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<4xi1>
  %1 = hlo.add %b, %b : tensor<4xi1>
  // CHECK: hlo.atan2
  %2 = hlo.atan2 %f, %f : tensor<4xf32>
  // CHECK: hlo.divide
  %3 = hlo.divide %i, %i : tensor<4xi32>
  // CHECK: hlo.maximum
  %4 = hlo.maximum %f, %f : tensor<4xf32>
  // CHECK: hlo.minimum
  %5 = hlo.minimum %b, %b : tensor<4xi1>
  // CHECK: hlo.multiply
  %6 = hlo.multiply %f, %f : tensor<4xf32>
  // CHECK: hlo.power
  %7 = hlo.power %i, %i : tensor<4xi32>
  // CHECK: hlo.remainder
  %8 = hlo.remainder %f, %f : tensor<4xf32>
  // CHECK: hlo.shift_left
  %9 = hlo.shift_left %i, %i : tensor<4xi32>
  // CHECK: hlo.shift_right_arithmetic
  %10 = hlo.shift_right_arithmetic %i, %i : tensor<4xi32>
  // CHECK: hlo.shift_right_logical
  %11 = hlo.shift_right_logical %i, %i : tensor<4xi32>
  // CHECK: hlo.subtract
  %12 = hlo.subtract %f, %f : tensor<4xf32>
  // CHECK: hlo.and
  %13 = hlo.and %b, %b : tensor<4xi1>
  // CHECK: hlo.or
  %14 = hlo.or %i, %i : tensor<4xi32>
  // CHECK: hlo.xor
  %15 = hlo.xor %i, %i : tensor<4xi32>
  // CHECK: hlo.complex %{{.*}}, %{{.*}} : tensor<4xcomplex<f32>>
  %16 = hlo.complex %f, %f : tensor<4xcomplex<f32>>
  func.return
}

// CHECK-LABEL: func @other
func.func @other(%f: tensor<4xf32>, %s: tensor<f32>, %p: tensor<4xi1>, %ps: tensor<i1>, %u: tensor<4xui32>) {
  // CHECK: hlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %0 = hlo.clamp %s, %f, %s : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK: hlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>
  %1 = hlo.clamp %f, %f, %f : tensor<4xf32>
  // CHECK: hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xf32>
  %2 = hlo.select %p, %f, %f : tensor<4xi1>, tensor<4xf32>
  // CHECK: hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<4xf32>
  %3 = hlo.select %ps, %f, %f : tensor<i1>, tensor<4xf32>
  // CHECK: hlo.compare  LT, %{{.*}}, %{{.*}},  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = hlo.compare LT, %f, %f, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: hlo.compare  EQ, %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = hlo.compare EQ, %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: hlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xui32>
  %6 = hlo.convert %f : (tensor<4xf32>) -> tensor<4xui32>
  // CHECK: hlo.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4xui32>
  %7 = hlo.bitcast_convert %f : (tensor<4xf32>) -> tensor<4xui32>
  // CHECK: hlo.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4x4xi8>
  %8 = hlo.bitcast_convert %f : (tensor<4xf32>) -> tensor<4x4xi8>
  func.return
}
