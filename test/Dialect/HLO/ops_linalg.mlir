// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func @dot
func.func @dot(%m: tensor<2x3xf32>, %n: tensor<3x4xf32>, %v: tensor<3xf32>) {
  // CHECK: hlo.dot %{{.*}}, %{{.*}}, precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %0 = hlo.dot %m, %n, precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  // CHECK: hlo.dot %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %1 = hlo.dot %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  // CHECK: hlo.dot %{{.*}}, %{{.*}} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %2 = hlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  // An empty precision_config is omitted, as StableHLO prints it.
  // CHECK: hlo.dot %{{.*}}, %{{.*}} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  %3 = "hlo.dot"(%v, %n) {precision_config = []} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  func.return
}

// CHECK-LABEL: func @dot_general
func.func @dot_general(%a: tensor<2x2x3xi8>, %b: tensor<2x3x4xi8>, %m: tensor<4x3xf32>, %n: tensor<3x6xf32>, %d: tensor<?x3xf32>) {
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x3xi8>, tensor<2x3x4xi8>) -> tensor<2x2x4xi32>
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x3xi8>, tensor<2x3x4xi8>) -> tensor<2x2x4xi32>
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  %1 = hlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  // Empty batching dimensions are omitted; empty contracting ones are not.
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [] x [] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x3x3x6xf32>
  %2 = hlo.dot_general %m, %n, batching_dims = [] x [], contracting_dims = [] x [] : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x3x3x6xf32>
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  %3 = hlo.dot_general %m, %n, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  // Algorithm fields in any order; a wider result element type.
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [1], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = true> : (tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<4x?xf64>
  %4 = hlo.dot_general %m, %d, contracting_dims = [1] x [1], algorithm = <allow_imprecise_accumulation = true, num_primitive_operations = 6, accumulation_type = f32, lhs_precision_type = bf16, rhs_precision_type = bf16, lhs_component_count = 3, rhs_component_count = 3> : (tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<4x?xf64>
  // Dynamic sizes are compatible with static ones.
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<3x6xf32>) -> tensor<5x?xf32>
  %5 = hlo.dot_general %d, %n, contracting_dims = [1] x [0] : (tensor<?x3xf32>, tensor<3x6xf32>) -> tensor<5x?xf32>
  func.return
}

// The attribute form of the algorithm, with StableHLO's snake_case keys, in
// generic ops of either namespace; it prints in the pretty form.
// CHECK-LABEL: func @dot_general_algorithm_generic
// GENERIC-LABEL: sym_name = "dot_general_algorithm_generic"
// GENERIC: algorithm = #hlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>
// GENERIC: algorithm = #hlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = true>
func.func @dot_general_algorithm_generic(%m: tensor<4x3xf32>, %n: tensor<3x6xf32>) {
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  %0 = "stablehlo.dot_general"(%m, %n) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>}> : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = true> : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  %1 = "hlo.dot_general"(%m, %n) <{dot_dimension_numbers = #hlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>], algorithm = #hlo.dot_algorithm<num_primitive_operations = 6, allow_imprecise_accumulation = true, lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3>}> : (tensor<4x3xf32>, tensor<3x6xf32>) -> tensor<4x6xf32>
  func.return
}

// CHECK-LABEL: func @dot_general_quantized
func.func @dot_general_quantized(%a: tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, %b: tensor<3x4x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.5, 0.25}>>, %f: tensor<2x3xf32>) {
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<3x4x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,5.000000e-01,2.500000e-01}>>) -> tensor<2x4x!quant.uniform<i32:f32:1, {2.500000e-01,1.250000e-01,2.500000e-01,1.250000e-01}>>
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3x!quant.uniform<i8:f32, 0.5:2>>, tensor<3x4x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.5, 0.25}>>) -> tensor<2x4x!quant.uniform<i32:f32:1, {0.25, 0.125, 0.25, 0.125}>>
  // Hybrid: float lhs and result, quantized rhs.
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01,5.000000e-01,2.500000e-01}>>) -> tensor<2x4xf32>
  %1 = hlo.dot_general %f, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4x!quant.uniform<i8:f32:1, {0.5, 0.25, 0.5, 0.25}>>) -> tensor<2x4xf32>
  func.return
}

// CHECK-LABEL: func @convolution
func.func @convolution(%lhs: tensor<1x4x4x1xi8>, %rhs: tensor<3x3x1x1xi8>, %l2: tensor<1x4x4x2xf32>, %r2: tensor<1x2x1x4xf32>, %l3: tensor<4x4x1x1xf32>, %r3: tensor<1x1x1x4xf32>) {
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = {{\[\[}}0, 0], [1, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32>
  %0 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [1, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32>
  // Window entries in any order, the older integer reversal syntax.
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x1x1xi8>
  %1 = hlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [1, 0], stride = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x1x1xi8>
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, f, 1]x[0, i, 1, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x2xf32>, tensor<1x2x1x4xf32>) -> tensor<1x4x2x4xf32>
  %2 = hlo.convolution(%l2, %r2) dim_numbers = [b, 0, f, 1]x[0, i, 1, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x2xf32>, tensor<1x2x1x4xf32>) -> tensor<1x4x2x4xf32>
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = {{\[\[}}-1, -1], [0, 0]]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<4x4x1x1xf32>, tensor<1x1x1x4xf32>) -> tensor<1x2x1x4xf32>
  %3 = hlo.convolution(%l3, %r3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[-1, -1], [0, 0]]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<4x4x1x1xf32>, tensor<1x1x1x4xf32>) -> tensor<1x2x1x4xf32>
  func.return
}

