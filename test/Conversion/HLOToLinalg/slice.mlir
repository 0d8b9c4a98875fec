// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @slice_strided
// CHECK: tensor.extract_slice %{{.*}}[1, 0] [2, 2] [1, 2] : tensor<4x4xf32> to tensor<2x2xf32>
func.func @slice_strided(%a: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %0 = hlo.slice %a [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Signed start indices are sign-extended and clamped to [0, dim - size].
// CHECK-LABEL: func.func @dynamic_slice_i32
// CHECK-SAME: (%[[A:.*]]: tensor<5x4xf32>, %[[I:.*]]: tensor<i32>, %[[J:.*]]: tensor<i32>)
// CHECK: %[[IV:.*]] = tensor.extract %[[I]][] : tensor<i32>
// CHECK: %[[IX:.*]] = arith.extsi %[[IV]] : i32 to i64
// CHECK: %[[C3:.*]] = arith.constant 3 : i64
// CHECK: %[[IMIN:.*]] = arith.minsi %[[IX]], %[[C3]] : i64
// CHECK: %[[C0:.*]] = arith.constant 0 : i64
// CHECK: %[[IMAX:.*]] = arith.maxsi %[[IMIN]], %[[C0]] : i64
// CHECK: %[[II:.*]] = arith.index_cast %[[IMAX]] : i64 to index
// CHECK: tensor.extract %[[J]][] : tensor<i32>
// CHECK: %[[JI:.*]] = arith.index_cast
// CHECK: tensor.extract_slice %[[A]][%[[II]], %[[JI]]] [2, 4] [1, 1] : tensor<5x4xf32> to tensor<2x4xf32>
func.func @dynamic_slice_i32(%a: tensor<5x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x4xf32> {
  %0 = hlo.dynamic_slice %a, %i, %j, sizes = [2, 4] : (tensor<5x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Unsigned start indices are zero-extended and clamped as unsigned, so a
// ui64 above INT64_MAX clamps to the upper bound, not to 0.
// CHECK-LABEL: func.func @dynamic_slice_unsigned
// CHECK: %[[B:.*]] = tensor.extract %{{.*}}[] : tensor<i8>
// CHECK: %[[BX:.*]] = arith.extui %[[B]] : i8 to i64
// CHECK: arith.minui %[[BX]], %{{.*}} : i64
// CHECK-NOT: arith.maxsi
// CHECK: %[[W:.*]] = tensor.extract %{{.*}}[] : tensor<i64>
// CHECK-NOT: arith.extui
// CHECK: arith.minui %[[W]], %{{.*}} : i64
// CHECK-NOT: arith.maxsi
// CHECK: tensor.extract_slice
func.func @dynamic_slice_unsigned(%a: tensor<300x4xf32>, %i: tensor<ui8>, %j: tensor<ui64>) -> (tensor<2xf32>, tensor<2xf32>) {
  %s = hlo.slice %a [0:300, 0:1] : (tensor<300x4xf32>) -> tensor<300x1xf32>
  %v = hlo.reshape %s : (tensor<300x1xf32>) -> tensor<300xf32>
  %0 = hlo.dynamic_slice %v, %i, sizes = [2] : (tensor<300xf32>, tensor<ui8>) -> tensor<2xf32>
  %1 = hlo.dynamic_slice %v, %j, sizes = [2] : (tensor<300xf32>, tensor<ui64>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: (%[[A:.*]]: tensor<4x4xi32>, %[[U:.*]]: tensor<2x3xi32>, %{{.*}}: tensor<i64>, %{{.*}}: tensor<i64>)
// CHECK: arith.constant 2 : i64
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: arith.constant 1 : i64
// CHECK: %[[J:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: tensor.insert_slice %[[U]] into %[[A]][%[[I]], %[[J]]] [2, 3] [1, 1] : tensor<2x3xi32> into tensor<4x4xi32>
func.func @dynamic_update_slice(%a: tensor<4x4xi32>, %u: tensor<2x3xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<4x4xi32> {
  %0 = hlo.dynamic_update_slice %a, %u, %i, %j : (tensor<4x4xi32>, tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// Empty inputs contribute nothing.
// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: (%[[A:.*]]: tensor<2x1xf32>, %[[B:.*]]: tensor<2x0xf32>, %[[C:.*]]: tensor<2x3xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [2, 1] [1, 1]
// CHECK-NOT: %[[B]]
// CHECK: tensor.insert_slice %[[C]] into %[[R0]][0, 1] [2, 3] [1, 1]
func.func @concatenate(%a: tensor<2x1xf32>, %b: tensor<2x0xf32>, %c: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %0 = hlo.concatenate %a, %b, %c, dim = 1 : (tensor<2x1xf32>, tensor<2x0xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Non-negative edge padding without interior padding is a tensor.pad.
// CHECK-LABEL: func.func @pad_edges
// CHECK-SAME: (%[[A:.*]]: tensor<2x2xf32>, %[[V:.*]]: tensor<f32>)
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: tensor.pad %[[A]] low[0, 1] high[1, 0]
// CHECK: tensor.yield %[[S]] : f32
// CHECK: tensor<2x2xf32> to tensor<3x3xf32>
func.func @pad_edges(%a: tensor<2x2xf32>, %v: tensor<f32>) -> tensor<3x3xf32> {
  %0 = hlo.pad %a, %v, low = [0, 1], high = [1, 0], interior = [0, 0] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// Interior padding inserts the operand with a stride into a filled tensor.
// Dimension 1: 3 elements dilated by 2 = 7, plus low 1 and high 2 = 10.
// CHECK-LABEL: func.func @pad_interior
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xi32>, %[[V:.*]]: tensor<i32>)
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<i32>
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x10xi32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[S]] : i32) outs(%[[E]] : tensor<2x10xi32>)
// CHECK: %[[R:.*]] = tensor.insert_slice %[[A]] into %[[F]][0, 1] [2, 3] [1, 3] : tensor<2x3xi32> into tensor<2x10xi32>
// CHECK-NOT: tensor.extract_slice
// CHECK: return %[[R]]
func.func @pad_interior(%a: tensor<2x3xi32>, %v: tensor<i32>) -> tensor<2x10xi32> {
  %0 = hlo.pad %a, %v, low = [0, 1], high = [0, 2], interior = [0, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x10xi32>
  return %0 : tensor<2x10xi32>
}

// -----

// Negative edge padding slices the (dilated) operand: low = -1 drops the
// first element of [a, p, b, p, c], high = -2 the last two.
// CHECK-LABEL: func.func @pad_negative
// CHECK: %[[E:.*]] = tensor.empty() : tensor<5xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<5xf32>)
// CHECK: %[[I:.*]] = tensor.insert_slice %{{.*}} into %[[F]][0] [3] [2] : tensor<3xf32> into tensor<5xf32>
// CHECK: tensor.extract_slice %[[I]][1] [2] [1] : tensor<5xf32> to tensor<2xf32>
func.func @pad_negative(%a: tensor<3xf32>, %v: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.pad %a, %v, low = [-1], high = [-2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Negative low with positive high and no interior padding: tensor.pad for
// the positive side, then a slice for the negative one.
// CHECK-LABEL: func.func @pad_negative_low
// CHECK: %[[P:.*]] = tensor.pad %{{.*}} low[0] high[2]
// CHECK: tensor<4xf32> to tensor<6xf32>
// CHECK: tensor.extract_slice %[[P]][2] [4] [1] : tensor<6xf32> to tensor<4xf32>
func.func @pad_negative_low(%a: tensor<4xf32>, %v: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.pad %a, %v, low = [-2], high = [2], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// dynamic_pad: paddings read at run time; a generic over the result picks
// the operand element or the padding value.
// CHECK-LABEL: func.func @dynamic_pad
// CHECK-SAME: (%[[A:.*]]: tensor<5x4xi64>, %[[V:.*]]: tensor<i64>, %[[LO:.*]]: tensor<2xi64>, %{{.*}}: tensor<2xi64>, %[[IN:.*]]: tensor<2xi64>)
// CHECK: %[[P:.*]] = tensor.extract %[[V]][] : tensor<i64>
// CHECK: tensor.extract %[[LO]][%{{.*}}] : tensor<2xi64>
// CHECK: tensor.extract %[[IN]][%{{.*}}] : tensor<2xi64>
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<7x5xi64>)
// CHECK: arith.divui
// CHECK: arith.remui
// CHECK: %[[E:.*]] = tensor.extract %[[A]]
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %[[E]], %[[P]] : i64
// CHECK: linalg.yield %[[S]]
func.func @dynamic_pad(%a: tensor<5x4xi64>, %v: tensor<i64>, %lo: tensor<2xi64>, %hi: tensor<2xi64>, %in: tensor<2xi64>) -> tensor<7x5xi64> {
  %0 = hlo.dynamic_pad %a, %v, %lo, %hi, %in : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<7x5xi64>
  return %0 : tensor<7x5xi64>
}
