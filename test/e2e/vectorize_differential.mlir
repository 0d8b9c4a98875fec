// Differential test of tiling, vectorization and threads: a JAX export of
// 20 op families at large, odd sizes (remainder tiles everywhere, tiles
// distributed over threads; see Inputs/gen_vectorize_mix.py) runs once
// with the default pipeline and once as scalar single-threaded loops.
// Integer results must be identical; float results agree within rounding
// (contractions use FMAs, reductions along a vector are reassociated).
// REQUIRES: numpy
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %S/Inputs/vectorize_mix.stablehlo.mlir --seed 7 --no-print --output-dir %t/vector
// RUN: xla-run %S/Inputs/vectorize_mix.stablehlo.mlir --seed 7 --no-print --output-dir %t/scalar --vectorize=false --parallel-loops=false
// RUN: python3 %S/Inputs/compare_outputs.py %t/vector %t/scalar --rtol 1e-5 --atol 1e-4 | FileCheck %s
// CHECK: 20 of 20 outputs match
