func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) {
  check.expect_eq %a, %b : tensor<3xf32>
  return
}
