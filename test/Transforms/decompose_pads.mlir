// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(xla-decompose-pads))' | FileCheck %s

// A convolution's padding: the border slabs along H (all of W and C) and
// along W (the interior rows only) are filled, the interior is a copy;
// dimensions without padding get no slabs.
// CHECK-LABEL: func.func @conv_input
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x6x3xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x8x8x3xf32>
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[E]][0, 0, 0, 0] [2, 1, 8, 3] [1, 1, 1, 1]
// CHECK: %[[F0:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[S0]] : tensor<2x1x8x3xf32>)
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[F0]] into %[[E]][0, 0, 0, 0] [2, 1, 8, 3] [1, 1, 1, 1]
// CHECK: tensor.extract_slice %[[R0]][0, 6, 0, 0] [2, 2, 8, 3] [1, 1, 1, 1]
// CHECK: linalg.fill
// CHECK: %[[R1:.*]] = tensor.insert_slice {{.*}}[0, 6, 0, 0] [2, 2, 8, 3] [1, 1, 1, 1]
// CHECK: tensor.extract_slice %[[R1]][0, 1, 0, 0] [2, 5, 1, 3] [1, 1, 1, 1]
// CHECK: linalg.fill
// CHECK: %[[R2:.*]] = tensor.insert_slice {{.*}}[0, 1, 0, 0] [2, 5, 1, 3] [1, 1, 1, 1]
// CHECK: tensor.extract_slice %[[R2]][0, 1, 7, 0] [2, 5, 1, 3] [1, 1, 1, 1]
// CHECK: linalg.fill
// CHECK: %[[R3:.*]] = tensor.insert_slice {{.*}}[0, 1, 7, 0] [2, 5, 1, 3] [1, 1, 1, 1]
// CHECK: %[[I:.*]] = tensor.extract_slice %[[R3]][0, 1, 1, 0] [2, 5, 6, 3] [1, 1, 1, 1]
// CHECK: %[[C:.*]] = linalg.copy ins(%[[X]] : tensor<2x5x6x3xf32>) outs(%[[I]] : tensor<2x5x6x3xf32>)
// CHECK: %[[R:.*]] = tensor.insert_slice %[[C]] into %[[R3]][0, 1, 1, 0] [2, 5, 6, 3] [1, 1, 1, 1]
// CHECK: return %[[R]]
// CHECK-NOT: tensor.pad
func.func @conv_input(%x: tensor<2x5x6x3xf32>) -> tensor<2x8x8x3xf32> {
  %zero = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[0, 1, 1, 0] high[0, 2, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<2x5x6x3xf32> to tensor<2x8x8x3xf32>
  return %0 : tensor<2x8x8x3xf32>
}

// A padding value from outside the region (hlo.pad's scalar operand).
// CHECK-LABEL: func.func @value_operand
// CHECK-SAME: %{{.*}}: tensor<4xi32>, %[[V:[^:]*]]: i32
// CHECK: linalg.fill ins(%[[V]] : i32)
// CHECK: linalg.fill ins(%[[V]] : i32)
// CHECK: linalg.copy
// CHECK-NOT: tensor.pad
func.func @value_operand(%x: tensor<4xi32>, %v: i32) -> tensor<7xi32> {
  %0 = tensor.pad %x low[1] high[2] {
  ^bb0(%i: index):
    tensor.yield %v : i32
  } : tensor<4xi32> to tensor<7xi32>
  return %0 : tensor<7xi32>
}

// Left alone: a padding value that depends on the position, and dynamic
// shapes.
// CHECK-LABEL: func.func @position_dependent
// CHECK: tensor.pad
// CHECK-LABEL: func.func @dynamic
// CHECK: tensor.pad
func.func @position_dependent(%x: tensor<4xindex>) -> tensor<6xindex> {
  %0 = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<4xindex> to tensor<6xindex>
  return %0 : tensor<6xindex>
}
func.func @dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %0 = tensor.pad %x low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %zero : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %0 : tensor<?xf32>
}
