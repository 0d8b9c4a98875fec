// RUN: xla-opt %s --pass-pipeline='builtin.module(gpu.module(xla-gpu-lower-subgroup-reductions))' | FileCheck %s

// A warp-wide sum: five butterfly shuffles over 32 lanes; a sum over
// clusters of 8 lanes: three.
// CHECK-LABEL: gpu.func @sums
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK:         arith.addf
// CHECK-COUNT-3: gpu.shuffle xor
// CHECK-NEXT:    arith.maximumf
// CHECK-NOT:     gpu.shuffle
// CHECK-NOT:     gpu.subgroup_reduce
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @sums(%x: f32, %out: memref<2xf32>) kernel {
      %s = gpu.subgroup_reduce add %x uniform : (f32) -> f32
      %m = gpu.subgroup_reduce maximumf %x uniform cluster(size = 8) : (f32) -> f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %s, %out[%c0] : memref<2xf32>
      memref.store %m, %out[%c1] : memref<2xf32>
      gpu.return
    }
  }
}
