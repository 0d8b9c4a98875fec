// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// Collectives have no pretty form: they print in the generic form, as
// StableHLO prints them.

// CHECK-LABEL: func @all_gather
func.func @all_gather(%a: tensor<2x2xf32>, %b: tensor<2x3xi32>, %dyn: tensor<?x2xf32>) -> tensor<2x4xf32> {
  // CHECK: "hlo.all_gather"(%{{.*}}) <{all_gather_dim = 1 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xf32>) -> tensor<2x4xf32>
  %0 = "hlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  // CHECK: "hlo.all_gather"(%{{.*}}, %{{.*}}) <{all_gather_dim = 1 : i64, channel_handle = #hlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>, tensor<2x3xi32>) -> (tensor<2x8xf32>, tensor<2x12xi32>)
  %1:2 = "hlo.all_gather"(%a, %b) <{all_gather_dim = 1 : i64, channel_handle = #hlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>, tensor<2x3xi32>) -> (tensor<2x8xf32>, tensor<2x12xi32>)
  // Empty replica groups: one group of all replicas, of unknown size.
  // CHECK: "hlo.all_gather"(%{{.*}}) <{all_gather_dim = 0 : i64, replica_groups = dense<> : tensor<0x0xi64>}> : (tensor<2x2xf32>) -> tensor<6x2xf32>
  %2 = "hlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<> : tensor<0x0xi64>} : (tensor<2x2xf32>) -> tensor<6x2xf32>
  // Dynamic dimensions are not checked.
  // CHECK: "hlo.all_gather"(%{{.*}}) {{.*}} : (tensor<?x2xf32>) -> tensor<?x4xf32>
  %3 = "hlo.all_gather"(%dyn) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<?x2xf32>) -> tensor<?x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func @all_reduce
func.func @all_reduce(%a: tensor<4xf32>, %b: tensor<5xf32>, %c: tensor<3xbf16>) -> tensor<4xf32> {
  // CHECK: "hlo.all_reduce"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
  // CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>):
  // CHECK-NEXT:   %[[S:.*]] = hlo.add %[[X]], %[[Y]] : tensor<f32>
  // CHECK-NEXT:   hlo.return %[[S]] : tensor<f32>
  // CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
  %0 = "hlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #hlo.channel_handle<handle = 0, type = 0>} : (tensor<4xf32>) -> tensor<4xf32>
  // Variadic, with groups padded by -1 and global device ids.
  // CHECK: "hlo.all_reduce"(%{{.*}}, %{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1], [2, -1]]> : tensor<2x2xi64>, use_global_device_ids}>
  // CHECK: : (tensor<4xf32>, tensor<5xf32>) -> (tensor<4xf32>, tensor<5xf32>)
  %1:2 = "hlo.all_reduce"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.maximum %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>,
      channel_handle = #hlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids} : (tensor<4xf32>, tensor<5xf32>) -> (tensor<4xf32>, tensor<5xf32>)
  // The computation may accumulate in a wider type.
  // CHECK: "hlo.all_reduce"
  // CHECK: : (tensor<3xbf16>) -> tensor<3xf32>
  %2 = "hlo.all_reduce"(%c) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xbf16>) -> tensor<3xf32>
  func.return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @collective_reduce
func.func @collective_reduce(%a: tensor<4xi64>, %root: tensor<1xi32>) -> tensor<4xi64> {
  // CHECK: "hlo.collective_reduce"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> ({
  // CHECK: }) : (tensor<4xi64>) -> tensor<4xi64>
  %0 = "hlo.collective_reduce"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #hlo.channel_handle<handle = 0, type = 0>} : (tensor<4xi64>) -> tensor<4xi64>
  // CHECK: "hlo.collective_reduce"(%{{.*}}, %{{.*}}) <{has_dynamic_root, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}>
  // CHECK: : (tensor<4xi64>, tensor<1xi32>) -> tensor<4xi64>
  %1 = "hlo.collective_reduce"(%a, %root) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xi64>, tensor<1xi32>) -> tensor<4xi64>
  func.return %0 : tensor<4xi64>
}

// CHECK-LABEL: func @all_to_all
func.func @all_to_all(%a: tensor<2x4xi64>, %b: tensor<3x4xi32>) -> tensor<4x2xi64> {
  // CHECK: "hlo.all_to_all"(%{{.*}}) <{concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi64>) -> tensor<4x2xi64>
  %0 = "hlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<4x2xi64>
  // CHECK: "hlo.all_to_all"(%{{.*}}, %{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 1, type = 0>, concat_dimension = 0 : i64, replica_groups = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64}> : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<4x2xi64>, tensor<6x2xi32>)
  %1:2 = "hlo.all_to_all"(%a, %b) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 1, type = 0>} : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<4x2xi64>, tensor<6x2xi32>)
  // Same split and concat dimension: the shape is unchanged.
  // CHECK: "hlo.all_to_all"(%{{.*}}) {{.*}} : (tensor<2x4xi64>) -> tensor<2x4xi64>
  %2 = "hlo.all_to_all"(%a) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x4xi64>
  func.return %0 : tensor<4x2xi64>
}

