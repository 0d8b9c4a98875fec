// RUN: xla-opt %s --xla-gpu-horizontal-fusion="inline-fusions=false" --split-input-file | FileCheck %s
// RUN: xla-opt %s --xla-gpu-horizontal-fusion="max-kernels=1" --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: xla-opt %s --xla-gpu-horizontal-fusion --split-input-file | FileCheck %s --check-prefix=INLINE

// Two sibling kernels of one fusion: one launch of 2 + 1 blocks of 256
// threads. Block b runs block b - 2 of the second kernel, whose 64 threads
// are the first 64 of its block.
// CHECK-LABEL: func.func private @siblings(
// CHECK:         %[[GRID:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[BLOCK:.*]] = arith.constant 256 : index
// CHECK:         gpu.launch blocks(%[[B:[^,]*]], %{{.*}}) in (%{{[^ ]*}} = %[[GRID]], %{{.*}}) threads(%[[T:[^,]*]], %{{.*}}) in (%{{[^ ]*}} = %[[BLOCK]], %{{.*}}) module(@siblings_0_module) function(@siblings_0)
// CHECK:           %[[L0:.*]] = arith.subi %[[B]], %{{.*}}
// CHECK:           %[[IN0:.*]] = arith.cmpi ult, %[[L0]], %{{.*}}
// CHECK:           scf.if %[[IN0]] {
// CHECK:             %[[I:.*]] = arith.muli %[[L0]], %{{.*}}
// CHECK:             %[[J:.*]] = arith.addi %[[I]], %[[T]]
// CHECK:             memref.load %arg0[%[[J]]]
// CHECK:             memref.store %{{.*}}, %arg2[%[[J]]]
// CHECK:           }
// CHECK:           %[[TWO:.*]] = arith.constant 2 : index
// CHECK:           %[[L1:.*]] = arith.subi %[[B]], %[[TWO]]
// CHECK:           %[[ONE:.*]] = arith.constant 1 : index
// CHECK:           %[[IN1:.*]] = arith.cmpi ult, %[[L1]], %[[ONE]]
// CHECK:           %[[C64:.*]] = arith.constant 64 : index
// CHECK:           %[[LANES:.*]] = arith.cmpi ult, %[[T]], %[[C64]]
// CHECK:           %[[BOTH:.*]] = arith.andi %[[IN1]], %[[LANES]]
// CHECK:           scf.if %[[BOTH]] {
// CHECK:             memref.load %arg1[%[[T]]]
// CHECK:             memref.store %{{.*}}, %arg3[%[[T]]]
// CHECK:           }
// CHECK:           gpu.terminator
// CHECK-NOT:     gpu.launch
// OFF-LABEL: func.func private @siblings(
// OFF-COUNT-2: gpu.launch
func.func private @siblings(%a: memref<512xf32>, %b: memref<64xf32>, %x: memref<512xf32>, %y: memref<64xf32>) attributes {xla.fusion_kind = "multi_output"} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@siblings_0_module) function(@siblings_0) {
    %i = arith.muli %bx, %sx : index
    %j = arith.addi %i, %tx : index
    %v = memref.load %a[%j] : memref<512xf32>
    memref.store %v, %x[%j] : memref<512xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) module(@siblings_1_module) function(@siblings_1) {
    %v = memref.load %b[%tx] : memref<64xf32>
    memref.store %v, %y[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// Two split reductions: the first stages of both run as one launch, then
// the second stages; each temporary is freed after the launch that last
// reads it. The grid of a launch is an index computation of constants.
// CHECK-LABEL: func.func private @two_stages(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<256xf32>
// CHECK:         %[[U:.*]] = memref.alloc() : memref<256xf32>
// CHECK:         gpu.launch {{.*}} function(@two_stages_0)
// CHECK:           memref.load %arg0
// CHECK:           memref.store %{{.*}}, %[[T]]
// CHECK:           memref.load %arg1
// CHECK:           memref.store %{{.*}}, %[[U]]
// CHECK:         gpu.launch {{.*}} function(@two_stages_1)
// CHECK:           memref.load %[[T]]
// CHECK:           memref.store %{{.*}}, %arg2
// CHECK:           memref.load %[[U]]
// CHECK:           memref.store %{{.*}}, %arg3
// CHECK-DAG:     memref.dealloc %[[T]]
// CHECK-DAG:     memref.dealloc %[[U]]
// CHECK-NOT:     gpu.launch
// OFF-LABEL: func.func private @two_stages(
// OFF-COUNT-4: gpu.launch
func.func private @two_stages(%a: memref<256xf32>, %b: memref<256xf32>, %x: memref<256xf32>, %y: memref<256xf32>) attributes {xla.fusion_kind = "multi_output"} {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %grid = arith.ceildivui %c256, %c256 : index
  %t = memref.alloc() : memref<256xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@two_stages_0_module) function(@two_stages_0) {
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %t[%tx] : memref<256xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@two_stages_1_module) function(@two_stages_1) {
    %v = memref.load %t[%tx] : memref<256xf32>
    memref.store %v, %x[%tx] : memref<256xf32>
    gpu.terminator
  }
  memref.dealloc %t : memref<256xf32>
  %u = memref.alloc() : memref<256xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@two_stages_2_module) function(@two_stages_2) {
    %v = memref.load %b[%tx] : memref<256xf32>
    memref.store %v, %u[%tx] : memref<256xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %grid, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@two_stages_3_module) function(@two_stages_3) {
    %v = memref.load %u[%tx] : memref<256xf32>
    memref.store %v, %y[%tx] : memref<256xf32>
    gpu.terminator
  }
  memref.dealloc %u : memref<256xf32>
  return
}

