// A GPU artifact runs in a process that has only the runtime and the CUDA
// driver. Without a device it fails before running anything, naming what
// is missing; xla-run --target=cuda likewise.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-translate %s --target=cuda --emit=shared -o %t/prog.so
// RUN: readelf -d %t/prog.so | FileCheck %s --check-prefix=LIB
// RUN: %if cuda-device %{ xla-load-artifact %t/prog.so 2>&1 | FileCheck %s %}
// RUN: %if !cuda-device %{ not xla-load-artifact %t/prog.so 2>&1 | FileCheck %s --check-prefix=NODEV %}
// RUN: %if !cuda-device %{ not xla-run %s --target=cuda 2>&1 | FileCheck %s --check-prefix=NODEV %}
// With --gpu-emulate the same kernels, compiled for the host, run anywhere.
// RUN: xla-translate %s --target=cuda --gpu-emulate --emit=shared -o %t/emu.so
// RUN: readelf -d %t/emu.so | FileCheck %s --check-prefix=LIB
// RUN: xla-load-artifact %t/emu.so 2>&1 | FileCheck %s --check-prefix=EMU
// (The check's line, on stderr, comes before the buffered outputs.)
// EMU-DAG: all 1 check(s) passed
// EMU-DAG: 2.0 4.0 6.0 8.0 10.0 12.0
// EMU-DAG: 12.0 30.0
// RUN: not xla-run %s --gpu-emulate 2>&1 | FileCheck %s --check-prefix=NOTARGET
// NOTARGET: error: --gpu-emulate runs GPU programs: it needs --target=cuda

// The library loads no CUDA library itself: the runtime opens the driver.
// LIB-NOT: NEEDED{{.*}}cuda

// NODEV: error: {{.*}}@main runs on a GPU: no CUDA driver

// Inputs 1, 2, 3, ...: a + a, then a reduction over rows.
// CHECK: output 0: tensor<2x3xf32>
// CHECK-NEXT: 2.0 4.0 6.0 8.0 10.0 12.0
// CHECK: output 1: tensor<2xf32>
// CHECK-NEXT: 12.0 30.0
// CHECK: all 1 check(s) passed

func.func @main(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>) {
  %0 = hlo.add %a, %a : tensor<2x3xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %1 = hlo.reduce(%0 init: %z) applies hlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_almost_eq_const %1, dense<[12.0, 30.0]> : tensor<2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2xf32>
}
