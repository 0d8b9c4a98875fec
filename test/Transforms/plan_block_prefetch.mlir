// RUN: xla-opt %s --split-input-file --xla-plan-block-prefetch | FileCheck %s
// RUN: xla-opt %s --split-input-file --xla-plan-block-prefetch='l1-bytes=131072' | FileCheck %s --check-prefix=L1
// RUN: xla-opt %s --split-input-file --xla-plan-block-prefetch='min-bytes=1048576' | FileCheck %s --check-prefix=LARGE

// The module's xla.target: 2 cores of 16 KiB L2 (buffers from 32 KiB on),
// 4 KiB L1, 10 GB/s of bandwidth per core, 3 GHz, 512-bit vectors. Each
// loop below reads blocks of 8 rows of 1024 floats (32 KiB, 3.3 us from
// memory) in its first phase.

#row = affine_map<()[s0, s1] -> (s0 + s1)>
module attributes {xla.target = {bandwidth_gbps = 2.000000e+01 : f64, clock_ghz = 3.000000e+00 : f64, cores = 2 : i64, cpu = "skylake-avx512", features = "", kernel_overhead_us = 2.000000e+00 : f64, l1_bytes = 4096 : i64, l2_bytes = 16384 : i64, l3_bytes = 65536 : i64, memory_bytes = 1073741824 : i64, peak_gflops = 1.000000e+02 : f64, triple = "x86_64-pc-linux-gnu", vector_bits = 512 : i64}} {

// A softmax's first two phases: the maximum of each row, then the
// exponentials of the same rows (512 vectors x 21 instructions, 3.6 us).
// Only the second phase's read is marked, to L2 (a block is more than
// half the L1).
// CHECK-LABEL: func @max_then_exp
// CHECK: scf.for
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true]} :
// CHECK: scf.for
// CHECK: vector.transfer_read %{{.*}} {in_bounds = [true], xla.prefetch_next_block = 2 : i32}
// With a 128 KiB L1, to L1; with a larger `min-bytes`, not at all.
// L1: xla.prefetch_next_block = 3 : i32
// LARGE-NOT: xla.prefetch_next_block
func.func @max_then_exp(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %ninf = arith.constant dense<0xFF800000> : vector<16xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    %max = memref.alloc() : memref<8xf32>
    scf.for %r = %c0 to %c8 step %c1 {
      %row = affine.apply #row()[%i, %r]
      %m = scf.for %j = %c0 to %c1024 step %c16 iter_args(%acc = %ninf) -> (vector<16xf32>) {
        %v = vector.transfer_read %x[%row, %j], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<16xf32>
        %n = arith.maximumf %v, %acc : vector<16xf32>
        scf.yield %n : vector<16xf32>
      }
      %s = vector.reduction <maximumf>, %m : vector<16xf32> into f32
      memref.store %s, %max[%r] : memref<8xf32>
    }
    scf.for %r = %c0 to %c8 step %c1 {
      %mx = memref.load %max[%r] : memref<8xf32>
      %b = vector.broadcast %mx : f32 to vector<16xf32>
      scf.for %j = %c0 to %c1024 step %c16 {
        %row = affine.apply #row()[%i, %r]
        %v = vector.transfer_read %x[%row, %j], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<16xf32>
        %d = arith.subf %v, %b : vector<16xf32>
        %e = math.exp %d : vector<16xf32>
        vector.transfer_write %e, %out[%row, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
      }
    }
    memref.dealloc %max : memref<8xf32>
    scf.reduce
  }
  return
}

