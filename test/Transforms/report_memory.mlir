// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-opt %s --xla-report-memory=output=%t/mem > /dev/null
// RUN: FileCheck %s --input-file=%t/mem.txt
// RUN: FileCheck %s --input-file=%t/mem.json --check-prefix=JSON

// The entry holds %a (64 KiB) and %b (16 KiB) while @reduce runs, and
// @reduce's body allocates 1 KiB per iteration of a parallel loop that two
// cores run at once: the peak is 82 KiB of temporaries there, not at
// @square (64 KiB and 4 KiB of its own), nor at the loop nest left in
// the entry (12 KiB per iteration, two at once). Inputs 68 KiB; results
// 12 KiB, 4 KiB of them written over a donated input.
// CHECK: memory report: @main, static estimate of its buffers on haswell (2 cores)
// CHECK-NEXT: peak 158.0 KiB = inputs 68.0 KiB + results 8.0 KiB (4.0 KiB more written over donated inputs) + temporaries 82.0 KiB
// CHECK-NEXT: at reduce, whose own buffers hold 2.0 KiB
// CHECK-EMPTY:
// CHECK-NEXT: live when it runs (2 buffers, 80.0 KiB), largest first: size, type, first and last user
// CHECK-NEXT: {{^}}    64.0 KiB  memref<128x128xf32>  square .. reduce
// CHECK-NEXT: {{^}}    16.0 KiB  memref<64x64xf32>  reduce .. finish
// CHECK-EMPTY:
// CHECK-NEXT: the largest points, one per kernel: temporaries (own buffers)
// CHECK-NEXT: {{^}}    82.0 KiB ( 2.0 KiB)  reduce
// CHECK-NEXT: {{^}}    68.0 KiB ( 4.0 KiB)  square
// CHECK-NEXT: {{^}}    24.0 KiB ( 24.0 KiB)  scf.parallel
// CHECK-NEXT: {{^}}    16.0 KiB (     0 B)  finish
// CHECK-NOT: KiB

// JSON: "cores": 2,
// JSON: "donated_bytes": 4096,
// JSON: "input_bytes": 69632,
// JSON: "largest": [
// JSON: "at": "reduce",
// JSON-NEXT: "own_bytes": 2048,
// JSON-NEXT: "temporary_bytes": 83968
// JSON: "live_at_peak": [
// JSON-NEXT: {
// JSON-NEXT: "bytes": 65536,
// JSON-NEXT: "first_user": "square",
// JSON-NEXT: "last_user": "reduce",
// JSON-NEXT: "type": "memref<128x128xf32>"
// JSON: "peak_at": "reduce",
// JSON-NEXT: "peak_bytes": 161792,
// JSON-NEXT: "peak_own_bytes": 2048,
// JSON-NEXT: "result_bytes": 12288,
// JSON-NEXT: "temporary_bytes": 83968

module attributes {xla.target = {triple = "x86_64-unknown-linux-gnu", cpu = "haswell", features = "", vector_bits = 256 : i64, cores = 2 : i64, l1_bytes = 32768 : i64, l2_bytes = 524288 : i64, l3_bytes = 8388608 : i64, clock_ghz = 3.0 : f64, bandwidth_gbps = 20.0 : f64, peak_gflops = 100.0 : f64}} {
  func.func private @square(%x: memref<128x128xf32>, %out: memref<128x128xf32>) {
    %tmp = memref.alloc() : memref<1024xf32>
    memref.dealloc %tmp : memref<1024xf32>
    return
  }
  func.func private @reduce(%x: memref<128x128xf32>, %out: memref<64x64xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
      %row = memref.alloc() : memref<256xf32>
      memref.dealloc %row : memref<256xf32>
      scf.reduce
    }
    return
  }
  func.func private @finish(%x: memref<64x64xf32>, %w: memref<32x32xf32>, %out: memref<32x32xf32>, %out2: memref<32x32xf32>) {
    return
  }
  func.func @main(%x: memref<128x128xf32> {xla.input}, %w: memref<32x32xf32> {xla.input, xla.aliased_result = 0 : i64}, %r: memref<32x32xf32>, %r2: memref<32x32xf32>, %r3: memref<32x32xf32>) {
    %a = memref.alloc() : memref<128x128xf32>
    call @square(%x, %a) : (memref<128x128xf32>, memref<128x128xf32>) -> ()
    %b = memref.alloc() : memref<64x64xf32>
    call @reduce(%a, %b) : (memref<128x128xf32>, memref<64x64xf32>) -> ()
    memref.dealloc %a : memref<128x128xf32>
    call @finish(%b, %w, %r, %r2) : (memref<64x64xf32>, memref<32x32xf32>, memref<32x32xf32>, memref<32x32xf32>) -> ()
    memref.dealloc %b : memref<64x64xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      %t = memref.alloc() : memref<3072xf32>
      memref.dealloc %t : memref<3072xf32>
      scf.reduce
    }
    return
  }
}
