// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// Round trip of the hloext ops on tensors and on buffers.

// CHECK-LABEL: func @scatter_tensor
// CHECK: %[[R:.*]] = hloext.scatter update_window_dims = [1] inserted_window_dims = [0] scatter_dims_to_operand_dims = [0] index_vector_dim = 1 unique_indices
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<2x1xi64>, tensor<2x3xf32>)
// CHECK-SAME: outs(%{{.*}} : tensor<5x3xf32>) {
// CHECK: ^bb0(%[[CUR:.*]]: f32, %[[UPD:.*]]: f32):
// CHECK:   %[[SUM:.*]] = arith.addf %[[CUR]], %[[UPD]] : f32
// CHECK:   hloext.yield %[[SUM]] : f32
// CHECK: } -> tensor<5x3xf32>
func.func @scatter_tensor(%indices: tensor<2x1xi64>, %updates: tensor<2x3xf32>,
                          %operand: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %0 = hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1 unique_indices
      ins(%indices, %updates : tensor<2x1xi64>, tensor<2x3xf32>)
      outs(%operand : tensor<5x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    %s = arith.addf %cur, %upd : f32
    hloext.yield %s : f32
  } -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// Two operands, scalar index vectors (index_vector_dim = rank), no window.
// CHECK-LABEL: func @scatter_variadic
// CHECK: hloext.scatter update_window_dims = [] inserted_window_dims = [0] scatter_dims_to_operand_dims = [0] index_vector_dim = 1
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi32>, tensor<4xf32>, tensor<4xi32>)
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xi32>)
// CHECK: -> tensor<8xf32>, tensor<8xi32>
func.func @scatter_variadic(%indices: tensor<4xi32>, %u0: tensor<4xf32>,
                            %u1: tensor<4xi32>, %o0: tensor<8xf32>,
                            %o1: tensor<8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %0:2 = hloext.scatter update_window_dims = [] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%indices, %u0, %u1 : tensor<4xi32>, tensor<4xf32>, tensor<4xi32>)
      outs(%o0, %o1 : tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%c0: f32, %c1: i32, %v0: f32, %v1: i32):
    hloext.yield %v0, %v1 : f32, i32
  } -> tensor<8xf32>, tensor<8xi32>
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// CHECK-LABEL: func @scatter_buffer
// CHECK: hloext.scatter
// CHECK-SAME: outs(%{{.*}} : memref<5x3xf32>) {
// CHECK: }{{$}}
func.func @scatter_buffer(%indices: memref<2x1xi64>, %updates: memref<2x3xf32>,
                          %operand: memref<5x3xf32>) {
  hloext.scatter update_window_dims = [1] inserted_window_dims = [0]
      scatter_dims_to_operand_dims = [0] index_vector_dim = 1
      ins(%indices, %updates : memref<2x1xi64>, memref<2x3xf32>)
      outs(%operand : memref<5x3xf32>) {
  ^bb0(%cur: f32, %upd: f32):
    hloext.yield %upd : f32
  }
  return
}

// CHECK-LABEL: func @sort_tensor
// CHECK: %{{.*}}:2 = hloext.sort dimension = 1 outs(%{{.*}}, %{{.*}} : tensor<3x8xf32>, tensor<3x8xi32>) {
// CHECK: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK:   %[[LT:.*]] = arith.cmpf olt, %[[L]], %[[R]] : f32
// CHECK:   hloext.yield %[[LT]] : i1
// CHECK: } -> tensor<3x8xf32>, tensor<3x8xi32>
func.func @sort_tensor(%keys: tensor<3x8xf32>, %values: tensor<3x8xi32>)
    -> (tensor<3x8xf32>, tensor<3x8xi32>) {
  %0:2 = hloext.sort dimension = 1 outs(%keys, %values : tensor<3x8xf32>, tensor<3x8xi32>) {
  ^bb0(%l: f32, %r: f32, %lv: i32, %rv: i32):
    %lt = arith.cmpf olt, %l, %r : f32
    hloext.yield %lt : i1
  } -> tensor<3x8xf32>, tensor<3x8xi32>
  return %0#0, %0#1 : tensor<3x8xf32>, tensor<3x8xi32>
}