// CHECK-LABEL: func @reduce_scatter
func.func @reduce_scatter(%a: tensor<2x4xi64>) -> tensor<2x2xi64> {
  // CHECK: "hlo.reduce_scatter"(%{{.*}}) <{replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64}> ({
  // CHECK: }) : (tensor<2x4xi64>) -> tensor<2x2xi64>
  %0 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
  // flattened_ids: the process groups are the replica groups.
  // CHECK: "hlo.reduce_scatter"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, scatter_dimension = 1 : i64, use_global_device_ids}> ({
  // CHECK: }) : (tensor<2x4xi64>) -> tensor<2x2xi64>
  %1 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #hlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} : (tensor<2x4xi64>) -> tensor<2x2xi64>
  // cross_replica_and_partition: a group also spans the partitions, whose
  // number is unknown, so the scattered size only has to divide the operand's.
  // CHECK: "hlo.reduce_scatter"
  // CHECK: }) : (tensor<2x4xi64>) -> tensor<2x1xi64>
  %2 = "hlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = hlo.add %x, %y : tensor<i64>
    hlo.return %s : tensor<i64>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #hlo.channel_handle<handle = 1, type = 0>} : (tensor<2x4xi64>) -> tensor<2x1xi64>
  func.return %0 : tensor<2x2xi64>
}

