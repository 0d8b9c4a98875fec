%0 = hlo.constant dense<1.0> : tensor<f32>
check.expect_almost_eq_const %0, dense<1.0> : tensor<f32>
func.func @main() {
  return
}
