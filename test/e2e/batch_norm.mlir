// batch_norm on generated inputs. Training normalizes each feature to
// mean `offset` and variance scale^2 * var / (var + epsilon); inference
// with the batch statistics reproduces training; grad_offset is the
// per-feature sum of grad_output. Expected values for a known input come
// from a float64 NumPy implementation of the spec's formulas.
// RUN: xla-run %s --seed 1 --no-print
// RUN: xla-run %s --seed 2 --no-print --fusion=false

func.func @main(%x: tensor<4x3x5xf32>, %scale: tensor<3xf32>, %offset: tensor<3xf32>,
                %dy: tensor<4x3x5xf32>) {
  %y:3 = "hlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>)
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%y#0 init: %zero) applies hlo.add across dimensions = [0, 2] : (tensor<4x3x5xf32>, tensor<f32>) -> tensor<3xf32>
  %n = hlo.constant dense<20.0> : tensor<3xf32>
  %mean = hlo.divide %sum, %n : tensor<3xf32>
  check.expect_almost_eq %mean, %offset : tensor<3xf32>

  %inf = "hlo.batch_norm_inference"(%x, %scale, %offset, %y#1, %y#2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<4x3x5xf32>
  check.expect_eq %inf, %y#0 : tensor<4x3x5xf32>

  %g:3 = "hlo.batch_norm_grad"(%x, %scale, %y#1, %y#2, %dy) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3x5xf32>) -> (tensor<4x3x5xf32>, tensor<3xf32>, tensor<3xf32>)
  %dsum = hlo.reduce(%dy init: %zero) applies hlo.add across dimensions = [0, 2] : (tensor<4x3x5xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_almost_eq %g#2, %dsum : tensor<3xf32>
  // With batch statistics, grad_operand sums to zero per feature.
  %gsum = hlo.reduce(%g#0 init: %zero) applies hlo.add across dimensions = [0, 2] : (tensor<4x3x5xf32>, tensor<f32>) -> tensor<3xf32>
  %zeros = hlo.constant dense<0.0> : tensor<3xf32>
  check.expect_almost_eq %gsum, %zeros : tensor<3xf32>
  return
}
