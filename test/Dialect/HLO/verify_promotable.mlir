// RUN: xla-opt %s -split-input-file -verify-diagnostics
//
// The spec's is_promotable(x, y), shared by every op whose computation may
// work in a wider element type than its inputs: both booleans, both
// integers (of either signedness), both floats or both complex, and
// bitwidth(x) <= bitwidth(y). Floats of the same width (f16, bf16) promote
// to each other. One accepted and one or more rejected promotions per op.

func.func @reduce_promotions(%f16: tensor<4xf16>, %zf16: tensor<f16>, %si8: tensor<4xi8>, %zsi8: tensor<i8>) -> (tensor<bf16>, tensor<ui16>) {
  %0 = hlo.reduce(%f16 init: %zf16) across dimensions = [0] : (tensor<4xf16>, tensor<f16>) -> tensor<bf16>
   reducer(%x: tensor<bf16>, %y: tensor<bf16>) {
    hlo.return %x : tensor<bf16>
  }
  %1 = hlo.reduce(%si8 init: %zsi8) across dimensions = [0] : (tensor<4xi8>, tensor<i8>) -> tensor<ui16>
   reducer(%x: tensor<ui16>, %y: tensor<ui16>) {
    hlo.return %x : tensor<ui16>
  }
  func.return %0, %1 : tensor<bf16>, tensor<ui16>
}

// -----

func.func @reduce_bool_to_int(%a: tensor<4xi1>, %z: tensor<i1>) -> tensor<i8> {
  // expected-error @+1 {{'hlo.reduce' op body argument #0 has element type 'i8', which is neither the element type 'i1' of input #0 nor a promotion of it}}
  %0 = hlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i8>
   reducer(%x: tensor<i8>, %y: tensor<i8>) {
    hlo.return %x : tensor<i8>
  }
  func.return %0 : tensor<i8>
}

// -----

func.func @reduce_complex_narrowing(%a: tensor<4xcomplex<f64>>, %z: tensor<complex<f64>>) -> tensor<complex<f32>> {
  // expected-error @+1 {{'hlo.reduce' op body argument #0 has element type 'complex<f32>', which is neither the element type 'complex<f64>' of input #0 nor a promotion of it}}
  %0 = hlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xcomplex<f64>>, tensor<complex<f64>>) -> tensor<complex<f32>>
   reducer(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>) {
    hlo.return %x : tensor<complex<f32>>
  }
  func.return %0 : tensor<complex<f32>>
}

// -----

func.func @reduce_window_promoted(%a: tensor<4xf16>, %z: tensor<f16>) -> tensor<3xf32> {
  %0 = "hlo.reduce_window"(%a, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4xf16>, tensor<f16>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @reduce_window_float_to_int(%a: tensor<4xf16>, %z: tensor<f16>) -> tensor<3xi32> {
  // expected-error @+1 {{'hlo.reduce_window' op body argument #0 has element type 'i32', which is neither the element type 'f16' of input #0 nor a promotion of it}}
  %0 = "hlo.reduce_window"(%a, %z) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    hlo.return %x : tensor<i32>
  }) : (tensor<4xf16>, tensor<f16>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

func.func @scatter_promoted(%operand: tensor<8xbf16>, %indices: tensor<3x1xi32>, %updates: tensor<3xbf16>) -> tensor<8xf16> {
  %0 = "hlo.scatter"(%operand, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    hlo.return %y : tensor<f16>
  }) : (tensor<8xbf16>, tensor<3x1xi32>, tensor<3xbf16>) -> tensor<8xf16>
  func.return %0 : tensor<8xf16>
}

// -----

func.func @scatter_narrowing(%operand: tensor<8xi32>, %indices: tensor<3x1xi32>, %updates: tensor<3xi32>) -> tensor<8xi16> {
  // expected-error @+1 {{'hlo.scatter' op update_computation argument #0 has element type 'i16', which is neither the element type 'i32' of input #0 nor a promotion of it}}
  %0 = "hlo.scatter"(%operand, %indices, %updates) <{scatter_dimension_numbers = #hlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%x: tensor<i16>, %y: tensor<i16>):
    hlo.return %y : tensor<i16>
  }) : (tensor<8xi32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<8xi16>
  func.return %0 : tensor<8xi16>
}

// -----

// all_reduce used to reject f16 -> bf16 while reduce accepted it.
func.func @all_reduce_promoted(%a: tensor<4xf16>, %b: tensor<4xui8>) -> (tensor<4xbf16>, tensor<4xi32>) {
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
    %s = hlo.add %x, %y : tensor<bf16>
    hlo.return %s : tensor<bf16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf16>) -> tensor<4xbf16>
  %1 = "hlo.all_reduce"(%b) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = hlo.add %x, %y : tensor<i32>
    hlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xui8>) -> tensor<4xi32>
  func.return %0, %1 : tensor<4xbf16>, tensor<4xi32>
}

// -----

func.func @all_reduce_complex_to_float(%a: tensor<4xcomplex<f32>>) -> tensor<4xf64> {
  // expected-error @+1 {{'hlo.all_reduce' op computation element type 'f64' cannot accumulate operand #0 of element type 'complex<f32>'}}
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    hlo.return %x : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  func.return %0 : tensor<4xf64>
}

// -----

func.func @reduce_scatter_promoted(%a: tensor<2x4xbf16>) -> tensor<2x2xf16> {
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %s = hlo.add %x, %y : tensor<f16>
    hlo.return %s : tensor<f16>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xbf16>) -> tensor<2x2xf16>
  func.return %0 : tensor<2x2xf16>
}

// -----

func.func @reduce_scatter_narrowing(%a: tensor<2x4xf32>) -> tensor<2x2xf16> {
  // expected-error @+1 {{'hlo.reduce_scatter' op computation element type 'f16' cannot accumulate operand #0 of element type 'f32'}}
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    hlo.return %x : tensor<f16>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf16>
  func.return %0 : tensor<2x2xf16>
}

// -----

func.func @collective_reduce_promoted(%a: tensor<4xi16>) -> tensor<4xi64> {
  %0 = "hlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi16>) -> tensor<4xi64>
  func.return %0 : tensor<4xi64>
}

// -----

func.func @collective_reduce_int_to_bool(%a: tensor<4xi8>) -> tensor<4xi1> {
  // expected-error @+1 {{'hlo.collective_reduce' op computation element type 'i1' cannot accumulate operand #0 of element type 'i8'}}
  %0 = "hlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<i1>, %y: tensor<i1>):
    hlo.return %x : tensor<i1>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi8>) -> tensor<4xi1>
  func.return %0 : tensor<4xi1>
}
