// RUN: xla-opt %s -split-input-file -verify-diagnostics --xla-check-tensor-sizes="max-bytes=1024" | FileCheck %s

// Values of at most 1 KiB pass; the pass changes nothing.
// CHECK-LABEL: func.func @fits
// CHECK-NEXT: hlo.add
func.func @fits(%a: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = hlo.add %a, %a : tensor<16x16xf32>
  func.return %0 : tensor<16x16xf32>
}

// -----

// expected-error @+1 {{argument #0 of @big_argument of type 'tensor<16x17xf32>' needs 1.1 KiB (1088 bytes), more than the limit of 1.0 KiB (--max-tensor-size)}}
func.func @big_argument(%a: tensor<16x17xf32>) -> tensor<f32> {
  %0 = hlo.constant dense<0.0> : tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @big_splat_constant() -> tensor<f32> {
  // A splat is small in the IR and huge once materialized.
  // expected-error @+1 {{'hlo.constant' op result #0 of type 'tensor<5000000000xf32>' needs 18.6 GiB (20000000000 bytes), more than the limit of 1.0 KiB (--max-tensor-size)}}
  %0 = hlo.constant dense<1.0> : tensor<5000000000xf32>
  %1 = hlo.slice %0 [0:1] : (tensor<5000000000xf32>) -> tensor<1xf32>
  %2 = hlo.reshape %1 : (tensor<1xf32>) -> tensor<f32>
  func.return %2 : tensor<f32>
}

// -----

// 2^62 x 4 x 4 bytes does not fit in 64 bits.
// expected-error @+1 {{result #0 of @overflowing_result of type 'tensor<4611686018427387904x4xf32>' needs more than 2^63 bytes, more than the limit of 1.0 KiB (--max-tensor-size)}}
func.func private @overflowing_result() -> tensor<4611686018427387904x4xf32>

// -----

// Complex elements count both parts; tuples count their elements; a
// dynamic dimension leaves the size unknown (not checked); a zero
// dimension empties the tensor.
func.func @kinds(%a: tensor<?x100000xf32>, %b: tensor<0x4611686018427387904xf32>) -> tensor<f32> {
  // expected-error @+1 {{'hlo.constant' op result #0 of type 'tensor<65xcomplex<f64>>' needs 1.0 KiB (1040 bytes)}}
  %0 = hlo.constant dense<(1.0, 0.0)> : tensor<65xcomplex<f64>>
  %1 = hlo.constant dense<1.0> : tensor<129xf32>
  // expected-error @+1 {{'hlo.tuple' op result #0 of type 'tuple<tensor<65xcomplex<f64>>, tensor<129xf32>>' needs 1.5 KiB (1556 bytes)}}
  %2 = hlo.tuple %0, %1 : tuple<tensor<65xcomplex<f64>>, tensor<129xf32>>
  %3 = hlo.constant dense<0.0> : tensor<f32>
  func.return %3 : tensor<f32>
}