// CHECK-LABEL: func @convolution_shapes
func.func @convolution_shapes(%l1: tensor<2x3x10xf32>, %r1: tensor<4x3x3xf32>, %l0: tensor<2x3xf32>, %r0: tensor<3x4xf32>, %ld: tensor<?x3x?xf32>) {
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x10xf32>, tensor<4x3x3xf32>) -> tensor<2x4x6xf32>
  %0 = hlo.convolution(%l1, %r1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x10xf32>, tensor<4x3x3xf32>) -> tensor<2x4x6xf32>
  // No spatial dimensions.
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f]x[i, o]->[b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = hlo.convolution(%l0, %r0) dim_numbers = [b, f]x[i, o]->[b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  // Windows that do not fit give empty dimensions.
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {rhs_dilate = [6]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x10xf32>, tensor<4x3x3xf32>) -> tensor<2x4x0xf32>
  %2 = hlo.convolution(%l1, %r1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {rhs_dilate = [6]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x10xf32>, tensor<4x3x3xf32>) -> tensor<2x4x0xf32>
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x3x?xf32>, tensor<4x3x3xf32>) -> tensor<?x4x?xf32>
  %3 = hlo.convolution(%ld, %r1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x3x?xf32>, tensor<4x3x3xf32>) -> tensor<?x4x?xf32>
  func.return
}

// CHECK-LABEL: func @convolution_generic
func.func @convolution_generic(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32> {
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision HIGH>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  %0 = "hlo.convolution"(%lhs, %rhs) {window_strides = array<i64: 4, 4>, padding = dense<1> : tensor<2x2xi64>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision HIGH>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  func.return %0 : tensor<1x2x2x1xf32>
}

// CHECK-LABEL: func @dynamic_conv
func.func @dynamic_conv(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>, %pad: tensor<2x2xi64>) {
  // CHECK: "hlo.dynamic_conv"(%{{.*}}, %{{.*}}, %{{.*}}) <{batch_group_count = 1 : i64, dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2, 2>, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 4, 4>}> : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x?x?x1xf32>
  %0 = "hlo.dynamic_conv"(%lhs, %rhs, %pad) {window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x?x?x1xf32>
  // With a constant padding the spatial sizes are checked.
  %c = hlo.constant dense<1> : tensor<2x2xi64>
  // CHECK: "hlo.dynamic_conv"(%{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x2x2x1xf32>
  %1 = "hlo.dynamic_conv"(%lhs, %rhs, %c) {window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<2x2xi64>) -> tensor<1x2x2x1xf32>
  func.return
}

// CHECK-LABEL: func @fft
func.func @fft(%c: tensor<3x8xcomplex<f32>>, %r: tensor<2x4x8xf64>, %h: tensor<4x5xcomplex<f64>>, %z: tensor<2x0xf32>) {
  // CHECK: hlo.fft %{{.*}}, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %0 = hlo.fft %c, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  // CHECK: hlo.fft %{{.*}}, type = IFFT, length = [3, 8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %1 = hlo.fft %c, type = IFFT, length = [3, 8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  // CHECK: hlo.fft %{{.*}}, type = RFFT, length = [2, 4, 8] : (tensor<2x4x8xf64>) -> tensor<2x4x5xcomplex<f64>>
  %2 = hlo.fft %r, type = RFFT, length = [2, 4, 8] : (tensor<2x4x8xf64>) -> tensor<2x4x5xcomplex<f64>>
  // CHECK: hlo.fft %{{.*}}, type = IRFFT, length = [4, 9] : (tensor<4x5xcomplex<f64>>) -> tensor<4x9xf64>
  %3 = hlo.fft %h, type = IRFFT, length = [4, 9] : (tensor<4x5xcomplex<f64>>) -> tensor<4x9xf64>
  // CHECK: hlo.fft %{{.*}}, type = RFFT, length = [0] : (tensor<2x0xf32>) -> tensor<2x0xcomplex<f32>>
  %4 = hlo.fft %z, type = RFFT, length = [0] : (tensor<2x0xf32>) -> tensor<2x0xcomplex<f32>>
  func.return
}

// CHECK-LABEL: func @triangular_solve
func.func @triangular_solve(%a: tensor<2x3x3xf32>, %b: tensor<2x3x5xf32>, %c: tensor<4x4xcomplex<f64>>, %d: tensor<1x4xcomplex<f64>>) {
  // CHECK: "hlo.triangular_solve"(%{{.*}}, %{{.*}}) <{left_side = true, lower = true, transpose_a = #hlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: "hlo.triangular_solve"(%{{.*}}, %{{.*}}) <{left_side = false, lower = false, transpose_a = #hlo<transpose ADJOINT>, unit_diagonal = true}> : (tensor<4x4xcomplex<f64>>, tensor<1x4xcomplex<f64>>) -> tensor<1x4xcomplex<f64>>
  %1 = "hlo.triangular_solve"(%c, %d) <{left_side = false, lower = false, unit_diagonal = true, transpose_a = #hlo<transpose ADJOINT>}> : (tensor<4x4xcomplex<f64>>, tensor<1x4xcomplex<f64>>) -> tensor<1x4xcomplex<f64>>
  func.return
}

// CHECK-LABEL: func @cholesky
func.func @cholesky(%a: tensor<3x3xf32>, %b: tensor<2x4x4xcomplex<f32>>) {
  // CHECK: hlo.cholesky %{{.*}}, lower = true : tensor<3x3xf32>
  %0 = hlo.cholesky %a, lower = true : tensor<3x3xf32>
  // The default `lower = false` is not printed.
  // CHECK: hlo.cholesky %{{.*}} : tensor<3x3xf32>
  %1 = hlo.cholesky %a : tensor<3x3xf32>
  // CHECK: hlo.cholesky %{{.*}} : tensor<3x3xf32>
  %2 = hlo.cholesky %a, lower = false : tensor<3x3xf32>
  // CHECK: hlo.cholesky %{{.*}} : tensor<2x4x4xcomplex<f32>>
  %3 = "hlo.cholesky"(%b) : (tensor<2x4x4xcomplex<f32>>) -> tensor<2x4x4xcomplex<f32>>
  func.return
}

// CHECK-LABEL: func @batch_norm
func.func @batch_norm(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>) {
  // CHECK: "hlo.batch_norm_training"(%{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %0:3 = "hlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  // CHECK: "hlo.batch_norm_inference"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 0.000000e+00 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %1 = "hlo.batch_norm_inference"(%x, %s, %s, %0#1, %0#2) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  // CHECK: "hlo.batch_norm_grad"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %2:3 = "hlo.batch_norm_grad"(%x, %s, %0#1, %0#2, %1) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return
}

// CHECK-LABEL: func @einsum
func.func @einsum(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>, %s: tensor<f32>) {
  // CHECK: hlo.einsum %{{.*}}, %{{.*}}, config = "ab,bc->ac" : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %0 = hlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  // CHECK: hlo.einsum %{{.*}}, %{{.*}}, config = ",ab->a" : (tensor<f32>, tensor<8x16xf32>) -> tensor<8xf32>
  %1 = hlo.einsum %s, %a, config = ",ab->a" : (tensor<f32>, tensor<8x16xf32>) -> tensor<8xf32>
  // CHECK: hlo.einsum %{{.*}}, %{{.*}}, config = "...a,a...->..." : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %2 = hlo.einsum %a, %b, config = "...a,a...->..." : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  // CHECK: hlo.unary_einsum %{{.*}}, config = "ab->ba" : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %3 = hlo.unary_einsum %a, config = "ab->ba" : (tensor<8x16xf32>) -> tensor<16x8xf32>
  func.return
}

// StableHLO text reads as hlo.
// CHECK-LABEL: func @stablehlo_syntax
func.func @stablehlo_syntax(%lhs: tensor<1x4x4x1xf32>, %rhs: tensor<3x3x1x1xf32>, %a: tensor<3x3xf32>, %b: tensor<3x1xf32>, %v: tensor<3xf32>) {
  // CHECK: hlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  %0 = stablehlo.convolution(%lhs, %rhs)
    dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {
      stride = [4, 4],
      lhs_dilate = [2, 2]
    } {
      batch_group_count = 1 : i64,
      feature_group_count = 1 : i64,
      precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
    }
  : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  %1 = stablehlo.dot_general %a, %b,
    contracting_dims = [1] x [0],
    precision = [DEFAULT, DEFAULT]
    : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  // CHECK: "hlo.triangular_solve"(%{{.*}}, %{{.*}}) <{left_side = true, lower = true, transpose_a = #hlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  %2 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  // CHECK: hlo.fft %{{.*}}, type = RFFT, length = [3] : (tensor<3x3xf32>) -> tensor<3x2xcomplex<f32>>
  %3 = stablehlo.fft %a, type = RFFT, length = [3] : (tensor<3x3xf32>) -> tensor<3x2xcomplex<f32>>
  // CHECK: "hlo.batch_norm_inference"
  %4 = "stablehlo.batch_norm_inference"(%a, %v, %v, %v, %v) {epsilon = 0.0 : f32, feature_index = 0 : i64} : (tensor<3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  func.return
}
