// RUN: xla-opt %s --hlo-legalize-to-linalg --split-input-file --verify-diagnostics

// Dynamic result shapes are not lowered; the lowerability check names the
// op and the type before anything is rewritten.

// expected-error @+1 {{program uses 2 unsupported op(s) or type(s); nothing was lowered}}
module {
  // expected-note @+1 {{function 'dynamic_result' has an argument or result of unsupported type 'tensor<?xf32>'}}
  func.func @dynamic_result(%s: tensor<1xi64>) -> tensor<?xf32> {
    // expected-note @+1 {{op 'hlo.dynamic_iota' uses unsupported type 'tensor<?xf32>'}}
    %0 = hlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
}

// -----

// torch_index_select has no element to read in an empty dimension.
func.func @index_select_empty_dim(%a: tensor<2x0xf32>, %i: tensor<3xi32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.torch_index_select' op selects from dimension 1 of size 0}}
  // expected-error @+1 {{failed to legalize operation 'hlo.torch_index_select' that was explicitly marked illegal}}
  %0 = "hlo.torch_index_select"(%a, %i) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<2x0xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