// CHECK-LABEL: func @collective_permute
func.func @collective_permute(%a: tensor<2x2xi64>) -> tensor<2x2xi64> {
  // CHECK: "hlo.collective_permute"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 0, type = 0>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [3, 3]]> : tensor<3x2xi64>}> : (tensor<2x2xi64>) -> tensor<2x2xi64>
  %0 = "hlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [1, 2], [3, 3]]> : tensor<3x2xi64>, channel_handle = #hlo.channel_handle<handle = 0, type = 0>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// CHECK-LABEL: func @collective_broadcast
func.func @collective_broadcast(%a: tensor<1x2xi64>, %b: tensor<3xf32>, %root: tensor<2xi32>) -> tensor<1x2xi64> {
  // Ids need not number every process: [[2, 1]] leaves 0 in no group.
  // CHECK: "hlo.collective_broadcast"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 0, type = 0>, replica_groups = dense<{{\[\[}}2, 1]]> : tensor<1x2xi64>}> : (tensor<1x2xi64>) -> tensor<1x2xi64>
  %0 = "hlo.collective_broadcast"(%a) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>, channel_handle = #hlo.channel_handle<handle = 0, type = 0>} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  // CHECK: "hlo.collective_broadcast"(%{{.*}}, %{{.*}}, %{{.*}}) <{has_dynamic_root, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}> : (tensor<1x2xi64>, tensor<3xf32>, tensor<2xi32>) -> (tensor<1x2xi64>, tensor<3xf32>)
  %1:2 = "hlo.collective_broadcast"(%a, %b, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<1x2xi64>, tensor<3xf32>, tensor<2xi32>) -> (tensor<1x2xi64>, tensor<3xf32>)
  func.return %0 : tensor<1x2xi64>
}

// CHECK-LABEL: func @process_ids
func.func @process_ids() -> (tensor<ui32>, tensor<ui32>) {
  // CHECK: hlo.replica_id : tensor<ui32>
  %0 = hlo.replica_id : tensor<ui32>
  // CHECK: hlo.partition_id : tensor<ui32>
  %1 = hlo.partition_id : tensor<ui32>
  func.return %0, %1 : tensor<ui32>, tensor<ui32>
}

// CHECK-LABEL: func @host_communication
func.func @host_communication(%t: !hlo.token, %a: tensor<2x2xi64>, %b: tensor<f32>) -> !hlo.token {
  // CHECK: "hlo.infeed"(%{{.*}}) : (!hlo.token) -> (tensor<2x2xi64>, !hlo.token)
  %0:2 = "hlo.infeed"(%t) : (!hlo.token) -> (tensor<2x2xi64>, !hlo.token)
  // CHECK: "hlo.infeed"(%{{.*}}) <{infeed_config = "cfg", layout = {{\[\[}}0, 1], []]}> : (!hlo.token) -> (tensor<2x2xi64>, tensor<f32>, !hlo.token)
  %1:3 = "hlo.infeed"(%t) {infeed_config = "cfg", layout = [[0, 1], []]} : (!hlo.token) -> (tensor<2x2xi64>, tensor<f32>, !hlo.token)
  // CHECK: "hlo.infeed"(%{{.*}}) : (!hlo.token) -> !hlo.token
  %2 = "hlo.infeed"(%t) : (!hlo.token) -> !hlo.token
  // CHECK: "hlo.outfeed"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x2xi64>, tensor<f32>, !hlo.token) -> !hlo.token
  %3 = "hlo.outfeed"(%a, %b, %t) : (tensor<2x2xi64>, tensor<f32>, !hlo.token) -> !hlo.token
  // CHECK: "hlo.outfeed"(%{{.*}}) <{outfeed_config = "x"}> : (!hlo.token) -> !hlo.token
  %4 = "hlo.outfeed"(%t) {outfeed_config = "x"} : (!hlo.token) -> !hlo.token
  // CHECK: "hlo.send"(%{{.*}}, %{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<2x2xi64>, !hlo.token) -> !hlo.token
  %5 = "hlo.send"(%a, %t) {channel_handle = #hlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2x2xi64>, !hlo.token) -> !hlo.token
  // CHECK: "hlo.send"(%{{.*}}, %{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2x2xi64>, !hlo.token) -> !hlo.token
  %6 = "hlo.send"(%a, %t) {channel_handle = #hlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2x2xi64>, !hlo.token) -> !hlo.token
  // CHECK: "hlo.recv"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}> : (!hlo.token) -> (tensor<2x2xi64>, !hlo.token)
  %7:2 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!hlo.token) -> (tensor<2x2xi64>, !hlo.token)
  // CHECK: "hlo.recv"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 2, type = 1>}> : (!hlo.token) -> !hlo.token
  %8 = "hlo.recv"(%t) {channel_handle = #hlo.channel_handle<handle = 2, type = 1>} : (!hlo.token) -> !hlo.token
  func.return %8 : !hlo.token
}

// CHECK-LABEL: func @rng
func.func @rng(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %state: tensor<2xui64>, %state3: tensor<3xui64>) -> tensor<3x4xf32> {
  %shape = hlo.constant dense<[3, 4]> : tensor<2xi64>
  // CHECK: hlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  // CHECK: hlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x?xf32>
  %1 = hlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x?xf32>
  // CHECK: hlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x4xi32>
  %2 = hlo.rng %i, %i, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x4xi32>
  // CHECK: hlo.rng_bit_generator %{{.*}}, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10x12xui32>)
  %3:2 = hlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10x12xui32>)
  // CHECK: hlo.rng_bit_generator %{{.*}}, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  %4:2 = hlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  // CHECK: hlo.rng_bit_generator %{{.*}}, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xf32>)
  %5:2 = hlo.rng_bit_generator %state3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xf32>)
  func.return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func @quantization
func.func @quantization(%f: tensor<2xf32>, %q: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>,
                        %p: tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<2xf32> {
  // CHECK: hlo.uniform_quantize %{{.*}} : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>
  %0 = hlo.uniform_quantize %f : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  // Requantization.
  // CHECK: hlo.uniform_quantize %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>
  %1 = hlo.uniform_quantize %q : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  // CHECK: hlo.uniform_quantize %{{.*}} : tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>
  %2 = hlo.uniform_quantize %q : tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  // CHECK: hlo.uniform_dequantize %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>) -> tensor<2xf32>
  %3 = hlo.uniform_dequantize %q : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<2xf32>
  // Per-axis quantization.
  // CHECK: hlo.uniform_dequantize %{{.*}} : (tensor<2x3x!quant.uniform<i8:f32:0, {1.000000e-01:-30,5.000000e-01:-20}>>) -> tensor<2x3xf32>
  %4 = hlo.uniform_dequantize %p : (tensor<2x3x!quant.uniform<i8:f32:0, {0.1:-30, 0.5:-20}>>) -> tensor<2x3xf32>
  func.return %3 : tensor<2xf32>
}

// StableHLO text, pretty and generic, reads into hlo.
// CHECK-LABEL: func @stablehlo_text
func.func @stablehlo_text(%t: !stablehlo.token, %s: tensor<2xui64>) -> tensor<ui32> {
  // CHECK: hlo.replica_id : tensor<ui32>
  %0 = stablehlo.replica_id : tensor<ui32>
  // CHECK: hlo.rng_bit_generator %{{.*}}, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %1:2 = stablehlo.rng_bit_generator %s, algorithm =  THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  // CHECK: "hlo.send"(%{{.*}}) <{channel_handle = #hlo.channel_handle<handle = 3, type = 2>, is_host_transfer = true}> : (!hlo.token) -> !hlo.token
  %2 = "stablehlo.send"(%t) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 2>, is_host_transfer = true} : (!stablehlo.token) -> !stablehlo.token
  func.return %0 : tensor<ui32>
}
