// The gradient of a tied embedding: the rows gathered by the forward pass
// scatter-add their gradients into zeros the size of the table, and the
// output projection's gradient is added to that. hlo-simplify scatters the
// rows into the projection's gradient instead (HLOSimplifyScatter.cpp):
// no buffer of zeros, no add over the table. The indices repeat (rows 3
// and 7 three times), so f32 agrees to rounding and integers exactly.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-run %s --seed 3 --hlo-simplify=false --no-print --output-dir %t
// RUN: xla-run %s --seed 3 --no-print --rtol 1e-6 --atol 1e-6 --expected %t/output_0.npy,%t/output_1.npy --dump-to=%t/dump | FileCheck %s
// CHECK: output 0 matches
// CHECK: output 1 matches
// CHECK-NOT: differs

// After the HLO stage both scatters start from the sums' other operand.
// RUN: cat %t/dump/passes/*/0_hlo-optimize.mlir | FileCheck %s --check-prefix=HLO
// HLO: %[[D:.*]] = hlo.dot_general
// HLO: "hlo.scatter"(%[[D]],
// HLO: %[[N:.*]] = hlo.multiply
// HLO: "hlo.scatter"(%[[N]],
// HLO-NOT: hlo.add {{.*}} : tensor<96x32xf32>

func.func @main(%logits_grad: tensor<96x20xf32>, %h: tensor<20x32xf32>,
                %rows_grad: tensor<12x32xf32>, %counts: tensor<96xi32>,
                %hits: tensor<12xi32>)
    -> (tensor<96x32xf32>, tensor<96xi32>) {
  %ids = stablehlo.constant dense<[[3], [7], [3], [95], [0], [7], [41], [3], [7], [60], [12], [13]]> : tensor<12x1xi32>
  %projection = stablehlo.dot_general %logits_grad, %h, contracting_dims = [1] x [0] : (tensor<96x20xf32>, tensor<20x32xf32>) -> tensor<96x32xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %zeros = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<96x32xf32>
  %rows = "stablehlo.scatter"(%zeros, %ids, %rows_grad) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<96x32xf32>, tensor<12x1xi32>, tensor<12x32xf32>) -> tensor<96x32xf32>
  %grad = stablehlo.add %projection, %rows : tensor<96x32xf32>

  %izeros = stablehlo.constant dense<0> : tensor<96xi32>
  %ihits = "stablehlo.scatter"(%izeros, %ids, %hits) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %r = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }) : (tensor<96xi32>, tensor<12x1xi32>, tensor<12xi32>) -> tensor<96xi32>
  %doubled = stablehlo.multiply %counts, %counts : tensor<96xi32>
  %total = stablehlo.add %ihits, %doubled : tensor<96xi32>
  return %grad, %total : tensor<96x32xf32>, tensor<96xi32>
}
