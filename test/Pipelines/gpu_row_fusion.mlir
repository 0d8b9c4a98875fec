// With row-fusion (the default), softmax (max, exp and sum, divide) is one kernel down
// to PTX: the row's loads, warp shuffles and barriers for the block's two
// reductions, and the stores, in one module; without it, one kernel per
// op. ptxas assembles it where it exists.
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa" | FileCheck %s
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa row-fusion=false" | FileCheck %s --check-prefix=OFF
// RUN: %if ptxas %{ xla-opt %s --hlo-gpu-pipeline | FileCheck %s --check-prefix=BIN %}

// CHECK: llvm.mlir.global internal constant @input_reduce_fusion_0_module_image("
// CHECK-SAME: .entry input_reduce_fusion_0(
// CHECK-SAME: .maxntid 512, 1, 1
// CHECK-SAME: ld.global
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: div.rn.f32
// CHECK-SAME: st.global
// CHECK-SAME: \00")
// CHECK-NOT: input_reduce_fusion_1_module_image

// OFF: @input_reduce_fusion_0_module_image
// OFF: @input_reduce_fusion_1_module_image

// BIN: @input_reduce_fusion_0_module_image("P\EDU\BA

func.func @main(%x: tensor<256x4096xf32>) -> tensor<256x4096xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %m = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<256x4096xf32>, tensor<f32>) -> tensor<256xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<256xf32>) -> tensor<256x4096xf32>
  %d = hlo.subtract %x, %mb : tensor<256x4096xf32>
  %e = hlo.exponential %d : tensor<256x4096xf32>
  %s = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<256x4096xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<256xf32>) -> tensor<256x4096xf32>
  %y = hlo.divide %e, %sb : tensor<256x4096xf32>
  return %y : tensor<256x4096xf32>
}
