// A program whose tensors cannot exist on this machine is rejected before
// it is compiled, with the value, its size and the limit (issue 11). The
// limit is the target's memory unless --max-tensor-size or
// --target=memory= says otherwise.
// RUN: %python %S/Inputs/exit_code.py xla-run --split-input-file %S/Inputs/malformed/huge_tensors.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: huge_tensors.mlir:3:1: error: argument #0 of @main of type 'tensor<4611686018427387904x4xf32>' needs more than 2^63 bytes, more than the limit of {{.*}} (the target's memory; --max-tensor-size or --target=memory=SIZE changes it)
// HUGE: huge_tensors.mlir:11:8: error: 'hlo.constant' op result #0 of type 'tensor<1099511627776xf32>' needs 4.0 TiB (4398046511104 bytes), more than the limit of
// HUGE: huge_tensors.mlir:19:8: error: 'hlo.broadcast_in_dim' op result #0 of type 'tensor<1099511627776xf32>' needs 4.0 TiB (4398046511104 bytes)
// HUGE: exit code: 2

// The same limit, set by hand: 1088 bytes is too much for 1K, and fine for
// 2K.
// RUN: %python %S/Inputs/exit_code.py xla-run %s --max-tensor-size=1K 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: %python %S/Inputs/exit_code.py xla-run %s --target=memory=1K 2>&1 | FileCheck %s --check-prefix=MEMORY
// RUN: xla-run %s --max-tensor-size=2K | FileCheck %s --check-prefix=FITS
// RUN: %python %S/Inputs/exit_code.py xla-run %s --max-tensor-size=lots 2>&1 | FileCheck %s --check-prefix=BADFLAG
// LIMIT: huge_tensors.mlir:[[@LINE+7]]:1: error: argument #0 of @main of type 'tensor<16x17xf32>' needs 1.1 KiB (1088 bytes), more than the limit of 1.0 KiB (--max-tensor-size)
// LIMIT: exit code: 2
// MEMORY: (the target's memory; --max-tensor-size or --target=memory=SIZE changes it)
// MEMORY: exit code: 2
// FITS: 0.
// BADFLAG: error: --max-tensor-size: expected a size in bytes, optionally with a K, M, G or T suffix, got 'lots'
// BADFLAG: exit code: 2
func.func @main(%a: tensor<16x17xf32>) -> tensor<f32> {
  %0 = hlo.constant dense<0.0> : tensor<f32>
  func.return %0 : tensor<f32>
}
