// cuBLAS behind --gpu-cublas: a plain product, A times B transposed, and
// attention's scores with two batch dimensions become runtime GEMM calls
// (GPULibraryGemm.cpp), checked against sums of the exact products
// (inputs 1, 2, 3, ... of xla-load-artifact, taken mod 7 and mod 5: every
// product is an integer below 2^24). The same file on the CPU checks the
// expected values; on a GPU machine the artifact runs with cuBLAS.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-translate %s --emit=shared -o %t/cpu.so
// RUN: xla-load-artifact %t/cpu.so 2>&1 | FileCheck %s
// RUN: xla-translate %s --target=cuda --gpu-cublas --emit=shared -o %t/gpu.so
// RUN: nm -D %t/gpu.so | FileCheck %s --check-prefix=IMPORT
// RUN: %if cuda-device %{ xla-load-artifact %t/gpu.so 2>&1 | FileCheck %s %}
// RUN: %if !cuda-device %{ not xla-load-artifact %t/gpu.so 2>&1 | FileCheck %s --check-prefix=NODEV %}
// The GPU emulator computes the same GEMM calls with plain loops.
// RUN: xla-translate %s --target=cuda --gpu-cublas --gpu-emulate --emit=shared -o %t/emu.so
// RUN: nm -D %t/emu.so | FileCheck %s --check-prefix=EMULATED
// RUN: xla-load-artifact %t/emu.so 2>&1 | FileCheck %s
// EMULATED: _xla_import_xla_rt_gpuemu_gemm

// IMPORT: _xla_import_xla_rt_gpu_gemm
// CHECK: all 6 check(s) passed
// NODEV: no CUDA driver

