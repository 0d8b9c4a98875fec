// RUN: xla-opt %s --xla-gpu-map-linalg=row-fusion=true --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="row-fusion=true row-warp-length=0" --canonicalize --cse | FileCheck %s --check-prefix=BLOCK

#row = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
#col0 = affine_map<(d0, d1) -> (d0, 0)>

// Softmax of 64 rows of 1000 as bufferization leaves it (the exponentials
// in the output, divided in place): one kernel, a warp per row (rows of
// up to 1024 columns), one row per block (64 rows leave multiprocessors
// idle already), 32 columns per lane in eight groups of 4 neighbours (the
// last guarded: 1000 is no multiple of 128), each row loaded once into
// registers with 16-byte loads, each lane's maxima and sums as trees, the
// row's by shuffles alone (no shared memory, no barrier), the quotients
// stored once with 16-byte stores. No op, copy or temporary is left
// outside the kernel.
// CHECK-LABEL: func.func private @input_softmax_fusion(
// CHECK-NOT:     memref.alloc
// CHECK:         gpu.launch blocks(%[[B:[^,]*]], {{.*}}) in ({{.*}} = %c64, {{.*}}) threads(%[[T:[^,]*]], {{.*}}) in ({{.*}} = %c32, {{.*}}) module(@input_softmax_fusion_0_module) function(@input_softmax_fusion_0) {
// CHECK-COUNT-8:   vector.load %arg0[%[[B]], %{{.*}}] {alignment = 16 : i64} : memref<64x1000xf32>, vector<4xf32>
// CHECK-NOT:       memref.load
// CHECK-COUNT-31:  arith.maximumf
// CHECK-NEXT:      gpu.subgroup_reduce maximumf %{{.*}} uniform :
// CHECK-COUNT-32:  math.exp
// CHECK:           gpu.subgroup_reduce add %{{.*}} uniform :
// CHECK-COUNT-32:  arith.divf
// CHECK-COUNT-8:   vector.store %{{.*}}, %arg1[%[[B]], %{{.*}}] {alignment = 16 : i64}
// CHECK-NOT:       memref.store
// CHECK-NOT:       gpu.all_reduce
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.
// CHECK-NOT:     memref.dealloc
// CHECK:         return
// With row-warp-length=0, a block of 128 threads per row (about 8 columns
// each, in two groups of 4, the second guarded: 1000 is no multiple of
// 512), the maximum and the sum across the block.
// BLOCK-LABEL: func.func private @input_softmax_fusion(
// BLOCK:         gpu.launch blocks(%[[ROW:[^,]*]], {{.*}}) in ({{.*}} = %c64, {{.*}}) threads(%[[T:[^,]*]], {{.*}}) in ({{.*}} = %c128, {{.*}}) module(@input_softmax_fusion_0_module) function(@input_softmax_fusion_0) {
// BLOCK-COUNT-2:   vector.load %arg0[%[[ROW]], %{{.*}}] {alignment = 16 : i64} : memref<64x1000xf32>, vector<4xf32>
// BLOCK:           gpu.all_reduce maximumf %{{.*}} uniform
// BLOCK-COUNT-8:   math.exp
// BLOCK:           gpu.all_reduce add %{{.*}} uniform
// BLOCK-COUNT-8:   arith.divf
// BLOCK-COUNT-2:   vector.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}] {alignment = 16 : i64}
// BLOCK:           gpu.terminator
func.func private @input_softmax_fusion(%arg0: memref<64x1000xf32>, %arg1: memref<64x1000xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %alloc = memref.alloc() : memref<64xf32>
  linalg.fill ins(%ninf : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x1000xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc : memref<64x1000xf32>, memref<64xf32>) outs(%arg1 : memref<64x1000xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  }
  linalg.fill ins(%zero : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg1 : memref<64x1000xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%arg1, %alloc : memref<64x1000xf32>, memref<64xf32>) outs(%arg1 : memref<64x1000xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  return
}

// Layernorm of 16 rows of 768 with a scale vector (read along the columns
// from memory), per-row values in 16x1 temporaries read at (row, 0), and a
// copy of a filled temporary: one kernel, a warp per row, x loaded once
// (six groups of 4 per lane), two sums, one square root per row, the
// scale's loads, the results stored once.
// CHECK-LABEL: func.func private @input_layernorm_fusion(
// CHECK:         gpu.launch blocks(%[[ROW:[^,]*]], {{.*}}) in ({{.*}} = %c16, {{.*}}) threads({{.*}}) in ({{.*}} = %c32, {{.*}})
// CHECK-COUNT-6:   vector.load %arg0[%[[ROW]], %{{.*}}]
// CHECK-NOT:       vector.load %arg0
// CHECK:           gpu.subgroup_reduce add
// CHECK:           gpu.subgroup_reduce add
// CHECK:           math.sqrt
// CHECK-NOT:       math.sqrt
// CHECK-COUNT-24:  memref.load %arg1[%{{.*}}]
// CHECK-COUNT-6:   vector.store %{{.*}}, %arg2[%[[ROW]], %{{.*}}]
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.
// CHECK-NOT:     memref.copy
func.func private @input_layernorm_fusion(%arg0: memref<16x768xf32>, %arg1: memref<768xf32>, %arg2: memref<16x768xf32>) attributes {xla.fusion_kind = "input"} {
  %eps = arith.constant 9.99999974E-6 : f32
  %n = arith.constant 7.680000e+02 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %sums = memref.alloc() : memref<16xf32>
  linalg.fill ins(%zero : f32) outs(%sums : memref<16xf32>)
  %sums2 = memref.alloc() : memref<16xf32>
  memref.copy %sums, %sums2 : memref<16xf32> to memref<16xf32>
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<16x768xf32>) outs(%sums2 : memref<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  %dev = memref.alloc() : memref<16x1xf32>
  %mean = memref.alloc() : memref<16x1xf32>
  linalg.generic {indexing_maps = [#red, #row], iterator_types = ["parallel", "parallel"]} ins(%sums2 : memref<16xf32>) outs(%mean : memref<16x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %n : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #col0, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0, %mean : memref<16x768xf32>, memref<16x1xf32>) outs(%sums : memref<16xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = arith.mulf %0, %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [#red, #row], iterator_types = ["parallel", "parallel"]} ins(%sums : memref<16xf32>) outs(%dev : memref<16x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.divf %in, %n : f32
    %1 = arith.addf %0, %eps : f32
    %2 = math.sqrt %1 : f32
    linalg.yield %2 : f32
  }
  linalg.generic {indexing_maps = [#row, #col0, #col0, affine_map<(d0, d1) -> (d1)>, #row], iterator_types = ["parallel", "parallel"]} ins(%arg0, %mean, %dev, %arg1 : memref<16x768xf32>, memref<16x1xf32>, memref<16x1xf32>, memref<768xf32>) outs(%arg2 : memref<16x768xf32>) {
  ^bb0(%in: f32, %m: f32, %d: f32, %g: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = arith.divf %0, %d : f32
    %2 = arith.mulf %1, %g : f32
    linalg.yield %2 : f32
  }
  memref.dealloc %sums2 : memref<16xf32>
  memref.dealloc %sums : memref<16xf32>
  memref.dealloc %mean : memref<16x1xf32>
  memref.dealloc %dev : memref<16x1xf32>
  return
}

// Called with one buffer as input and output, the kernel's deferred
// stores would be seen by its own loads: the ops keep their own kernels
// (the row sum here; the division is left to xla-gpu-map-loops).
// CHECK-LABEL: func.func private @input_aliased_fusion(
// CHECK:         gpu.launch
// CHECK:           gpu.all_reduce add
// CHECK:         linalg.generic
func.func private @input_aliased_fusion(%arg0: memref<64x1000xf32>, %arg1: memref<64x1000xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x1000xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc : memref<64x1000xf32>, memref<64xf32>) outs(%arg1 : memref<64x1000xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  return
}

// A per-row result (the row maximum, an output of the fusion) is stored
// once per row, by the row's first thread.
// CHECK-LABEL: func.func private @input_max_and_shift_fusion(
// CHECK:         gpu.launch blocks(%[[ROW:[^,]*]], {{.*}}) threads(%[[T:[^,]*]], {{.*}}) in ({{.*}} = %c32, {{.*}})
// CHECK:           %[[MAX:.*]] = gpu.subgroup_reduce maximumf
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %c0
// CHECK:           scf.if %[[FIRST]] {
// CHECK-NEXT:        memref.store %[[MAX]], %arg2[%[[ROW]]]
// CHECK:           vector.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}]
func.func private @input_max_and_shift_fusion(%arg0: memref<8x100xf32>, %arg1: memref<8x100xf32>, %arg2: memref<8xf32>) attributes {xla.fusion_kind = "input"} {
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%arg2 : memref<8xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<8x100xf32>) outs(%arg2 : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg2 : memref<8x100xf32>, memref<8xf32>) outs(%arg1 : memref<8x100xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    linalg.yield %0 : f32
  }
  return
}

// Rows of 64 columns: 16 lanes per row (one group of 4 each), the row's
// sum over its lanes alone (clustered shuffles), four rows per block of 64
// threads (1001 rows over 132 multiprocessors: about 8 each), so 251
// blocks, the last with one row: its other threads compute that row again
// (their row index clamped, so that every lane of the warp shuffles) and
// store nothing.
// CHECK-LABEL: func.func private @input_short_rows_fusion(
// CHECK:         gpu.launch blocks(%[[B:[^,]*]], {{.*}}) in ({{.*}} = %c251, {{.*}}) threads(%[[T:[^,]*]], {{.*}}) in ({{.*}} = %c64, {{.*}})
// CHECK-DAG:       %[[LANE:.*]] = arith.remui %[[T]], %c16
// CHECK-DAG:       %[[FIRSTROW:.*]] = arith.muli %[[B]], %c4
// CHECK-DAG:       %[[INBLOCK:.*]] = arith.divui %[[T]], %c16
// CHECK:           %[[R:.*]] = arith.addi %[[FIRSTROW]], %[[INBLOCK]]
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[R]], %c1001
// CHECK:           %[[ROW:.*]] = arith.select %[[IN]], %[[R]], %c1000
// CHECK:           vector.load %arg0[%[[ROW]], %{{.*}}] {alignment = 16 : i64} : memref<1001x64xf32>, vector<4xf32>
// CHECK:           %[[SUM:.*]] = gpu.subgroup_reduce add %{{.*}} uniform cluster(size = 16)
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK:           %[[STORE:.*]] = arith.andi %[[FIRST]], %[[IN]]
// CHECK:           scf.if %[[STORE]] {
// CHECK-NEXT:        memref.store %{{.*}}, %arg2[%[[ROW]]]
// CHECK:           %[[STOREROW:.*]] = arith.andi %{{.*}}, %[[IN]]
// CHECK:           scf.if %[[STOREROW]] {
// CHECK:             vector.store %{{.*}}, %arg1[%[[ROW]], %{{.*}}]
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.terminator
func.func private @input_short_rows_fusion(%arg0: memref<1001x64xf32>, %arg1: memref<1001x64xf32>, %arg2: memref<1001xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.000000e+00 : f32
  linalg.fill ins(%zero : f32) outs(%arg2 : memref<1001xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<1001x64xf32>) outs(%arg2 : memref<1001xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg2 : memref<1001x64xf32>, memref<1001xf32>) outs(%arg1 : memref<1001x64xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  return
}

// Rows longer than row-warp-length (2048 columns) keep a block per row:
// 256 threads of 8 columns each, the sums across the block.
// CHECK-LABEL: func.func private @input_long_rows_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}})
// CHECK:           gpu.all_reduce add
func.func private @input_long_rows_fusion(%arg0: memref<8x2048xf32>, %arg1: memref<8x2048xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<8xf32>
  linalg.fill ins(%zero : f32) outs(%alloc : memref<8xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<8x2048xf32>) outs(%alloc : memref<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%arg0, %alloc : memref<8x2048xf32>, memref<8xf32>) outs(%arg1 : memref<8x2048xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %alloc : memref<8xf32>
  return
}

// Not a row fusion: an argument read along another map (a transpose,
// from memory) that the fusion also writes; and a per-row temporary read
// before anything wrote it.
// CHECK-LABEL: func.func private @input_transposed_written_fusion(
// CHECK:         gpu.launch
// CHECK:         linalg.generic
// CHECK-LABEL: func.func private @input_unwritten_temporary_fusion(
// CHECK:         gpu.launch
// CHECK:         linalg.generic
func.func private @input_transposed_written_fusion(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x64xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%arg1, %alloc : memref<64x64xf32>, memref<64xf32>) outs(%arg1 : memref<64x64xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.divf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  return
}
func.func private @input_unwritten_temporary_fusion(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.000000e+00 : f32
  %alloc = memref.alloc() : memref<64xf32>
  %scale = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%alloc : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<64x64xf32>) outs(%alloc : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%arg0, %scale : memref<64x64xf32>, memref<64xf32>) outs(%arg1 : memref<64x64xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %alloc : memref<64xf32>
  memref.dealloc %scale : memref<64xf32>
  return
}

// A causal mask that xla-gpu-place-buffers moved into the fusion (a
// constant global, read along (column, row)) is read from memory like an
// argument the fusion leaves alone: still one kernel, which reads the
// global.
memref.global "private" constant @causal : memref<64x64xi1> = dense<true>
// CHECK-LABEL: func.func private @input_masked_softmax_fusion(
// CHECK:         gpu.launch
// CHECK:           %[[M:.*]] = memref.get_global @causal
// CHECK:           memref.load %[[M]]
// CHECK:           gpu.subgroup_reduce maximumf
// CHECK:           gpu.subgroup_reduce add
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.
// CHECK:         return
func.func private @input_masked_softmax_fusion(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) attributes {xla.fusion_kind = "input"} {
  %mask = memref.get_global @causal : memref<64x64xi1>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %max = memref.alloc() : memref<64xf32>
  %sum = memref.alloc() : memref<64xf32>
  %masked = memref.alloc() : memref<64x64xf32>
  linalg.generic {indexing_maps = [#row, affine_map<(d0, d1) -> (d1, d0)>, #row], iterator_types = ["parallel", "parallel"]} ins(%arg0, %mask : memref<64x64xf32>, memref<64x64xi1>) outs(%masked : memref<64x64xf32>) {
  ^bb0(%in: f32, %m: i1, %out: f32):
    %0 = arith.select %m, %in, %ninf : f32
    linalg.yield %0 : f32
  }
  linalg.fill ins(%ninf : f32) outs(%max : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%masked : memref<64x64xf32>) outs(%max : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#row, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%masked, %max : memref<64x64xf32>, memref<64xf32>) outs(%arg1 : memref<64x64xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %0 = arith.subf %in, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  }
  linalg.fill ins(%zero : f32) outs(%sum : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%arg1 : memref<64x64xf32>) outs(%sum : memref<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#red, #row], iterator_types = ["parallel", "parallel"]} ins(%sum : memref<64xf32>) outs(%arg1 : memref<64x64xf32>) {
  ^bb0(%s: f32, %out: f32):
    %0 = arith.divf %out, %s : f32
    linalg.yield %0 : f32
  }
  memref.dealloc %masked : memref<64x64xf32>
  memref.dealloc %max : memref<64xf32>
  memref.dealloc %sum : memref<64xf32>
  return
}

func.func @main(%x: memref<64x1000xf32>, %y: memref<64x1000xf32>, %a: memref<16x768xf32>, %g: memref<768xf32>, %b: memref<16x768xf32>, %p: memref<8x100xf32>, %q: memref<8x100xf32>, %r: memref<8xf32>, %u: memref<64x64xf32>, %v: memref<64x64xf32>, %sx: memref<1001x64xf32>, %sy: memref<1001x64xf32>, %ss: memref<1001xf32>, %lx: memref<8x2048xf32>, %ly: memref<8x2048xf32>) {
  call @input_short_rows_fusion(%sx, %sy, %ss) : (memref<1001x64xf32>, memref<1001x64xf32>, memref<1001xf32>) -> ()
  call @input_long_rows_fusion(%lx, %ly) : (memref<8x2048xf32>, memref<8x2048xf32>) -> ()
  call @input_max_and_shift_fusion(%p, %q, %r) : (memref<8x100xf32>, memref<8x100xf32>, memref<8xf32>) -> ()
  call @input_transposed_written_fusion(%u, %v) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  call @input_unwritten_temporary_fusion(%u, %v) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  call @input_softmax_fusion(%x, %y) : (memref<64x1000xf32>, memref<64x1000xf32>) -> ()
  call @input_layernorm_fusion(%a, %g, %b) : (memref<16x768xf32>, memref<768xf32>, memref<16x768xf32>) -> ()
  call @input_aliased_fusion(%x, %x) : (memref<64x1000xf32>, memref<64x1000xf32>) -> ()
  call @input_masked_softmax_fusion(%u, %v) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
  return
}
