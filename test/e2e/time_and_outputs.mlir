// --time reports the compile time, the median and minimum of --runs runs
// and the peak of buffer memory (inputs, results, temporaries); --output-dir writes .npy files that read back as the same arrays;
// --expected compares results with reference .npy files (exit 1 on a
// mismatch).
// RUN: xla-run %s --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy --time --runs 3 --no-print | FileCheck %s --check-prefix=TIME
// TIME: compile time: {{[0-9.e+-]+}} ms
// TIME-NEXT: run time: median {{[0-9.e+-]+}} ms, min {{[0-9.e+-]+}} ms over 3 run(s)
// TIME-NEXT: peak buffer memory: {{[0-9]+\.[0-9]}} MiB

// RUN: rm -rf %t && xla-run %s --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy --output-dir %t --no-print
// RUN: xla-run %S/Inputs/identity_2x3_f32.mlir --input %t/output_0.npy | FileCheck %s --check-prefix=ROUNDTRIP --strict-whitespace
// ROUNDTRIP: {{\[\[}}1.5   3.5   2.   ]
// ROUNDTRIP-NEXT: {{ }}[6.    5.    6.001]]

// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy --no-print \
// RUN:   --expected %S/Inputs/sum_2x3_f32.npy --rtol 0 --atol 0 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: output 0 matches {{.*}}sum_2x3_f32.npy (max abs error 0)
// MATCH: exit code: 0
// RUN: %python %S/Inputs/exit_code.py xla-run %s --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy --no-print \
// RUN:   --expected %S/Inputs/sum_wrong_2x3_f32.npy 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: output 0 does not match {{.*}}sum_wrong_2x3_f32.npy: 1 of 6 elements differ beyond atol + rtol * |expected| (atol 1e-08, rtol 1e-05); first at index [1, 2]: actual 6.001, expected 6.501; max abs error 0.5
// MISMATCH: exit code: 1
// A wide enough tolerance accepts the same file.
// RUN: xla-run %s --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy --no-print \
// RUN:   --expected %S/Inputs/sum_wrong_2x3_f32.npy --atol 0.6 | FileCheck %s --check-prefix=LOOSE
// LOOSE: output 0 matches

// --dump-llvm writes the optimized LLVM IR: the entry's C function and its
// packed form (ABI/EntryABI.h), the signature text, the fused kernel (a
// function named after its fusion, which main calls). The kernel takes one
// pointer per buffer (xla-bare-pointer-kernels): no sizes, strides or
// offsets of its static buffers in its signature or the call.
// RUN: xla-run %s --input %S/Inputs/a_2x3_f32.npy,%S/Inputs/b_2x3_f32.npy --no-print --dump-llvm %t.ll
// RUN: FileCheck %s --check-prefix=LLVM < %t.ll
// LLVM: target triple
// LLVM: @_xla_signature_main = {{.*}}constant [{{[0-9]+}} x i8] c"xla-signature 1\0Aentry main\0Ainput f32 2x3\0Ainput f32 2x3\0Aoutput f32 2x3\0A
// LLVM: define hidden void @loop_add_fusion(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}}) 
// LLVM: fadd
// LLVM: define void @main(ptr {{.*}}, ptr {{.*}}, ptr {{.*}})
// LLVM-NEXT: entry:
// LLVM-NEXT: call void @loop_add_fusion(ptr {{[^,]*}}, ptr {{[^,]*}}, ptr {{[^,]*}})
// LLVM-NEXT: ret void
// LLVM: define void @_xla_packed_main(ptr

func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