// -----

// A call passes one buffer as the first kernel's output and the second's
// input: the second reads what the first writes, and both stay.
// CHECK-LABEL: func.func private @aliased_by_call(
// CHECK-COUNT-2: gpu.launch
func.func private @aliased_by_call(%a: memref<256xf32>, %x: memref<256xf32>, %b: memref<256xf32>, %y: memref<256xf32>) attributes {xla.fusion_kind = "multi_output"} {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@aliased_by_call_0_module) function(@aliased_by_call_0) {
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %x[%tx] : memref<256xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@aliased_by_call_1_module) function(@aliased_by_call_1) {
    %v = memref.load %b[%tx] : memref<256xf32>
    memref.store %v, %y[%tx] : memref<256xf32>
    gpu.terminator
  }
  return
}

func.func @caller(%a: memref<256xf32>, %t: memref<256xf32>, %y: memref<256xf32>) {
  call @aliased_by_call(%a, %t, %t, %y) : (memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>) -> ()
  return
}

// -----

// The arguments of a public function may be one buffer: a kernel that
// writes one and a kernel that reads another stay apart. Kernels on
// allocations of their own do not.
// CHECK-LABEL: func.func @public_arguments(
// CHECK-COUNT-2: gpu.launch
// CHECK-NOT:     gpu.launch
// CHECK:         return
func.func @public_arguments(%a: memref<256xf32>, %x: memref<256xf32>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@public_arguments_0_module) function(@public_arguments_0) {
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %x[%tx] : memref<256xf32>
    gpu.terminator
  }
  %t = memref.alloc() : memref<256xf32>
  %u = memref.alloc() : memref<256xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@public_arguments_1_module) function(@public_arguments_1) {
    %v = memref.load %x[%tx] : memref<256xf32>
    memref.store %v, %t[%tx] : memref<256xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@public_arguments_2_module) function(@public_arguments_2) {
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %u[%tx] : memref<256xf32>
    gpu.terminator
  }
  memref.dealloc %t : memref<256xf32>
  memref.dealloc %u : memref<256xf32>
  return
}

// -----

// Launches that stay as they are: a kernel with a barrier cannot run on
// fewer threads than its block, a call may touch any buffer, and a large
// kernel hides its own launch.
// CHECK-LABEL: func.func private @kept(
// CHECK:         function(@kept_0)
// CHECK:         function(@kept_1)
// CHECK:         call @opaque
// CHECK:         function(@kept_2)
// CHECK:         function(@kept_3)
func.func private @opaque()
func.func private @kept(%a: memref<256xf32>, %x: memref<256xf32>, %y: memref<256xf32>, %z: memref<256xf32>, %big: memref<524288xf32>) attributes {xla.fusion_kind = "multi_output"} {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c2048 = arith.constant 2048 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) module(@kept_0_module) function(@kept_0) {
    %v = memref.load %a[%tx] : memref<256xf32>
    gpu.barrier
    memref.store %v, %x[%tx] : memref<256xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@kept_1_module) function(@kept_1) {
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %y[%tx] : memref<256xf32>
    gpu.terminator
  }
  call @opaque() : () -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@kept_2_module) function(@kept_2) {
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %z[%tx] : memref<256xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2048, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@kept_3_module) function(@kept_3) {
    %i = arith.muli %bx, %sx : index
    %j = arith.addi %i, %tx : index
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %big[%j] : memref<524288xf32>
    gpu.terminator
  }
  return
}

// -----

