// RUN: xla-opt %s --hlo-check-lowerable --split-input-file --verify-diagnostics --allow-unregistered-dialect

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

// -----

// Elementwise ops are checked against their element types by asking the
// scalar emitter: complex bessel_i1e and bitcast_convert of complex elements
// have a pattern but no code. Ops in reduction bodies are checked too.
// Supported element types of the same ops pass.

// expected-error @+1 {{program uses 4 unsupported op(s) or type(s); nothing was lowered}}
module {
  func.func @complex_math(%c: tensor<4xcomplex<f32>>, %f: tensor<4xf32>,
                          %i: tensor<4xi32>)
      -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>) {
    // expected-note @+1 {{op 'hlo.bessel_i1e' has no CPU lowering for element type 'complex<f32>'}}
    %0 = chlo.bessel_i1e %c : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
    %1 = hlo.cbrt %c : tensor<4xcomplex<f32>>
    %2 = chlo.acosh %f : tensor<4xf32> -> tensor<4xf32>
    %3 = hlo.exponential %c : tensor<4xcomplex<f32>>
    %4 = hlo.bitcast_convert %i : (tensor<4xi32>) -> tensor<4xf32>
    %z = hlo.constant dense<(0.0, 0.0)> : tensor<complex<f64>>
    %d = hlo.convert %c : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
    %5 = hlo.reduce(%d init: %z) applies hlo.add across dimensions = [0]
        : (tensor<4xcomplex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
    // expected-note @+1 {{op 'hlo.bessel_i1e' has no CPU lowering for element type 'complex<f64>'}}
    %6 = chlo.bessel_i1e %d : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
    %7 = hlo.reduce(%d init: %z) across dimensions = [0]
        : (tensor<4xcomplex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
      reducer(%a: tensor<complex<f64>>, %b: tensor<complex<f64>>) {
        // expected-note @+1 {{op 'hlo.bessel_i1e' has no CPU lowering for element type 'complex<f64>'}}
        %s = chlo.bessel_i1e %a : tensor<complex<f64>> -> tensor<complex<f64>>
        %t = hlo.add %s, %b : tensor<complex<f64>>
        hlo.return %t : tensor<complex<f64>>
      }
    // expected-note @+1 {{op 'hlo.bitcast_convert' has no CPU lowering for element type 'complex<f64>'}}
    %8 = hlo.bitcast_convert %d : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
    return %0, %6 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f64>>
  }
}

// -----

// Ops of the StableHLO interpreter's test harness and unregistered ops have
// no CPU lowering at any stage; they are reported by name instead of failing
// in bufferization.

// expected-error @+1 {{program uses 4 unsupported op(s) or type(s); nothing was lowered}}
module {
  func.func @program() -> tensor<2xi32> {
    %0 = hlo.iota dim = 0 : tensor<2xi32>
    // expected-note @+1 {{op 'foo.bar' has no CPU lowering}}
    "foo.bar"(%0) : (tensor<2xi32>) -> ()
    // expected-note @+1 {{op 'interpreter.print' has no CPU lowering}}
    interpreter.print %0 : tensor<2xi32>
    // expected-note @+1 {{op 'interpreter.probe' has no CPU lowering}}
    %1 = interpreter.probe %0, probe_id = "p" : tensor<2xi32>
    return %1 : tensor<2xi32>
  }
  func.func @main() {
    // expected-note @+1 {{op 'interpreter.run_parallel' has no CPU lowering}}
    %r:2 = "interpreter.run_parallel"() {programs = [[@program, @program]]}
        : () -> (tensor<2xi32>, tensor<2xi32>)
    return
  }
}

// -----

// The elementwise patterns match ops by trait; an elementwise op without an
// entry in the scalar lowering table (polygamma, zeta) is reported by name
// here instead of reaching the conversion. clamp and select (elementwise
// with 0-d operands, their own trait) pass.

// expected-error @+1 {{program uses 2 unsupported op(s) or type(s); nothing was lowered}}
module {
  func.func @no_scalar_lowering(%n: tensor<4xf32>, %x: tensor<4xf32>,
                                %lo: tensor<f32>, %p: tensor<i1>)
      -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    // expected-note @+1 {{op 'hlo.polygamma' has no CPU lowering}}
    %0 = chlo.polygamma %n, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    // expected-note @+1 {{op 'hlo.zeta' has no CPU lowering}}
    %1 = chlo.zeta %x, %n : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
    %2 = hlo.clamp %lo, %x, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %3 = hlo.select %p, %x, %n : tensor<i1>, tensor<4xf32>
    return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}
