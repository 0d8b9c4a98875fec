// Donated inputs (xla-run --donate): each output aliased with an input is
// computed in that input's buffer. The results must equal those computed
// in buffers of their own, whatever order the program reads and writes
// in: an Adam-like update whose kernel recomputes the new moment inside
// the weights' loop, a sum of the old weights taken after the update, a
// transposed and a reversed update, and an unchanged input.
// RUN: xla-run %s --no-cache --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy | FileCheck %s
// RUN: xla-run %s --no-cache --donate --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy | FileCheck %s
// RUN: xla-run %s --no-cache --donate --fusion=false --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy | FileCheck %s
// The C header says which result may be given which argument's buffer.
// RUN: xla-translate %s --emit=obj -o %t.o --header %t.h
// RUN: FileCheck %s --check-prefix=HEADER < %t.h

func.func public @main(%w: tensor<2x3xf32> {tf.aliasing_output = 0 : i32},
                       %m: tensor<2x3xf32> {tf.aliasing_output = 1 : i32},
                       %g: tensor<2x3xf32> {tf.aliasing_output = 3 : i32})
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %half = stablehlo.constant dense<0.5> : tensor<2x3xf32>
  %a = stablehlo.multiply %m, %half : tensor<2x3xf32>
  %b = stablehlo.multiply %g, %half : tensor<2x3xf32>
  %m2 = stablehlo.add %a, %b : tensor<2x3xf32>
  %w2 = stablehlo.subtract %w, %m2 : tensor<2x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%w init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %r = stablehlo.reverse %g, dims = [1] : tensor<2x3xf32>
  %g2 = stablehlo.add %r, %w : tensor<2x3xf32>
  return %w2, %m2, %s, %g2, %m : tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>, tensor<2x3xf32>, tensor<2x3xf32>
}
// CHECK: output 0: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}0.5   1.5   4.   ]
// CHECK-NEXT:  [2.    5.    5.999]]
// CHECK: output 1: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}} 5.e-01  1.e+00 -1.e+00]
// CHECK-NEXT:  [ 2.e+00  0.e+00  1.e-03]]
// CHECK: output 2: tensor<f32>
// CHECK-NEXT: 21.5
// CHECK: output 3: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}}0.    3.5   3.5  ]
// CHECK-NEXT:  [4.001 5.    8.   ]]
// CHECK: output 4: tensor<2x3xf32>
// CHECK-NEXT: {{\[\[}} 5.e-01  1.e+00 -1.e+00]
// CHECK-NEXT:  [ 2.e+00  0.e+00  1.e-03]]

// HEADER: /* result 0 may be given arg 0's buffer (donation): it is then updated in place. */
// HEADER: /* result 1 may be given arg 1's buffer
// HEADER: /* result 3 may be given arg 2's buffer
