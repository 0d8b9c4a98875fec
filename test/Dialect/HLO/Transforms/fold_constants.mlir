// RUN: xla-opt %s -hlo-fold-constants -split-input-file | FileCheck %s
// RUN: xla-opt %s -hlo-fold-constants=max-elements=2 -split-input-file | FileCheck %s --check-prefix=LIMIT

// CHECK-LABEL: func @arith
func.func @arith() -> (tensor<3xf32>, tensor<3xi32>, tensor<3xui8>, tensor<3xf32>) {
  %a = hlo.constant dense<[1.5, -2.0, 3.0]> : tensor<3xf32>
  %b = hlo.constant dense<[0.5, 4.0, -1.0]> : tensor<3xf32>
  %i = hlo.constant dense<[7, -7, 2147483647]> : tensor<3xi32>
  %j = hlo.constant dense<[2, 2, 1]> : tensor<3xi32>
  %u = hlo.constant dense<[250, 3, 255]> : tensor<3xui8>
  %v = hlo.constant dense<[10, 2, 1]> : tensor<3xui8>
  %0 = hlo.multiply %a, %b : tensor<3xf32>
  %1 = hlo.add %a, %0 : tensor<3xf32>
  %2 = hlo.divide %i, %j : tensor<3xi32>
  %3 = hlo.add %i, %j : tensor<3xi32>
  %4 = hlo.subtract %2, %3 : tensor<3xi32>
  %5 = hlo.add %u, %v : tensor<3xui8>
  %6 = hlo.maximum %a, %b : tensor<3xf32>
  // CHECK-DAG: hlo.constant dense<[2.250000e+00, -1.000000e+01, 0.000000e+00]> : tensor<3xf32>
  // CHECK-DAG: hlo.constant dense<[-6, 2, -1]> : tensor<3xi32>
  // CHECK-DAG: hlo.constant dense<[4, 5, 0]> : tensor<3xui8>
  // CHECK-DAG: hlo.constant dense<[1.500000e+00, 4.000000e+00, 3.000000e+00]> : tensor<3xf32>
  // CHECK-NOT: hlo.add
  // CHECK-NOT: hlo.multiply
  // LIMIT-LABEL: func @arith
  // LIMIT: hlo.multiply
  func.return %1, %4, %5, %6 : tensor<3xf32>, tensor<3xi32>, tensor<3xui8>, tensor<3xf32>
}

// -----

// Integer division by zero and INT_MIN / -1 are left to run time.
// CHECK-LABEL: func @unfoldable_division
func.func @unfoldable_division() -> (tensor<i32>, tensor<i32>) {
  %a = hlo.constant dense<5> : tensor<i32>
  %z = hlo.constant dense<0> : tensor<i32>
  %min = hlo.constant dense<-2147483648> : tensor<i32>
  %m1 = hlo.constant dense<-1> : tensor<i32>
  // CHECK: hlo.divide
  // CHECK: hlo.remainder
  %0 = hlo.divide %a, %z : tensor<i32>
  %1 = hlo.remainder %min, %m1 : tensor<i32>
  func.return %0, %1 : tensor<i32>, tensor<i32>
}

// -----

// CHECK-LABEL: func @compare_select_convert
func.func @compare_select_convert() -> (tensor<3xi1>, tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi1>) {
  %a = hlo.constant dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>
  %b = hlo.constant dense<[2.0, 2.0, 3.0]> : tensor<3xf32>
  %0 = hlo.compare LT, %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %1 = hlo.select %0, %a, %b : tensor<3xi1>, tensor<3xf32>
  %f = hlo.constant dense<[-2.7, 3.9, 1.0e10]> : tensor<3xf32>
  %i = hlo.constant dense<[-3, 0, 16777217]> : tensor<3xi32>
  %2 = hlo.convert %i : (tensor<3xi32>) -> tensor<3xf32>
  %4 = hlo.compare NE, %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  // CHECK-DAG: hlo.constant dense<[true, false, false]> : tensor<3xi1>
  // CHECK-DAG: hlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
  // CHECK-DAG: hlo.constant dense<[-3.000000e+00, 0.000000e+00, 0x4B800000]> : tensor<3xf32>
  // CHECK-DAG: hlo.constant dense<[false, true, false]> : tensor<3xi1>
  // 1.0e10 does not fit in i32: that conversion is not folded.
  // CHECK: hlo.convert %{{.*}} : (tensor<3xf32>) -> tensor<3xi32>
  %5 = hlo.convert %f : (tensor<3xf32>) -> tensor<3xi32>
  func.return %0, %1, %5, %2, %4 : tensor<3xi1>, tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi1>
}

