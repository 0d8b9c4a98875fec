// A product with few output tiles splits k over blocks (8 x 64 with
// k = 4096: 2 tiles, 16 splits). Each block stores its sums in its own
// slice of a buffer of partials and a second kernel adds them in split
// order, then applies the bias and tanh: the results are the same bits
// whichever order the blocks run in. Here the emulator runs them forwards,
// then backwards; with atomic adds 382 of the 512 sums differed in their
// last bits. 32 x 64 with k = 8192 splits in 32: two runs of 16 per
// output, added through shared memory. The products of 4 rows take the
// kernels of a few rows (the rhs contiguous along n, then along k), split
// in 16; with --gpu-tensor-cores the tiled products take the tensor-core
// kernel, split the same way. A batched product (2 x 16 x 32, k = 4352)
// splits in 17: runs of 9, the second one short, then a bias and tanh
// after the runs' sums. All match the CPU within float rounding.
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --target=cuda --gpu-emulate --no-print --output-dir=%t/forward --dump-to=%t/dump
// RUN: env XLA_GPU_EMULATOR_ORDER=reverse xla-run %s --target=cuda --gpu-emulate --no-print --output-dir=%t/reverse
// RUN: xla-run %s --no-print --output-dir=%t/cpu
// RUN: cmp %t/forward/output_0.npy %t/reverse/output_0.npy
// RUN: cmp %t/forward/output_1.npy %t/reverse/output_1.npy
// RUN: for i in 0 1 2 3 4 5; do cmp %t/forward/output_$i.npy %t/reverse/output_$i.npy || exit 1; done
// RUN: python3 -c "import numpy as np; [np.testing.assert_allclose(np.load('%t/forward/output_%%d.npy' %% i), np.load('%t/cpu/output_%%d.npy' %% i), rtol=1e-5, atol=1e-3) for i in range(6)]; print('match the CPU')" | FileCheck %s --check-prefix=CPU
// RUN: xla-run %s --target=cuda --gpu-emulate --gpu-tensor-cores=tf32x3 --no-print --output-dir=%t/tc-forward
// RUN: env XLA_GPU_EMULATOR_ORDER=reverse xla-run %s --target=cuda --gpu-emulate --gpu-tensor-cores=tf32x3 --no-print --output-dir=%t/tc-reverse
// RUN: for i in 0 1 2 3 4 5; do cmp %t/tc-forward/output_$i.npy %t/tc-reverse/output_$i.npy || exit 1; done
// RUN: python3 -c "import numpy as np; [np.testing.assert_allclose(np.load('%t/tc-forward/output_%%d.npy' %% i), np.load('%t/cpu/output_%%d.npy' %% i), rtol=1e-4, atol=1e-2) for i in range(6)]; print('match the CPU')" | FileCheck %s --check-prefix=CPU
// RUN: cat %t/dump/passes/*/*_xla-gpu-map-linalg.mlir | FileCheck %s
// RUN: cat %t/dump/passes/*/*_xla-gpu-map-linalg.mlir | FileCheck %s --check-prefix=LONG
// CPU: match the CPU
// CHECK: memref.alloc() : memref<16x1x8x64xf32>
// CHECK: gpu.launch
// CHECK-NOT: memref.atomic_rmw
// CHECK: gpu.launch
// CHECK: memref.load {{.*}} : memref<16x1x8x64xf32>
// CHECK: math.tanh
// CHECK: memref.dealloc
// LONG: memref.alloc() : memref<32x1x32x64xf32>
// LONG: gpu.launch
// LONG-NOT: memref.atomic_rmw
// LONG: gpu.launch {{.*}} workgroup({{.*}} : memref<2x128xf32, #gpu.address_space<workgroup>>)
// LONG: gpu.barrier
// RUN: cat %t/dump/passes/*/*_xla-gpu-map-linalg.mlir | FileCheck %s --check-prefix=SKINNY
// SKINNY-DAG: memref.alloc() : memref<16x1x4x1024xf32>
// SKINNY-DAG: memref.alloc() : memref<16x1x4x512xf32>
// RUN: cat %t/dump/passes/*/*_xla-gpu-map-linalg.mlir | FileCheck %s --check-prefix=BATCH
// BATCH: memref.alloc() : memref<17x2x16x32xf32>
// BATCH: gpu.launch {{.*}} workgroup({{.*}} : memref<2x128xf32, #gpu.address_space<workgroup>>)
// BATCH: gpu.barrier
// BATCH: math.tanh

func.func @main(%a: tensor<8x4096xf32>, %b: tensor<4096x64xf32>, %bias: tensor<64xf32>, %c: tensor<32x8192xf32>, %d: tensor<8192x64xf32>, %e: tensor<4x4096xf32>, %f: tensor<4096x1024xf32>, %g: tensor<512x4096xf32>, %h: tensor<2x16x4352xf32>, %k: tensor<2x4352x32xf32>, %bias2: tensor<32xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>, tensor<32x64xf32>, tensor<4x1024xf32>, tensor<4x512xf32>, tensor<2x16x32xf32>) {
  %p = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x4096xf32>, tensor<4096x64xf32>) -> tensor<8x64xf32>
  %bb = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<64xf32>) -> tensor<8x64xf32>
  %y = stablehlo.add %p, %bb : tensor<8x64xf32>
  %t = stablehlo.tanh %y : tensor<8x64xf32>
  %q = stablehlo.dot_general %c, %d, contracting_dims = [1] x [0] : (tensor<32x8192xf32>, tensor<8192x64xf32>) -> tensor<32x64xf32>
  %r = stablehlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<4x4096xf32>, tensor<4096x1024xf32>) -> tensor<4x1024xf32>
  %u = stablehlo.dot_general %e, %g, contracting_dims = [1] x [1] : (tensor<4x4096xf32>, tensor<512x4096xf32>) -> tensor<4x512xf32>
  %v = stablehlo.dot_general %h, %k, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x16x4352xf32>, tensor<2x4352x32xf32>) -> tensor<2x16x32xf32>
  %vb = stablehlo.broadcast_in_dim %bias2, dims = [2] : (tensor<32xf32>) -> tensor<2x16x32xf32>
  %vy = stablehlo.add %v, %vb : tensor<2x16x32xf32>
  %vt = stablehlo.tanh %vy : tensor<2x16x32xf32>
  return %p, %t, %q, %r, %u, %vt : tensor<8x64xf32>, tensor<8x64xf32>, tensor<32x64xf32>, tensor<4x1024xf32>, tensor<4x512xf32>, tensor<2x16x32xf32>
}
