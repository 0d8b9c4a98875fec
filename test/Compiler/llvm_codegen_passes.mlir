// LLVM's loop strength reduction and post-RA scheduler do not run in CPU
// code generation unless --llvm-all-codegen-passes: the loop below keeps
// its index from 0 in the addresses; LSR would start it one vector early
// (-16) and fold the vector back into each address's displacement.
// RUN: xla-translate %s --emit=asm --target=cpu=znver4 -o - | FileCheck %s
// RUN: xla-translate %s --emit=asm --target=cpu=znver4 \
// RUN:   --llvm-all-codegen-passes -o - \
// RUN:   | FileCheck %s --check-prefix=ALL
// The two objects compute the same thing.
// RUN: xla-run %s --seed=3 --no-cache > %t.default
// RUN: xla-run %s --seed=3 --no-cache --llvm-all-codegen-passes > %t.all
// RUN: diff %t.default %t.all
// CHECK-LABEL: loop_sqrt_fusion:
// CHECK: xorl [[I:%e[a-z0-9]+]], [[I]]
// CHECK: vmovups ({{%r[a-z0-9]+}},%r{{[a-z0-9]+}},4), %zmm
// CHECK-NOT: vmovups 64(
// CHECK: .size loop_sqrt_fusion
// ALL-LABEL: loop_sqrt_fusion:
// ALL: movq $-16, %r
// ALL: vmovups 64({{%r[a-z0-9]+}},%r{{[a-z0-9]+}},4), %zmm
func.func @main(%x: tensor<4096xf32>, %y: tensor<4096xf32>)
    -> tensor<4096xf32> {
  %0 = hlo.multiply %x, %y : tensor<4096xf32>
  %1 = hlo.sqrt %0 : tensor<4096xf32>
  return %1 : tensor<4096xf32>
}
