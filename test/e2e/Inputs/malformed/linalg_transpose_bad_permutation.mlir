// The same parser helper in linalg.transpose: a list that is not integers.
func.func @main(%x: tensor<2x3xf32>, %init: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%init : tensor<3x2xf32>) permutation = [1, x]
  return %0 : tensor<3x2xf32>
}
