// RUN: xla-opt %s -split-input-file -verify-diagnostics

func.func @wrong_kind(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op has kind 'loop' but its body makes it 'input'}}
  %r = hlo.fusion "f" kind(loop) (%x) : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.reduce(%a init: %zero) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @argument_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op body argument #0 has type 'tensor<8xf32>' but operand #0 has type 'tensor<4xf32>'}}
  %r = hlo.fusion "f" kind(loop) (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<8xf32>):
    %0 = hlo.slice %a [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    hlo.return %0 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @result_types(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.fusion' op body returns 'tensor<4xf32>' but the op's results are 'tensor<4xi32>'}}
  %r = hlo.fusion "f" kind(loop) (%x) : (tensor<4xf32>) -> tensor<4xi32> {
  ^bb0(%a: tensor<4xf32>):
    %0 = hlo.negate %a : tensor<4xf32>
    hlo.return %0 : tensor<4xf32>
  }
  return %r : tensor<4xi32>
}

// -----

func.func @side_effect(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fusion' op body holds 'hlo.custom_call', which has side effects}}
  %r = hlo.fusion "f" kind(loop) (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %0 = hlo.custom_call @foo(%a) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
    hlo.return %0 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @no_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.fusion' op must have at least one result}}
  hlo.fusion "f" kind(loop) (%x) : (tensor<4xf32>) -> () {
  ^bb0(%a: tensor<4xf32>):
    hlo.return
  }
  return
}

// -----

func.func @unknown_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown fusion kind 'sideways' (loop, input, output, multi_output)}}
  %r = hlo.fusion "f" kind(sideways) (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    hlo.return %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @captures(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %r = hlo.fusion "f" kind(loop) () : () -> tensor<4xf32> {
    // expected-error @+1 {{using value defined outside the region}}
    %0 = hlo.negate %x : tensor<4xf32>
    hlo.return %0 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
