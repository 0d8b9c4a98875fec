// RUN: xla-opt %s --pass-pipeline="builtin.module(gpu.module(xla-gpu-align-shared-memory))" | FileCheck %s
// RUN: xla-opt %s --pass-pipeline="builtin.module(gpu.module(xla-gpu-align-shared-memory,convert-gpu-to-nvvm))" | FileCheck %s --check-prefix=NVVM

// Every workgroup buffer gets 16-byte alignment (the tiled contraction
// reads its tiles with 16-byte vector loads); a larger one stays.
// CHECK-LABEL: gpu.func @kernel(
// CHECK-SAME:    workgroup(%{{.*}} : memref<8x132xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<8xf64, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
// NVVM: llvm.mlir.global internal @__wg_kernel_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<1056 x f32>
// NVVM: llvm.mlir.global internal @__wg_kernel_1() {addr_space = 3 : i32, alignment = 32 : i64} : !llvm.array<8 x f64>
gpu.module @kernels {
  gpu.func @kernel(%out: memref<2xf32>)
      workgroup(%tile: memref<8x132xf32, #gpu.address_space<workgroup>>,
                %wide: memref<8xf64, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
      kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = vector.load %tile[%c0, %c0] {alignment = 16 : i64} : memref<8x132xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    %e = vector.extract %v[0] : f32 from vector<4xf32>
    memref.store %e, %out[%c0] : memref<2xf32>
    %w = memref.load %wide[%c1] : memref<8xf64, #gpu.address_space<workgroup>>
    %t = arith.truncf %w : f64 to f32
    memref.store %t, %out[%c1] : memref<2xf32>
    gpu.return
  }
}
