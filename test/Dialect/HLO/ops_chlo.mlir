// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// The CHLO ops JAX emits are hlo ops with CHLO's syntax: `: T -> T` for
// unary ops, `: T, T -> T` for binary ops.

// CHECK-LABEL: func @unary_fp_or_complex
func.func @unary_fp_or_complex(%f: tensor<4xf32>, %c: tensor<4xcomplex<f64>>, %h: tensor<2x3xbf16>) {
  // CHECK: hlo.acos %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %0 = hlo.acos %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK: hlo.acosh %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %1 = hlo.acosh %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: hlo.asin %{{.*}} : tensor<2x3xbf16> -> tensor<2x3xbf16>
  %2 = hlo.asin %h : tensor<2x3xbf16> -> tensor<2x3xbf16>
  // CHECK: hlo.asinh %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %3 = hlo.asinh %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: hlo.atan %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %4 = hlo.atan %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK: hlo.atanh %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %5 = hlo.atanh %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: hlo.bessel_i1e %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %6 = hlo.bessel_i1e %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK: hlo.conj %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %7 = hlo.conj %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: hlo.cosh %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %8 = hlo.cosh %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK: hlo.sinh %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %9 = hlo.sinh %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: hlo.square %{{.*}} : tensor<2x3xbf16> -> tensor<2x3xbf16>
  %10 = hlo.square %h : tensor<2x3xbf16> -> tensor<2x3xbf16>
  func.return
}

// CHECK-LABEL: func @unary_fp
func.func @unary_fp(%f: tensor<4xf32>, %d: tensor<f64>, %h: tensor<2x?xf16>) {
  // CHECK: hlo.digamma %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %0 = hlo.digamma %f : tensor<4xf32> -> tensor<4xf32>
  // CHECK: hlo.erf %{{.*}} : tensor<f64> -> tensor<f64>
  %1 = hlo.erf %d : tensor<f64> -> tensor<f64>
  // CHECK: hlo.erf_inv %{{.*}} : tensor<f64> -> tensor<f64>
  %2 = hlo.erf_inv %d : tensor<f64> -> tensor<f64>
  // CHECK: hlo.erfc %{{.*}} : tensor<2x?xf16> -> tensor<2x?xf16>
  %3 = hlo.erfc %h : tensor<2x?xf16> -> tensor<2x?xf16>
  // CHECK: hlo.lgamma %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %4 = hlo.lgamma %f : tensor<4xf32> -> tensor<4xf32>
  // A dynamic dimension may be refined by the result type.
  // CHECK: hlo.lgamma %{{.*}} : tensor<2x?xf16> -> tensor<2x5xf16>
  %5 = hlo.lgamma %h : tensor<2x?xf16> -> tensor<2x5xf16>
  func.return
}

// CHECK-LABEL: func @predicates
func.func @predicates(%f: tensor<4xf32>, %b: tensor<bf16>) -> (tensor<4xi1>, tensor<4xi1>, tensor<i1>) {
  // CHECK: hlo.is_inf %{{.*}} : tensor<4xf32> -> tensor<4xi1>
  %0 = hlo.is_inf %f : tensor<4xf32> -> tensor<4xi1>
  // CHECK: hlo.is_neg_inf %{{.*}} : tensor<4xf32> -> tensor<4xi1>
  %1 = hlo.is_neg_inf %f : tensor<4xf32> -> tensor<4xi1>
  // CHECK: hlo.is_pos_inf %{{.*}} : tensor<bf16> -> tensor<i1>
  %2 = hlo.is_pos_inf %b : tensor<bf16> -> tensor<i1>
  func.return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<i1>
}

// CHECK-LABEL: func @binary
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>, %h: tensor<2x2xf16>) {
  // CHECK: hlo.next_after %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %0 = hlo.next_after %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: hlo.polygamma %{{.*}}, %{{.*}} : tensor<2x2xf16>, tensor<2x2xf16> -> tensor<2x2xf16>
  %1 = hlo.polygamma %h, %h : tensor<2x2xf16>, tensor<2x2xf16> -> tensor<2x2xf16>
  // CHECK: hlo.zeta %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = hlo.zeta %a, %b : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: hlo.zeta {{.*}} {foo = 1 : i32} : tensor<4xf32>
  %3 = hlo.zeta %a, %b {foo = 1 : i32} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  func.return
}

