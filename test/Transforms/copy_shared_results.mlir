// RUN: xla-opt %s --xla-copy-shared-results | FileCheck %s
// RUN: xla-opt %s --hlo-cpu-pipeline | FileCheck %s --check-prefix=LLVM

// A value returned twice gets a copy for its second use; every result then
// bufferizes to its own out-param (this used to crash
// buffer-results-to-out-params).

// CHECK-LABEL: func.func @twice
// CHECK: %[[SUM:.*]] = hlo.add
// CHECK: %[[COPY:.*]] = bufferization.alloc_tensor() copy(%[[SUM]])
// CHECK: return %[[SUM]], %[[COPY]]
// LLVM-LABEL: llvm.func @twice
func.func @twice(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.add %a, %a : tensor<4xf32>
  return %0, %0 : tensor<4xf32>, tensor<4xf32>
}
