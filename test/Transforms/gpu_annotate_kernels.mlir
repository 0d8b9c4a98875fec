// xla-gpu-annotate-kernels: the module's kernel -> blocks dictionary
// becomes nvvm.minctasm on the outlined kernels it names, and goes.
// RUN: xla-opt %s --split-input-file --xla-gpu-annotate-kernels | FileCheck %s

// CHECK-LABEL: module attributes {gpu.container_module} {
// CHECK:         gpu.func @output_dot_general_fusion_0(
// CHECK-SAME:      nvvm.minctasm = 2 : i32
// CHECK:         gpu.func @loop_add_fusion_0(
// CHECK-NOT:       nvvm.minctasm
// CHECK-SAME:      kernel
module attributes {gpu.container_module, xla.kernel_min_blocks = {output_dot_general_fusion_0 = 2 : i32}} {
  gpu.module @output_dot_general_fusion_0_module {
    gpu.func @output_dot_general_fusion_0(%arg0: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @loop_add_fusion_0_module {
    gpu.func @loop_add_fusion_0(%arg0: memref<4xf32>) kernel {
      gpu.return
    }
  }
}
