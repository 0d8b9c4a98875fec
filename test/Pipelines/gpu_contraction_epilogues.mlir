// The whole GPU pipeline with contraction epilogues: a product, its bias
// and a tanh are one kernel (PTX, no CUDA needed; ptxas assembles it where
// it exists); without them, two.
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa contraction-epilogues=1" | FileCheck %s
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa" | FileCheck %s --check-prefix=OFF
// RUN: %if ptxas %{ xla-opt %s --hlo-gpu-pipeline=contraction-epilogues=1 | FileCheck %s --check-prefix=BIN %}

// CHECK: llvm.mlir.global internal constant @output_dot_general_fusion_0_module_image("
// CHECK-SAME: fma.rn.f32
// CHECK-NOT: output_dot_general_fusion_1_module
// OFF: @output_dot_general_fusion_1_module_image
// BIN: @output_dot_general_fusion_0_module_image("P\EDU\BA
// BIN-NOT: output_dot_general_fusion_1_module

func.func @main(%a: tensor<256x128xf32>, %b: tensor<128x64xf32>, %bias: tensor<64xf32>) -> tensor<256x64xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x128xf32>, tensor<128x64xf32>) -> tensor<256x64xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<64xf32>) -> tensor<256x64xf32>
  %s = hlo.add %d, %bb : tensor<256x64xf32>
  %t = hlo.tanh %s : tensor<256x64xf32>
  return %t : tensor<256x64xf32>
}