// The calls of fusions are replaced by their bodies (inline-fusions, the
// default), so that the kernels of different fusions merge: the first
// and third calls' kernels become one launch. The second call's kernel
// reads the first's output; it stays, under a name of its own.
// INLINE-LABEL: func.func @entry(
// INLINE-NOT:     call @fusion_a
// INLINE:         %[[T:.*]] = memref.alloc()
// INLINE:         %[[U:.*]] = memref.alloc()
// INLINE:         %[[V:.*]] = memref.alloc()
// INLINE:         gpu.launch {{.*}} function(@fusion_a_0)
// INLINE:           memref.load %arg0
// INLINE:           memref.store %{{.*}}, %[[T]]
// INLINE:           memref.load %arg1
// INLINE:           memref.store %{{.*}}, %[[V]]
// INLINE:         gpu.launch {{.*}} function(@fusion_a_0_call1)
// INLINE:           memref.load %[[T]]
// INLINE:           memref.store %{{.*}}, %[[U]]
// INLINE-NOT:     gpu.launch
// INLINE-NOT:   func.func private @fusion_a
func.func private @fusion_a(%a: memref<256xf32>, %x: memref<256xf32>) attributes {xla.fusion_kind = "loop"} {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@fusion_a_0_module) function(@fusion_a_0) {
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %x[%tx] : memref<256xf32>
    gpu.terminator
  }
  return
}

func.func @entry(%a: memref<256xf32>, %b: memref<256xf32>) {
  %t = memref.alloc() : memref<256xf32>
  %u = memref.alloc() : memref<256xf32>
  %v = memref.alloc() : memref<256xf32>
  call @fusion_a(%a, %t) : (memref<256xf32>, memref<256xf32>) -> ()
  call @fusion_a(%t, %u) : (memref<256xf32>, memref<256xf32>) -> ()
  call @fusion_a(%b, %v) : (memref<256xf32>, memref<256xf32>) -> ()
  memref.dealloc %t : memref<256xf32>
  memref.dealloc %u : memref<256xf32>
  memref.dealloc %v : memref<256xf32>
  return
}

// -----

// Buffers of unknown origin may be any buffer. The first kernel reads a
// buffer an if chose, which may be %a, before the second overwrites %a;
// a loop writes its memref argument, which is %a on entry, after the
// third kernel reads %a. No two of the four kernels merge.
// CHECK-LABEL: func.func private @unknown_origin(
// INLINE-LABEL: func.func private @unknown_origin(
// CHECK:         function(@unknown_origin_0)
// CHECK:         function(@unknown_origin_1)
// CHECK:         function(@unknown_origin_2)
// CHECK:         scf.for
// CHECK:           function(@unknown_origin_3)
// CHECK:         function(@unknown_origin_4)
func.func private @unknown_origin(%p: i1, %x: memref<256xf32>, %y: memref<256xf32>, %z: memref<256xf32>) attributes {xla.fusion_kind = "multi_output"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %a = memref.alloc() : memref<256xf32>
  %b = memref.alloc() : memref<256xf32>
  %r = scf.if %p -> memref<256xf32> {
    scf.yield %a : memref<256xf32>
  } else {
    scf.yield %b : memref<256xf32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@unknown_origin_0_module) function(@unknown_origin_0) {
    %v = memref.load %r[%tx] : memref<256xf32>
    memref.store %v, %x[%tx] : memref<256xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@unknown_origin_1_module) function(@unknown_origin_1) {
    %v = memref.load %y[%tx] : memref<256xf32>
    memref.store %v, %a[%tx] : memref<256xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@unknown_origin_2_module) function(@unknown_origin_2) {
    %v = memref.load %a[%tx] : memref<256xf32>
    memref.store %v, %y[%tx] : memref<256xf32>
    gpu.terminator
  }
  %l = scf.for %i = %c0 to %c2 step %c1 iter_args(%m = %a) -> memref<256xf32> {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@unknown_origin_3_module) function(@unknown_origin_3) {
      %v = memref.load %x[%tx] : memref<256xf32>
      memref.store %v, %m[%tx] : memref<256xf32>
      gpu.terminator
    }
    scf.yield %m : memref<256xf32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) module(@unknown_origin_4_module) function(@unknown_origin_4) {
    %v = memref.load %x[%tx] : memref<256xf32>
    memref.store %v, %z[%tx] : memref<256xf32>
    gpu.terminator
  }
  memref.dealloc %a : memref<256xf32>
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// A fusion's function that calls itself is inlined where others call it,
// never into itself.
// INLINE-LABEL: func.func private @recursive(
// INLINE:         call @recursive(
// INLINE-LABEL: func.func @calls_recursive(
// INLINE:         call @recursive(
func.func private @recursive(%a: memref<4xf32>) attributes {xla.fusion_kind = "loop"} {
  call @recursive(%a) : (memref<4xf32>) -> ()
  return
}

func.func @calls_recursive(%a: memref<4xf32>) {
  call @recursive(%a) : (memref<4xf32>) -> ()
  return
}
