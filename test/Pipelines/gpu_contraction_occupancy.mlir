// By default (contraction-blocks-per-sm=2) a tiled product asks for two
// blocks per multiprocessor (.minnctapersm 2, which caps ptxas at 128
// registers for 256 threads); with contraction-blocks-per-sm=1 it asks
// nothing.
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa" | FileCheck %s
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa contraction-blocks-per-sm=1" | FileCheck %s --check-prefix=ONE

// CHECK: @output_dot_general_fusion_0_module_image("
// CHECK-SAME: .maxntid 256, 1, 1\0A.minnctapersm 2
// CHECK-NOT: xla.kernel_min_blocks
// ONE: @output_dot_general_fusion_0_module_image("
// ONE-NOT: minnctapersm
// ONE-SAME: \00")

func.func @main(%a: tensor<1024x512xf32>, %b: tensor<512x512xf32>) -> tensor<1024x512xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1024x512xf32>, tensor<512x512xf32>) -> tensor<1024x512xf32>
  return %d : tensor<1024x512xf32>
}
