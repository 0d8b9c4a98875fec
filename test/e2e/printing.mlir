// Results print as NumPy's print(array) does; the expected text below is
// NumPy 2.x output for the same arrays. 0-d results print like scalars.
// RUN: xla-run %s --input %S/Inputs/i32_4.npy,%S/Inputs/ui8_4.npy,%S/Inputs/bool_4.npy \
// RUN:   --input %S/Inputs/f16_4.npy,%S/Inputs/c64_2.npy,%S/Inputs/a_2x3_f32.npy \
// RUN:   --input %S/Inputs/ramp_40x50_f32.npy \
// RUN:   | FileCheck %s --strict-whitespace

// CHECK: output 0: tensor<4xi32>
// CHECK-NEXT: [ 1 -2  3 -4]
// CHECK-NEXT: output 1: tensor<4xui8>
// CHECK-NEXT: [250   3   7 255]
// CHECK-NEXT: output 2: tensor<4xi1>
// CHECK-NEXT: [ True False False  True]
// CHECK-NEXT: output 3: tensor<4xf16>
// CHECK-NEXT: [ 1.00e-01 -2.50e+00  6.55e+04  5.96e-08]
// CHECK-NEXT: output 4: tensor<2xcomplex<f32>>
// CHECK-NEXT: [ 1. +2.j   -0.5+0.25j]
// CHECK-NEXT: output 5: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}1.  2.5 3. ]
// CHECK-NEXT: {{ }}[4.  5.  6. ]]
// CHECK-NEXT: output 6: tensor<40x50xf32>
// CHECK-NEXT: {{\[\[}}0.000e+00 5.000e-01 1.000e+00 ... 2.350e+01 2.400e+01 2.450e+01]
// CHECK-NEXT: {{ }}[2.500e+01 2.550e+01 2.600e+01 ... 4.850e+01 4.900e+01 4.950e+01]
// CHECK-NEXT: {{ }}[5.000e+01 5.050e+01 5.100e+01 ... 7.350e+01 7.400e+01 7.450e+01]
// CHECK-NEXT: {{ }}...
// CHECK-NEXT: {{ }}[9.250e+02 9.255e+02 9.260e+02 ... 9.485e+02 9.490e+02 9.495e+02]
// CHECK-NEXT: {{ }}[9.500e+02 9.505e+02 9.510e+02 ... 9.735e+02 9.740e+02 9.745e+02]
// CHECK-NEXT: {{ }}[9.750e+02 9.755e+02 9.760e+02 ... 9.985e+02 9.990e+02 9.995e+02]]
// CHECK-NEXT: output 7: tensor<f32>
// CHECK-NEXT: 2.5
// CHECK-NEXT: output 8: tensor<i1>
// CHECK-NEXT: True
// CHECK-NEXT: output 9: tensor<complex<f32>>
// CHECK-NEXT: (-0.5+0.25j)
// CHECK-NOT: {{.}}

func.func @main(%i: tensor<4xi32>, %u: tensor<4xui8>, %b: tensor<4xi1>,
                %h: tensor<4xf16>, %c: tensor<2xcomplex<f32>>,
                %a: tensor<2x3xf32>, %r: tensor<40x50xf32>)
    -> (tensor<4xi32>, tensor<4xui8>, tensor<4xi1>, tensor<4xf16>,
        tensor<2xcomplex<f32>>, tensor<2x3xf32>, tensor<40x50xf32>,
        tensor<f32>, tensor<i1>, tensor<complex<f32>>) {
  %s = hlo.constant dense<2.5> : tensor<f32>
  %t = hlo.constant dense<true> : tensor<i1>
  %z = hlo.constant dense<(-0.5, 0.25)> : tensor<complex<f32>>
  return %i, %u, %b, %h, %c, %a, %r, %s, %t, %z
      : tensor<4xi32>, tensor<4xui8>, tensor<4xi1>, tensor<4xf16>,
        tensor<2xcomplex<f32>>, tensor<2x3xf32>, tensor<40x50xf32>,
        tensor<f32>, tensor<i1>, tensor<complex<f32>>
}
