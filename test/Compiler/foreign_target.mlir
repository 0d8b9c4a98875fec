// xla-run runs what it compiles, so it refuses a target with CPU features
// this machine lacks (the code would die of an illegal instruction), with a
// diagnostic that names them; xla-translate compiles for it.
// UNSUPPORTED: host-avx512
// RUN: not xla-run %s --target=cpu=sapphirerapids 2>&1 | FileCheck %s
// CHECK: code for cpu 'sapphirerapids' uses instruction-set features this machine ({{.*}}) lacks: {{.*}}avx512f
// CHECK-NOT: prefer-256-bit
// RUN: xla-translate %s --emit=llvmir --target=cpu=sapphirerapids | FileCheck %s --check-prefix=AOT
// AOT: define void @main(

func.func @main(%a: tensor<64xf32>) -> tensor<64xf32> {
  %0 = hlo.exponential %a : tensor<64xf32>
  return %0 : tensor<64xf32>
}
