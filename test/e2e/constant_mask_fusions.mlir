// A constant that several fusions read (a causal mask, at every attention
// layer) is passed to each fusion's function. On the GPU such an argument
// would be uploaded at every call; xla-gpu-place-buffers makes it the
// function's own constant instead, which the kernels read from their
// module's device memory, and the softmax stays one row-fusion kernel.
// The masked entries are exact zeros and each row sums to 1 (to rounding)
// on either target; the GPU's results are compared with the CPU's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 7 --no-print --output-dir %t
// RUN: python3 -c "import numpy as n; a=n.load('%t/output_0.npy'); b=n.load('%t/output_1.npy'); u=n.triu(n.ones((16,16),bool),1); assert (a[:,u]==0).all() and (b[:,u]==0).all(); assert abs(a.sum(-1)-1).max()<1e-5 and abs(b.sum(-1)-1).max()<1e-5; print('masked rows ok')" | FileCheck %s --check-prefix=ROWS
// ROWS: masked rows ok
// RUN: xla-run %s --seed 7 --no-print --target=cuda --gpu-emulate --rtol 1e-5 --atol 1e-6 --expected %t/output_0.npy,%t/output_1.npy --dump-to=%t/gpu | FileCheck %s
// CHECK: output 0 matches
// CHECK: output 1 matches
// CHECK-NOT: differs

// No upload of the mask at the calls; the fusions read it as their own.
// RUN: cat %t/gpu/passes/*/*_xla-gpu-place-buffers.mlir | FileCheck %s --check-prefix=PLACE
// PLACE-NOT: gpu.memcpy {{.*}} : memref<16x16xi1>, memref<16x16xi1>
// PLACE: memref.get_global @{{.*}} : memref<16x16xi1>
// PLACE-NOT: gpu.memcpy {{.*}} : memref<16x16xi1>, memref<16x16xi1>

func.func @main(%scores: tensor<4x16x16xf32>, %w: tensor<16x16xf32>)
    -> (tensor<4x16x16xf32>, tensor<4x16x16xf32>) {
  %mask = stablehlo.constant dense<[[true, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false], [true, true, false, false, false, false, false, false, false, false, false, false, false, false, false, false], [true, true, true, false, false, false, false, false, false, false, false, false, false, false, false, false], [true, true, true, true, false, false, false, false, false, false, false, false, false, false, false, false], [true, true, true, true, true, false, false, false, false, false, false, false, false, false, false, false], [true, true, true, true, true, true, false, false, false, false, false, false, false, false, false, false], [true, true, true, true, true, true, true, false, false, false, false, false, false, false, false, false], [true, true, true, true, true, true, true, true, false, false, false, false, false, false, false, false], [true, true, true, true, true, true, true, true, true, false, false, false, false, false, false, false], [true, true, true, true, true, true, true, true, true, true, false, false, false, false, false, false], [true, true, true, true, true, true, true, true, true, true, true, false, false, false, false, false], [true, true, true, true, true, true, true, true, true, true, true, true, false, false, false, false], [true, true, true, true, true, true, true, true, true, true, true, true, true, false, false, false], [true, true, true, true, true, true, true, true, true, true, true, true, true, true, false, false], [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, false], [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true]]> : tensor<16x16xi1>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %first = func.call @masked_softmax(%scores, %mask) : (tensor<4x16x16xf32>, tensor<16x16xi1>) -> tensor<4x16x16xf32>
  %mixed = stablehlo.dot_general %first, %w, contracting_dims = [2] x [0] : (tensor<4x16x16xf32>, tensor<16x16xf32>) -> tensor<4x16x16xf32>
  %second = func.call @masked_softmax(%mixed, %mask) : (tensor<4x16x16xf32>, tensor<16x16xi1>) -> tensor<4x16x16xf32>
  return %first, %second : tensor<4x16x16xf32>, tensor<4x16x16xf32>
}

func.func private @masked_softmax(%x: tensor<4x16x16xf32>, %mask: tensor<16x16xi1>) -> tensor<4x16x16xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.broadcast_in_dim %mask, dims = [1, 2] : (tensor<16x16xi1>) -> tensor<4x16x16xi1>
  %ninfs = stablehlo.broadcast_in_dim %ninf, dims = [] : (tensor<f32>) -> tensor<4x16x16xf32>
  %masked = stablehlo.select %m, %x, %ninfs : tensor<4x16x16xi1>, tensor<4x16x16xf32>
  %max = stablehlo.reduce(%masked init: %ninf) applies stablehlo.maximum across dimensions = [2] : (tensor<4x16x16xf32>, tensor<f32>) -> tensor<4x16xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0, 1] : (tensor<4x16xf32>) -> tensor<4x16x16xf32>
  %shifted = stablehlo.subtract %masked, %maxb : tensor<4x16x16xf32>
  %e = stablehlo.exponential %shifted : tensor<4x16x16xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<4x16x16xf32>, tensor<f32>) -> tensor<4x16xf32>
  %sumb = stablehlo.broadcast_in_dim %sum, dims = [0, 1] : (tensor<4x16xf32>) -> tensor<4x16x16xf32>
  %p = stablehlo.divide %e, %sumb : tensor<4x16x16xf32>
  return %p : tensor<4x16x16xf32>
}