func.func @main(%a0: tensor<32x16xf32>, %b0: tensor<16x24xf32>,
                %bt0: tensor<24x16xf32>, %q0: tensor<2x2x16x8xf32>,
                %k0: tensor<2x2x16x8xf32>) {
  %c7a = stablehlo.constant dense<7.0> : tensor<32x16xf32>
  %c7b = stablehlo.constant dense<7.0> : tensor<16x24xf32>
  %c7t = stablehlo.constant dense<7.0> : tensor<24x16xf32>
  %c7q = stablehlo.constant dense<7.0> : tensor<2x2x16x8xf32>
  %c5k = stablehlo.constant dense<5.0> : tensor<2x2x16x8xf32>
  %a = stablehlo.remainder %a0, %c7a : tensor<32x16xf32>
  %b = stablehlo.remainder %b0, %c7b : tensor<16x24xf32>
  %bt = stablehlo.remainder %bt0, %c7t : tensor<24x16xf32>
  %q = stablehlo.remainder %q0, %c7q : tensor<2x2x16x8xf32>
  %k = stablehlo.remainder %k0, %c5k : tensor<2x2x16x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>

  %ab = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<32x16xf32>, tensor<16x24xf32>) -> tensor<32x24xf32>
  %ab_rows = stablehlo.reduce(%ab init: %z) applies stablehlo.add across dimensions = [1] : (tensor<32x24xf32>, tensor<f32>) -> tensor<32xf32>
  %ab_cols = stablehlo.reduce(%ab init: %z) applies stablehlo.add across dimensions = [0] : (tensor<32x24xf32>, tensor<f32>) -> tensor<24xf32>
  check.expect_almost_eq_const %ab_rows, dense<[3235.0, 3557.0, 3893.0, 3116.0, 3382.0, 3662.0, 3410.0, 3235.0, 3557.0, 3893.0, 3116.0, 3382.0, 3662.0, 3410.0, 3235.0, 3557.0, 3893.0, 3116.0, 3382.0, 3662.0, 3410.0, 3235.0, 3557.0, 3893.0, 3116.0, 3382.0, 3662.0, 3410.0, 3235.0, 3557.0, 3893.0, 3116.0]> : tensor<32xf32>
  check.expect_almost_eq_const %ab_cols, dense<[4527.0, 4731.0, 4921.0, 4418.0, 4580.0, 4728.0, 4309.0, 4527.0, 4731.0, 4921.0, 4418.0, 4580.0, 4728.0, 4309.0, 4527.0, 4731.0, 4921.0, 4418.0, 4580.0, 4728.0, 4309.0, 4527.0, 4731.0, 4921.0]> : tensor<24xf32>

  %abt = stablehlo.dot_general %a, %bt, contracting_dims = [1] x [1] : (tensor<32x16xf32>, tensor<24x16xf32>) -> tensor<32x24xf32>
  %abt_rows = stablehlo.reduce(%abt init: %z) applies stablehlo.add across dimensions = [1] : (tensor<32x24xf32>, tensor<f32>) -> tensor<32xf32>
  %abt_cols = stablehlo.reduce(%abt init: %z) applies stablehlo.add across dimensions = [0] : (tensor<32x24xf32>, tensor<f32>) -> tensor<24xf32>
  check.expect_almost_eq_const %abt_rows, dense<[3260.0, 3568.0, 3848.0, 3071.0, 3393.0, 3687.0, 3428.0, 3260.0, 3568.0, 3848.0, 3071.0, 3393.0, 3687.0, 3428.0, 3260.0, 3568.0, 3848.0, 3071.0, 3393.0, 3687.0, 3428.0, 3260.0, 3568.0, 3848.0, 3071.0, 3393.0, 3687.0, 3428.0, 3260.0, 3568.0, 3848.0, 3071.0]> : tensor<32xf32>
  check.expect_almost_eq_const %abt_cols, dense<[4347.0, 4699.0, 5079.0, 4157.0, 4495.0, 4861.0, 4576.0, 4347.0, 4699.0, 5079.0, 4157.0, 4495.0, 4861.0, 4576.0, 4347.0, 4699.0, 5079.0, 4157.0, 4495.0, 4861.0, 4576.0, 4347.0, 4699.0, 5079.0]> : tensor<24xf32>

  %s = stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<2x2x16x8xf32>, tensor<2x2x16x8xf32>) -> tensor<2x2x16x16xf32>
  %s_rows = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [3] : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  %s_cols = stablehlo.reduce(%s init: %z) applies stablehlo.add across dimensions = [2] : (tensor<2x2x16x16xf32>, tensor<f32>) -> tensor<2x2x16xf32>
  check.expect_almost_eq_const %s_rows, dense<[[[699.0, 738.0, 784.0, 802.0, 827.0, 859.0, 667.0, 699.0, 738.0, 784.0, 802.0, 827.0, 859.0, 667.0, 699.0, 738.0], [756.0, 787.0, 825.0, 870.0, 670.0, 715.0, 732.0, 756.0, 787.0, 825.0, 870.0, 670.0, 715.0, 732.0, 756.0, 787.0]], [[848.0, 876.0, 673.0, 701.0, 736.0, 778.0, 827.0, 848.0, 876.0, 673.0, 701.0, 736.0, 778.0, 827.0, 848.0, 876.0], [666.0, 702.0, 745.0, 760.0, 782.0, 811.0, 847.0, 666.0, 702.0, 745.0, 760.0, 782.0, 811.0, 847.0, 666.0, 702.0]]]> : tensor<2x2x16xf32>
  check.expect_almost_eq_const %s_cols, dense<[[[759.0, 727.0, 885.0, 643.0, 796.0, 759.0, 727.0, 885.0, 643.0, 796.0, 759.0, 727.0, 885.0, 643.0, 796.0, 759.0], [703.0, 933.0, 618.0, 808.0, 788.0, 703.0, 933.0, 618.0, 808.0, 788.0, 703.0, 933.0, 618.0, 808.0, 788.0, 703.0]], [[932.0, 614.0, 841.0, 768.0, 735.0, 932.0, 614.0, 841.0, 768.0, 735.0, 932.0, 614.0, 841.0, 768.0, 735.0, 932.0], [624.0, 811.0, 748.0, 725.0, 882.0, 624.0, 811.0, 748.0, 725.0, 882.0, 624.0, 811.0, 748.0, 725.0, 882.0, 624.0]]]> : tensor<2x2x16xf32>
  return
}
