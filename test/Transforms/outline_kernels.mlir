// RUN: xla-opt %s --xla-outline-kernels | FileCheck %s

// Each top-level loop nest becomes a noinline kernel taking the buffers it
// uses; constants and globals are cloned in so bounds stay constant.

// CHECK-LABEL: func.func private @main_kernel_0(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>)
// CHECK-SAME: passthrough = ["noinline"]
// CHECK: arith.constant 0 : index
// CHECK: scf.for
// CHECK: func.func private @main_kernel_1(%{{.*}}: memref<4xf32>)
// CHECK: memref.get_global @g
// CHECK-LABEL: func.func @main
// CHECK: call @main_kernel_0(%{{.*}}, %{{.*}}) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK: call @main_kernel_1(%{{.*}}) : (memref<4xf32>) -> ()
// CHECK-NOT: scf.for
memref.global "private" constant @g : memref<4xf32> = dense<1.0>
func.func @main(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @g : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %b[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %g[%i] : memref<4xf32>
    memref.store %x, %b[%i] : memref<4xf32>
  }
  return
}

// A single loop nest stays where it is.
// CHECK-LABEL: func.func @single
// CHECK: scf.for
func.func @single(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %f, %a[%i] : memref<4xf32>
  }
  return
}
