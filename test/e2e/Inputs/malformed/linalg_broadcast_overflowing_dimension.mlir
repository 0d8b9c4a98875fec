// ...and in linalg.broadcast: an integer that does not fit in 64 bits.
func.func @main(%x: tensor<3xf32>, %init: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = linalg.broadcast ins(%x : tensor<3xf32>) outs(%init : tensor<2x3xf32>) dimensions = [99999999999999999999]
  return %0 : tensor<2x3xf32>
}
