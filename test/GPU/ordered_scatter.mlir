// A scatter-add over repeated indices (an embedding's gradient: 64 rows
// into a table of 16, each row hit 4 times) on the GPU: with
// parallel-scatter each element whose row no earlier update hits adds all
// of that row's updates in order (hloext-lower-to-loops,
// ordered-scatter-work), so the result does not depend on the order of
// the threads and is the CPU's sequential result, bit for bit. The
// emulator runs the blocks and threads forwards, then in reverse. The
// second scatter replaces rows (the last update wins: order matters) from
// 15 points over two scatter dimensions, with repeated, negative and
// out-of-range row ids (those updates are skipped).
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --target=cuda --gpu-emulate --fold-constants=false --no-print --output-dir=%t/forward --dump-to=%t/dump
// RUN: env XLA_GPU_EMULATOR_ORDER=reverse xla-run %s --target=cuda --gpu-emulate --fold-constants=false --no-print --output-dir=%t/reverse
// RUN: xla-run %s --fold-constants=false --no-print --output-dir=%t/cpu
// RUN: for i in 0 1; do cmp %t/forward/output_$i.npy %t/reverse/output_$i.npy && cmp %t/forward/output_$i.npy %t/cpu/output_$i.npy || exit 1; done
// RUN: cat %t/dump/passes/*/*_hloext-lower-to-loops.mlir | FileCheck %s
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: memref.atomic_rmw

func.func @main(%g: tensor<64x32xf32>, %table: tensor<16x32xf32>, %u: tensor<3x5x4xf32>, %rows: tensor<8x4xf32>) -> (tensor<16x32xf32>, tensor<8x4xf32>) {
  %iota = stablehlo.iota dim = 0 : tensor<64xi32>
  %seven = stablehlo.constant dense<7> : tensor<64xi32>
  %sixteen = stablehlo.constant dense<16> : tensor<64xi32>
  %m = stablehlo.multiply %iota, %seven : tensor<64xi32>
  %ids = stablehlo.remainder %m, %sixteen : tensor<64xi32>
  %ids2 = stablehlo.reshape %ids : (tensor<64xi32>) -> tensor<64x1xi32>
  %r = "stablehlo.scatter"(%table, %ids2, %g) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x32xf32>, tensor<64x1xi32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %iota15 = stablehlo.iota dim = 0 : tensor<15xi32>
  %five = stablehlo.constant dense<5> : tensor<15xi32>
  %eleven = stablehlo.constant dense<11> : tensor<15xi32>
  %two = stablehlo.constant dense<2> : tensor<15xi32>
  %m5 = stablehlo.multiply %iota15, %five : tensor<15xi32>
  %r11 = stablehlo.remainder %m5, %eleven : tensor<15xi32>
  %ids15 = stablehlo.subtract %r11, %two : tensor<15xi32>
  %ids35 = stablehlo.reshape %ids15 : (tensor<15xi32>) -> tensor<3x5x1xi32>
  %w = "stablehlo.scatter"(%rows, %ids35, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<8x4xf32>, tensor<3x5x1xi32>, tensor<3x5x4xf32>) -> tensor<8x4xf32>
  return %r, %w : tensor<16x32xf32>, tensor<8x4xf32>
}
