// Ahead-of-time: compile to an object with a C header, link it into a C
// program and run it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-translate %s --emit=obj --export-name=axpy -o %t/axpy.o --header %t/axpy.h
// RUN: FileCheck %s --check-prefix=HEADER < %t/axpy.h
// RUN: %cc -std=c11 -O1 -I%t %S/Inputs/axpy_main.c %t/axpy.o -lm -o %t/axpy
// RUN: %t/axpy | FileCheck %s
// RUN: xla-translate %s --emit=llvmir -o - | FileCheck %s --check-prefix=LLVMIR

// HEADER: #define AXPY_ARG0_ELEMENTS 6
// HEADER: #define AXPY_ARG1_ELEMENTS 6
// HEADER: #define AXPY_RESULT0_ELEMENTS 6
// HEADER: void axpy(const float *arg0, const float *arg1, const float *arg2, float *result0);

// The program's body is inlined into the exported function, where its
// buffers' sizes and strides are constants (no call with the exploded
// descriptors of every buffer).
// LLVMIR-NOT: _xla_impl
// LLVMIR: define void @main(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr {{.*}})
// LLVMIR-NOT: _xla_impl

// CHECK: 3.0 5.0 7.0 9.0 11.0 13.0
func.func @main(%a: tensor<2x3xf32>, %x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %1 = hlo.multiply %a, %x : tensor<2x3xf32>
  %2 = hlo.add %1, %y : tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}
