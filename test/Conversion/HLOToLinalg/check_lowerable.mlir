// RUN: xla-opt %s --hlo-check-lowerable --split-input-file --verify-diagnostics

// Every unsupported op or type is reported at once, before anything is
// lowered, with one note per op at its own location.

// expected-error @+1 {{program uses 3 unsupported op(s) or type(s); nothing was lowered}}
module {
  // expected-note @+1 {{function 'f' has an argument or result of unsupported type 'tensor<4xf8E4M3FN>'}}
  func.func @f(%a: tensor<4xf8E4M3FN>, %t: !hlo.token) -> tensor<4xf8E4M3FN> {
    // expected-note @+1 {{op 'hlo.abs' uses unsupported type 'tensor<4xf8E4M3FN>'}}
    %0 = hlo.abs %a : tensor<4xf8E4M3FN>
    // expected-note @+1 {{op 'hlo.after_all' has no CPU lowering}}
    %1 = hlo.after_all %t : !hlo.token
    return %0 : tensor<4xf8E4M3FN>
  }
}

// -----

// Supported programs pass untouched.
module {
  func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = hlo.abs %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
