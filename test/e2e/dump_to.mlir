// --dump-to (and $XLA_DUMP_TO) writes what the compiler did: the input,
// the IR after each pass, the fusion report and graph, the LLVM IR and the
// assembly, with the kernels named after their fusions throughout, and the
// memory report.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --dump-to %t/run > /dev/null
// RUN: ls %t/run | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --check-prefix=REPORT < %t/run/fusion_report.txt
// RUN: FileCheck %s --check-prefix=LL < %t/run/program.ll
// RUN: FileCheck %s --check-prefix=ASM < %t/run/program.s
// RUN: ls %t/run/passes/*/ | FileCheck %s --check-prefix=PASSES
// RUN: env XLA_DUMP_TO=%t/env xla-translate %s --emit=obj -o %t/prog.o
// RUN: ls %t/env | FileCheck %s --check-prefix=FILES
// RUN: not xla-run %s --dump-to /proc/no/such/dir 2>&1 | FileCheck %s --check-prefix=BAD
// For a GPU, also the PTX of each kernel (compiled here; no GPU needed).
// RUN: xla-translate %s --target=cuda --emit=shared -o %t/gpu.so --dump-to %t/gpu
// RUN: ls %t/gpu/ptx | FileCheck %s --check-prefix=PTXFILES
// RUN: FileCheck %s --check-prefix=PTX < %t/gpu/ptx/loop_multiply_fusion_0_module.ptx

// FILES: fusion_report.dot
// FILES: fusion_report.json
// FILES: fusion_report.txt
// FILES: input.mlir
// FILES: memory_report.json
// FILES: memory_report.txt
// FILES: passes
// FILES: program.ll
// FILES: program.s

// PTXFILES: loop_multiply_fusion_0_module.ptx
// PTX: .target sm_90a
// PTX: .entry loop_multiply_fusion_0(
// PTX: ld.global
// PTX: st.global

// REPORT: total: 0.01 MB moved
// REPORT: loop_multiply_fusion (loop, 2 ops)
// REPORT-NEXT: hlo.exponential {{.*}}dump_to.mlir:[[#@LINE+10]]:8
// LL: define {{.*}}@loop_multiply_fusion(
// ASM: loop_multiply_fusion:
// PASSES: 0_hlo-plan-fusion.mlir
// PASSES: _hlo-legalize-to-linalg.mlir

// BAD: error: --dump-to: cannot create /proc/no/such/dir

func.func @main(%x: tensor<1024xf32>) -> tensor<1024xf32> {
  %c = hlo.constant dense<2.0> : tensor<1024xf32>
  %e = hlo.exponential %x : tensor<1024xf32>
  %m = hlo.multiply %e, %c : tensor<1024xf32>
  return %m : tensor<1024xf32>
}
