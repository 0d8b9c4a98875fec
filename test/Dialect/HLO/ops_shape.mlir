// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// CHECK-LABEL: func @broadcasts
func.func @broadcasts(%a: tensor<1x2xf32>, %s: tensor<f32>, %d: tensor<?xf32>,
                      %shape: tensor<2xi64>, %ishape: tensor<2xindex>) {
  // CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<3x2xf32>
  %0 = hlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
  %1 = hlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
  // CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [2, 0] : (tensor<1x2xf32>) -> tensor<2x7x1xf32>
  %2 = hlo.broadcast_in_dim %a, dims = [2, 0] : (tensor<1x2xf32>) -> tensor<2x7x1xf32>
  // CHECK: hlo.broadcast %{{.*}}, sizes = [3, 4] : (tensor<1x2xf32>) -> tensor<3x4x1x2xf32>
  %3 = hlo.broadcast %a, sizes = [3, 4] : (tensor<1x2xf32>) -> tensor<3x4x1x2xf32>
  // CHECK: hlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [0] : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %4 = hlo.dynamic_broadcast_in_dim %d, %shape, dims = [0] : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  // CHECK: hlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [1] {known_expanding_dimensions = array<i64>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x?xf32>
  %5 = hlo.dynamic_broadcast_in_dim %d, %ishape, dims = [1] {known_expanding_dimensions = array<i64>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?xf32>, tensor<2xindex>) -> tensor<3x?xf32>
  func.return
}

// CHECK-LABEL: func @reshapes
func.func @reshapes(%a: tensor<2x3xf32>, %d: tensor<?xf32>, %shape: tensor<2xi64>,
                    %b: tensor<2x3x4xi8>) {
  // CHECK: hlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<6xf32>
  %0 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: hlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<1x6x1xf32>
  %1 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<1x6x1xf32>
  // CHECK: hlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %2 = hlo.dynamic_reshape %d, %shape : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  // CHECK: hlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.transpose %{{.*}}, dims = [2, 0, 1] : (tensor<2x3x4xi8>) -> tensor<4x2x3xi8>
  %4 = hlo.transpose %b, dims = [2, 0, 1] : (tensor<2x3x4xi8>) -> tensor<4x2x3xi8>
  // The result may be less precise than the inferred type.
  // CHECK: hlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<?x2xf32>
  %5 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<?x2xf32>
  func.return
}

