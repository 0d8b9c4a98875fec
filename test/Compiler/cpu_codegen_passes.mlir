// CPU code generation leaves out loop strength reduction (with the IV
// users it requires and the freeze canonicalization that prepares for it)
// and the post-RA list scheduler: they are not added to the pass manager,
// so not even their analyses run. --llvm-all-passes keeps them.
// RUN: xla-translate %s --emit=obj --target=cpu=znver4 -o /dev/null \
// RUN:   -debug-pass=Structure 2>&1 | FileCheck %s --check-prefix=TRIM
// RUN: xla-translate %s --emit=obj --target=cpu=znver4 --llvm-all-passes \
// RUN:   -o /dev/null -debug-pass=Structure 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALL
// TRIM: X86 DAG->DAG Instruction Selection
// TRIM-NOT: Canonicalize Freeze Instructions in Loops
// TRIM-NOT: Induction Variable Users
// TRIM-NOT: Loop Strength Reduction
// TRIM-NOT: Post RA top-down list latency scheduler
// TRIM: X86 Assembly Printer
// ALL: Canonicalize Freeze Instructions in Loops
// ALL: Induction Variable Users
// ALL: Loop Strength Reduction
// ALL: X86 DAG->DAG Instruction Selection
// ALL: Post RA top-down list latency scheduler
// ALL: X86 Assembly Printer

func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>)
    -> tensor<64x64xf32> {
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %d = stablehlo.add %c, %a : tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
