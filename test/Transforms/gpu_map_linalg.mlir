// RUN: xla-opt %s --xla-gpu-map-linalg="sm-count=8 row-fusion=false skinny-products=false async-copies=false" --canonicalize --cse | FileCheck %s
// RUN: xla-opt %s --xla-gpu-map-linalg="row-fusion=false skinny-products=false async-copies=false" --canonicalize --cse | FileCheck %s --check-prefix=SM132
// The per-op strategies (row fusions and the kernels of products of a few
// rows off; they have their own tests, gpu_map_linalg_row_fusion.mlir and
// gpu_map_linalg_skinny.mlir).

#row = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>

// Rows of 4096: 256 threads per row (16 elements each, in groups of 4
// neighbours interleaved so that a warp's loads coalesce, each group one
// 16-byte load), a register accumulator from the neutral element, a
// block-level tree, and the first thread folds the result into the
// output's value. Every thread takes four groups: unrolled, no loop.
// CHECK-LABEL: func.func private @input_max_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c64, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) module(@input_max_fusion_0_module) function(@input_max_fusion_0)
// CHECK:           %[[LANE:.*]] = arith.remui %{{.*}}, %c256
// CHECK:           %[[FROM:.*]] = arith.muli %[[LANE]], %c4
// CHECK-NOT:       scf.for
// CHECK:           %[[X:.*]] = vector.load %arg0[%{{.*}}, %[[FROM]]] {alignment = 16 : i64} : memref<64x4096xf32>, vector<4xf32>
// CHECK-COUNT-3:   arith.maximumf
// CHECK:           %[[K1:.*]] = arith.addi %[[FROM]], %c1024
// CHECK:           vector.load %arg0[%{{.*}}, %[[K1]]]
// CHECK-COUNT-4:   arith.maximumf
// CHECK:           %[[K2:.*]] = arith.addi %[[FROM]], %c2048
// CHECK:           vector.load %arg0[%{{.*}}, %[[K2]]]
// CHECK-COUNT-4:   arith.maximumf
// CHECK:           %[[K3:.*]] = arith.addi %[[FROM]], %c3072
// CHECK:           vector.load %arg0[%{{.*}}, %[[K3]]]
// CHECK-COUNT-3:   arith.maximumf
// CHECK:           %[[PART:.*]] = arith.maximumf
// CHECK-NOT:       scf.for
// CHECK:           %[[ALL:.*]] = gpu.all_reduce maximumf %[[PART]] uniform
// CHECK:           scf.if
// CHECK:             %[[OLD:.*]] = memref.load %arg1
// CHECK:             %[[NEW:.*]] = arith.maximumf %[[OLD]], %[[ALL]]
// CHECK:             memref.store %[[NEW]], %arg1
func.func private @input_max_fusion(%a: memref<64x4096xf32>, %out: memref<64xf32>) attributes {xla.fusion_kind = "input"} {
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<64x4096xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  }
  return
}