// CHECK-LABEL: func @top_k
func.func @top_k(%v: tensor<16xf32>, %m: tensor<5x3xui8>, %p: tensor<4x6xi1>,
                 %d: tensor<2x?xf32>, %bnd: tensor<?xf32, #hlo.type_extensions<bounds = [8]>>) {
  // CHECK: %{{.*}}, %{{.*}} = hlo.top_k(%{{.*}}, k = 5) : tensor<16xf32> -> (tensor<5xf32>, tensor<5xi32>)
  %0:2 = hlo.top_k(%v, k = 5) : tensor<16xf32> -> (tensor<5xf32>, tensor<5xi32>)
  // CHECK: hlo.top_k(%{{.*}}, k = 2) : tensor<5x3xui8> -> (tensor<5x2xui8>, tensor<5x2xi32>)
  %1:2 = hlo.top_k(%m, k = 2) : tensor<5x3xui8> -> (tensor<5x2xui8>, tensor<5x2xi32>)
  // k may equal the last dimension, or be 0.
  // CHECK: hlo.top_k(%{{.*}}, k = 6) : tensor<4x6xi1> -> (tensor<4x6xi1>, tensor<4x6xi32>)
  %2:2 = hlo.top_k(%p, k = 6) : tensor<4x6xi1> -> (tensor<4x6xi1>, tensor<4x6xi32>)
  // CHECK: hlo.top_k(%{{.*}}, k = 0) : tensor<16xf32> -> (tensor<0xf32>, tensor<0xi32>)
  %3:2 = hlo.top_k(%v, k = 0) : tensor<16xf32> -> (tensor<0xf32>, tensor<0xi32>)
  // A dynamic last dimension is not checked against k.
  // CHECK: hlo.top_k(%{{.*}}, k = 3) : tensor<2x?xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %4:2 = hlo.top_k(%d, k = 3) : tensor<2x?xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  // A bounded one is.
  // CHECK: hlo.top_k(%{{.*}}, k = 8) : tensor<?xf32, #hlo.type_extensions<bounds = [8]>> -> (tensor<8xf32>, tensor<8xi32>)
  %5:2 = hlo.top_k(%bnd, k = 8) : tensor<?xf32, #hlo.type_extensions<bounds = [8]>> -> (tensor<8xf32>, tensor<8xi32>)
  func.return
}

// CHLO text, as JAX prints it, parses into the same ops.

// CHECK-LABEL: func @chlo_syntax
func.func @chlo_syntax(%f: tensor<20x20xf32>, %c: tensor<20x20xcomplex<f32>>, %x: tensor<5x3xf32>) {
  // CHECK: hlo.acosh %{{.*}} : tensor<20x20xcomplex<f32>> -> tensor<20x20xcomplex<f32>>
  %0 = chlo.acosh %c : tensor<20x20xcomplex<f32>> -> tensor<20x20xcomplex<f32>>
  // CHECK: hlo.acos %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %1 = chlo.acos %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.asin
  %2 = chlo.asin %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.asinh
  %3 = chlo.asinh %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.atan
  %4 = chlo.atan %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.atanh
  %5 = chlo.atanh %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.bessel_i1e
  %6 = chlo.bessel_i1e %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.conj
  %7 = chlo.conj %c : tensor<20x20xcomplex<f32>> -> tensor<20x20xcomplex<f32>>
  // CHECK: hlo.cosh
  %8 = chlo.cosh %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.digamma
  %9 = chlo.digamma %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.erf %
  %10 = chlo.erf %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.erf_inv
  %11 = chlo.erf_inv %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.erfc
  %12 = chlo.erfc %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.lgamma
  %13 = chlo.lgamma %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.sinh
  %14 = chlo.sinh %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.square
  %15 = chlo.square %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.is_inf %{{.*}} : tensor<20x20xf32> -> tensor<20x20xi1>
  %17 = chlo.is_inf %f : tensor<20x20xf32> -> tensor<20x20xi1>
  // CHECK: hlo.is_neg_inf
  %18 = chlo.is_neg_inf %f : tensor<20x20xf32> -> tensor<20x20xi1>
  // CHECK: hlo.is_pos_inf
  %19 = chlo.is_pos_inf %f : tensor<20x20xf32> -> tensor<20x20xi1>
  // CHECK: hlo.next_after %{{.*}}, %{{.*}} : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  %20 = chlo.next_after %f, %f : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.polygamma
  %21 = chlo.polygamma %f, %f : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.zeta
  %22 = chlo.zeta %f, %f : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: hlo.top_k(%{{.*}}, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  %values, %indices = chlo.top_k(%x, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  func.return
}

// Generic-form CHLO ops are renamed on import.

// CHECK-LABEL: func @chlo_generic
func.func @chlo_generic(%f: tensor<4xf32>) {
  // CHECK: hlo.lgamma %{{.*}} : tensor<4xf32> -> tensor<4xf32>
  %0 = "chlo.lgamma"(%f) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: hlo.top_k(%{{.*}}, k = 3) : tensor<4xf32> -> (tensor<3xf32>, tensor<3xi32>)
  %1:2 = "chlo.top_k"(%f) {k = 3 : i64} : (tensor<4xf32>) -> (tensor<3xf32>, tensor<3xi32>)
  func.return
}
