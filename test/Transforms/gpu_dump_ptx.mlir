// xla-gpu-dump-ptx, as the GPU pipeline runs it for --dump-to (option
// dump-ptx): one .ptx file per kernel module, while the program still
// embeds its binary as usual. The two kernels stay apart
// (horizontal-fusion=0), so that there are two modules.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa dump-ptx=%t/ptx horizontal-fusion=0" | FileCheck %s --check-prefix=PROGRAM
// RUN: ls %t/ptx | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=PTX < %t/ptx/input_reduce_fusion_0_module.ptx

// PROGRAM: llvm.mlir.global internal constant @input_reduce_fusion_0_module_image(
// FILES: input_reduce_fusion_0_module.ptx
// FILES: loop_cosine_fusion_0_module.ptx
// PTX: .target sm_90a
// PTX: .entry input_reduce_fusion_0(
// PTX: shfl.sync.bfly.b32

func.func @main(%x: tensor<64x256xf32>) -> (tensor<64xf32>, tensor<64x256xf32>) {
  %init = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce(%x init: %init) applies hlo.add across dimensions = [1] : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %c = hlo.cosine %x : tensor<64x256xf32>
  return %s, %c : tensor<64xf32>, tensor<64x256xf32>
}
