// The contraction kernels' staging (GPUTileStaging.cpp) in the emulator:
// the SIMT tiles fill a ring of shared tiles by cp.async
// (--gpu-async-copies, the default) or stage through registers. Each
// thread adds the same products in the same order either way, so the two
// give the same bits; the emulator's block orders too (a cp.async stays
// pending in the emulator until its wait, so a missing wait or barrier
// reads stale tiles). All match the CPU within float rounding. The
// products:
// - 100 x 72 with k = 62: the lhs along k in rows that are not 16-byte
//   aligned (4-byte copies, stored transposed, none past the edge), the
//   rhs along n (16-byte copies);
// - 40 x 64 with k = 48 and the lhs transposed (contracting its first
//   dimension): both operands along m or n, 16-byte copies;
// - bf16 operands, an f32 result: no cp.async of 2-byte elements, so both
//   tiles go through registers within the ring (loaded before a step's
//   products, stored after them);
// - a batch of 2 x 40 x 36 with k = 1000 split in 3 (11 steps of 32 each,
//   4 stages).
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --target=cuda --gpu-emulate --no-print --output-dir=%t/ring --dump-to=%t/dump
// RUN: env XLA_GPU_EMULATOR_ORDER=reverse xla-run %s --target=cuda --gpu-emulate --no-print --output-dir=%t/reverse
// RUN: xla-run %s --target=cuda --gpu-emulate --gpu-async-copies=false --no-print --output-dir=%t/regs
// RUN: xla-run %s --no-print --output-dir=%t/cpu
// RUN: for i in 0 1 2 3; do cmp %t/ring/output_$i.npy %t/reverse/output_$i.npy && cmp %t/ring/output_$i.npy %t/regs/output_$i.npy || exit 1; done
// RUN: python3 -c "import numpy as np; [np.testing.assert_allclose(np.load('%t/ring/output_%%d.npy' %% i), np.load('%t/cpu/output_%%d.npy' %% i), rtol=1e-5, atol=1e-4) for i in range(4)]; print('match the CPU')" | FileCheck %s --check-prefix=CPU
// RUN: cat %t/dump/passes/*/*_xla-gpu-map-linalg.mlir | FileCheck %s
// CPU: match the CPU
// CHECK: gpu.launch {{.*}} workgroup({{.*}} : memref<2x32x36xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<2x32x36xf32, #gpu.address_space<workgroup>>)
// CHECK: nvgpu.device_async_copy %arg0[{{.*}}], 1, %{{.*}} : memref<100x62xf32>
// CHECK: nvgpu.device_async_copy %arg1[{{.*}}], 4, %{{.*}} {bypassL1} : memref<62x72xf32>
// CHECK: gpu.launch {{.*}} workgroup({{.*}} : memref<2x32x36xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<2x32x36xf32, #gpu.address_space<workgroup>>)
// CHECK: nvgpu.device_async_copy %arg0[{{.*}}], 4, %{{.*}} {bypassL1} : memref<48x40xf32>
// CHECK: nvgpu.device_async_copy %arg1[{{.*}}], 4, %{{.*}} {bypassL1} : memref<48x64xf32>
// CHECK: gpu.launch {{.*}} workgroup({{.*}} : memref<3x32x36xbf16, #gpu.address_space<workgroup>>, {{.*}} : memref<3x32x36xbf16, #gpu.address_space<workgroup>>)
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: memref.alloc() : memref<3x2x40x36xf32>
// CHECK: gpu.launch {{.*}} workgroup({{.*}} : memref<4x32x36xf32, #gpu.address_space<workgroup>>, {{.*}} : memref<4x32x36xf32, #gpu.address_space<workgroup>>)
// CHECK: nvgpu.device_async_copy %arg0[{{.*}}], 1, %{{.*}} : memref<2x40x1000xf32>

func.func @main(%a: tensor<100x62xf32>, %b: tensor<62x72xf32>,
                %c: tensor<48x40xf32>, %d: tensor<48x64xf32>,
                %e: tensor<64x96xbf16>, %f: tensor<96x80xbf16>,
                %p: tensor<2x40x1000xf32>, %q: tensor<2x1000x36xf32>)
    -> (tensor<100x72xf32>, tensor<40x64xf32>, tensor<64x80xf32>,
        tensor<2x40x36xf32>) {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<100x62xf32>, tensor<62x72xf32>) -> tensor<100x72xf32>
  %1 = hlo.dot_general %c, %d, contracting_dims = [0] x [0] : (tensor<48x40xf32>, tensor<48x64xf32>) -> tensor<40x64xf32>
  %2 = hlo.dot_general %e, %f, contracting_dims = [1] x [0] : (tensor<64x96xbf16>, tensor<96x80xbf16>) -> tensor<64x80xf32>
  %3 = hlo.dot_general %p, %q, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x40x1000xf32>, tensor<2x1000x36xf32>) -> tensor<2x40x36xf32>
  return %0, %1, %2, %3 : tensor<100x72xf32>, tensor<40x64xf32>, tensor<64x80xf32>, tensor<2x40x36xf32>
}
