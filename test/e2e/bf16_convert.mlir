// Conversions to bf16 round to nearest even, in one rounding. The values
// come in as inputs, so that the code converts them (constants would be
// folded by the compiler): LLVM calls __truncsfbf2 and __truncdfbf2 on
// hosts without AVX512-BF16, which libgcc has only since GCC 13, and the
// JIT binds them to the runtime's (Runtime/CodeSupport.h). From f64,
// 1 + 2^-8 + 2^-30 lies just above the tie between 1 and 1 + 2^-7:
// rounded to f32 first it would become the tie itself and then round to 1.
// A shared library (xla-translate --emit=shared) carries compiler-rt's
// (CodeGen.cpp): it loads where libgcc has none.
// RUN: python3 -c "import numpy as np; np.save('%t.f32.npy', np.array([1.00390625, 1.01171875, -1.00390625, 3e-45, 3.4e38, -0.0], np.float32)); np.save('%t.f64.npy', np.array([1 + 2**-8 + 2**-30, 1.00390625, 1.01171875, 1e39, -1e39, 1e-50]))"
// RUN: xla-run %s --entry=from_f32 --input %t.f32.npy 2>&1 | FileCheck %s
// RUN: xla-run %s --entry=from_f64 --input %t.f64.npy 2>&1 | FileCheck %s
// RUN: xla-translate %s --entry=from_f64 --emit=shared -o %t.so
// RUN: xla-load-artifact %t.so from_f64 --input %t.f64.npy 2>&1 | FileCheck %s
// RUN: readelf -W --dyn-syms %t.so | FileCheck %s --check-prefix=SYMS
// SYMS-NOT: __trunc
// CHECK: all 1 check(s) passed

// Ties go to even; 3.4e38 is past bf16's largest finite value.
func.func @from_f32(%x: tensor<6xf32>) {
  %1 = hlo.convert %x : (tensor<6xf32>) -> tensor<6xbf16>
  check.expect_eq_const %1, dense<[1.0, 1.015625, -1.0, 0.0, 0x7F80, -0.0]> : tensor<6xbf16>
  func.return
}

func.func @from_f64(%x: tensor<6xf64>) {
  %1 = hlo.convert %x : (tensor<6xf64>) -> tensor<6xbf16>
  check.expect_eq_const %1, dense<[1.0078125, 1.0, 1.015625, 0x7F80, 0xFF80, 0.0]> : tensor<6xbf16>
  func.return
}
