func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.custom_call"(%a) {has_side_effect = false} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
