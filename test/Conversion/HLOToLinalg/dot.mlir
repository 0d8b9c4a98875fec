// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// Canonical layouts become named ops on a zero-filled output.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<4x3xf32>, %[[B:.*]]: tensor<3x5xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4x5xf32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<4x5xf32>)
// CHECK: %[[MM:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x3xf32>, tensor<3x5xf32>) outs(%[[FILL]] : tensor<4x5xf32>)
// CHECK: return %[[MM]]
func.func @matmul(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// A transposed rhs stays a linalg.matmul, with explicit indexing maps.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_transposed
// CHECK: linalg.matmul indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]] ins(%{{.*}}, %{{.*}} : tensor<3x4xf32>, tensor<5x3xf32>)
// CHECK-NOT: linalg.transpose
func.func @matmul_transposed(%a: tensor<3x4xf32>, %b: tensor<5x3xf32>) -> tensor<4x5xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x4xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// bf16 accumulates in f32 (the named op extends the operands) and is
// rounded once at the end.
// CHECK-LABEL: func.func @batch_matmul_bf16
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4x5xf32>)
// CHECK: %[[BMM:.*]] = linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x4x3xbf16>, tensor<2x3x5xbf16>) outs(%[[FILL]] : tensor<2x4x5xf32>)
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[BMM]] : tensor<2x4x5xf32>) outs(%{{.*}} : tensor<2x4x5xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @batch_matmul_bf16(%a: tensor<2x4x3xbf16>, %b: tensor<2x3x5xbf16>) -> tensor<2x4x5xbf16> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x3xbf16>, tensor<2x3x5xbf16>) -> tensor<2x4x5xbf16>
  return %0 : tensor<2x4x5xbf16>
}

// -----

// Unsigned widening uses the unsigned cast of the named op.
// CHECK-LABEL: func.func @matmul_ui8_ui32
// CHECK: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%{{.*}}, %{{.*}} : tensor<4x3xi8>, tensor<3x5xi8>) outs(%{{.*}} : tensor<4x5xi32>)
func.func @matmul_ui8_ui32(%a: tensor<4x3xui8>, %b: tensor<3x5xui8>) -> tensor<4x5xui32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x3xui8>, tensor<3x5xui8>) -> tensor<4x5xui32>
  return %0 : tensor<4x5xui32>
}

// -----

// CHECK-LABEL: func.func @dot_ops
// CHECK: linalg.matvec ins(%{{.*}}, %{{.*}} : tensor<4x3xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: linalg.vecmat ins(%{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3x5xf32>) outs(%{{.*}} : tensor<5xf32>)
// CHECK: linalg.dot ins(%{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<f32>)
func.func @dot_ops(%m: tensor<4x3xf32>, %v: tensor<3xf32>, %n: tensor<3x5xf32>) -> (tensor<4xf32>, tensor<5xf32>, tensor<f32>) {
  %0 = hlo.dot %m, %v : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4xf32>
  %1 = hlo.dot %v, %n : (tensor<3xf32>, tensor<3x5xf32>) -> tensor<5xf32>
  %2 = hlo.dot_general %v, %v, contracting_dims = [0] x [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<4xf32>, tensor<5xf32>, tensor<f32>
}

// -----

// Batch dimensions not in front and two contracting dimensions: a generic
// over (batch, lhs free, rhs free, contracting...) that converts inside.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d0, d1, d4)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d4, d0, d3, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @general
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
// CHECK: ^bb0(%[[L:.*]]: i8, %[[R:.*]]: i8, %[[ACC:.*]]: i32):
// CHECK: %[[LE:.*]] = arith.extsi %[[L]] : i8 to i32
// CHECK: %[[RE:.*]] = arith.extsi %[[R]] : i8 to i32
// CHECK: %[[M:.*]] = arith.muli %[[LE]], %[[RE]] : i32
// CHECK: %[[S:.*]] = arith.addi %[[ACC]], %[[M]] : i32
// CHECK: linalg.yield %[[S]]
func.func @general(%a: tensor<3x2x4x6xi8>, %b: tensor<6x2x3x5xi8>) -> tensor<2x4x5xi32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [1] x [1], contracting_dims = [0, 3] x [2, 0] : (tensor<3x2x4x6xi8>, tensor<6x2x3x5xi8>) -> tensor<2x4x5xi32>
  return %0 : tensor<2x4x5xi32>
}

// -----

// Contracting dimensions listed out of order (as hlo-simplify leaves a
// summed batch dimension) iterate in the lhs's order: the innermost loop
// walks the lhs's last contracting dimension.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3, d0)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>
// CHECK-LABEL: func.func @unordered_contracting
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #{{.*}}], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
func.func @unordered_contracting(%a: tensor<8x20x6xf32>, %b: tensor<8x20x5xf32>) -> tensor<6x5xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1, 0] x [1, 0] : (tensor<8x20x6xf32>, tensor<8x20x5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

// i1 dot products are or-of-ands, starting from false.
// CHECK-LABEL: func.func @pred
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: linalg.fill ins(%[[FALSE]] : i1)
// CHECK: linalg.generic
// CHECK: %[[AND:.*]] = arith.andi
// CHECK: arith.ori %{{.*}}, %[[AND]] : i1
func.func @pred(%a: tensor<4x3xi1>, %b: tensor<3xi1>) -> tensor<4xi1> {
  %0 = hlo.dot %a, %b : (tensor<4x3xi1>, tensor<3xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Complex numbers use the complex dialect.
// CHECK-LABEL: func.func @complex
// CHECK: linalg.fill ins(%{{.*}} : complex<f32>)
// CHECK: linalg.generic
// CHECK: ^bb0(%[[L:.*]]: complex<f32>, %[[R:.*]]: complex<f32>, %[[ACC:.*]]: complex<f32>):
// CHECK: %[[M:.*]] = complex.mul %[[L]], %[[R]] : complex<f32>
// CHECK: complex.add %[[ACC]], %[[M]] : complex<f32>
func.func @complex(%a: tensor<4x3xcomplex<f32>>, %b: tensor<3x2xcomplex<f32>>) -> tensor<4x2xcomplex<f32>> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<4x2xcomplex<f32>>
  return %0 : tensor<4x2xcomplex<f32>>
}

// -----

// An integer to float product: the named ops' cast would not be hlo.convert
// for unsigned operands, so this is a generic converting each operand.
// CHECK-LABEL: func.func @ui32_to_f32
// CHECK: linalg.generic
// CHECK: arith.uitofp %{{.*}} : i32 to f32
// CHECK: arith.uitofp %{{.*}} : i32 to f32
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @ui32_to_f32(%a: tensor<4x3xui32>, %b: tensor<3x2xui32>) -> tensor<4x2xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x3xui32>, tensor<3x2xui32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}
