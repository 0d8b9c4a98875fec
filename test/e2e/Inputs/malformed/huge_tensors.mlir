// Tensors no machine holds (issue 11): each program used to end in a
// segfault, an LLVM out-of-memory abort or heap corruption.
func.func @main(%a: tensor<4611686018427387904x4xf32>) -> tensor<f32> {
  %0 = hlo.constant dense<0.0> : tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @main() -> tensor<1xf32> {
  %0 = hlo.constant dense<1.0> : tensor<1099511627776xf32>
  %1 = hlo.slice %0 [0:1] : (tensor<1099511627776xf32>) -> tensor<1xf32>
  func.return %1 : tensor<1xf32>
}

// -----

func.func @main(%a: tensor<f32>) -> tensor<1099511627776xf32> {
  %0 = hlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<1099511627776xf32>
  func.return %0 : tensor<1099511627776xf32>
}
