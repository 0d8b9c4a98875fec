// The kernel strategies of xla-gpu-map-linalg through the whole GPU
// pipeline, down to PTX (no CUDA needed); ptxas assembles it where it
// exists. Each strategy's kernel stays a kernel of its own
// (horizontal-fusion=0; test/GPU/horizontal_fusion.mlir merges them).
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa horizontal-fusion=0" | FileCheck %s
// RUN: %if ptxas %{ xla-opt %s --hlo-gpu-pipeline="horizontal-fusion=0" | FileCheck %s --check-prefix=BIN %}

// A scatter-add (an embedding gradient) runs one thread per update
// element; the first element of each row adds all of that row's updates in
// order, with plain loads and stores (ordered-scatter-work), so no kernel
// of this file has an atomic (split products neither).
// CHECK: llvm.mlir.global internal constant @main_{{[0-9]+}}_module_image("
// CHECK-SAME: add.rn.f32
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa horizontal-fusion=0" | not grep -q atom.global

// An elementwise fusion: each thread loads and stores 4 neighbours as one
// 16-byte access.
// CHECK: llvm.mlir.global internal constant @loop_exponential_fusion_0_module_image("
// CHECK-SAME: .entry loop_exponential_fusion_0(
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: ex2.approx
// CHECK-SAME: st.global.v4.b32
// CHECK-SAME: \00")

// The matrix product: 16-byte aligned shared-memory tiles filled by
// cp.async (16 bytes a group) into a ring, fused multiply-adds from vector
// shared loads (2 x 32 bits here: 32x32 tiles, 2x2 per thread), then a
// wait for the copies of the step after next and one barrier.
// CHECK: llvm.mlir.global internal constant @output_dot_general_fusion_0_module_image("
// CHECK-SAME: .entry output_dot_general_fusion_0(
// CHECK-SAME: .shared .align 16
// CHECK-SAME: cp.async.cg.shared.global [{{[^]]*}}], [{{[^]]*}}], 16
// CHECK-SAME: cp.async.commit_group
// CHECK-SAME: ld.shared.v{{[24]}}.b32
// CHECK-SAME: fma.rn.f32
// CHECK-SAME: cp.async.wait_group
// CHECK-SAME: bar.sync
// CHECK-SAME: \00")

// The row maximum of 512 x 1024 (64 threads per row): 16-byte loads of 4
// neighbours, warp shuffles, then shared memory and a barrier between the
// warps of the block.
// CHECK: llvm.mlir.global internal constant @input_reduce_fusion_0_module_image("
// CHECK-SAME: .entry input_reduce_fusion_0(
// CHECK-SAME: .shared
// CHECK-SAME: ld.global.v4.b32
// CHECK-SAME: shfl.sync.bfly.b32
// CHECK-SAME: bar.sync
// CHECK-SAME: \00")

// BIN: @output_dot_general_fusion_0_module_image("P\EDU\BA
// BIN: @input_reduce_fusion_0_module_image("P\EDU\BA

func.func @main(%x: tensor<512x1024xf32>, %a: tensor<256x128xf32>, %b: tensor<128x64xf32>, %table: tensor<1000x64xf32>, %ids: tensor<256x1xi32>) -> (tensor<512xf32>, tensor<256x64xf32>, tensor<1000x64xf32>, tensor<512x1024xf32>) {
  %init = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce(%x init: %init) applies hlo.maximum across dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32>
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x128xf32>, tensor<128x64xf32>) -> tensor<256x64xf32>
  %g = "hlo.scatter"(%table, %ids, %d) ({
  ^bb0(%cur: tensor<f32>, %upd: tensor<f32>):
    %sum = hlo.add %cur, %upd : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {scatter_dimension_numbers = #hlo.scatter<update_window_dims = [1],
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
      : (tensor<1000x64xf32>, tensor<256x1xi32>, tensor<256x64xf32>) -> tensor<1000x64xf32>
  %e = hlo.exponential %x : tensor<512x1024xf32>
  return %m, %d, %g, %e : tensor<512xf32>, tensor<256x64xf32>, tensor<1000x64xf32>, tensor<512x1024xf32>
}
