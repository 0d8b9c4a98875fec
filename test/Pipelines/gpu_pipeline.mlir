// The GPU pipeline end to end, in xla-opt: PTX (gpu-format=isa) needs no
// CUDA at all; the default fatbin runs ptxas.
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa block-size=128" | FileCheck %s
// RUN: xla-opt %s --hlo-gpu-pipeline="gpu-format=isa chip=sm_80" | FileCheck %s --check-prefix=SM80
// RUN: %if ptxas %{ xla-opt %s --hlo-gpu-pipeline | FileCheck %s --check-prefix=BIN %}

// One kernel per fusion, named after it; the PTX is for sm_90a by default
// and the math function comes from libdevice (no unresolved extern).
// CHECK: llvm.mlir.global internal constant @loop_add_fusion_0_module_image("
// CHECK-SAME: .target sm_90a
// CHECK-SAME: .visible .entry loop_add_fusion_0(
// CHECK-SAME: .maxntid 128, 1, 1
// CHECK-NOT: .extern .func {{.*}}__nv_expf
// CHECK-SAME: ld.global
// CHECK-SAME: st.global
// CHECK-SAME: \00")

// The host side: inputs copied in, the kernel launched through the
// runtime (the fusion's host code inlined into the entry by
// xla-gpu-horizontal-fusion), the result copied out, every device buffer
// freed.
// CHECK-NOT: llvm.func @loop_add_fusion(
// CHECK-LABEL: llvm.func @main(
// CHECK: llvm.call @xla_rt_gpu_alloc
// CHECK: llvm.call @xla_rt_gpu_memcpy
// CHECK: llvm.call @xla_rt_gpu_launch
// CHECK: llvm.call @xla_rt_gpu_memcpy
// CHECK: llvm.call @xla_rt_gpu_free
// CHECK-NOT: gpu.

// SM80: .target sm_80

// The default format is a fatbin (cubin and PTX, from ptxas and fatbinary);
// its header starts with the fatbin magic 0xBA55ED50.
// BIN: llvm.mlir.global internal constant @loop_add_fusion_0_module_image("P\EDU\BA

func.func @main(%x: tensor<1024xf32>, %y: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = hlo.exponential %x : tensor<1024xf32>
  %s = hlo.add %e, %y : tensor<1024xf32>
  return %s : tensor<1024xf32>
}
