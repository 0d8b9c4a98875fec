// xla-convert-vector-to-llvm: upstream convert-vector-to-llvm's lowerings,
// for less compile time (patterns built once, no region simplification). Contractions become one FMA per row and k step, 1-D transfers
// loads, n-D from_elements 1-D ones, reductions reassociate when asked, and
// x86vector ops their intrinsics when asked.
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-convert-vector-to-llvm{reassociate-fp-reductions=1 x86vector=1}))' | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-convert-vector-to-llvm))' | FileCheck %s --check-prefix=PLAIN
// The result is upstream's pass's, op for op.
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-convert-vector-to-llvm{reassociate-fp-reductions=1 x86vector=1}))' > %t.ours
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(convert-vector-to-llvm{vector-contract-lowering=outerproduct reassociate-fp-reductions=1 enable-x86vector=1}))' > %t.upstream
// RUN: diff %t.ours %t.upstream

// A register tile's contraction: one FMA per row and k step.
func.func @contract(%a: vector<2x1xf32>, %b: vector<1x16xf32>, %c: vector<2x16xf32>) -> vector<2x16xf32> {
  %0 = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<2x1xf32>, vector<1x16xf32> into vector<2x16xf32>
  return %0 : vector<2x16xf32>
}
// CHECK-LABEL: func.func @contract(
// CHECK-NOT: vector.contract
// CHECK: llvm.shufflevector {{.*}} [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<16xf32>
// CHECK: llvm.intr.fmuladd({{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
// CHECK: llvm.shufflevector
// CHECK: llvm.intr.fmuladd
// CHECK-NOT: llvm.intr.fmuladd
// CHECK: return

func.func @reduce(%v: vector<16xf32>, %p: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %r = vector.transfer_read %p[%c0], %pad {in_bounds = [true]} : memref<16xf32>, vector<16xf32>
  %s = arith.addf %v, %r : vector<16xf32>
  %0 = vector.reduction <add>, %s : vector<16xf32> into f32
  return %0 : f32
}
// CHECK-LABEL: func.func @reduce(
// CHECK: llvm.load {{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: "llvm.intr.vector.reduce.fadd"({{.*}}) <{fastmathFlags = #llvm.fastmath<reassoc>}>
// PLAIN-LABEL: func.func @reduce(
// PLAIN: "llvm.intr.vector.reduce.fadd"
// PLAIN-NOT: reassoc
// PLAIN: return

func.func @from_elements(%a: f32, %b: f32) -> vector<2x1xf32> {
  %0 = vector.from_elements %a, %b : vector<2x1xf32>
  return %0 : vector<2x1xf32>
}
// CHECK-LABEL: func.func @from_elements(
// CHECK-NOT: vector.from_elements
// CHECK: llvm.insertelement %arg0
// CHECK: llvm.insertvalue {{.*}}[0] : !llvm.array<2 x vector<1xf32>>
// CHECK: llvm.insertelement %arg1
// CHECK: llvm.insertvalue {{.*}}[1] : !llvm.array<2 x vector<1xf32>>

func.func @scalef(%a: vector<16xf32>, %b: vector<16xf32>) -> vector<16xf32> {
  %m = arith.constant -1 : i16
  %r = arith.constant 4 : i32
  %0 = x86vector.avx512.mask.scalef %a, %a, %b, %m, %r : vector<16xf32>
  return %0 : vector<16xf32>
}
// CHECK-LABEL: func.func @scalef(
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// PLAIN-LABEL: func.func @scalef(
// PLAIN: x86vector.avx512.mask.scalef
