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