// CHECK-LABEL: func @bounded
func.func @bounded(%a: tensor<?x3xf32, #hlo.type_extensions<bounds = [5, ?]>>) {
  // CHECK: hlo.transpose %{{.*}}, dims = [1, 0] : (tensor<?x3xf32, #hlo.type_extensions<bounds = [5, ?]>>) -> tensor<3x?xf32, #hlo.type_extensions<bounds = [?, 5]>>
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<?x3xf32, #hlo.type_extensions<bounds = [5, ?]>>) -> tensor<3x?xf32, #hlo.type_extensions<bounds = [?, 5]>>
  // CHECK: hlo.get_dimension_size %{{.*}}, dim = 0 : (tensor<?x3xf32, #hlo.type_extensions<bounds = [5, ?]>>) -> tensor<i32>
  %1 = hlo.get_dimension_size %a, dim = 0 : (tensor<?x3xf32, #hlo.type_extensions<bounds = [5, ?]>>) -> tensor<i32>
  func.return
}

// CHECK-LABEL: func @slices
func.func @slices(%a: tensor<4x4xf32>, %i: tensor<i64>, %j: tensor<i64>,
                  %u: tensor<2x2xf32>, %s: tensor<f32>, %d: tensor<?x4xf32>,
                  %v: tensor<2xi32>) {
  // CHECK: hlo.slice %{{.*}} [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  %0 = hlo.slice %a [1:3, 0:4:2] : (tensor<4x4xf32>) -> tensor<2x2xf32>
  // CHECK: hlo.slice %{{.*}} [0:4:3, 4:4] : (tensor<4x4xf32>) -> tensor<2x0xf32>
  %1 = hlo.slice %a [0:4:3, 4:4] : (tensor<4x4xf32>) -> tensor<2x0xf32>
  // CHECK: hlo.slice %{{.*}} [] : (tensor<f32>) -> tensor<f32>
  %2 = hlo.slice %s [] : (tensor<f32>) -> tensor<f32>
  // CHECK: hlo.slice %{{.*}} [0:7, 1:2] : (tensor<?x4xf32>) -> tensor<7x1xf32>
  %3 = hlo.slice %d [0:7, 1:2] : (tensor<?x4xf32>) -> tensor<7x1xf32>
  // CHECK: hlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  %4 = hlo.dynamic_slice %a, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  // CHECK: hlo.dynamic_slice %{{.*}}, sizes = [] : (tensor<f32>) -> tensor<f32>
  %5 = hlo.dynamic_slice %s, sizes = [] : (tensor<f32>) -> tensor<f32>
  // CHECK: hlo.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
  %6 = hlo.dynamic_update_slice %a, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
  // CHECK: hlo.real_dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  %7 = hlo.real_dynamic_slice %d, %v, %v, %v : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return
}

// CHECK-LABEL: func @concatenate_pad_reverse
func.func @concatenate_pad_reverse(%a: tensor<1xf32>, %b: tensor<2xf32>,
                                   %m: tensor<2x2xf32>, %s: tensor<f32>,
                                   %d: tensor<?x2xf32>, %p: tensor<2xi64>) {
  // CHECK: hlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1xf32>, tensor<2xf32>) -> tensor<3xf32>
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<1xf32>, tensor<2xf32>) -> tensor<3xf32>
  // CHECK: hlo.concatenate %{{.*}}, dim = 0 : (tensor<1xf32>) -> tensor<1xf32>
  %1 = hlo.concatenate %a, dim = 0 : (tensor<1xf32>) -> tensor<1xf32>
  // CHECK: hlo.concatenate %{{.*}}, %{{.*}}, %{{.*}}, dim = 1 : (tensor<2x2xf32>, tensor<?x2xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
  %2 = hlo.concatenate %m, %d, %m, dim = 1 : (tensor<2x2xf32>, tensor<?x2xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
  // CHECK: hlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<2x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  %3 = hlo.concatenate %m, %d, dim = 0 : (tensor<2x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  // CHECK: hlo.pad %{{.*}}, %{{.*}}, low = [0, 1], high = [1, 0], interior = [0, 0] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x3xf32>
  %4 = hlo.pad %m, %s, low = [0, 1], high = [1, 0], interior = [0, 0] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x3xf32>
  // CHECK: hlo.pad %{{.*}}, %{{.*}}, low = [-1, 0], high = [0, -1], interior = [2, 1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  %5 = hlo.pad %m, %s, low = [-1, 0], high = [0, -1], interior = [2, 1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  // CHECK: hlo.dynamic_pad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<?x2xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %6 = hlo.dynamic_pad %d, %s, %p, %p, %p : (tensor<?x2xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  // CHECK: hlo.reverse %{{.*}}, dims = [0] : tensor<2xf32>
  %7 = hlo.reverse %b, dims = [0] : tensor<2xf32>
  // CHECK: hlo.reverse %{{.*}}, dims = [1, 0] : tensor<?x2xf32>
  %8 = hlo.reverse %d, dims = [1, 0] : tensor<?x2xf32>
  func.return
}

// CHECK-LABEL: func @iotas
func.func @iotas(%shape: tensor<1xi64>) {
  // CHECK: hlo.iota dim = 0 : tensor<4xi32>
  %0 = hlo.iota dim = 0 : tensor<4xi32>
  // CHECK: hlo.iota dim = 1 : tensor<2x3xcomplex<f32>>
  %1 = hlo.iota dim = 1 : tensor<2x3xcomplex<f32>>
  // CHECK: hlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  %2 = hlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  func.return
}

// CHECK-LABEL: func @dimension_size
func.func @dimension_size(%a: tensor<2x3xf32>) -> tensor<i32> {
  // CHECK: hlo.get_dimension_size %{{.*}}, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  %0 = hlo.get_dimension_size %a, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}

// CHECK-LABEL: func @gathers
func.func @gathers(%a: tensor<3x4x2xi64>, %idx: tensor<2x3x2xi64>,
                   %b: tensor<5x3x4xf32>, %bidx: tensor<5x2x1xi32>,
                   %sizes: tensor<3xi64>) {
  // CHECK: "hlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  %0 = "hlo.gather"(%a, %idx) {
    dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0],
                                    start_index_map = [1, 0], index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  // Batching dimensions, and an offset dimension before the batch dimensions.
  // CHECK: "hlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [0], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<5x3x4xf32>, tensor<5x2x1xi32>) -> tensor<3x5x2xf32>
  %1 = "hlo.gather"(%b, %bidx) {
    dimension_numbers = #hlo.gather<offset_dims = [0], collapsed_slice_dims = [1],
                                    operand_batching_dims = [0],
                                    start_indices_batching_dims = [0],
                                    start_index_map = [1], index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 1, 3>, indices_are_sorted = true
  } : (tensor<5x3x4xf32>, tensor<5x2x1xi32>) -> tensor<3x5x2xf32>
  // CHECK: "hlo.dynamic_gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x?x?xi64>
  %2 = "hlo.dynamic_gather"(%a, %idx, %sizes) {
    dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0],
                                    start_index_map = [1, 0], index_vector_dim = 2>
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x?x?xi64>
  %c = hlo.constant dense<[1, 2, 2]> : tensor<3xi64>
  // CHECK: "hlo.dynamic_gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{{.*}}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  %3 = "hlo.dynamic_gather"(%a, %idx, %c) {
    dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0],
                                    start_index_map = [1, 0], index_vector_dim = 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  func.return
}

