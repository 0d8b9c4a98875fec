// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// Left side, lower: forward substitution, one row per scf.for iteration.
// The row update reduces over every column of row i of a with the
// unsolved ones (j >= i, the upper triangle) masked out, then divides by
// the diagonal of each batch.
// CHECK-LABEL: func.func @left_lower
// CHECK: scf.for %[[I:.*]] = %c0 to %c4 step %c1 iter_args(%[[X:.*]] = %arg1) -> (tensor<2x4x3xf32>)
// CHECK:   %[[AROW:.*]] = tensor.extract_slice %arg0[0, %[[I]], 0] [2, 1, 4] [1, 1, 1] : tensor<2x4x4xf32> to tensor<2x4xf32>
// CHECK:   %[[BROW:.*]] = tensor.extract_slice %[[X]][0, %[[I]], 0] [2, 1, 3] [1, 1, 1] : tensor<2x4x3xf32> to tensor<2x3xf32>
// CHECK:   %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[AROW]], %[[X]] : {{.*}}) outs(%[[BROW]] : tensor<2x3xf32>)
// CHECK:     %[[J:.*]] = linalg.index 2 : index
// CHECK:     %[[SOLVED:.*]] = arith.cmpi ult, %[[J]], %[[I]] : index
// CHECK:     %[[P:.*]] = arith.mulf
// CHECK:     %[[T:.*]] = arith.select %[[SOLVED]], %[[P]], %{{.*}} : f32
// CHECK:     arith.subf %{{.*}}, %[[T]] : f32
// CHECK:   tensor.extract_slice %arg0[0, 0, %[[I]]] [2, 4, 1]
// CHECK:   %[[DIAG:.*]] = tensor.extract_slice %{{.*}}[0, %[[I]]] [2, 1] [1, 1] : tensor<2x4xf32> to tensor<2xf32>
// CHECK:   %[[ROW:.*]] = linalg.generic {{.*}} ins(%[[DIAG]], %[[SUM]] : tensor<2xf32>, tensor<2x3xf32>)
// CHECK:     arith.divf
// CHECK:   %[[NEXT:.*]] = tensor.insert_slice %[[ROW]] into %[[X]][0, %[[I]], 0] [2, 1, 3] [1, 1, 1]
// CHECK:   scf.yield %[[NEXT]]
func.func @left_lower(%a: tensor<2x4x4xf32>, %b: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// Right side: x U = b is U^T x^T = b^T. b and the result are transposed,
// row i of U^T is column i of a, and U^T is lower: forward again. A unit
// diagonal is not read.
// CHECK-LABEL: func.func @right_upper_unit
// CHECK: %[[BT:.*]] = linalg.transpose ins(%arg1 : tensor<3x4xf32>) outs(%{{.*}} : tensor<4x3xf32>) permutation = [1, 0]
// CHECK: %[[X:.*]] = scf.for %[[I:.*]] = {{.*}} iter_args(%{{.*}} = %[[BT]])
// CHECK:   tensor.extract_slice %arg0[0, %[[I]]] [4, 1] [1, 1] : tensor<4x4xf32> to tensor<4xf32>
// CHECK:   arith.cmpi ult
// CHECK-NOT: arith.divf
// CHECK: linalg.transpose ins(%[[X]] : tensor<4x3xf32>) {{.*}} permutation = [1, 0]
func.func @right_upper_unit(%a: tensor<4x4xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #hlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Left, lower, adjoint: L^H is upper, so backward substitution from the
// last row (i = 2 - step), reading column i of a conjugated.
// CHECK-LABEL: func.func @left_lower_adjoint
// CHECK: scf.for %[[S:[a-z0-9]+]] =
// CHECK:   %[[I:.*]] = arith.subi %c2, %[[S]] : index
// CHECK:   tensor.extract_slice %arg0[0, %[[I]]] [3, 1]
// CHECK:   arith.cmpi ugt
// CHECK:   complex.conj
// CHECK:   complex.mul
// CHECK:   complex.sub
// CHECK:   complex.conj
// CHECK:   complex.div
func.func @left_lower_adjoint(%a: tensor<3x3xcomplex<f32>>, %b: tensor<3x1xcomplex<f32>>) -> tensor<3x1xcomplex<f32>> {
  %0 = "hlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #hlo<transpose ADJOINT>} : (tensor<3x3xcomplex<f32>>, tensor<3x1xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
  return %0 : tensor<3x1xcomplex<f32>>
}
