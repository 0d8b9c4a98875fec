// Softmax of rows of 128 (attention's, at a sequence of 128) down to PTX:
// a warp per row, eight rows per block of 256 threads, each lane one
// 16-byte group of its row; the maximum and the sum are warp shuffles
// alone, with no barrier and no shared memory. ptxas assembles it where it
// exists.
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa" | FileCheck %s
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa row-warp-length=0" | FileCheck %s --check-prefix=BLOCK
// RUN: %if ptxas %{ xla-opt %s --hlo-gpu-pipeline | FileCheck %s --check-prefix=BIN %}

// CHECK: llvm.mlir.global internal constant @input_reduce_fusion_0_module_image("
// CHECK-SAME: .entry input_reduce_fusion_0(
// CHECK-SAME: .maxntid 256, 1, 1
// CHECK-NOT: .shared
// CHECK-SAME: ld.global.v4
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: ex2.approx
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: div.rn.f32
// CHECK-SAME: st.global.v4
// CHECK-SAME: \00")
// CHECK-NOT: bar.sync
// CHECK-NOT: input_reduce_fusion_1_module_image

// With row-warp-length=0: a block of 32 threads per row, so at most 1024
// threads per multiprocessor (32 blocks).
// BLOCK: .maxntid 32, 1, 1

// BIN: @input_reduce_fusion_0_module_image("P\EDU\BA

func.func @main(%x: tensor<2048x128xf32>) -> tensor<2048x128xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %m = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [1] : (tensor<2048x128xf32>, tensor<f32>) -> tensor<2048xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<2048xf32>) -> tensor<2048x128xf32>
  %d = hlo.subtract %x, %mb : tensor<2048x128xf32>
  %e = hlo.exponential %d : tensor<2048x128xf32>
  %s = hlo.reduce(%e init: %zero) applies hlo.add across dimensions = [1] : (tensor<2048x128xf32>, tensor<f32>) -> tensor<2048xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<2048xf32>) -> tensor<2048x128xf32>
  %y = hlo.divide %e, %sb : tensor<2048x128xf32>
  return %y : tensor<2048x128xf32>
}
