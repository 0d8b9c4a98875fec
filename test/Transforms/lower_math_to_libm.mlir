// RUN: xla-opt %s --xla-lower-math-to-libm | FileCheck %s
// RUN: xla-opt %s --xla-lower-math-to-libm=remaining=true | FileCheck %s --check-prefix=ALL
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

// With `remaining` (after convert-math-to-llvm) every math op goes to
// libm, the ones LLVM lowers well too (none would be left by then). In
// both modes a vector op is unrolled into a call per lane (which needs the
// vector and arith dialects loaded: the pass crashed without them on a
// file that had no vector op).
// ALL-LABEL: func.func @inexact
// ALL: call @expm1f
// ALL: call @expf(%{{.*}}) : (f32) -> f32
// ALL: call @sqrtf(%{{.*}}) : (f32) -> f32
// ALL-NOT: math.
// CHECK-LABEL: func.func @vector
// CHECK-COUNT-4: call @cbrtf(%{{.*}}) : (f32) -> f32
// ALL-LABEL: func.func @vector
// ALL-COUNT-4: call @cbrtf(%{{.*}}) : (f32) -> f32
// ALL-NOT: math.
// ALL: return
func.func @vector(%x: vector<4xf32>) -> vector<4xf32> {
  %0 = math.cbrt %x : vector<4xf32>
  return %0 : vector<4xf32>
}
