// RUN: xla-opt %s --xla-lower-math-to-libm | FileCheck %s
// Functions LLVM would expand inaccurately (expm1, log1p) or not at all
// (tanh, atan2, erf, ...) become libm calls, in f32 and f64; the ones LLVM
// lowers well (exp, sqrt) stay math ops.

// CHECK-LABEL: func.func @inexact
// CHECK: call @expm1f(%{{.*}}) : (f32) -> f32
// CHECK: call @log1p(%{{.*}}) : (f64) -> f64
// CHECK: call @tanhf(%{{.*}}) : (f32) -> f32
// CHECK: call @atan2(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
// CHECK: call @erff(%{{.*}}) : (f32) -> f32
// CHECK: math.exp
// CHECK: math.sqrt
// CHECK-NOT: math.expm1
// CHECK-NOT: math.log1p
func.func @inexact(%x: f32, %y: f64) -> (f32, f64, f32, f64, f32, f32, f32) {
  %0 = math.expm1 %x : f32
  %1 = math.log1p %y : f64
  %2 = math.tanh %x : f32
  %3 = math.atan2 %y, %y : f64
  %4 = math.erf %x : f32
  %5 = math.exp %x : f32
  %6 = math.sqrt %x : f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f64, f32, f64, f32, f32, f32
}
