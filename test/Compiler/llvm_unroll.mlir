// LLVM's loop unrollers run only with --llvm-unroll: by default the six
// rows of this kernel stay a loop (the code generator unrolled the row's
// vector itself), with the option they are unrolled into six calls.
// RUN: xla-translate %s --emit=llvmir -o - | FileCheck %s
// RUN: xla-translate %s --emit=llvmir --llvm-unroll -o - | FileCheck %s --check-prefix=UNROLL
// CHECK-LABEL: define hidden void @loop_sqrt_fusion
// CHECK: phi i64
// CHECK-COUNT-1: call <7 x float> @llvm.sqrt.v7f32
// CHECK-NOT: call <7 x float> @llvm.sqrt.v7f32
// CHECK: ret void
// UNROLL-LABEL: define hidden void @loop_sqrt_fusion
// UNROLL-NOT: phi i64
// UNROLL-COUNT-6: call <7 x float> @llvm.sqrt.v7f32
func.func @main(%x: tensor<6x7xf32>) -> tensor<6x7xf32> {
  %0 = hlo.sqrt %x : tensor<6x7xf32>
  return %0 : tensor<6x7xf32>
}