// Rows of 16 with a fused producer: 16 threads per row, 16 rows per block
// of 256 (100 rows: 7 blocks), warp shuffles within clusters of 16 lanes;
// one element per thread, so one scalar load and no loop.
// CHECK-LABEL: func.func private @input_sumsq_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c7, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}})
// CHECK-NOT:       scf.for
// CHECK:           memref.load %arg0
// CHECK:             arith.mulf
// CHECK:             arith.addf
// CHECK:           gpu.subgroup_reduce add %{{.*}} uniform cluster(size = 16)
func.func private @input_sumsq_fusion(%a: memref<100x16xf32>, %out: memref<100xf32>) attributes {xla.fusion_kind = "input"} {
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<100x16xf32>) outs(%out : memref<100xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %sq, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// Rows of 768 (layernorm): 64 threads per row, 12 elements each, three
// groups of 4, unrolled. The fill of the output right before is the
// reduction's starting value: no kernel of its own, no load of the output.
// CHECK-LABEL: func.func private @input_mean_fusion(
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c8, {{.*}}) threads({{.*}}) in ({{.*}} = %c64, {{.*}})
// CHECK-NOT:       scf.for
// CHECK-COUNT-3:   vector.load %arg0{{.*}} vector<4xf32>
// CHECK:           %[[SUM:.*]] = gpu.all_reduce add
// CHECK:           scf.if
// CHECK-NOT:         memref.load
// CHECK:             %[[NEW:.*]] = arith.addf %[[SUM]], %cst_0
// CHECK-NEXT:        memref.store %[[NEW]], %arg1
// CHECK-NOT:     gpu.launch
// CHECK:         return
func.func private @input_mean_fusion(%a: memref<8x768xf32>, %out: memref<8xf32>) attributes {xla.fusion_kind = "input"} {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%out : memref<8xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<8x768xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// An input that is no vector (a per-row value) before one that is: the
// row's group is read at the group's first element, not its last (an
// 8-byte load at an odd element was a misaligned address on the GPU).
// CHECK-LABEL: func.func private @input_masked_sum_fusion(
// CHECK:         %[[K:.*]] = arith.muli %{{.*}}, %c4
// CHECK:         memref.load %arg1
// CHECK:         vector.load %arg0[%{{.*}}, %[[K]]] {alignment = 16 : i64}
func.func private @input_masked_sum_fusion(%a: memref<8x768xf32>, %w: memref<8xf32>, %out: memref<8xf32>) attributes {xla.fusion_kind = "input"} {
  linalg.generic {indexing_maps = [#red, #row, #red], iterator_types = ["parallel", "reduction"]} ins(%w, %a : memref<8xf32>, memref<8x768xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%s: f32, %in: f32, %acc: f32):
    %p = arith.mulf %s, %in : f32
    %r = arith.addf %p, %acc : f32
    linalg.yield %r : f32
  }
  return
}

// Left as they were: a fill of a value read from memory (the kernel could
// not read it where the fill was), and an input whose other index moves
// with the reduction loop too (a diagonal: no vector along the row).
// CHECK-LABEL: func.func private @input_fill_from_memory_fusion(
// CHECK:         linalg.fill
// CHECK:         gpu.launch
// CHECK-LABEL: func.func private @input_diagonal_fusion(
// CHECK:         gpu.launch
// CHECK-NOT:       vector.load
// CHECK:         return
func.func private @input_fill_from_memory_fusion(%a: memref<8x768xf32>, %init: memref<f32>, %out: memref<8xf32>) attributes {xla.fusion_kind = "input"} {
  %v = memref.load %init[] : memref<f32>
  linalg.fill ins(%v : f32) outs(%out : memref<8xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<8x768xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @input_diagonal_fusion(%a: memref<768x768xf32>, %out: memref<8xf32>) attributes {xla.fusion_kind = "input"} {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d1)>, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<768x768xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// A sum of 64 x 256 as two reductions (rows, then the partials), each
// output filled first: both fills are the kernels' starting values, the
// first kernel between the outer fill and its reduction touching other
// buffers. A fill whose buffer an op in between reads stays.
// CHECK-LABEL: func.func private @input_two_stage_fusion(
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch
// CHECK:           memref.store %{{.*}}, %alloc
// CHECK:         gpu.launch
// CHECK-NOT:       memref.load %arg1
// CHECK:           memref.store %{{.*}}, %arg1
// CHECK-NOT:     gpu.launch
// CHECK-LABEL: func.func private @input_read_between_fusion(
// CHECK:         linalg.fill
// CHECK:         linalg.generic
// CHECK:         gpu.launch
// CHECK:           memref.load %arg1
#all = affine_map<(d0) -> (d0)>
#none = affine_map<(d0) -> ()>
func.func private @input_two_stage_fusion(%a: memref<64x256xf32>, %out: memref<f32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<f32>)
  %part = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%part : memref<64xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<64x256xf32>) outs(%part : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#all, #none], iterator_types = ["reduction"]} ins(%part : memref<64xf32>) outs(%out : memref<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  memref.dealloc %part : memref<64xf32>
  return
}
func.func private @input_read_between_fusion(%a: memref<8x256xf32>, %out: memref<8xf32>, %copy: memref<8xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<8xf32>)
  linalg.generic {indexing_maps = [#all, #all], iterator_types = ["parallel"]} ins(%out : memref<8xf32>) outs(%copy : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<8x256xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// A reduction along a non-contiguous dimension, and a combiner the threads
// could not regroup (a - acc): one thread per output, the accumulator in a
// register from the output's value, the loads of a column coalescing
// across threads.
// CHECK-LABEL: func.func private @input_column_fusion(
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c256, {{.*}}) module(@input_column_fusion_0_module)
// CHECK:           %[[T:.*]] = arith.cmpi ult, %[[ID:.*]], %c32
// CHECK:           scf.if %[[T]] {
// CHECK:             %[[INIT:.*]] = memref.load %arg1[%[[ID]]]
// CHECK:             %[[R:.*]] = scf.for %[[K:.*]] = %c0 to %c64 step %c1 iter_args(%[[ACC:.*]] = %[[INIT]])
// CHECK:               %[[X:.*]] = memref.load %arg0[%[[K]], %[[ID]]]
// CHECK:               arith.addf %[[X]], %[[ACC]]
// CHECK:             memref.store %[[R]], %arg1[%[[ID]]]
// CHECK:         gpu.launch {{.*}} module(@input_column_fusion_1_module)
// CHECK:             scf.for
// CHECK:               arith.subf
func.func private @input_column_fusion(%a: memref<64x32xf32>, %out: memref<32xf32>, %out2: memref<64xf32>) attributes {xla.fusion_kind = "input"} {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<64x32xf32>) outs(%out : memref<32xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<64x32xf32>) outs(%out2 : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.subf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// A batched matmul with a ragged edge (256x250, k 64): 4 x 2 x 2 = 16 tiles
// of 128x128 (enough for 8 multiprocessors, 98% of the work inside the
// output), 256 threads of 8x8 accumulators from zero. Thread t holds rows
// and columns 4 * (t / 16 or t % 16) + {0..3} and 64 more, so that each
// fragment is two 16-byte shared loads that a warp reads without bank
// conflicts. Operands staged through padded shared tiles of k = 8 (here
// through registers, `async-copies=false`; the ring of cp.async is in
// gpu_map_linalg_async_copies.mlir), each thread one group of 4
// neighbours of each: the lhs's along k (one 16-byte load, stored
// transposed), the rhs's along n (rows of 250 are not 16-byte aligned:
// four loads, one 16-byte store); zero outside the operands; the next
// step's global loads are issued before this step's arithmetic; results
// added to the output, guarded.
// CHECK-LABEL: func.func private @output_dot_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c16, {{.*}}) threads(%[[TID:[^,]*]], {{.*}}) in ({{.*}} = %c256, {{.*}}) module(@output_dot_fusion_0_module) function(@output_dot_fusion_0) workgroup(%[[A:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<8x132xf32, #gpu.address_space<workgroup>>)
// CHECK:           %[[TY:.*]] = arith.divui %[[TID]], %c16
// CHECK:           %[[ROW:.*]] = arith.muli %[[TY]], %c4
// CHECK:           %[[TX:.*]] = arith.remui %[[TID]], %c16
// CHECK:           %[[COL:.*]] = arith.muli %[[TX]], %c4
// CHECK:           %[[ROW64:.*]] = arith.addi %[[ROW]], %c64
// CHECK:           vector.load %arg0[{{.*}}] {alignment = 16 : i64} : memref<4x256x64xf32>, vector<4xf32>
// CHECK-COUNT-4:   memref.load %arg1
// CHECK-COUNT-4:   memref.store %{{.*}}, %[[A]]
// CHECK:           vector.store %{{.*}}, %[[B]][{{.*}}] {alignment = 16 : i64}
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[R:.*]]:64 = scf.for %[[K:.*]] = %c0 to %c64 step %c8 iter_args(%{{.*}} = %cst{{.*}},
// CHECK:             %[[NEXT:.*]] = arith.addi %[[K]], %c8
// CHECK:             vector.load %arg0
// CHECK-COUNT-4:     memref.load %arg1
// CHECK:             vector.load %[[A]][%c0, %[[ROW]]] {alignment = 16 : i64} : {{.*}}, vector<4xf32>
// CHECK:             vector.load %[[A]][%c0, %[[ROW64]]] {alignment = 16 : i64}
// CHECK:             vector.load %[[B]][%c0, %[[COL]]] {alignment = 16 : i64}
// CHECK:             vector.load %[[B]][%c0, %{{.*}}] {alignment = 16 : i64}
// CHECK:             arith.mulf
// CHECK-NEXT:        arith.addf
// CHECK:             gpu.barrier
// CHECK-COUNT-4:     memref.store %{{.*}}, %[[A]]
// CHECK:             vector.store %{{.*}}, %[[B]]
// CHECK-NEXT:        gpu.barrier
// CHECK:           scf.if
// CHECK-NEXT:        %[[OLD:.*]] = memref.load %arg2
// CHECK-NEXT:        %[[NEW:.*]] = arith.addf %[[OLD]], %[[R]]#0
// CHECK-NEXT:        memref.store %[[NEW]], %arg2
func.func private @output_dot_fusion(%a: memref<4x256x64xf32>, %b: memref<4x64x250xf32>, %c: memref<4x256x250xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.batch_matmul ins(%a, %b : memref<4x256x64xf32>, memref<4x64x250xf32>) outs(%c : memref<4x256x250xf32>)
  return
}

// 20 rows (the masked positions of a BERT step) by 1000: 32x32 tiles, the
// ones that waste least (128-row tiles would compute 84% padding), k in
// steps of 32.
// CHECK-LABEL: func.func private @output_narrow_fusion(
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %c32, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}}) {{.*}} workgroup(%{{.*}} : memref<32x36xf32, #gpu.address_space<workgroup>>
func.func private @output_narrow_fusion(%a: memref<20x64xf32>, %b: memref<64x1000xf32>, %c: memref<20x1000xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.matmul ins(%a, %b : memref<20x64xf32>, memref<64x1000xf32>) outs(%c : memref<20x1000xf32>)
  return
}

// A fill of the whole output right before a contraction is folded into the
// kernel's stores: the fill's value plus the accumulator, no load of the
// output and no fill kernel.
// CHECK-LABEL: func.func private @output_filled_dot_fusion(
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch
// CHECK:           %[[R:.*]]:4 = scf.for
// CHECK:             %[[NEW:.*]] = arith.addf %[[R]]#0, %cst
// CHECK-NEXT:        memref.store %[[NEW]], %arg2
// CHECK-NOT:       memref.load %arg2
// CHECK:         return
func.func private @output_filled_dot_fusion(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// A fill the contraction does not follow right away (a copy in between
// reads the buffer) stays.
// CHECK-LABEL: func.func private @output_kept_fill_fusion(
// CHECK:         linalg.fill ins(%{{.*}} : f32) outs(%arg2
// CHECK:         linalg.copy
// CHECK:         gpu.launch
// CHECK:           memref.load %arg2
func.func private @output_kept_fill_fusion(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>, %d: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%c : memref<64x64xf32>)
  linalg.copy ins(%c : memref<64x64xf32>) outs(%d : memref<64x64xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// Two fills of the output, the later of a value known only at run time:
// nothing is folded (the earlier fill is dead, the later one cannot be).
// CHECK-LABEL: func.func private @output_refilled_fusion(
// CHECK-COUNT-2: linalg.fill
// CHECK:         gpu.launch
// CHECK:           memref.load %arg2
func.func private @output_refilled_fusion(%a: memref<64x32xf32>, %b: memref<32x64xf32>, %c: memref<64x64xf32>, %s: memref<f32>) attributes {xla.fusion_kind = "output"} {
  %zero = arith.constant 0.0 : f32
  %v = memref.load %s[] : memref<f32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.fill ins(%v : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  return
}

// A column reduction from a fill: each thread starts from the fill's value
// instead of loading the output, and the fill goes.
// CHECK-LABEL: func.func private @input_filled_column_fusion(
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch
// CHECK-NOT:       memref.load %arg1
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %cst{{.*}})
// CHECK:             arith.maximumf
// CHECK:           memref.store
func.func private @input_filled_column_fusion(%a: memref<64x32xf32>, %out: memref<32xf32>) attributes {xla.fusion_kind = "input"} {
  %low = arith.constant 0xFF800000 : f32
  linalg.fill ins(%low : f32) outs(%out : memref<32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<64x32xf32>) outs(%out : memref<32xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// Functions that are not fusions (the entry) are left alone.
// CHECK-LABEL: func.func @main(
// CHECK-NOT:     gpu.launch
func.func @main(%a: memref<64x4096xf32>, %out: memref<64xf32>) {
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<64x4096xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  }
  return
}

// A constant operand is read from the kernel module's own copy of the
// global: the get_global moves into the kernel.
// CHECK-LABEL: func.func private @input_global_fusion(
// CHECK:         gpu.launch
// CHECK:           memref.get_global @table
// CHECK:           scf.for
memref.global "private" constant @table : memref<2x3xi1> = dense<true>
func.func private @input_global_fusion(%out: memref<3xi1>) attributes {xla.fusion_kind = "input"} {
  %t = memref.get_global @table : memref<2x3xi1>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #red], iterator_types = ["parallel", "reduction"]} ins(%t : memref<2x3xi1>) outs(%out : memref<3xi1>) {
  ^bb0(%in: i1, %acc: i1):
    %a = arith.andi %in, %acc : i1
    linalg.yield %a : i1
  }
  return
}

// 128 x 768 on 132 multiprocessors (the default): no tile gives a block to
// each, none wastes anything, so the smallest (96 blocks of 32x32).
// SM132-LABEL: func.func private @output_few_blocks_fusion(
// SM132:         gpu.launch blocks({{.*}}) in ({{.*}} = %c96, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}})
func.func private @output_few_blocks_fusion(%a: memref<128x64xf32>, %b: memref<64x768xf32>, %c: memref<128x768xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.matmul ins(%a, %b : memref<128x64xf32>, memref<64x768xf32>) outs(%c : memref<128x768xf32>)
  return
}

// A contraction whose body transforms an operand (exp) is not tiled: the
// zeros that pad k would add exp(0) * exp(0). It gets the one-thread-per-
// output kernel. A times B transposed (k contiguous in both operands) is
// tiled, its operands staged along k; a matrix times a vector (4 rows)
// keeps the row reduction.
// CHECK-LABEL: func.func private @output_exp_dot_fusion(
// CHECK-NOT:     workgroup(
// CHECK:         gpu.launch
// CHECK:           scf.for
// CHECK:             math.exp
// CHECK-LABEL: func.func private @output_dot_transposed_fusion(
// CHECK:         gpu.launch {{.*}} workgroup(
// CHECK-NOT:       gpu.subgroup_reduce
// CHECK:           vector.load
// CHECK-LABEL: func.func private @output_matvec_transposed_fusion(
// CHECK:         gpu.launch
// CHECK:           gpu.subgroup_reduce add
func.func private @output_exp_dot_fusion(%a: memref<64x20xf32>, %b: memref<20x64xf32>, %c: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<64x20xf32>, memref<20x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %e = math.exp %x : f32
    %m = arith.mulf %e, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @output_dot_transposed_fusion(%a: memref<64x32xf32>, %b: memref<64x32xf32>, %c: memref<64x64xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<64x32xf32>, memref<64x32xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @output_matvec_transposed_fusion(%a: memref<4x32xf32>, %b: memref<64x32xf32>, %c: memref<4x64xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<4x32xf32>, memref<64x32xf32>) outs(%c : memref<4x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// Split k: 20 x 768 with k = 30522 (a BERT step's masked positions times
// the vocabulary) has 24 tiles of 32x32 for 132 multiprocessors, so 11
// blocks share each tile, each summing 87 steps of 32 of k (the last
// split the remaining 2682), from zero, into its slice of the partials. A
// second kernel, a thread per output element, adds the output's value and
// the 11 slices in order: the same sum at every run, unlike atomic adds.
// SM132-LABEL: func.func private @output_split_k_fusion(
// SM132:         %[[PARTIALS:.*]] = memref.alloc() : memref<11x1x20x768xf32>
// SM132:         gpu.launch blocks(%[[BID:[^,]*]], {{.*}}) in ({{.*}} = %c264, {{.*}}) threads({{.*}}) in ({{.*}} = %c256, {{.*}})
// SM132:           %[[SPLIT:.*]] = arith.divui %{{.*}}, %c24
// SM132:           %[[BEGIN:.*]] = arith.muli %[[SPLIT]], %c2784
// SM132:           %[[END0:.*]] = arith.addi %[[BEGIN]], %c2784
// SM132:           %[[END:.*]] = arith.minui %[[END0]], %c30522
// SM132:           %[[R:.*]]:4 = scf.for %{{.*}} = %[[BEGIN]] to %[[END]] step %c32 iter_args(%{{.*}} = %cst{{.*}},
// SM132:           memref.store %[[R]]#0, %[[PARTIALS]][%[[SPLIT]], %c0, %{{.*}}, %{{.*}}]
// SM132-NOT:       memref.atomic_rmw
// SM132-NOT:       memref.store {{.*}}, %arg2
// SM132:         gpu.launch {{.*}} in ({{.*}} = %c60, {{.*}}) threads(%[[T:[^,]*]], {{.*}}) in ({{.*}} = %c256, {{.*}}) module(@output_split_k_fusion_1_module)
// SM132:           %[[ID:.*]] = arith.addi %{{.*}}, %[[T]]
// SM132:           %[[IN:.*]] = arith.cmpi ult, %[[ID]], %c15360
// SM132:           %[[N:.*]] = arith.remui %[[ID]], %c768
// SM132:           %[[MB:.*]] = arith.divui %[[ID]], %c768
// SM132:           %[[M:.*]] = arith.remui %[[MB]], %c20
// SM132:           %[[B:.*]] = arith.divui %[[MB]], %c20
// SM132:           scf.if %[[IN]]
// SM132:             %[[OLD:.*]] = memref.load %arg2[%[[M]], %[[N]]]
// SM132:             %[[P0:.*]] = memref.load %[[PARTIALS]][%c0, %[[B]], %[[M]], %[[N]]]
// SM132-COUNT-9:     memref.load %[[PARTIALS]]
// SM132:             %[[P10:.*]] = memref.load %[[PARTIALS]][%c10, %[[B]], %[[M]], %[[N]]]
// SM132:             %[[S0:.*]] = arith.addf %[[OLD]], %[[P0]]
// SM132-COUNT-9:     arith.addf
// SM132:             %[[SUM:.*]] = arith.addf %{{.*}}, %[[P10]]
// SM132:             memref.store %[[SUM]], %arg2[%[[M]], %[[N]]]
// SM132:         memref.dealloc %[[PARTIALS]]
func.func private @output_split_k_fusion(%a: memref<20x30522xf32>, %b: memref<768x30522xf32>, %c: memref<20x768xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<20x30522xf32>, memref<768x30522xf32>) outs(%c : memref<20x768xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// A fill of the output before split k is the start of the sum of the
// splits: no kernel of its own, and no load of the output.
// SM132-LABEL: func.func private @output_filled_split_k_fusion(
// SM132-DAG:     %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// SM132-NOT:     linalg.fill
// SM132:         memref.alloc() : memref<11x1x20x768xf32>
// SM132:         gpu.launch
// SM132-NOT:       memref.atomic_rmw
// SM132:         gpu.launch
// SM132-NOT:         memref.load %arg2
// SM132:             %[[P0:.*]] = memref.load %alloc[%c0,
// SM132:             arith.addf %[[P0]], %[[TWO]]
// SM132:             memref.store {{.*}}, %arg2
func.func private @output_filled_split_k_fusion(%a: memref<20x30522xf32>, %b: memref<30522x768xf32>, %c: memref<20x768xf32>) attributes {xla.fusion_kind = "output"} {
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%two : f32) outs(%c : memref<20x768xf32>)
  linalg.matmul ins(%a, %b : memref<20x30522xf32>, memref<30522x768xf32>) outs(%c : memref<20x768xf32>)
  return
}

// More than 16 splits: 32 x 64 has 2 tiles, so k = 8192 splits in 32.
// Each thread of the sum adds a run of 16 splits (all 16 loads before the
// first add); the first run's thread adds the output's value and the two
// runs' sums in order, through shared memory. 128 outputs per block.
// SM132-LABEL: func.func private @output_long_split_k_fusion(
// SM132:         %[[PARTIALS:.*]] = memref.alloc() : memref<32x1x32x64xf32>
// SM132:         gpu.launch
// SM132:         gpu.launch {{.*}} in ({{.*}} = %c16, {{.*}}) threads(%[[T:[^,]*]], {{.*}}) in ({{.*}} = %c256, {{.*}}) {{.*}} workgroup(%[[SUMS:.*]] : memref<2x128xf32, #gpu.address_space<workgroup>>)
// SM132:           %[[RI:.*]] = arith.divui %[[T]], %c128
// SM132:           %[[LANE:.*]] = arith.remui %[[T]], %c128
// SM132:           %[[FIRST:.*]] = arith.muli %[[RI]], %c16
// SM132:           scf.if
// SM132-COUNT-16:    memref.load %[[PARTIALS]]
// SM132:             memref.store %{{.*}}, %[[SUMS]][%[[RI]], %[[LANE]]]
// SM132:           gpu.barrier
// SM132:           scf.if
// SM132:             %[[OLD:.*]] = memref.load %arg2
// SM132:             %[[R0:.*]] = memref.load %[[SUMS]][%c0, %[[LANE]]]
// SM132:             %[[S0:.*]] = arith.addf %[[OLD]], %[[R0]]
// SM132:             %[[R1:.*]] = memref.load %[[SUMS]][%c1, %[[LANE]]]
// SM132:             %[[S1:.*]] = arith.addf %[[S0]], %[[R1]]
// SM132:             memref.store %[[S1]], %arg2
// SM132:         memref.dealloc %[[PARTIALS]]
func.func private @output_long_split_k_fusion(%a: memref<32x8192xf32>, %b: memref<8192x64xf32>, %c: memref<32x64xf32>) attributes {xla.fusion_kind = "output"} {
  linalg.matmul ins(%a, %b : memref<32x8192xf32>, memref<8192x64xf32>) outs(%c : memref<32x64xf32>)
  return
}

// A kernel may be named like another function: @input_names_fusion's
// third kernel is `input_names_fusion_2`, the name of the function after
// it. That launch is no use of the function: its calls alone say whether
// its buffers are distinct, so its output's fill still folds into its
// kernel (it did not while the launch counted as a use).
// CHECK-LABEL: func.func private @input_names_fusion(
// CHECK-COUNT-3: gpu.launch
// CHECK-LABEL: func.func private @input_names_fusion_2(
// CHECK-NOT:     linalg.fill
// CHECK:         gpu.launch
// CHECK-NOT:       memref.load %arg1
// CHECK:           memref.store %{{.*}}, %arg1
func.func private @input_names_fusion(%a: memref<8x256xf32>, %x: memref<8xf32>, %y: memref<8xf32>, %z: memref<8xf32>) attributes {xla.fusion_kind = "input"} {
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<8x256xf32>) outs(%x : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<8x256xf32>) outs(%y : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<8x256xf32>) outs(%z : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.minimumf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
func.func private @input_names_fusion_2(%a: memref<8x256xf32>, %out: memref<8xf32>) attributes {xla.fusion_kind = "input"} {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<8xf32>)
  linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : memref<8x256xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
func.func @names_host(%a: memref<8x256xf32>, %x: memref<8xf32>, %y: memref<8xf32>, %z: memref<8xf32>, %out: memref<8xf32>) {
  call @input_names_fusion(%a, %x, %y, %z) : (memref<8x256xf32>, memref<8xf32>, memref<8xf32>, memref<8xf32>) -> ()
  call @input_names_fusion_2(%a, %out) : (memref<8x256xf32>, memref<8xf32>) -> ()
  return
}
