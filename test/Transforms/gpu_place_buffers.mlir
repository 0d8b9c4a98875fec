// RUN: xla-opt %s --xla-gpu-place-buffers -split-input-file | FileCheck %s

memref.global "private" constant @bias : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func private @kernel(memref<4xf32>, memref<4xf32>, memref<4xf32>)

// Inputs (xla.input) are copied to device buffers at the start, out-params
// are computed in device buffers and copied out before the return, and a
// constant passed to a kernel function is uploaded first.
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %[[IN:.*]]: memref<4xf32> {xla.input}, %[[OUT:.*]]: memref<4xf32>)
// CHECK:         %[[DIN:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    gpu.memcpy %[[DIN]], %[[IN]]
// CHECK-NEXT:    %[[DOUT:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         %[[G:.*]] = memref.get_global @bias
// CHECK:         %[[DG:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    gpu.memcpy %[[DG]], %[[G]]
// CHECK-NEXT:    call @kernel(%[[DIN]], %[[DG]], %[[DOUT]])
// CHECK-NEXT:    gpu.memcpy %[[OUT]], %[[DOUT]]
// CHECK-NEXT:    return
func.func @main(%in: memref<4xf32> {xla.input}, %out: memref<4xf32>) {
  %g = memref.get_global @bias : memref<4xf32>
  call @kernel(%in, %g, %out) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
  return
}

// Private functions (kernels) take device buffers from their callers.
// CHECK-LABEL: func.func private @helper(
// CHECK-NOT:     gpu.memcpy
// CHECK:         return
func.func private @helper(%a: memref<4xf32>) {
  return
}

// -----

// A constant that every call of a private function passes, and that the
// function only reads, becomes the function's own (a causal mask read by
// each attention layer): no upload at the calls, and the kernels of the
// function read it from their module. Through a nested call too.
memref.global "private" constant @mask : memref<4xi1> = dense<[true, false, true, true]>
memref.global "private" constant @other : memref<4xi1> = dense<false>
memref.global "private" @state : memref<4xi1> = dense<false>

// CHECK-LABEL: func.func @sunk(
// CHECK-NOT:     gpu.memcpy %{{.*}}, %{{.*}}get_global
// CHECK:         call @masked(%{{[a-z_0-9]*}}, %{{[a-z_0-9]*}}) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK:         call @masked(%{{[a-z_0-9]*}}, %{{[a-z_0-9]*}}) : (memref<4xf32>, memref<4xf32>) -> ()
func.func @sunk(%in: memref<4xf32> {xla.input}, %out: memref<4xf32>) {
  %m = memref.get_global @mask : memref<4xi1>
  %t = memref.alloc() : memref<4xf32>
  call @masked(%in, %m, %t) : (memref<4xf32>, memref<4xi1>, memref<4xf32>) -> ()
  call @masked(%t, %m, %out) : (memref<4xf32>, memref<4xi1>, memref<4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @masked(
// CHECK-SAME:    %{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>) {
// CHECK-NEXT:    %[[M:.*]] = memref.get_global @mask : memref<4xi1>
// CHECK:         call @select(%{{.*}}, %{{.*}}) : (memref<4xf32>, memref<4xf32>) -> ()
func.func private @masked(%x: memref<4xf32>, %m: memref<4xi1>, %y: memref<4xf32>) {
  call @select(%x, %m, %y) : (memref<4xf32>, memref<4xi1>, memref<4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @select(
// CHECK-SAME:    %{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>) {
// CHECK-NEXT:    %[[M:.*]] = memref.get_global @mask : memref<4xi1>
// CHECK:         %[[V:.*]] = memref.subview %[[M]][0] [2] [1]
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[V]] :
func.func private @select(%x: memref<4xf32>, %m: memref<4xi1>, %y: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %xv = memref.subview %x[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %mv = memref.subview %m[0] [2] [1] : memref<4xi1> to memref<2xi1, strided<[1]>>
  %yv = memref.subview %y[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%xv, %mv : memref<2xf32, strided<[1]>>, memref<2xi1, strided<[1]>>) outs(%yv : memref<2xf32, strided<[1]>>) {
  ^bb0(%a: f32, %b: i1, %c: f32):
    %r = arith.select %b, %a, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// Left to an upload at each call: the calls pass different constants, the
// function writes its argument, the global is not a constant, or the
// function hands the argument on where it may be written (a yield of an
// scf.if whose result is filled; a return).
// CHECK-LABEL: func.func @uploaded(
// CHECK-COUNT-7: gpu.memcpy %{{.*}}, %{{.*}} : memref<4xi1>, memref<4xi1>
// CHECK-NOT:     gpu.memcpy %{{.*}}, %{{.*}} : memref<4xi1>, memref<4xi1>
func.func @uploaded(%in: memref<4xf32> {xla.input}, %out: memref<4xf32>) {
  %m = memref.get_global @mask : memref<4xi1>
  %o = memref.get_global @other : memref<4xi1>
  %s = memref.get_global @state : memref<4xi1>
  call @either(%in, %m, %out) : (memref<4xf32>, memref<4xi1>, memref<4xf32>) -> ()
  call @either(%in, %o, %out) : (memref<4xf32>, memref<4xi1>, memref<4xf32>) -> ()
  call @writes(%m) : (memref<4xi1>) -> ()
  call @either2(%in, %s, %out) : (memref<4xf32>, memref<4xi1>, memref<4xf32>) -> ()
  call @either2(%in, %s, %out) : (memref<4xf32>, memref<4xi1>, memref<4xf32>) -> ()
  %c = arith.constant true
  call @yields(%m, %c) : (memref<4xi1>, i1) -> ()
  %r = call @returns(%m) : (memref<4xi1>) -> memref<4xi1>
  %true = arith.constant true
  linalg.fill ins(%true : i1) outs(%r : memref<4xi1>)
  return
}

// CHECK-LABEL: func.func private @yields(
// CHECK-SAME:    memref<4xi1>
func.func private @yields(%m: memref<4xi1>, %c: i1) {
  %t = memref.alloc() : memref<4xi1>
  %v = scf.if %c -> memref<4xi1> {
    scf.yield %m : memref<4xi1>
  } else {
    scf.yield %t : memref<4xi1>
  }
  %false = arith.constant false
  linalg.fill ins(%false : i1) outs(%v : memref<4xi1>)
  return
}

// CHECK-LABEL: func.func private @returns(
// CHECK-SAME:    memref<4xi1>
func.func private @returns(%m: memref<4xi1>) -> memref<4xi1> {
  return %m : memref<4xi1>
}

// CHECK-LABEL: func.func private @either(
// CHECK-SAME:    memref<4xi1>
func.func private @either(%x: memref<4xf32>, %m: memref<4xi1>, %y: memref<4xf32>) {
  memref.copy %x, %y : memref<4xf32> to memref<4xf32>
  return
}

// CHECK-LABEL: func.func private @writes(
// CHECK-SAME:    memref<4xi1>
func.func private @writes(%m: memref<4xi1>) {
  %true = arith.constant true
  linalg.fill ins(%true : i1) outs(%m : memref<4xi1>)
  return
}

// CHECK-LABEL: func.func private @either2(
// CHECK-SAME:    memref<4xi1>
func.func private @either2(%x: memref<4xf32>, %m: memref<4xi1>, %y: memref<4xf32>) {
  memref.copy %x, %y : memref<4xf32> to memref<4xf32>
  return
}
