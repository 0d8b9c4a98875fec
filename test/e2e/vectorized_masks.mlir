// Masks of i1 (a byte per element in memory) read by vectorized kernels:
// an attention-style mask per row broadcast along the lanes is read one
// element per vector and splat; a mask that varies along the lanes (37 of
// them: two vectors and a remainder) is read a vector of bytes at a time
// (xla-widen-sub-byte-vector-accesses; a vector of i1 is packed bits).
// A mask computed by a kernel is written a vector of bytes at a time too.
// Both runs, vectorized on all cores and scalar on one, must agree
// exactly (selects, compares and integer adds round nothing).
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 11 --no-print --output-dir %t/vector
// RUN: xla-run %s --seed 11 --no-print --output-dir %t/scalar --vectorize=false --parallel-loops=false
// RUN: python3 %S/Inputs/compare_outputs.py %t/vector %t/scalar --rtol 0 --atol 0 | FileCheck %s
// RUN: xla-opt %s --hlo-cpu-pipeline --mlir-print-ir-after=xla-plan-tiling -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// CHECK: 5 of 5 outputs match
// The row mask's selects (siblings, one op after xla-merge-siblings, which
// takes the masks computed from %x too) and the lane mask's are
// vectorized.
// PLAN-DAG: tensor<2x20xi1>, tensor<2x20x768xf32>, tensor<2x20x768xi32>) outs({{.*}}tensor<2x20x768xi1>, tensor<2x20x768xi1>) {{.*}}xla.tiling = {peel = true, tile_sizes = array<i64: 1, 1, 16>, vectorize = true}
// PLAN-DAG: tensor<20x37xi1>, {{.*}}xla.tiling = {peel = true, tile_sizes = array<i64: 1, 16>, vectorize = true}

func.func @main(%rows: tensor<2x20xi1>, %x: tensor<2x20x768xf32>,
                %k: tensor<2x20x768xi32>, %lanes: tensor<20x37xi1>,
                %y: tensor<20x37xf32>)
    -> (tensor<2x20x768xf32>, tensor<2x20x768xi32>, tensor<20x37xf32>,
        tensor<2x20x768xi1>, tensor<2x20x768xi1>) {
  %m = hlo.broadcast_in_dim %rows, dims = [0, 1] : (tensor<2x20xi1>) -> tensor<2x20x768xi1>
  %nan = hlo.constant dense<0x7FC00000> : tensor<2x20x768xf32>
  %masked = hlo.select %m, %x, %nan : (tensor<2x20x768xi1>, tensor<2x20x768xf32>, tensor<2x20x768xf32>) -> tensor<2x20x768xf32>
  %zero = hlo.constant dense<0> : tensor<2x20x768xi32>
  %kept = hlo.select %m, %k, %zero : (tensor<2x20x768xi1>, tensor<2x20x768xi32>, tensor<2x20x768xi32>) -> tensor<2x20x768xi32>
  %sum = hlo.add %kept, %k : tensor<2x20x768xi32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<20x37xf32>
  %lane = hlo.select %lanes, %y, %ninf : (tensor<20x37xi1>, tensor<20x37xf32>, tensor<20x37xf32>) -> tensor<20x37xf32>
  // A mask written by a vectorized kernel (bytes from a vector of i1), and
  // read back by another.
  %half = hlo.constant dense<0.5> : tensor<2x20x768xf32>
  %big = hlo.compare GT, %x, %half, FLOAT : (tensor<2x20x768xf32>, tensor<2x20x768xf32>) -> tensor<2x20x768xi1>
  %flip = hlo.not %big : tensor<2x20x768xi1>
  return %masked, %sum, %lane, %big, %flip : tensor<2x20x768xf32>, tensor<2x20x768xi32>, tensor<20x37xf32>, tensor<2x20x768xi1>, tensor<2x20x768xi1>
}
