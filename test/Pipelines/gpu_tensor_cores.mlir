// f32 products on tensor cores through the whole GPU pipeline, down to
// PTX (no CUDA needed): each warp's mma.sync on TF32 fragments, rounded to
// nearest with tf32, split in three products with tf32x3; ptxas assembles
// it for sm_90a where it exists. The operands' tiles reach shared memory
// by cp.async (16 bytes, bypassing L1), in groups waited for before each
// barrier. Before Ampere the option is an error.
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa tensor-cores=tf32" | FileCheck %s --check-prefix=TF32
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa tensor-cores=tf32x3" | FileCheck %s --check-prefix=X3
// RUN: %if ptxas %{ xla-opt %s --hlo-gpu-pipeline="tensor-cores=tf32x3" | FileCheck %s --check-prefix=BIN %}
// RUN: not xla-translate %s --target=gpu=sm_75 --gpu-tensor-cores=tf32 --emit=llvmir -o /dev/null 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not xla-translate %s --target=cuda --gpu-tensor-cores=fp16 --emit=llvmir -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// TF32: @output_dot_general_fusion_0_module_image("
// TF32-SAME: .minnctapersm 2
// TF32-SAME: cp.async.cg.shared.global
// TF32-SAME: cp.async.commit_group
// TF32-SAME: cp.async.wait_group
// TF32-SAME: cvt.rna.tf32.f32
// TF32-SAME: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// X3: @output_dot_general_fusion_0_module_image("
// X3-NOT: cvt.rna.tf32
// X3-SAME: and.b32 {{.*}}-8192;
// X3-SAME: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// BIN: @output_dot_general_fusion_0_module_image("
// OLD: --gpu-tensor-cores=tf32 needs sm_80 or later; the target is sm_75
// BAD: --gpu-tensor-cores: expected tf32, tf32x3 or nothing, not 'fp16'
// The pass's own option says the same (test/Transforms).

func.func @main(%a: tensor<1024x512xf32>, %b: tensor<512x512xf32>) -> tensor<1024x512xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1024x512xf32>, tensor<512x512xf32>) -> tensor<1024x512xf32>
  return %d : tensor<1024x512xf32>
}