// CHECK-LABEL: func @torch_index_select
func.func @torch_index_select(%a: tensor<8x128x3072x64xf32>, %i: tensor<8x16x1024xi32>) {
  // CHECK: "hlo.torch_index_select"(%{{.*}}, %{{.*}}) <{batch_dims = 1 : i64, dim = 2 : i64}> : (tensor<8x128x3072x64xf32>, tensor<8x16x1024xi32>) -> tensor<8x128x16x1024x64xf32>
  %0 = "hlo.torch_index_select"(%a, %i) {dim = 2 : i64, batch_dims = 1 : i64}
      : (tensor<8x128x3072x64xf32>, tensor<8x16x1024xi32>) -> tensor<8x128x16x1024x64xf32>
  func.return
}

// Generic forms with the StableHLO attribute names.
// CHECK-LABEL: func @generic
func.func @generic(%a: tensor<3x6xi64>, %s: tensor<i64>) {
  // CHECK: hlo.slice %{{.*}} [0:3:2, 2:6:3] : (tensor<3x6xi64>) -> tensor<2x2xi64>
  %0 = "hlo.slice"(%a) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 6>, strides = array<i64: 2, 3>} : (tensor<3x6xi64>) -> tensor<2x2xi64>
  // CHECK: hlo.transpose %{{.*}}, dims = [1, 0] : (tensor<3x6xi64>) -> tensor<6x3xi64>
  %1 = "hlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<3x6xi64>) -> tensor<6x3xi64>
  // CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [0, 2] : (tensor<3x6xi64>) -> tensor<3x2x6xi64>
  %2 = "hlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<3x6xi64>) -> tensor<3x2x6xi64>
  // CHECK: hlo.concatenate %{{.*}}, %{{.*}}, dim = 1 : (tensor<3x6xi64>, tensor<3x6xi64>) -> tensor<3x12xi64>
  %3 = "hlo.concatenate"(%a, %a) {dimension = 1 : i64} : (tensor<3x6xi64>, tensor<3x6xi64>) -> tensor<3x12xi64>
  // CHECK: hlo.pad %{{.*}}, %{{.*}}, low = [1, 0], high = [0, 0], interior = [0, 1] : (tensor<3x6xi64>, tensor<i64>) -> tensor<4x11xi64>
  %4 = "hlo.pad"(%a, %s) {edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 1>} : (tensor<3x6xi64>, tensor<i64>) -> tensor<4x11xi64>
  // CHECK: hlo.reverse %{{.*}}, dims = [1] : tensor<3x6xi64>
  %5 = "hlo.reverse"(%a) {dimensions = array<i64: 1>} : (tensor<3x6xi64>) -> tensor<3x6xi64>
  // CHECK: hlo.iota dim = 1 : tensor<3x6xi64>
  %6 = "hlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<3x6xi64>
  // CHECK: hlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [2, 2] : (tensor<3x6xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  %7 = "hlo.dynamic_slice"(%a, %s, %s) {slice_sizes = array<i64: 2, 2>} : (tensor<3x6xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  // CHECK: hlo.broadcast %{{.*}}, sizes = [2] : (tensor<i64>) -> tensor<2xi64>
  %8 = "hlo.broadcast"(%s) {broadcast_sizes = array<i64: 2>} : (tensor<i64>) -> tensor<2xi64>
  // CHECK: hlo.get_dimension_size %{{.*}}, dim = 0 : (tensor<3x6xi64>) -> tensor<i32>
  %9 = "hlo.get_dimension_size"(%a) {dimension = 0 : i64} : (tensor<3x6xi64>) -> tensor<i32>
  func.return
}
