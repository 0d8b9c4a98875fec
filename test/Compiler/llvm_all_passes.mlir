// For X86, LLVM's induction variable simplification, loop strength
// reduction and post-RA scheduler do not run unless --llvm-all-passes, and
// the IR pipeline is O1's: GVN, for one, is O2's and O3's. The code
// generator stays at O3. Called-value propagation does not run either,
// and the SLP vectorizer, loop load elimination, BDCE and SROA run only on
// the two functions MLIR did not vectorize (the entry and its C wrapper),
// not on the two kernels. The kernels get five of InstCombine's eight runs
// (2 x 8 + 2 x 5) and three of SimplifyCFG's eight (2 x 8 + 2 x 3).
// RUN: xla-translate %s --emit=obj --target=cpu=znver4 --time-compile \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=O1
// RUN: xla-translate %s --emit=obj --target=cpu=znver4 --llvm-all-passes \
// RUN:   --time-compile -o /dev/null 2>&1 | FileCheck %s --check-prefix=O3
// O1: LLVM optimization passes
// O1-NOT: IndVarSimplifyPass
// O1-NOT: GVNPass
// O1-NOT: CalledValuePropagationPass
// O1-DAG: {{^ +[0-9.]+ +}}2  SLPVectorizerPass
// O1-DAG: {{^ +[0-9.]+ +}}2  LoopLoadEliminationPass
// O1-DAG: {{^ +[0-9.]+ +}}2  BDCEPass
// O1-DAG: {{^ +[0-9.]+ +}}8  SROAPass
// O1-DAG: {{^ +[0-9.]+ +}}26  InstCombinePass
// O1-DAG: {{^ +[0-9.]+ +}}22  SimplifyCFGPass
// O1-NOT: IndVarSimplifyPass
// O1-NOT: GVNPass
// O1-NOT: CalledValuePropagationPass
// O3: LLVM optimization passes
// O3-DAG: GVNPass
// O3-DAG: IndVarSimplifyPass
// O3-DAG: CalledValuePropagationPass
// O3-DAG: {{^ +[0-9.]+ +}}4  SLPVectorizerPass
// O3-DAG: {{^ +[0-9.]+ +}}4  LoopLoadEliminationPass
// O3-DAG: {{^ +[0-9.]+ +}}4  BDCEPass
// O3-DAG: {{^ +[0-9.]+ +}}16  SROAPass
// O3-DAG: {{^ +[0-9.]+ +}}32  InstCombinePass
// O3-DAG: {{^ +[0-9.]+ +}}32  SimplifyCFGPass
//
// Without IndVarSimplify the loops keep their `i < bound` tests; its
// linear function test replacement would rewrite them as `exitcond`
// equalities on the incremented induction variable.
// RUN: xla-translate %s --emit=llvmir --target=cpu=znver4 -o - \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: xla-translate %s --emit=llvmir --target=cpu=znver4 --llvm-all-passes \
// RUN:   -o - | FileCheck %s --check-prefix=IR-ALL
// Without LSR the subtraction's loop keeps its index from 0 in the
// addresses; LSR would start it one vector early (-16) and fold the vector
// back into each address's displacement.
// RUN: xla-translate %s --emit=asm --target=cpu=znver4 -o - | FileCheck %s
// RUN: xla-translate %s --emit=asm --target=cpu=znver4 \
// RUN:   --llvm-all-passes -o - | FileCheck %s --check-prefix=ALL
// The two compute the same thing.
// RUN: xla-run %s --seed=3 --no-cache > %t.default
// RUN: xla-run %s --seed=3 --no-cache --llvm-all-passes > %t.all
// RUN: diff %t.default %t.all
// IR-NOT: exitcond
// IR-ALL: exitcond
// CHECK-LABEL: loop_sqrt_fusion:
// CHECK: xorl [[I:%e[a-z0-9]+]], [[I]]
// CHECK: vmovups ({{%r[a-z0-9]+}},%r{{[a-z0-9]+}},4), %zmm
// CHECK-NOT: vmovups 64(
// CHECK: .size loop_sqrt_fusion
// ALL-LABEL: loop_sqrt_fusion:
// ALL: movq $-16, %r
// ALL: vmovups 64({{%r[a-z0-9]+}},%r{{[a-z0-9]+}},4), %zmm
func.func @main(%x: tensor<4096xf32>, %y: tensor<4096xf32>,
                %z: tensor<64x1024xf32>)
    -> (tensor<4096xf32>, tensor<64x1024xf32>) {
  %0 = hlo.multiply %x, %y : tensor<4096xf32>
  %1 = hlo.sqrt %0 : tensor<4096xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce(%z init: %zero) applies hlo.add across dimensions = [1]
      : (tensor<64x1024xf32>, tensor<f32>) -> tensor<64xf32>
  %b = hlo.broadcast_in_dim %s, dims = [0]
      : (tensor<64xf32>) -> tensor<64x1024xf32>
  %2 = hlo.subtract %z, %b : tensor<64x1024xf32>
  return %1, %2 : tensor<4096xf32>, tensor<64x1024xf32>
}
