// RUN: xla-opt %s --split-input-file --verify-diagnostics --xla-gpu-to-runtime=emulated=1 | FileCheck %s

// Kernels compiled for the host (xla-gpu-kernels-to-host): the emulated
// binary goes, a launch passes the kernel's host entry and its flags (1: it
// synchronizes) where a GPU launch passes the image and its size, and every
// runtime function is the emulator's.
// CHECK-NOT: gpu.binary
// CHECK-NOT: _image

module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target, properties = {xla.gpu_emulator.host}, offload = "">]
  llvm.func internal @kernels__add__entry(%p: !llvm.ptr) attributes {xla.gpu_emulator.synchronizes} {
    llvm.return
  }
  llvm.func internal @kernels__fill__entry(%p: !llvm.ptr) {
    llvm.return
  }

  // CHECK-LABEL: func.func @launch(
  // CHECK:         %[[ADD:.*]] = llvm.mlir.addressof @kernels__add__entry
  // CHECK:         %[[SYNC:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK:         llvm.call @xla_rt_gpuemu_launch(%[[ADD]], %[[SYNC]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
  // CHECK:         %[[FILL:.*]] = llvm.mlir.addressof @kernels__fill__entry
  // CHECK:         %[[PLAIN:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK:         llvm.call @xla_rt_gpuemu_launch(%[[FILL]], %[[PLAIN]],
  // CHECK:         llvm.call @xla_rt_gpuemu_host_alloc(
  // CHECK:         llvm.call @xla_rt_gpuemu_memcpy(
  // CHECK:         llvm.call @xla_rt_gpuemu_host_free(
  func.func @launch(%m: memref<4xf32>, %f: f32) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@add blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>, %f : f32)
    gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    %h = gpu.alloc host_shared () : memref<4xf32>
    gpu.memcpy %h, %m : memref<4xf32>, memref<4xf32>
    gpu.dealloc %h : memref<4xf32>
    return
  }
}

// -----

// A real binary where emulated kernels are expected.
module attributes {gpu.container_module} {
  // expected-error @below {{expected kernels compiled for the host (xla-gpu-kernels-to-host)}}
  gpu.binary @kernels [#gpu.object<#nvvm.target, "PTX TEXT">]
}

// -----

// An emulated launch whose kernel has no host entry.
module attributes {gpu.container_module} {
  gpu.binary @kernels [#gpu.object<#nvvm.target, properties = {xla.gpu_emulator.host}, offload = "">]
  func.func @launch(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @below {{no host entry for the emulated kernel @kernels::@add}}
    gpu.launch_func @kernels::@add blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<4xf32>)
    return
  }
}
