// RUN: xla-opt %s -hlo-simplify -split-input-file | FileCheck %s
// The patterns are opt-in: canonicalize leaves the ops alone.
// RUN: xla-opt %s -canonicalize -split-input-file | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CANON-LABEL: func @reshape
// CANON-COUNT-2: hlo.reshape
func.func @reshape(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<6xf32>) {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: %[[R:.*]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: return %[[X]], %[[R]]
  func.return %0, %1 : tensor<2x3xf32>, tensor<6xf32>
}

// -----

// CHECK-LABEL: func @reshape_of_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
func.func @reshape_of_reshape(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  // CHECK: %[[R:.*]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %0 : (tensor<6xf32>) -> tensor<3x2xf32>
  // Back to the operand's type: nothing is left.
  %2 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6x1xf32>
  %3 = hlo.reshape %2 : (tensor<6x1xf32>) -> tensor<2x3xf32>
  // CHECK-NOT: hlo.reshape
  // CHECK: return %[[R]], %[[X]]
  func.return %1, %3 : tensor<3x2xf32>, tensor<2x3xf32>
}

// -----

// An inner reshape with other users stays.
// CHECK-LABEL: func @reshape_of_reshape_shared
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
func.func @reshape_of_reshape_shared(%x: tensor<2x3xf32>) -> (tensor<6xf32>, tensor<3x2xf32>) {
  // CHECK-DAG: %[[A:.*]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK-DAG: %[[B:.*]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %0 : (tensor<6xf32>) -> tensor<3x2xf32>
  // CHECK: return %[[A]], %[[B]]
  func.return %0, %1 : tensor<6xf32>, tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x2xf32>)
func.func @transpose(%x: tensor<2x3xf32>, %y: tensor<2x2xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x2xf32>) {
  %0 = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: %[[T:.*]] = hlo.transpose %[[X]], dims = [1, 0]
  %1 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // Same type, but not the identity.
  // CHECK: %[[U:.*]] = hlo.transpose %[[Y]], dims = [1, 0]
  %2 = hlo.transpose %y, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // CHECK: return %[[X]], %[[T]], %[[U]]
  func.return %0, %1, %2 : tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func @transpose_of_transpose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
func.func @transpose_of_transpose(%x: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x4xf32>) {
  // [1, 2, 0], then [1, 0, 2], then [0, 2, 1] compose to [2, 0, 1]: result
  // dimension i of outer(inner(x)) is x's dimension inner[outer[i]].
  // CHECK: %[[T:.*]] = hlo.transpose %[[X]], dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %0 = hlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = hlo.transpose %0, dims = [1, 0, 2] : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32>
  %2 = hlo.transpose %1, dims = [0, 2, 1] : (tensor<4x3x2xf32>) -> tensor<4x2x3xf32>
  // A permutation and its inverse cancel.
  %3 = hlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %4 = hlo.transpose %3, dims = [2, 0, 1] : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  // CHECK-NOT: hlo.transpose
  // CHECK: return %[[T]], %[[X]]
  func.return %2, %4 : tensor<4x2x3xf32>, tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func @broadcast_in_dim
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x2xf32>, %[[S:.*]]: tensor<1x3xf32>)
func.func @broadcast_in_dim(%x: tensor<2x3xf32>, %y: tensor<2x2xf32>, %s: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x3xf32>, tensor<4x2x3xf32>) {
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // Same type, but the dimensions are swapped: a transpose.
  // CHECK: %[[P:.*]] = hlo.broadcast_in_dim %[[Y]], dims = [1, 0]
  %1 = hlo.broadcast_in_dim %y, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // Expanding a size-1 dimension.
  // CHECK: %[[E:.*]] = hlo.broadcast_in_dim %[[S]], dims = [0, 1]
  %2 = hlo.broadcast_in_dim %s, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
  // CHECK: %[[N:.*]] = hlo.broadcast_in_dim %[[X]], dims = [1, 2]
  %3 = hlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  // CHECK: return %[[X]], %[[P]], %[[E]], %[[N]]
  func.return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x3xf32>, tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func @slice
// CHECK-SAME: (%[[X:.*]]: tensor<4x1xf32>, %[[D:.*]]: tensor<?x4xf32>)
func.func @slice(%x: tensor<4x1xf32>, %d: tensor<?x4xf32>) -> (tensor<4x1xf32>, tensor<3x1xf32>, tensor<2x1xf32>, tensor<4x1xf32>, tensor<?x4xf32>) {
  %0 = hlo.slice %x [0:4, 0:1] : (tensor<4x1xf32>) -> tensor<4x1xf32>
  // CHECK: %[[A:.*]] = hlo.slice %[[X]] [1:4, 0:1]
  %1 = hlo.slice %x [1:4, 0:1] : (tensor<4x1xf32>) -> tensor<3x1xf32>
  // CHECK: %[[B:.*]] = hlo.slice %[[X]] [0:4:2, 0:1]
  %2 = hlo.slice %x [0:4:2, 0:1] : (tensor<4x1xf32>) -> tensor<2x1xf32>
  // A stride on a size-1 dimension is not the stride-1 form; it stays.
  // CHECK: %[[C:.*]] = hlo.slice %[[X]] [0:4, 0:1:2]
  %3 = hlo.slice %x [0:4, 0:1:2] : (tensor<4x1xf32>) -> tensor<4x1xf32>
  // The size of a dynamic dimension is unknown.
  // CHECK: %[[E:.*]] = hlo.slice %[[D]] [0:3, 0:4]
  %4 = hlo.slice %d [0:3, 0:4] : (tensor<?x4xf32>) -> tensor<?x4xf32>
  // CHECK: return %[[X]], %[[A]], %[[B]], %[[C]], %[[E]]
  func.return %0, %1, %2, %3, %4 : tensor<4x1xf32>, tensor<3x1xf32>, tensor<2x1xf32>, tensor<4x1xf32>, tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func @pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<f32>)
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x4xf32>, tensor<3x3xf32>, tensor<2x3xf32>) {
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: %[[A:.*]] = hlo.pad %[[X]], %[[V]], low = [0, 1]
  %1 = hlo.pad %x, %v, low = [0, 1], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x4xf32>
  // CHECK: %[[B:.*]] = hlo.pad %[[X]], %[[V]], low = [0, 0], high = [0, 0], interior = [1, 0]
  %2 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  // Low and high cancel in size, but move the elements.
  // CHECK: %[[C:.*]] = hlo.pad %[[X]], %[[V]], low = [0, 1], high = [0, -1]
  %3 = hlo.pad %x, %v, low = [0, 1], high = [0, -1], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: return %[[X]], %[[A]], %[[B]], %[[C]]
  func.return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x4xf32>, tensor<3x3xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @reverse
// CHECK-SAME: (%[[X:.*]]: tensor<1x3xf32>, %[[D:.*]]: tensor<?x3xf32>)
func.func @reverse(%x: tensor<1x3xf32>, %d: tensor<?x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<?x3xf32>) {
  %0 = hlo.reverse %x, dims = [] : tensor<1x3xf32>
  %1 = hlo.reverse %x, dims = [0] : tensor<1x3xf32>
  // CHECK: %[[A:.*]] = hlo.reverse %[[X]], dims = [0, 1]
  %2 = hlo.reverse %x, dims = [0, 1] : tensor<1x3xf32>
  // A dynamic dimension may have more than one element.
  // CHECK: %[[B:.*]] = hlo.reverse %[[D]], dims = [0]
  %3 = hlo.reverse %d, dims = [0] : tensor<?x3xf32>
  // CHECK: return %[[X]], %[[X]], %[[A]], %[[B]]
  func.return %0, %1, %2, %3 : tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func @concatenate
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
func.func @concatenate(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4x3xf32>) {
  %0 = hlo.concatenate %x, dim = 0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: %[[C:.*]] = hlo.concatenate %[[X]], %[[X]], dim = 0
  %1 = hlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  // CHECK: return %[[X]], %[[C]]
  func.return %0, %1 : tensor<2x3xf32>, tensor<4x3xf32>
}

// -----

// An identity op whose result type is more precise than its operand's
// (a static size for a dynamic one) is kept: removing it would lose the
// refinement.
// CHECK-LABEL: func @refined_types
func.func @refined_types(%d: tensor<?x3xf32>, %v: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK: hlo.transpose
  %0 = hlo.transpose %d, dims = [0, 1] : (tensor<?x3xf32>) -> tensor<2x3xf32>
  // CHECK: hlo.pad
  %1 = hlo.pad %d, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<?x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: hlo.reverse
  %2 = hlo.reverse %d, dims = [] : (tensor<?x3xf32>) -> tensor<2x3xf32>
  // CHECK: hlo.concatenate
  %3 = hlo.concatenate %d, dim = 0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// convert to the operand's own type.
// CHECK-LABEL: func @convert
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
func.func @convert(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf64>) {
  %0 = hlo.convert %x : tensor<4xf32>
  // CHECK: %[[C:.*]] = hlo.convert %[[X]] : (tensor<4xf32>) -> tensor<4xf64>
  %1 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf64>
  // CHECK: return %[[X]], %[[C]]
  func.return %0, %1 : tensor<4xf32>, tensor<4xf64>
}
