// xla-run --compare-unfused compiles the program fused and with
// --fusion=false, runs both on the same inputs, checks that they agree and
// reports what fusion saves. reduce_sum(x + y*z) fused reads its inputs
// once; unfused it also writes and reads back two 4 MiB temporaries, so its
// peak memory is higher.
// RUN: xla-run %s --compare-unfused --runs 3 --seed 1 | FileCheck %s
// CHECK: fused and unfused agree on all 1 output(s)
// CHECK-NEXT: fused:   run time median {{[0-9.]+}} ms, peak memory [[F:[0-9.]+]] MiB
// CHECK-NEXT: unfused: run time median {{[0-9.]+}} ms, peak memory [[U:[0-9.]+]] MiB
// CHECK-NEXT: fusion saves {{-?[0-9.]+}} ms ({{-?[0-9.]+}}%, {{[0-9.]+}}x) and {{[1-9][0-9.]*}} MiB ({{[0-9.]+}}%) of peak memory over 3 run(s)

func.func @main(%x: tensor<1048576xf32>, %y: tensor<1048576xf32>, %z: tensor<1048576xf32>) -> tensor<f32> {
  %0 = hlo.multiply %y, %z : tensor<1048576xf32>
  %1 = hlo.add %x, %0 : tensor<1048576xf32>
  %c = hlo.constant dense<0.0> : tensor<f32>
  %2 = hlo.reduce(%1 init: %c) applies hlo.add across dimensions = [0] : (tensor<1048576xf32>, tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}
