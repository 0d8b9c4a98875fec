// RUN: xla-opt %s --custom-call-lower-to-runtime -split-input-file -verify-diagnostics | FileCheck %s

// A custom call becomes a call of the runtime's dispatcher with the call
// site description (name, "DTYPE:DIMS" of operands and results with DType
// codes: 11 is f32, 8 ui64, 3 i32; backend_config) and the pointers of the
// operand buffers and of freshly allocated result buffers.

// CHECK-DAG: llvm.mlir.global internal constant @[[SITE:xla_rt_custom_call_site_0]]("my.op\0A11:2x3,8:\0A3:4\0Asome config\00")
// CHECK-LABEL: func.func @lowered(
// CHECK-SAME: %[[A:.*]]: tensor<2x3xf32>, %[[U:.*]]: tensor<ui64>)
// CHECK-DAG: %[[BA:.*]] = bufferization.to_buffer %[[A]] read_only : tensor<2x3xf32> to memref<2x3xf32>
// CHECK-DAG: %[[BU:.*]] = bufferization.to_buffer %[[U]] read_only : tensor<ui64> to memref<ui64>
// CHECK-DAG: %[[OUT:.*]] = memref.alloc() : memref<4xi32>
// CHECK-DAG: %[[PTRS:.*]] = memref.alloca() : memref<3xindex>
// CHECK: %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[BA]]
// CHECK: memref.store %[[P0]], %[[PTRS]][%{{.*}}]
// CHECK: %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[BU]]
// CHECK: memref.store %[[P1]], %[[PTRS]][%{{.*}}]
// CHECK: %[[P2:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK: memref.store %[[P2]], %[[PTRS]][%{{.*}}]
// CHECK: %[[DYN:.*]] = memref.cast %[[PTRS]] : memref<3xindex> to memref<?xindex>
// CHECK: %[[ADDR:.*]] = llvm.mlir.addressof @[[SITE]]
// CHECK: %[[STR:.*]] = llvm.getelementptr %[[ADDR]][0, 0]
// CHECK: call @xla_rt_custom_call(%[[STR]], %[[DYN]]) : (!llvm.ptr, memref<?xindex>) -> ()
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<4xi32> to tensor<4xi32>
// CHECK: return %[[R]]
// CHECK: func.func private @xla_rt_custom_call(!llvm.ptr, memref<?xindex>)
func.func @lowered(%a: tensor<2x3xf32>, %u: tensor<ui64>) -> tensor<4xi32> {
  %0 = hlo.custom_call @my.op(%a, %u) {backend_config = "some config"} : (tensor<2x3xf32>, tensor<ui64>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// check.* targets are left for hlo-import / hlo-check-lowerable.
// CHECK-LABEL: func.func @check_target(
// CHECK: hlo.custom_call @check.expect_eq
// CHECK-NOT: xla_rt_custom_call
func.func @check_target(%a: tensor<2xf32>) {
  hlo.custom_call @check.expect_eq(%a) : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @token(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.custom_call' op cannot pass operand 0 of type '!hlo.token' to a host function: custom calls take and return statically shaped tensors}}
  hlo.custom_call @my.op(%t) : (!hlo.token) -> ()
  return
}

// -----

func.func @layouts(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.custom_call' op with non-row-major layouts is not supported by the CPU runtime}}
  hlo.custom_call @my.op(%a) {operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = []} : (tensor<2x3xf32>) -> ()
  return
}
