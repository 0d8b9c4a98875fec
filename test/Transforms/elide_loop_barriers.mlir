// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-elide-loop-barriers))' | FileCheck %s

// A worksharing loop that ends its parallel region needs no barrier of
// its own: the region's end joins the threads. One followed by more work
// in the region, and one with a reduction, keep theirs.
// CHECK-LABEL: func.func @last
// CHECK: omp.wsloop nowait {
// CHECK-LABEL: func.func @followed
// CHECK: omp.wsloop {
// CHECK: omp.wsloop nowait {
// CHECK-LABEL: func.func @reduction
// CHECK: omp.wsloop reduction(
// CHECK-NOT: nowait
func.func @last(%m: memref<64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  omp.parallel {
    %buffer = memref.alloca() : memref<16xf32>
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c1) {
        memref.store %v, %m[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

func.func @followed(%m: memref<64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c1) {
        memref.store %v, %m[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c1) {
        %x = memref.load %m[%i] : memref<64xf32>
        %y = arith.addf %x, %v : f32
        memref.store %y, %m[%i] : memref<64xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

omp.declare_reduction @add_f32 : f32 init {
^bb0(%arg: f32):
  %zero = arith.constant 0.0 : f32
  omp.yield(%zero : f32)
} combiner {
^bb0(%a: f32, %b: f32):
  %s = arith.addf %a, %b : f32
  omp.yield(%s : f32)
}

func.func @reduction(%m: memref<64xf32>, %sum: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %ptr = memref.alloca() : memref<1xf32>
  omp.parallel {
    omp.wsloop reduction(@add_f32 %ptr -> %acc : memref<1xf32>) {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c1) {
        %x = memref.load %m[%i] : memref<64xf32>
        %a = memref.load %acc[%c0] : memref<1xf32>
        %y = arith.addf %x, %a : f32
        memref.store %y, %acc[%c0] : memref<1xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
