// RUN: xla-opt %s --xla-gpu-map-loops="block-size=128 vector-bytes=0" --split-input-file --verify-diagnostics | FileCheck %s

// A parallel loop: one thread per iteration, the space flattened and
// delinearized with the innermost dimension fastest; the kernel is named
// after its function. The scalar the loop reads moves into it.
// CHECK-LABEL: func.func private @loop_add_fusion(
// CHECK:         %[[BS:.*]] = arith.constant 128 : index
// CHECK-NEXT:    %[[GRID:.*]] = arith.ceildivui %[[N:.*]], %[[BS]]
// CHECK:         gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[GRID]], %{{.*}}, %{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BS]], %{{.*}}, %{{.*}}) module(@loop_add_fusion_0_module) function(@loop_add_fusion_0)
// CHECK:           %[[ID:.*]] = arith.addi %{{.*}}, %[[T]]
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[ID]], %[[N]]
// CHECK:           scf.if %[[IN]] {
// CHECK:             arith.remui %[[ID]]
// CHECK:             arith.divui %[[ID]]
// CHECK:             memref.load %arg1[]
// CHECK:             arith.addf
// CHECK:             memref.store
// CHECK:           gpu.terminator
func.func private @loop_add_fusion(%a: memref<8x6xf32>, %s: memref<f32>, %out: memref<8x6xf32>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %v = memref.load %s[] : memref<f32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c6) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<8x6xf32>
    %y = arith.addf %x, %v : f32
    memref.store %y, %out[%i, %j] : memref<8x6xf32>
    scf.reduce
  }
  return
}

// -----

// Memory ops outside loops (a 0-d op) run in one single-thread kernel;
// a parallel loop nested in a sequential one runs sequentially in it.
// CHECK-LABEL: func.func private @loop_scalar_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[ONE:[^,]*]], {{.*}}) threads({{.*}}) in ({{.*}} = %[[ONE]], {{.*}}) module(@loop_scalar_fusion_0_module) function(@loop_scalar_fusion_0)
// CHECK:           memref.load
// CHECK-NEXT:      arith.mulf
// CHECK-NEXT:      memref.store
// CHECK:           scf.for
// CHECK-NOT:         scf.parallel
// CHECK:             scf.for
// CHECK:           gpu.terminator
func.func private @loop_scalar_fusion(%a: memref<f32>, %out: memref<f32>, %m: memref<4x4xf32>) attributes {xla.fusion_kind = "loop"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = memref.load %a[] : memref<f32>
  %y = arith.mulf %x, %x : f32
  memref.store %y, %out[] : memref<f32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.parallel (%j) = (%c0) to (%c4) step (%c1) {
      memref.store %y, %m[%i, %j] : memref<4x4xf32>
      scf.reduce
    }
  }
  return
}

// -----

func.func private @xla_rt_check_f32(i32, i32, memref<*xf32> {bufferization.access = "read"}, memref<*xf32> {bufferization.access = "read"}, f64, i64, i64, !llvm.ptr)
func.func private @cond(memref<i1>)

// Host code: a while condition read from device memory goes through a
// pinned one-element buffer, dense copies become gpu.memcpy, a strided one
// a copy kernel, and a runtime call reads a pinned host copy of its
// device operand.
// CHECK-LABEL: func.func @main(
// CHECK:         scf.while
// CHECK:           call @cond(%arg2)
// CHECK:           %[[H:.*]] = gpu.alloc host_shared () : memref<i1>
// CHECK:           gpu.memcpy %[[H]], %arg2
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[H]][]
// CHECK-NEXT:      gpu.dealloc %[[H]]
// CHECK:           scf.condition(%[[V]])
// CHECK:         gpu.memcpy %arg1, %arg0 : memref<4x4xf32>, memref<4x4xf32>
// CHECK:         gpu.launch {{.*}} module(@main_0_module) function(@main_0)
// CHECK:           memref.load %{{.*}} : memref<4x2xf32, strided<[4, 2]>>
// CHECK:           gpu.terminator
// CHECK:         %[[S:.*]] = gpu.alloc host_shared () : memref<4x4xf32>
// CHECK-NEXT:    gpu.memcpy %[[S]], %arg1
// CHECK-NEXT:    %[[C:.*]] = memref.cast %[[S]]
// CHECK:         call @xla_rt_check_f32(%{{.*}}, %{{.*}}, %[[C]],
// CHECK:         gpu.dealloc %[[S]]
// A strided operand is gathered into a dense device buffer by a copy
// kernel, then copied out.
// CHECK:         %[[T:.*]] = gpu.alloc host_shared () : memref<4x2xf32>
// CHECK:         %[[D:.*]] = memref.alloc() : memref<4x2xf32>
// CHECK:         gpu.launch {{.*}} module(@main_1_module) function(@main_1)
// CHECK:         gpu.memcpy %[[T]], %[[D]]
// CHECK:         call @xla_rt_check_f32
// CHECK:         memref.dealloc %[[D]]
// CHECK:         gpu.dealloc %[[T]]
func.func @main(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %p: memref<i1>, %x: !llvm.ptr) {
  scf.while : () -> () {
    func.call @cond(%p) : (memref<i1>) -> ()
    %v = memref.load %p[] : memref<i1>
    scf.condition(%v)
  } do {
    scf.yield
  }
  memref.copy %a, %b : memref<4x4xf32> to memref<4x4xf32>
  %sa = memref.subview %a[0, 0] [4, 2] [1, 2] : memref<4x4xf32> to memref<4x2xf32, strided<[4, 2]>>
  %sb = memref.subview %b[0, 0] [4, 2] [1, 2] : memref<4x4xf32> to memref<4x2xf32, strided<[4, 2]>>
  memref.copy %sa, %sb : memref<4x2xf32, strided<[4, 2]>> to memref<4x2xf32, strided<[4, 2]>>
  %c = memref.cast %b : memref<4x4xf32> to memref<*xf32>
  %i = arith.constant 0 : i32
  %t = arith.constant 0.0 : f64
  %z = arith.constant 0 : i64
  func.call @xla_rt_check_f32(%i, %i, %c, %c, %t, %z, %z, %x) : (i32, i32, memref<*xf32>, memref<*xf32>, f64, i64, i64, !llvm.ptr) -> ()
  %cs = memref.cast %sb : memref<4x2xf32, strided<[4, 2]>> to memref<*xf32>
  func.call @xla_rt_check_f32(%i, %i, %cs, %cs, %t, %z, %z, %x) : (i32, i32, memref<*xf32>, memref<*xf32>, f64, i64, i64, !llvm.ptr) -> ()
  return
}

// -----

func.func private @loop_bad_fusion(%a: memref<f32>, %out: memref<f32>) -> f32 attributes {xla.fusion_kind = "loop"} {
  // expected-error @below {{GPU lowering: this value is computed in a kernel but used on the host}}
  %x = memref.load %a[] : memref<f32>
  memref.store %x, %out[] : memref<f32>
  return %x : f32
}
