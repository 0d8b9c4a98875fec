// RUN: xla-opt %s --check-lower-to-runtime -split-input-file -verify-diagnostics | FileCheck %s

// Each check becomes a call of the per-element-type runtime entry point with
// the kind code (0 eq, 1 almost_eq, 2 close, 3 skipped), the dtype code
// (signedness kept: ui8 is 5, f32 is 11), unranked operands, the tolerance,
// the ULP bounds and the location string.

// CHECK-DAG: llvm.mlir.global internal constant @[[LOC0:xla_rt_check_location_0]]("{{.*}}check-to-runtime.mlir:[[#@LINE+26]]:3\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[LOC1:xla_rt_check_location_1]]("{{.*}}check-to-runtime.mlir:[[#@LINE+26]]:3\00")
// CHECK-LABEL: func.func @checks(
// CHECK-SAME: %[[U:.*]]: tensor<2xui8>, %[[F:.*]]: tensor<2xf32>)
// CHECK: %[[EXPECTED:.*]] = hlo.constant dense<[1, 2]> : tensor<2xui8>
// CHECK-DAG: %[[EQ:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[UI8:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[A:.*]] = tensor.cast %[[U]] : tensor<2xui8> to tensor<*xui8>
// CHECK-DAG: %[[B:.*]] = tensor.cast %[[EXPECTED]] : tensor<2xui8> to tensor<*xui8>
// CHECK-DAG: %[[TOL0:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG: %[[LOCPTR0:.*]] = llvm.getelementptr
// CHECK: call @xla_rt_check_ui8(%[[EQ]], %[[UI8]], %[[A]], %[[B]], %[[TOL0]], %{{.*}}, %{{.*}}, %[[LOCPTR0]])
// CHECK-DAG: %[[ALMOST:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[F32:.*]] = arith.constant 11 : i32
// CHECK-DAG: %[[TOL:.*]] = arith.constant 5.000000e-01 : f64
// CHECK: call @xla_rt_check_f32(%[[ALMOST]], %[[F32]], %{{.*}}, %{{.*}}, %[[TOL]],
// CHECK-DAG: %[[CLOSE:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[MIN:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[MAX:.*]] = arith.constant 3 : i64
// CHECK: call @xla_rt_check_f32(%[[CLOSE]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[MIN]], %[[MAX]],
// CHECK: %[[SKIPPED:.*]] = arith.constant 3 : i32
// CHECK: call @xla_rt_check_f32(%[[SKIPPED]],
// CHECK-NOT: check.
// CHECK: func.func private @xla_rt_check_ui8(i32, i32, tensor<*xui8> {bufferization.access = "read"}, tensor<*xui8> {bufferization.access = "read"}, f64, i64, i64, !llvm.ptr)
// CHECK: func.func private @xla_rt_check_f32(i32, i32, tensor<*xf32> {bufferization.access = "read"}, tensor<*xf32> {bufferization.access = "read"}, f64, i64, i64, !llvm.ptr)
func.func @checks(%u: tensor<2xui8>, %f: tensor<2xf32>) {
  check.expect_eq_const %u, dense<[1, 2]> : tensor<2xui8>
  check.expect_almost_eq %f, %f, tolerance = 0.5 : tensor<2xf32>
  check.expect_close %f, %f, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  check.expect_serialized_eq %f, probe_id = "p" : tensor<2xf32>
  return
}

// -----

// Complex, bool and 0-d operands; one declaration per element type.
// CHECK-LABEL: func.func @types(
// CHECK: call @xla_rt_check_complex_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i32, i32, tensor<*xcomplex<f32>>, tensor<*xcomplex<f32>>,
// CHECK: tensor.cast %{{.*}} : tensor<i1> to tensor<*xi1>
// CHECK: call @xla_rt_check_i1(
// CHECK: call @xla_rt_check_i1(
// CHECK-COUNT-2: func.func private @xla_rt_check_
// CHECK-NOT: func.func private @xla_rt_check_
func.func @types(%c: tensor<3xcomplex<f32>>, %b: tensor<i1>) {
  check.expect_almost_eq %c, %c : tensor<3xcomplex<f32>>
  check.expect_eq %b, %b : tensor<i1>
  check.expect_eq_const %b, dense<true> : tensor<i1>
  return
}

// -----

func.func @unsupported() {
  %a = hlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  // expected-error @+1 {{'check.expect_eq' op cannot be checked at run time: element type 'f8E4M3FN' is not supported by the CPU runtime}}
  check.expect_eq %a, %a : tensor<2xf8E4M3FN>
  return
}

// -----

// A program that defines the runtime's symbol itself cannot be lowered.
func.func @xla_rt_check_f32() {
  return
}
func.func @clash(%f: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_eq' op cannot be lowered: the runtime symbol 'xla_rt_check_f32' is already defined by the program}}
  check.expect_eq %f, %f : tensor<2xf32>
  return
}
