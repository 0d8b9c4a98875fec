// RUN: xla-opt %s --split-input-file --xla-plan-streaming-stores='min-bytes=4096 reuse-bytes=65536' | FileCheck %s
// RUN: xla-opt %s --split-input-file --xla-plan-streaming-stores | FileCheck %s --check-prefix=TARGET

// A kernel's output is marked when no cache would still hold it for its
// reader: a result of the program (nothing in main reads it again), a
// buffer deallocated unread, or one read only after the ops in between
// touched reuse-bytes of other buffers. Not when its reader comes right
// after, when it is below min-bytes, when the call is inside a loop, or
// when a shared kernel does not qualify at every call. Only what a kernel
// stores into is marked.
// CHECK-LABEL: func.func private @produce
// CHECK-SAME: (%{{.*}}: memref<64x64xf32>, %{{.*}}: memref<64x64xf32> {xla.streaming_store})
// CHECK-LABEL: func.func private @near
// CHECK-SAME: (%{{.*}}: memref<64x64xf32>, %{{.*}}: memref<64x64xf32>)
// CHECK-NOT: xla.streaming_store
// CHECK-LABEL: func.func private @far
// CHECK-SAME: (%{{.*}}: memref<64x64xf32>, %{{.*}}: memref<64x64xf32> {xla.streaming_store})
// CHECK-LABEL: func.func private @dead
// CHECK-SAME: {xla.streaming_store}
// CHECK-LABEL: func.func private @small
// CHECK-NOT: xla.streaming_store
// CHECK-LABEL: func.func private @in_loop
// CHECK-NOT: xla.streaming_store
// CHECK-LABEL: func.func private @shared
// CHECK-NOT: xla.streaming_store
// CHECK-LABEL: func.func private @touch
// CHECK-LABEL: func.func @main
// Without options or a target, nothing is marked.
// TARGET-NOT: xla.streaming_store
func.func private @produce(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %out[%c0, %c0] : memref<64x64xf32>
  return
}
func.func private @near(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %out[%c0, %c0] : memref<64x64xf32>
  return
}
func.func private @far(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %out[%c0, %c0] : memref<64x64xf32>
  return
}
func.func private @dead(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %out[%c0, %c0] : memref<64x64xf32>
  return
}
func.func private @small(%in: memref<64x64xf32>, %out: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %out[%c0, %c0] : memref<16x16xf32>
  return
}
func.func private @in_loop(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %out[%c0, %c0] : memref<64x64xf32>
  return
}
func.func private @shared(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %out[%c0, %c0] : memref<64x64xf32>
  return
}
func.func private @touch(%big: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %f = memref.load %big[%c0, %c0] : memref<128x128xf32>
  return
}
func.func @main(%x: memref<64x64xf32> {xla.input},
                %big: memref<128x128xf32> {xla.input},
                %result: memref<64x64xf32>, %result2: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  call @produce(%x, %result) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  %a = memref.alloc() : memref<64x64xf32>
  call @near(%x, %a) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  %b = memref.alloc() : memref<64x64xf32>
  call @far(%a, %b) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  // 64 KiB of another buffer before %b is read.
  call @touch(%big) : (memref<128x128xf32>) -> ()
  %view = memref.subview %b[0, 0] [32, 64] [1, 1] : memref<64x64xf32> to memref<32x64xf32, strided<[64, 1]>>
  %c = memref.alloc() : memref<64x64xf32>
  call @dead(%x, %c) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  memref.dealloc %c : memref<64x64xf32>
  %s = memref.alloc() : memref<16x16xf32>
  call @small(%x, %s) : (memref<64x64xf32>, memref<16x16xf32>) -> ()
  scf.for %i = %c0 to %c4 step %c1 {
    func.call @in_loop(%x, %result2) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  }
  call @shared(%x, %result2) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  call @shared(%x, %a) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  call @near(%a, %result2) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  %view2 = memref.subview %result2[0, 0] [32, 64] [1, 1] : memref<64x64xf32> to memref<32x64xf32, strided<[64, 1]>>
  memref.copy %view, %view2 : memref<32x64xf32, strided<[64, 1]>> to memref<32x64xf32, strided<[64, 1]>>
  memref.dealloc %a : memref<64x64xf32>
  memref.dealloc %b : memref<64x64xf32>
  memref.dealloc %s : memref<16x16xf32>
  return
}

// -----

// The module's xla.target: all cores' L2 (2 x 16 KiB) and the L3 (64 KiB);
// not on other architectures.
// TARGET-LABEL: func.func private @by_target
// TARGET-SAME: (%{{.*}}: memref<64x64xf32>, %{{.*}}: memref<128x128xf32> {xla.streaming_store}, %{{.*}}: memref<64x64xf32>)
module attributes {xla.target = {bandwidth_gbps = 2.000000e+01 : f64, clock_ghz = 3.000000e+00 : f64, cores = 2 : i64, cpu = "skylake-avx512", features = "", kernel_overhead_us = 2.000000e+00 : f64, l1_bytes = 4096 : i64, l2_bytes = 16384 : i64, l3_bytes = 65536 : i64, memory_bytes = 1073741824 : i64, peak_gflops = 1.000000e+02 : f64, triple = "x86_64-pc-linux-gnu", vector_bits = 512 : i64}} {
  func.func private @by_target(%in: memref<64x64xf32>, %out: memref<128x128xf32>, %small: memref<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %out[%c0, %c0] : memref<128x128xf32>
    memref.store %f, %small[%c0, %c0] : memref<64x64xf32>
    return
  }
  func.func @main(%x: memref<64x64xf32> {xla.input}, %r: memref<128x128xf32>, %r2: memref<64x64xf32>) {
    call @by_target(%x, %r, %r2) : (memref<64x64xf32>, memref<128x128xf32>, memref<64x64xf32>) -> ()
    return
  }
}

// -----

// TARGET-LABEL: func.func private @not_x86
// TARGET-NOT: xla.streaming_store
module attributes {xla.target = {bandwidth_gbps = 2.000000e+01 : f64, clock_ghz = 3.000000e+00 : f64, cores = 2 : i64, cpu = "generic", features = "", kernel_overhead_us = 2.000000e+00 : f64, l1_bytes = 4096 : i64, l2_bytes = 16384 : i64, l3_bytes = 65536 : i64, memory_bytes = 1073741824 : i64, peak_gflops = 1.000000e+02 : f64, triple = "aarch64-unknown-linux-gnu", vector_bits = 128 : i64}} {
  func.func private @not_x86(%in: memref<64x64xf32>, %out: memref<128x128xf32>) {
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %out[%c0, %c0] : memref<128x128xf32>
    return
  }
  func.func @main(%x: memref<64x64xf32> {xla.input}, %r: memref<128x128xf32>) {
    call @not_x86(%x, %r) : (memref<64x64xf32>, memref<128x128xf32>) -> ()
    return
  }
}