// -----

// Data movement of constants: every result element is copied from one
// input element.
// CHECK-LABEL: func @data_movement
// LIMIT-LABEL: func @data_movement
func.func @data_movement() -> (tensor<3x2xi32>, tensor<6xi32>, tensor<1x2xi32>, tensor<2x3xi32>, tensor<5xui8>, tensor<2x2xf32>) {
  %k = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %t = hlo.transpose %k, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %r = hlo.reshape %k : (tensor<2x3xi32>) -> tensor<6xi32>
  %s = hlo.slice %k [1:2, 0:3:2] : (tensor<2x3xi32>) -> tensor<1x2xi32>
  %v = hlo.reverse %k, dims = [0, 1] : tensor<2x3xi32>
  %a = hlo.constant dense<[250, 251]> : tensor<2xui8>
  %b = hlo.constant dense<[1, 2, 3]> : tensor<3xui8>
  %c = hlo.concatenate %a, %b, dim = 0 : (tensor<2xui8>, tensor<3xui8>) -> tensor<5xui8>
  %f = hlo.constant dense<[[1.5, -0.0], [0x7FC00000, 2.0]]> : tensor<2x2xf32>
  %ft = hlo.transpose %f, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // CHECK-DAG: %[[T:.*]] = hlo.constant dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
  // CHECK-DAG: %[[R:.*]] = hlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  // CHECK-DAG: %[[S:.*]] = hlo.constant dense<{{\[}}[4, 6]]> : tensor<1x2xi32>
  // CHECK-DAG: %[[V:.*]] = hlo.constant dense<{{\[}}[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi32>
  // CHECK-DAG: %[[C:.*]] = hlo.constant dense<[250, 251, 1, 2, 3]> : tensor<5xui8>
  // -0.0 and NaN are moved as they are.
  // CHECK-DAG: %[[FT:.*]] = hlo.constant dense<{{\[}}[1.500000e+00, 0x7FC00000], [-0.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
  // CHECK: return %[[T]], %[[R]], %[[S]], %[[V]], %[[C]], %[[FT]]
  // Results over the limit stay ops; the 2-element slice is folded.
  // LIMIT: hlo.transpose
  // LIMIT: hlo.reshape
  // LIMIT-NOT: hlo.slice
  // LIMIT: hlo.reverse
  // LIMIT: hlo.concatenate
  func.return %t, %r, %s, %v, %c, %ft : tensor<3x2xi32>, tensor<6xi32>, tensor<1x2xi32>, tensor<2x3xi32>, tensor<5xui8>, tensor<2x2xf32>
}

// -----

// A constant computed by iota, broadcast_in_dim and multiply is folded
// whole. iota follows the lowering: the index converted like hlo.convert
// (wrapping for i8, rounding to nearest for f16).
// CHECK-LABEL: func @iota_broadcast_multiply
func.func @iota_broadcast_multiply() -> (tensor<2x3xf32>, tensor<2x3xi1>, tensor<4xi8>, tensor<3xf16>) {
  %i = hlo.iota dim = 0 : tensor<3xf32>
  %b = hlo.broadcast_in_dim %i, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %two = hlo.constant dense<2.0> : tensor<2x3xf32>
  %m = hlo.multiply %b, %two : tensor<2x3xf32>
  %r = hlo.iota dim = 0 : tensor<2x3xi32>
  %c = hlo.iota dim = 1 : tensor<2x3xi32>
  %lower = hlo.compare GE, %r, %c : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  %w = hlo.iota dim = 0 : tensor<300xi8>
  %ws = hlo.slice %w [126:130] : (tensor<300xi8>) -> tensor<4xi8>
  %h = hlo.iota dim = 0 : tensor<2050xf16>
  %hs = hlo.slice %h [2047:2050] : (tensor<2050xf16>) -> tensor<3xf16>
  // CHECK-DAG: %[[M:.*]] = hlo.constant dense<{{\[}}[0.000000e+00, 2.000000e+00, 4.000000e+00], [0.000000e+00, 2.000000e+00, 4.000000e+00]]> : tensor<2x3xf32>
  // CHECK-DAG: %[[L:.*]] = hlo.constant dense<{{\[}}[true, false, false], [true, true, false]]> : tensor<2x3xi1>
  // CHECK-DAG: %[[W:.*]] = hlo.constant dense<[126, 127, -128, -127]> : tensor<4xi8>
  // CHECK-DAG: %[[H:.*]] = hlo.constant dense<[2.047000e+03, 2.048000e+03, 2.048000e+03]> : tensor<3xf16>
  // CHECK-NOT: hlo.iota
  // CHECK: return %[[M]], %[[L]], %[[W]], %[[H]]
  func.return %m, %lower, %ws, %hs : tensor<2x3xf32>, tensor<2x3xi1>, tensor<4xi8>, tensor<3xf16>
}