// CHECK-LABEL: func @sort_buffer
// CHECK: hloext.sort dimension = 0 outs(%{{.*}} : memref<?xi64>) {
func.func @sort_buffer(%keys: memref<?xi64>) {
  hloext.sort dimension = 0 outs(%keys : memref<?xi64>) {
  ^bb0(%l: i64, %r: i64):
    %lt = arith.cmpi slt, %l, %r : i64
    hloext.yield %lt : i1
  }
  return
}

// CHECK-LABEL: func @select_and_scatter_tensor
// CHECK: %{{.*}} = hloext.select_and_scatter window_dimensions = [3, 1] window_strides = [2, 1] padding_low = [0, 0] padding_high = [1, 0]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<4x2xi64>, tensor<2x2xi64>) outs(%{{.*}} : tensor<4x2xi64>) select {
// CHECK: ^bb0(%[[A:.*]]: i64, %[[B:.*]]: i64):
// CHECK:   %[[GE:.*]] = arith.cmpi sge, %[[A]], %[[B]] : i64
// CHECK:   hloext.yield %[[GE]] : i1
// CHECK: } scatter {
// CHECK: ^bb0(%[[C:.*]]: i64, %[[D:.*]]: i64):
// CHECK:   %[[S:.*]] = arith.addi %[[C]], %[[D]] : i64
// CHECK:   hloext.yield %[[S]] : i64
// CHECK: } -> tensor<4x2xi64>
func.func @select_and_scatter_tensor(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>,
                                     %init: tensor<4x2xi64>) -> tensor<4x2xi64> {
  %0 = hloext.select_and_scatter window_dimensions = [3, 1] window_strides = [2, 1]
      padding_low = [0, 0] padding_high = [1, 0]
      ins(%operand, %source : tensor<4x2xi64>, tensor<2x2xi64>) outs(%init : tensor<4x2xi64>)
      select {
      ^bb0(%a: i64, %b: i64):
        %ge = arith.cmpi sge, %a, %b : i64
        hloext.yield %ge : i1
      } scatter {
      ^bb0(%c: i64, %d: i64):
        %s = arith.addi %c, %d : i64
        hloext.yield %s : i64
      } -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// CHECK-LABEL: func @fft_tensor
// CHECK: hloext.fft RFFT fft_length = [16] ins(%{{.*}} : tensor<8x16xf32>) outs(%{{.*}} : tensor<8x9xcomplex<f32>>) -> tensor<8x9xcomplex<f32>>
// CHECK: hloext.fft IRFFT fft_length = [4, 16] ins(%{{.*}} : tensor<4x9xcomplex<f64>>) outs(%{{.*}} : tensor<4x16xf64>) -> tensor<4x16xf64>
func.func @fft_tensor(%x: tensor<8x16xf32>, %init: tensor<8x9xcomplex<f32>>,
                      %y: tensor<4x9xcomplex<f64>>, %init2: tensor<4x16xf64>)
    -> (tensor<8x9xcomplex<f32>>, tensor<4x16xf64>) {
  %0 = hloext.fft RFFT fft_length = [16] ins(%x : tensor<8x16xf32>)
      outs(%init : tensor<8x9xcomplex<f32>>) -> tensor<8x9xcomplex<f32>>
  %1 = hloext.fft IRFFT fft_length = [4, 16] ins(%y : tensor<4x9xcomplex<f64>>)
      outs(%init2 : tensor<4x16xf64>) -> tensor<4x16xf64>
  return %0, %1 : tensor<8x9xcomplex<f32>>, tensor<4x16xf64>
}
