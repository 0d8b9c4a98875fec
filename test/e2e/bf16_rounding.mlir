// bf16 rounding ops on odd-length vectors. LLVM 22's X86 back end aborts on
// llvm.ceil/floor.v9bf16 when AVX512-BF16 is enabled (Zen 4, Sapphire
// Rapids hosts); code generation turns that feature off (CodeGen.cpp).
// RUN: xla-run %s --split-input-file 2>&1 | FileCheck %s
// CHECK-COUNT-3: all 1 check(s) passed

func.func @main() {
  %0 = hlo.constant dense<[-2.5, -1.5, -0.5, 0.0, 0.5, 1.5, 2.5, 3.25, 7.75]> : tensor<9xbf16>
  %1 = hlo.ceil %0 : tensor<9xbf16>
  check.expect_eq_const %1, dense<[-2.0, -1.0, -0.0, 0.0, 1.0, 2.0, 3.0, 4.0, 8.0]> : tensor<9xbf16>
  func.return
}

// -----

func.func @main() {
  %0 = hlo.constant dense<[-2.5, -1.5, -0.5, 0.0, 0.5, 1.5, 2.5, 3.25, 7.75]> : tensor<9xbf16>
  %1 = hlo.floor %0 : tensor<9xbf16>
  check.expect_eq_const %1, dense<[-3.0, -2.0, -1.0, 0.0, 0.0, 1.0, 2.0, 3.0, 7.0]> : tensor<9xbf16>
  func.return
}

// -----

func.func @main() {
  %0 = hlo.constant dense<[-2.5, -1.5, -0.5, 0.0, 0.5, 1.5, 2.5, 3.25, 7.75]> : tensor<9xf16>
  %1 = hlo.round_nearest_even %0 : tensor<9xf16>
  check.expect_eq_const %1, dense<[-2.0, -2.0, -0.0, 0.0, 0.0, 2.0, 2.0, 3.0, 8.0]> : tensor<9xf16>
  func.return
}
