// RUN: xla-opt %s --xla-gpu-to-runtime | FileCheck %s

// The binary becomes a NUL-terminated constant (PTX loads as text), named
// after its module; a launch passes every parameter in a 64-bit slot of an
// array allocated once, in the entry block: a memref as its expanded
// descriptor, a float bit-cast and zero-extended.
// CHECK-DAG: llvm.mlir.global internal constant @kernels_image("PTX TEXT\00")
// CHECK-DAG: llvm.mlir.global internal constant @kernels_add_name("add\00")
// CHECK-NOT: gpu.binary

module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target, "PTX TEXT">]

  // CHECK-LABEL: func.func @launch(
  // CHECK:         %[[SLOTS:.*]] = llvm.alloca %{{.*}} x i64 {alignment = 8 : i64}
  // CHECK:         scf.for
  // CHECK:           llvm.ptrtoint
  // CHECK:           llvm.ptrtoint
  // CHECK:           %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
  // CHECK:           %[[WIDE:.*]] = llvm.zext %[[BITS]] : i32 to i64
  // CHECK-COUNT-6:   llvm.store
  // CHECK:           %[[IMAGE:.*]] = llvm.mlir.addressof @kernels_image
  // CHECK:           %[[NAME:.*]] = llvm.mlir.addressof @kernels_add_name
  // CHECK:           llvm.call @xla_rt_gpu_launch(%[[IMAGE]], %{{.*}}, %[[NAME]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SLOTS]], %{{.*}})
  func.func @launch(%m: memref<4xf32>, %f: f32, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @kernels::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>, %f : f32)
    }
    return
  }

  // A buffer with no elements has nothing to copy, whatever its strides.
  // CHECK-LABEL: func.func @empty(
  // CHECK-NOT:     xla_rt_gpu_memcpy
  // CHECK:         return
  func.func @empty(%d: memref<2x0xi8>, %h: memref<2x0xi8>) {
    gpu.memcpy %h, %d : memref<2x0xi8>, memref<2x0xi8>
    return
  }

  // Pinned staging memory, its copy and its release.
  // CHECK-LABEL: func.func @stage(
  // CHECK:         %[[H:.*]] = llvm.call @xla_rt_gpu_host_alloc(%{{.*}}) : (i64) -> !llvm.ptr
  // CHECK:         llvm.call @xla_rt_gpu_memcpy(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64) -> ()
  // CHECK:         llvm.call @xla_rt_gpu_host_free(%{{.*}}) : (!llvm.ptr) -> ()
  func.func @stage(%d: memref<4xf32>) -> f32 {
    %h = gpu.alloc host_shared () : memref<4xf32>
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %h[%c0] : memref<4xf32>
    gpu.dealloc %h : memref<4xf32>
    return %v : f32
  }
}
