// An object for a C program whose result is a strided view of its input
// (a column block of each row): the copy is loops in the object
// (xla-lower-strided-copies), so the program links with libm alone, not
// MLIR's C runner utilities (whose memrefCopy upstream's lowering calls).
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-translate %s --emit=obj --export-name=last_column -o %t/last_column.o --header %t/last_column.h
// RUN: %cc -std=c11 -O1 -I%t %S/Inputs/last_column_main.c %t/last_column.o -lm -o %t/last_column
// RUN: %t/last_column | FileCheck %s
// RUN: xla-translate %s --emit=llvmir -o - | FileCheck %s --check-prefix=LLVMIR

// x[i][15][k] = 48 i + 45 + k
// CHECK: 45 46 47 93 94 95 141 142 143 189 190 191

// LLVMIR-NOT: memrefCopy
// LLVMIR: define void @main(
// LLVMIR-NOT: memrefCopy
func.func @main(%x: tensor<4x16x3xf32>) -> tensor<4x3xf32> {
  %s = hlo.slice %x [0:4, 15:16, 0:3] : (tensor<4x16x3xf32>) -> tensor<4x1x3xf32>
  %r = hlo.reshape %s : (tensor<4x1x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
