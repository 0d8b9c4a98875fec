// The GPU pipeline recomputes a cheap producer into the elementwise op
// that broadcasts it (xla-fuse-elementwise recompute-into-elementwise): a
// per-row rsqrt and the scaling of the rows are one kernel, not two.
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa" | FileCheck %s
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa recompute-producers=0" | FileCheck %s --check-prefix=OFF

// CHECK: llvm.mlir.global internal constant @[[K:[a-z_]+fusion]]_0_module_image("
// CHECK-SAME: rsqrt
// CHECK-NOT: _1_module_image
// OFF: _1_module_image

func.func @main(%x: tensor<64x1000xf32>, %var: tensor<64xf32>) -> tensor<64x1000xf32> {
  %eps = hlo.constant dense<1.0e-5> : tensor<64xf32>
  %v = hlo.add %var, %eps : tensor<64xf32>
  %r = hlo.rsqrt %v : tensor<64xf32>
  %b = hlo.broadcast_in_dim %r, dims = [0] : (tensor<64xf32>) -> tensor<64x1000xf32>
  %y = hlo.multiply %x, %b : tensor<64x1000xf32>
  return %y : tensor<64x1000xf32>
}
