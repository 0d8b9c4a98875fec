// Bad inputs never crash: each is reported with the file and the reason,
// and the exit code is 3.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing.npy: cannot read file: No such file or directory
// MISSING: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/a_3x2_f32.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: a_3x2_f32.npy: expected an array of tensor<2x3xf32>, the file holds tensor<3x2xf32>
// SHAPE: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/a_2x3_f64.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: a_2x3_f64.npy: expected an array of tensor<2x3xf32>, the file holds tensor<2x3xf64>
// DTYPE: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/a_fortran_2x3_f32.npy 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: a_fortran_2x3_f32.npy: Fortran-order arrays are not supported
// FORTRAN: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/a_bigendian_2x3_f32.npy 2>&1 | FileCheck %s --check-prefix=ENDIAN
// ENDIAN: a_bigendian_2x3_f32.npy: big-endian data ('>f4') is not supported
// ENDIAN: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/not_npy.npy 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: not_npy.npy: not a .npy file (bad magic string)
// MAGIC: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/truncated_2x3_f32.npy 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: truncated_2x3_f32.npy: expected 24 bytes of data for tensor<2x3xf32>, found 20 (truncated file)
// TRUNC: exit code: 3
// A header may claim any shape; it is checked against the data and for
// overflow before anything is allocated (issue 11).
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/huge_header_f32.npy 2>&1 | FileCheck %s --check-prefix=HUGEHEADER
// HUGEHEADER: huge_header_f32.npy: expected 13194139533312 bytes of data for tensor<1099511627776x3xf32>, found 24 (truncated file)
// HUGEHEADER: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/overflow_header_f32.npy 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: overflow_header_f32.npy: the shape of tensor<4611686018427387904x4xf32> overflows 64 bits
// OVERFLOW: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/a_2x3_f32.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: @main takes 1 argument(s), but 2 --input file(s) were given
// COUNT: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/a_2x3_f32.npy --expected %S/Inputs/missing.npy 2>&1 | FileCheck %s --check-prefix=EXPECTED
// EXPECTED: missing.npy: cannot read file
// EXPECTED: exit code: 3
// RUN: %python %S/Inputs/exit_code.py xla-run %S/Inputs/missing.mlir 2>&1 | FileCheck %s --check-prefix=PROGRAM
// PROGRAM: cannot open input file '{{.*}}missing.mlir'
// PROGRAM: exit code: 2

// Versions 2.0 and 3.0 of the format are read like 1.0.
// RUN: xla-run %s --input %S/Inputs/a_v2_2x3_f32.npy | FileCheck %s --check-prefix=V2 --strict-whitespace
// RUN: xla-run %s --input %S/Inputs/a_v3_2x3_f32.npy | FileCheck %s --check-prefix=V2 --strict-whitespace
// V2: {{^}}{{\[\[}}1.  2.5 3. ]
// V2-NEXT: {{^}} [4.  5.  6. ]]

func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}