// -----

// An iota or a broadcast to a non-splat result that feeds run-time values
// stays an op: a stored table is no cheaper than computing it. Broadcasts of
// a splat and single-element iotas become splat constants.
// CHECK-LABEL: func @growing_ops_feeding_runtime_values
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[L:.*]]: tensor<2x3xi32>)
func.func @growing_ops_feeding_runtime_values(%x: tensor<2x3xf32>, %labels: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xi32>, tensor<2x3xi1>) {
  // CHECK-DAG: %[[S:.*]] = hlo.constant dense<5.000000e-01> : tensor<2x3xf32>
  // CHECK-DAG: %[[Z:.*]] = hlo.constant dense<0> : tensor<1x3xi32>
  // CHECK: %[[I:.*]] = hlo.iota dim = 1 : tensor<2x3xf32>
  // CHECK: hlo.add %[[X]], %[[I]]
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: hlo.add %[[X]], %[[B]]
  // CHECK: hlo.multiply %[[X]], %[[S]]
  %i = hlo.iota dim = 1 : tensor<2x3xf32>
  %0 = hlo.add %x, %i : tensor<2x3xf32>
  %row = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = hlo.broadcast_in_dim %row, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = hlo.add %x, %b : tensor<2x3xf32>
  %half = hlo.constant dense<0.5> : tensor<f32>
  %s = hlo.broadcast_in_dim %half, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %2 = hlo.multiply %x, %s : tensor<2x3xf32>
  %z = hlo.iota dim = 0 : tensor<1x3xi32>
  // An iota broadcast into a run-time comparison (JAX's one_hot).
  // CHECK: %[[J:.*]] = hlo.iota dim = 1 : tensor<1x3xi32>
  // CHECK: %[[JB:.*]] = hlo.broadcast_in_dim %[[J]]
  // CHECK: hlo.compare EQ, %[[JB]], %[[L]]
  // CHECK: return {{.*}}, %[[Z]],
  %j = hlo.iota dim = 1 : tensor<1x3xi32>
  %jb = hlo.broadcast_in_dim %j, dims = [0, 1] : (tensor<1x3xi32>) -> tensor<2x3xi32>
  %3 = hlo.compare EQ, %jb, %labels : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  func.return %0, %1, %2, %z, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xi32>, tensor<2x3xi1>
}

// -----

// abs of a complex number is real: not evaluated (and no crash reading the
// complex operand as floats). Complex operands are moved by reshape and
// chosen by select.
// CHECK-LABEL: func @complex
func.func @complex() -> (tensor<f64>, tensor<1xcomplex<f64>>, tensor<2xcomplex<f32>>) {
  %c = hlo.constant dense<(3.0, 4.0)> : tensor<complex<f64>>
  %0 = hlo.abs %c : (tensor<complex<f64>>) -> tensor<f64>
  // CHECK-DAG: hlo.constant dense<(3.000000e+00,4.000000e+00)> : tensor<1xcomplex<f64>>
  %1 = hlo.reshape %c : (tensor<complex<f64>>) -> tensor<1xcomplex<f64>>
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %a = hlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %b = hlo.constant dense<[(5.0, 6.0), (7.0, -0.0)]> : tensor<2xcomplex<f32>>
  // CHECK-DAG: hlo.constant dense<[(1.000000e+00,2.000000e+00), (7.000000e+00,-0.000000e+00)]> : tensor<2xcomplex<f32>>
  %2 = hlo.select %p, %a, %b : tensor<2xi1>, tensor<2xcomplex<f32>>
  // CHECK: hlo.abs %{{.*}} : (tensor<complex<f64>>) -> tensor<f64>
  func.return %0, %1, %2 : tensor<f64>, tensor<1xcomplex<f64>>, tensor<2xcomplex<f32>>
}
