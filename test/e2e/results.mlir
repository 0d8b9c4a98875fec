// Results that are the same value twice, an argument, an empty tensor, a
// 0-d tensor and booleans all come back whole (buffer-results-to-out-params
// must not share one buffer between results).
// RUN: rm -rf %t && xla-run %s --seed 5 --output-dir %t | FileCheck %s
// RUN: xla-run %S/Inputs/expect_eq_3xf32.mlir --input %t/output_0.npy,%t/output_1.npy 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: xla-run %S/Inputs/identity_3xf32.mlir --seed 5 --no-print --expected %t/output_5.npy --rtol 0 --atol 0 | FileCheck %s --check-prefix=ARG
// CHECK: output 2: tensor<0x4xf32>
// CHECK-NEXT: []
// CHECK-NEXT: output 3: tensor<f64>
// CHECK-NEXT: {{-?[0-9]+\.[0-9]+$}}
// CHECK-NEXT: output 4: tensor<2xi1>
// CHECK-NEXT: {{\[( True|False) ( True|False)\]}}
// SAME: all 1 check(s) passed
// ARG: output 0 matches

func.func @main(%a: tensor<3xf32>, %e: tensor<0x4xf32>, %s: tensor<f64>, %b: tensor<2xi1>)
    -> (tensor<3xf32>, tensor<3xf32>, tensor<0x4xf32>, tensor<f64>, tensor<2xi1>, tensor<3xf32>) {
  %0 = hlo.add %a, %a : tensor<3xf32>
  %n = hlo.not %b : tensor<2xi1>
  return %0, %0, %e, %s, %n, %a
      : tensor<3xf32>, tensor<3xf32>, tensor<0x4xf32>, tensor<f64>, tensor<2xi1>, tensor<3xf32>
}