// A layernorm's second phase: two instructions per vector (0.3 us) leave
// memory idle too briefly to pay for the prefetches.
// CHECK-LABEL: func @cheap_second_phase
// CHECK-NOT: xla.prefetch_next_block
func.func @cheap_second_phase(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    %sum = memref.alloc() : memref<8xf32>
    scf.for %r = %c0 to %c8 step %c1 {
      %row = affine.apply #row()[%i, %r]
      %m = scf.for %j = %c0 to %c1024 step %c16 iter_args(%acc = %zero) -> (vector<16xf32>) {
        %v = vector.transfer_read %x[%row, %j], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<16xf32>
        %n = arith.addf %v, %acc : vector<16xf32>
        scf.yield %n : vector<16xf32>
      }
      %s = vector.reduction <add>, %m : vector<16xf32> into f32
      memref.store %s, %sum[%r] : memref<8xf32>
    }
    scf.for %r = %c0 to %c8 step %c1 {
      %mean = memref.load %sum[%r] : memref<8xf32>
      %b = vector.broadcast %mean : f32 to vector<16xf32>
      scf.for %j = %c0 to %c1024 step %c16 {
        %row = affine.apply #row()[%i, %r]
        %v = vector.transfer_read %x[%row, %j], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<16xf32>
        %d = arith.subf %v, %b : vector<16xf32>
        %e = arith.mulf %d, %d : vector<16xf32>
        vector.transfer_write %e, %out[%row, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
      }
    }
    memref.dealloc %sum : memref<8xf32>
    scf.reduce
  }
  return
}

// The second phase reads the other half of each row, which the first did
// not bring in (as a contraction's packing reads its next chunk of k):
// nothing to overlap with.
// CHECK-LABEL: func @new_data_in_second_phase
// CHECK-NOT: xla.prefetch_next_block
func.func @new_data_in_second_phase(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    scf.for %r = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c512 step %c16 {
        %row = affine.apply #row()[%i, %r]
        %v = vector.transfer_read %x[%row, %j], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<16xf32>
        %e = math.exp %v : vector<16xf32>
        vector.transfer_write %e, %out[%row, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
      }
    }
    scf.for %r = %c0 to %c8 step %c1 {
      scf.for %j = %c512 to %c1024 step %c16 {
        %row = affine.apply #row()[%i, %r]
        %v = vector.transfer_read %x[%row, %j], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<16xf32>
        %e = math.exp %v : vector<16xf32>
        %f = math.exp %e : vector<16xf32>
        vector.transfer_write %f, %out[%row, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
      }
    }
    scf.reduce
  }
  return
}

// 16 KiB: below all cores' L2, it may still be cached from the last call.
// CHECK-LABEL: func @small_buffer
// CHECK-NOT: xla.prefetch_next_block
func.func @small_buffer(%x: memref<4x1024xf32>, %out: memref<4x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.for %j = %c0 to %c1024 step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<4x1024xf32>, vector<16xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<4x1024xf32>
    }
    scf.for %j = %c0 to %c1024 step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<4x1024xf32>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      %f = math.exp %e : vector<16xf32>
      vector.transfer_write %f, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<4x1024xf32>
    }
    scf.reduce
  }
  return
}

}

// -----

// A GPU target: never (its kernels do not run these loops on the CPU).
// CHECK-LABEL: func @gpu
// CHECK-NOT: xla.prefetch_next_block
module attributes {xla.target = {bandwidth_gbps = 3.000000e+03 : f64, clock_ghz = 3.000000e+00 : f64, cores = 2 : i64, cpu = "generic", features = "", gpu = "sm_90a", kernel_overhead_us = 2.000000e+00 : f64, l1_bytes = 4096 : i64, l2_bytes = 16384 : i64, l3_bytes = 65536 : i64, memory_bytes = 1073741824 : i64, peak_gflops = 1.000000e+02 : f64, triple = "x86_64-pc-linux-gnu", vector_bits = 512 : i64}} {
func.func @gpu(%x: memref<64x1024xf32>, %out: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %pad = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    scf.for %j = %c0 to %c1024 step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<16xf32>
      vector.transfer_write %v, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
    }
    scf.for %j = %c0 to %c1024 step %c16 {
      %v = vector.transfer_read %x[%i, %j], %pad {in_bounds = [true]} : memref<64x1024xf32>, vector<16xf32>
      %e = math.exp %v : vector<16xf32>
      vector.transfer_write %e, %out[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<64x1024xf32>
    }
    scf.reduce
  }
  return
}
}
